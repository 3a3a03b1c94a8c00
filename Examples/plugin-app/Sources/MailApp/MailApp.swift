/// The scene ids of the example app: the route table in `Routes/` names the same.
public enum MailScene: String, CaseIterable, Sendable {
  case viewer = "mail-viewer"
  case messageDetail = "message-detail"
  case message
  case accountInfo = "account-info"
  case connectionDoctor = "connection-doctor"
  case settings
}
