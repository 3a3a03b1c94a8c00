/// Stage one of a decision: the session that receives an external event.
enum ReceiverChoice {
  /// An open session receives it (S1, S2, U10; a `Window` brought to the front, W7).
  case existing(Session)
  /// A new session of a declaration is created for it (S3, S4, S6, U10.4).
  case new(Session)
  /// No scene receives it (S6 on macOS, MAC2).
  case none(reason: DecisionReason, message: String)
}
