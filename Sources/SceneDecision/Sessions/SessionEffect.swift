public import RouteEvents

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
