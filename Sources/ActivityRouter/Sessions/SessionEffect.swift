/// One change a decision makes to the open sessions; ``SessionState/applying(_:)`` performs them
/// in order.
///
/// ```swift
/// decision.effects   // [.create(Session(id: "s3", scene: "note-editor", …))]
/// ```
public enum SessionEffect: Sendable, Hashable {
  /// A new session, already numbered and stamped.
  case create(Session)
  /// The session comes to the foreground and becomes the most recent (also reconnects an archived one).
  case activate(String)
  /// The session is destroyed (`dismissWindow`, closing, K14).
  case close(String)
  /// The session's presented value or view-modifier sets change (V6, W13).
  case update(String, SessionUpdate)
  /// The session moves to another activation state without becoming the most recent.
  case setState(String, Session.State)
}

/// The fields of a session an update replaces; nil leaves a field as it is.
///
/// ```swift
/// SessionUpdate(preferring: ["6F0E…"], allowing: [])
/// ```
public struct SessionUpdate: Sendable, Hashable {
  public var preferring: [String]?
  public var allowing: [String]?
  /// The new value; `.some(nil)` clears it.
  public var value: JSONValue??
  /// The type the value is now stored with (W13: a restored fallback is of the group's type);
  /// `.some(nil)` clears it.
  public var valueType: String??

  /// Creates an update.
  public init(
    preferring: [String]? = nil, allowing: [String]? = nil, value: JSONValue?? = nil, valueType: String?? = nil
  ) {
    self.preferring = preferring
    self.allowing = allowing
    self.value = value
    self.valueType = valueType
  }
}
