/// Something that reaches the app from outside and must be routed to a scene: a URL, a user
/// activity, a notification response or a Home Screen quick action.
///
/// ```swift
/// let event = try EventReader.read(line: "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11").get()
/// if case .url(let url) = event.kind { print(url.host ?? "") }   // note
/// ```
public struct Event: Sendable, Hashable {
  /// What the event is.
  public enum Kind: Sendable, Hashable {
    /// A URL opened in the app (custom scheme, or a universal link as SwiftUI delivers it, E4).
    case url(URLRecord)
    /// A user activity.
    case activity(UserActivity)
    /// A notification response; the content's `targetContentIdentifier` (E5).
    case notification(targetContentIdentifier: String?)
    /// A Home Screen quick action; its `type` and `targetContentIdentifier` (E5, U12).
    case shortcut(type: String, targetContentIdentifier: String?)
  }

  public var kind: Kind
  /// An id the caller attached to the event (a JSON scalar), echoed in the decision record.
  public var correlation: JSONValue?

  /// Creates an event.
  public init(_ kind: Kind, correlation: JSONValue? = nil) {
    self.kind = kind
    self.correlation = correlation
  }

  /// The event's short kind name, as in NDJSON records: `url`, `activity`, `notification`, `shortcut`.
  public var kindName: String {
    switch kind {
    case .url: return "url"
    case .activity: return "activity"
    case .notification: return "notification"
    case .shortcut: return "shortcut"
    }
  }
}
