/// Stage one of a decision: the session that receives an external event.
enum ReceiverChoice {
  /// An open session receives it (S1, S2, U10; a `Window` brought to the front, W7).
  case existing(Chosen)
  /// A new session of a declaration is created for it (S3, S4, S6, U10.4).
  case new(Chosen)
  /// No scene receives it (S6 on macOS, MAC2).
  case none(reason: DecisionReason, message: String)

  /// The session chosen: its id and its declaration's, all the stages after stage one read of
  /// it (a whole session, copied out of the state, retained every string and array it holds).
  struct Chosen {
    var id: String
    var scene: String

    init(id: String, scene: String) {
      self.id = id
      self.scene = scene
    }

    init(_ session: Session) {
      self.init(id: session.id, scene: session.scene)
    }
  }
}
