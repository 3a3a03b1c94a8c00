import RouteMatcher
import RouteTables
import RouterSupport

/// The working state of one decision: the trace, the Apple rules cited, the session effects and
/// the numbering of new sessions. The engine builds it, then turns it into a ``Decision``.
struct DecisionContext {
  let router: CompiledRouter
  /// The router's table and policies, copied once per decision (reading them through the
  /// router would copy the whole table at every use).
  let table: RouteTable
  let policies: ScenePolicies
  let state: SessionState
  /// Whether to build the trace and the message; off, only the decision's fields are computed.
  let explains: Bool
  var trace: [TraceStep] = []
  var rules: [AppleRuleID] = []
  var effects: [SessionEffect] = []
  /// Whether the decision read what differs between the URL lines of one route pattern (the
  /// URL beyond its scheme and host, the values captured from it): the stages see those only
  /// as ``Observed`` values that mark it here. When nothing was read, every URL the same route
  /// pattern takes gets the same decision, parameters aside: what lets a `LineRouter` reuse it.
  let reads: DetailReads
  private var nextNumber: Int
  private var clock: Int

  init(router: CompiledRouter, state: SessionState, explains: Bool = true, reads: DetailReads) {
    self.reads = reads
    self.router = router
    self.table = router.table
    self.policies = router.table.policies
    self.state = state
    self.explains = explains
    self.nextNumber = state.nextSessionNumber
    self.clock = state.clock
  }

  /// Records an Apple rule as deciding (once, in order).
  mutating func cite(_ rule: AppleRuleID) {
    if !rules.contains(rule) { rules.append(rule) }
  }

  /// Adds a step to the trace; a chosen or rejected step with a rule also cites it. The texts
  /// are only built when the decision explains itself.
  mutating func step(
    _ stage: TraceStep.Stage, _ subject: @autoclosure () -> String, _ verdict: TraceStep.Verdict,
    _ detail: @autoclosure () -> String, rule: AppleRuleID? = nil, cites: Bool = true
  ) {
    if explains {
      trace.append(TraceStep(stage: stage, subject: subject(), verdict: verdict, detail: detail(), rule: rule))
    }
    if let rule, cites, verdict != .skipped { cite(rule) }
  }

  /// A new session of a declaration, numbered and stamped, recorded as an effect.
  mutating func createSession(_ scene: SceneDeclaration, value: JSONValue?) -> Session {
    clock = SessionNumbers.successor(of: clock)
    let session = Session(
      id: "s\(nextNumber)", scene: scene.id, value: value, valueType: value == nil ? nil : scene.presents,
      preferring: nil, allowing: nil, state: .foregroundActive, lastActivated: clock, created: clock)
    nextNumber = SessionNumbers.successor(of: nextNumber)
    effects.append(.create(session))
    return session
  }

  /// Brings a session to the foreground as the most recent.
  mutating func activate(_ session: Session) {
    clock = SessionNumbers.successor(of: clock)
    effects.append(.activate(session.id))
  }

  /// The sessions open after the effects so far (to see windows created earlier in this decision).
  var currentSessions: [Session] {
    if effects.isEmpty { return state.sessions }
    var s = state
    for effect in effects { s.apply(effect) }
    return s.sessions
  }

  func decision(
    _ outcome: Decision.Outcome, scene: String? = nil, session: String? = nil, receiver: Decision.Receiver? = nil,
    match: RouteMatch? = nil, action: RouteTarget.Action? = nil, value: JSONValue? = nil, closed: [String] = [],
    reason: DecisionReason? = nil, message: @autoclosure () -> String
  ) -> Decision {
    Decision(
      outcome: outcome, scene: scene, session: session, receiver: receiver, match: match, action: action, value: value,
      closedSessions: closed, appleRules: rules, reason: reason, message: explains ? message() : "", trace: trace,
      effects: effects)
  }
}
