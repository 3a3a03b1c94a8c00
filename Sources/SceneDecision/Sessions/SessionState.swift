/// The open sessions of an app at one moment, and the clock that orders their activations.
///
/// The decision engine reads a state and never changes it; ``applying(_:)`` returns the next
/// state after a decision (stateful runs).
///
/// ```swift
/// var state = SessionState()
/// let decision = DecisionEngine.decide(event, router: router, state: state)
/// state = state.applying(decision)   // the new window is now open
/// ```
public struct SessionState: Sendable, Hashable {
  /// Sessions in creation order.
  public var sessions: [Session]
  /// The last clock tick used.
  public var clock: Int
  /// The number the next new session id takes (`s<number>`).
  public var nextSessionNumber: Int

  /// No open sessions (a cold launch).
  public init() {
    self.sessions = []
    self.clock = 0
    self.nextSessionNumber = 1
  }

  /// A state with these sessions; the clock and the next id continue after theirs.
  public init(sessions: [Session]) {
    self.sessions = sessions
    self.clock = sessions.map { max($0.lastActivated, $0.created) }.max() ?? 0
    let numbers = sessions.compactMap { SessionNumbers.number(ofID: $0.id) }
    self.nextSessionNumber = SessionNumbers.successor(of: numbers.max() ?? 0)
  }

  /// The session with this id.
  public func session(_ id: String) -> Session? {
    sessions.first { $0.id == id }
  }

  /// The sessions of a declaration, in creation order.
  public func sessions(of scene: String) -> [Session] {
    sessions.filter { $0.scene == scene }
  }
}
