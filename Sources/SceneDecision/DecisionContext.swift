import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport

/// The working state of one decision: the trace, the Apple rules cited, the session effects and
/// the numbering of new sessions. The engine builds it, then turns it into a ``Decision``.
struct DecisionContext {
  /// The router and the state the engine decides against, read in place: its caller lends
  /// them for the whole decision (``DecisionEngine`` makes the context inside
  /// `withUnsafePointer`, and the context never outlives the call). A copy of each into every
  /// decision retained and released every array, string and dictionary they hold.
  private let routerBase: UnsafePointer<CompiledRouter>
  private let stateBase: UnsafePointer<SessionState>
  var router: CompiledRouter { _read { yield routerBase.pointee } }
  /// The router's table, in place (a view: reading a field copies that field alone).
  var table: TableView { TableView(router: routerBase, supportsMultipleScenes: supportsMultipleScenes) }
  private let supportsMultipleScenes: Bool
  var state: SessionState { _read { yield stateBase.pointee } }
  /// The table's policies, read in place (a copy into every context, an outlined copy of a
  /// dozen enums and the tie-break array, was made twice a decision and destroyed once).
  var policies: ScenePolicies { _read { yield routerBase.pointee.table.policies } }
  /// The state's sessions indexed in the table's tie-break order: the state's own index, read
  /// in place, when it is in that order (a copy into every context retained each of its arrays
  /// and dictionaries, then released them: about 400 instructions a decision), else one made
  /// for this decision.
  var index: SessionIndex { unsafeAddress { indexBase } }
  /// Where ``index`` is: in the state, or in ``madeIndex``. An address, not a `_read`: what is
  /// read through a coroutine is retained for as long as the caller uses it (about 600
  /// instructions a decision that reads the index for windows and open sessions).
  let indexBase: UnsafePointer<SessionIndex>
  /// The index made for this decision (and kept alive by it); nil, the state's is read.
  private let madeIndex: SessionIndex.Made?
  /// Whether to build the trace and the message; off, only the decision's fields are computed.
  let explains: Bool
  /// The matcher's working memory, lent by the decision's caller for this call only (a line
  /// router keeps one for all its lines); nil, the match allocates its own.
  let scratch: UnsafeMutablePointer<MatchScratch>?
  var trace: [TraceStep] = []
  var rules = AppleRuleList()
  /// The effects so far (most decisions' only one, a new session, kept without an array).
  var effects = SessionEffects()
  /// The handlers the app's code called (``Decision/handlers``).
  var handlers: [HandlerCall] = []
  /// Whether the decision read what differs between the URL lines of one route pattern (the
  /// URL beyond its scheme and host, the values captured from it): the stages see those only
  /// as ``Observed`` values that mark it here. When nothing was read, every URL the same route
  /// pattern takes gets the same decision, parameters aside: what lets a `LineRouter` reuse it.
  let reads: DetailReads
  private var nextNumber: Int
  private var clock: Int
  /// Whether ``hand(_:router:to:)`` finishes a decision (what closing windows does after it) before
  /// handing it on: off while the first URL of a request with extra URLs is decided (the
  /// engine finishes the decision once the extra URLs' fates are in it).
  var finishesDecisions = true

  /// A context for one decision; `router` and `state` must stay valid while it is used.
  init(
    router: UnsafePointer<CompiledRouter>, state: UnsafePointer<SessionState>, explains: Bool = true,
    reads: DetailReads, scratch: UnsafeMutablePointer<MatchScratch>? = nil
  ) {
    self.reads = reads
    self.scratch = scratch
    self.routerBase = router
    // Fields read one by one: a method or a computed property called on the table or the state
    // through the pointer copied the whole value (every array and string retained, then released).
    // The policies' two fields are read at their addresses: read through the pointer, the whole
    // `ScenePolicies` was copied (its arrays retained) and destroyed for every decision.
    let policies = Self.policies(of: router)
    self.supportsMultipleScenes = RouteTable.supportsMultipleScenes(
      platform: router.pointee.table.platform, lifecycle: router.pointee.table.lifecycle,
      multipleScenes: router.pointee.table.multipleScenes, singleScene: policies.pointee.singleScene)
    self.stateBase = state
    if Self.indexKeepsOrder(of: state, policies: policies) {
      self.madeIndex = nil
      self.indexBase = SessionState.indexPayload(of: state)
    } else if let made = SessionState.index(of: state, ties: policies.pointee.ties) {
      let box = SessionIndex.Made(made)
      self.madeIndex = box
      self.indexBase = UnsafePointer(box.base)
    } else {
      self.madeIndex = nil
      self.indexBase = SessionState.indexPayload(of: state)
    }
    self.explains = explains
    self.nextNumber = state.pointee.nextSessionNumber
    self.clock = state.pointee.clock
  }

  /// Whether the state has an index kept in the tie-break order of `policies` and it is the
  /// same array as theirs (a run indexes its state with its table's policies: `indexSessions(for:)`),
  /// told from the two arrays' references, read where they are: compared by
  /// `SessionState.index(of:ties:)`, which reads both arrays, they were retained and released
  /// (about 80 instructions a decision). False, the caller compares them.
  private static func indexKeepsOrder(
    of state: UnsafePointer<SessionState>, policies: UnsafePointer<ScenePolicies>
  ) -> Bool {
    guard state.pointee.index != nil else { return false }
    // The optional's payload is at its offset 0 (`SessionState.indexPayload(of:)`).
    let index = UnsafeRawPointer(SessionState.indexPayload(of: state))
    let ours = index + MemoryLayout<SessionIndex>.offset(of: \SessionIndex.ties)!
    let theirs = UnsafeRawPointer(policies) + MemoryLayout<ScenePolicies>.offset(of: \ScenePolicies.ties)!
    return ours.load(as: UInt.self) == theirs.load(as: UInt.self)
  }

  /// The address of `router`'s table's policies, inside the router (stored properties all the
  /// way down: their offsets are constants).
  private static func policies(of router: UnsafePointer<CompiledRouter>) -> UnsafePointer<ScenePolicies> {
    (UnsafeRawPointer(router) + MemoryLayout<CompiledRouter>.offset(of: \CompiledRouter.table.policies)!)
      .assumingMemoryBound(to: ScenePolicies.self)
  }

  /// Whether the context holds nothing that its destruction would release: no index made for
  /// it, no effects, an empty trace and empty handlers that never had storage (capacity 0: the
  /// shared empty array), and at most the Apple rules kept in its two words. A delivered
  /// route's context is so once its parts are moved to the sink, and is then not destroyed
  /// (through the type's value witnesses, about 136 instructions a GitHub line):
  /// ``DecisionEngine`` makes it in place and deinitializes it only when this is false.
  var holdsNothingToRelease: Bool {
    madeIndex == nil && effects.isEmpty && trace.capacity == 0 && handlers.capacity == 0 && rules.count <= 16
  }

  /// Records an Apple rule as deciding (once, in order).
  @inline(__always)
  mutating func cite(_ rule: AppleRuleID) {
    rules.cite(rule)
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
    createSession(id: scene.id, presents: scene.presents, value: value)
  }

  /// A new session of the table's declaration at `index`, read in place (a copy of a
  /// declaration retains every string and array it holds).
  mutating func createSession(sceneAt index: Int, value: JSONValue?) -> Session {
    let table = self.table
    return createSession(id: table.scenes[index].id, presents: table.scenes[index].presents, value: value)
  }

  private mutating func createSession(id scene: String, presents: String?, value: JSONValue?) -> Session {
    clock = SessionNumbers.successor(of: clock)
    let session = Session(
      id: SessionNumbers.id(nextNumber), scene: scene, value: value, valueType: value == nil ? nil : presents,
      preferring: nil, allowing: nil, state: .foregroundActive, lastActivated: clock, created: clock)
    nextNumber = SessionNumbers.successor(of: nextNumber)
    effects.appendCreated(
      id: session.id, scene: scene, value: value, valueType: session.valueType, clock: clock)
    return session
  }

  /// A new session of the table's declaration at `index`, as ``createSession(sceneAt:value:)``
  /// makes it, moved into the effects: what stage one hands on is its id and its scene (a
  /// session returned, then copied into a choice, retained and released each of its fields).
  /// Written out rather than made by `createSession`: reading the id and the scene back from a
  /// session made there cost a GitHub line 148 more instructions (callgrind, `route-bench
  /// records --path full`).
  mutating func createChosen(sceneAt index: Int, value: JSONValue?) -> ReceiverChoice.Chosen {
    let table = self.table
    clock = SessionNumbers.successor(of: clock)
    let id = SessionNumbers.id(nextNumber)
    let scene = table.scenes[index].id
    let presents = value == nil ? nil : table.scenes[index].presents
    nextNumber = SessionNumbers.successor(of: nextNumber)
    // The first effect, most decisions' only one, kept without an array (an array made for it
    // was the decision's one allocation, for a record that does not write its effects).
    effects.appendCreated(id: id, scene: scene, value: value, valueType: presents, clock: clock)
    return ReceiverChoice.Chosen(id: id, scene: scene)
  }

  /// The id of a new session, numbered and stamped as ``createChosen(sceneAt:value:)`` numbers it,
  /// but not recorded as an effect: for a decision's last session, handed to a sink that keeps no
  /// effects (``DecisionSink/keepsEffects``). A second effect was the decision's array of effects,
  /// made and destroyed (about 700 instructions of a Notes `note` line).
  mutating func numberChosen() -> String {
    clock = SessionNumbers.successor(of: clock)
    let id = SessionNumbers.id(nextNumber)
    nextNumber = SessionNumbers.successor(of: nextNumber)
    return id
  }

  /// Brings a session to the foreground as the most recent.
  mutating func activate(_ session: Session) {
    activate(id: session.id)
  }

  /// Brings the session with this id to the foreground as the most recent.
  mutating func activate(id: String) {
    clock = SessionNumbers.successor(of: clock)
    effects.appendActivate(id)
  }

  /// The sessions open after the effects so far (to see windows created earlier in this decision).
  var currentSessions: [Session] {
    if effects.isEmpty { return state.sessions }
    var s = state
    effects.forEachEffect { s.apply($0) }
    return s.sessions
  }

  /// The sessions at these positions of the state and then the sessions this decision created,
  /// as the effects so far leave them (closed ones left out), in the order of
  /// ``currentSessions``: what a scan of ``currentSessions`` would find among them, without
  /// copying every session. Needs unique ids (``SessionIndex/uniqueIDs``).
  func currentSessions(at positions: [Int]) -> [Session] {
    // No session of the state asked for, and none created so far: none (the effects, often an
    // activation by stage one, need not be replayed).
    if positions.isEmpty, !effects.createsSession { return [] }
    var tracked = positions.map { state.storage[$0] }
    guard !effects.isEmpty else { return tracked }
    // Whether each tracked session is still open; empty while none was closed (most decisions
    // close none: no array is made, and `tracked` is the answer as it is).
    var alive: [Bool] = []
    func isAlive(_ i: Int) -> Bool { alive.isEmpty || alive[i] }
    var closed: Set<String> = []
    var clock = state.clock
    func exists(_ id: String) -> Bool {
      if let i = tracked.indices.first(where: { tracked[$0].id == id }) { return isAlive(i) }
      return index.positions[id] != nil && !closed.contains(id)
    }
    for effect in effects {
      switch effect {
      case .create(let new):
        clock = max(clock, new.created, new.lastActivated)
        for i in tracked.indices where isAlive(i) && tracked[i].id != new.id && tracked[i].state == .foregroundActive {
          tracked[i].state = .foregroundInactive
        }
        tracked.append(new)
        if !alive.isEmpty { alive.append(true) }
      case .activate(let id):
        guard exists(id) else { continue }
        clock = SessionNumbers.successor(of: clock)
        for i in tracked.indices where isAlive(i) {
          if tracked[i].id == id {
            tracked[i].state = .foregroundActive
            tracked[i].lastActivated = clock
          } else if tracked[i].state == .foregroundActive {
            tracked[i].state = .foregroundInactive
          }
        }
      case .close(let id):
        closed.insert(id)
        for i in tracked.indices where tracked[i].id == id {
          if alive.isEmpty { alive = [Bool](repeating: true, count: tracked.count) }
          alive[i] = false
        }
      case .update(let id, let update):
        for i in tracked.indices where isAlive(i) && tracked[i].id == id {
          if let p = update.preferring { tracked[i].preferring = p }
          if let a = update.allowing { tracked[i].allowing = a }
          if let v = update.value { tracked[i].value = v }
          if let t = update.valueType { tracked[i].valueType = t }
        }
      case .setState(let id, let state):
        for i in tracked.indices where isAlive(i) && tracked[i].id == id { tracked[i].state = state }
      }
    }
    if alive.isEmpty { return tracked }
    return tracked.indices.compactMap { alive[$0] ? tracked[$0] : nil }
  }

  /// The positions in the state of the sessions an `.update` effect so far changed (a value
  /// they present now may not be the one the index holds them under).
  var updatedPositions: [Int] {
    var positions: [Int] = []
    effects.forEachEffect { effect in
      if case .update(let id, _) = effect, let p = index.positions[id] { positions.append(p) }
    }
    return positions
  }

  func decision(
    _ outcome: Decision.Outcome, scene: String? = nil, session: String? = nil, receiver: Decision.Receiver? = nil,
    match: RouteMatch? = nil, action: RouteTarget.Action? = nil, value: JSONValue? = nil, closed: [String] = [],
    reason: DecisionReason? = nil, message: @autoclosure () -> String
  ) -> Decision {
    decision(
      outcome, scene: scene, session: session, receiver: receiver, match: match, action: action,
      keeping: DecisionValue(value), closed: closed, reason: reason, message: message())
  }

  /// A decision whose value is kept as given, as
  /// ``decision(_:scene:session:receiver:match:action:keeping:closed:reason:message:)`` makes
  /// it, with the context's effects, trace and handlers moved into it, not copied (each copy
  /// retained what they hold, and the context's destruction released it): for a stage's last
  /// decision of this context, which then has none of them.
  mutating func movingDecision(
    _ outcome: Decision.Outcome, scene: String? = nil, session: String? = nil, receiver: Decision.Receiver? = nil,
    match: RouteMatch? = nil, action: RouteTarget.Action? = nil, keeping value: DecisionValue,
    closed: [String] = [], reason: DecisionReason? = nil, message: @autoclosure () -> String
  ) -> Decision {
    let (effects, trace, handlers) = takeEffectsTraceAndHandlers()
    return Decision(
      outcome: outcome, scene: scene, session: session, receiver: receiver, match: match, action: action,
      storedValue: value, storedLists: DecisionSessionLists(closing: closed), appleRules: rules,
      reason: reason, message: explains ? message() : "", trace: trace, storedEffects: effects, handlers: handlers)
  }

  /// The context's effects, trace and handlers, moved out (the context is left with none): what
  /// a stage's last decision of this context takes with it. Moved, not copied: each copy retained
  /// what they hold, and the context's destruction released it.
  @inline(__always)
  mutating func takeEffectsTraceAndHandlers() -> (SessionEffects, [TraceStep], [HandlerCall]) {
    var effects = SessionEffects()
    swap(&effects, &self.effects)
    var trace: [TraceStep] = []
    swap(&trace, &self.trace)
    var handlers: [HandlerCall] = []
    swap(&handlers, &self.handlers)
    return (effects, trace, handlers)
  }

  /// Hands a decision built whole to `sink` (``DecisionSink/take(_:router:)``), after what closing
  /// windows does (``finishesDecisions``): a dismissal that quits the app (W23), and the
  /// pushed windows of the closed ones. Each is called only for the decisions it changes (its
  /// own first test): the context passed by value was copied (176 bytes) for each call.
  ///
  /// Mutating, and the decision changed where it is: a context read as `self` from the stages'
  /// `inout` one, and a decision copied into a variable, were copies of each (456 bytes, with
  /// every reference they hold retained).
  ///
  /// `router` is the context's router, borrowed, handed on with the decision
  /// (``DecisionSink/take(_:router:)``).
  mutating func hand(
    _ decision: consuming Decision, router: borrowing CompiledRouter, to sink: inout any DecisionSink
  ) {
    if finishesDecisions {
      if decision.outcome == .dismiss { AppLifetime.afterClosing(&decision, self) }
      if !decision.closedSessions.isEmpty { WindowPush.afterClosing(&decision, self) }
    }
    sink.take(decision, router: router)
  }

  /// Hands the decision of a delivered route to `sink` in parts
  /// (``DecisionSink/deliver(_:receiver:receives:match:value:reason:appleRules:message:trace:effects:handlers:router:)``),
  /// with the context's effects, trace and handlers moved into it, as
  /// ``movingDecision(_:scene:session:receiver:match:action:keeping:closed:reason:message:)``
  /// moves them into a decision: for a stage's last decision of this context.
  mutating func deliver(
    _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool, match: borrowing RouteMatch,
    keeping value: borrowing DecisionValue, reason: DecisionReason? = nil, message: @autoclosure () -> String,
    router: borrowing CompiledRouter, into sink: inout any DecisionSink
  ) {
    let (effects, trace, handlers) = takeEffectsTraceAndHandlers()
    sink.deliver(
      outcome, receiver: receiver, receives: receives, match: match, value: value, reason: reason, appleRules: rules,
      message: explains ? message() : "", trace: trace, effects: effects, handlers: handlers, router: router)
  }

  /// A decision whose value is kept as given (a route's template and parameters: rendered only
  /// when read, ``Decision/value``).
  func decision(
    _ outcome: Decision.Outcome, scene: String? = nil, session: String? = nil, receiver: Decision.Receiver? = nil,
    match: RouteMatch? = nil, action: RouteTarget.Action? = nil, keeping value: DecisionValue,
    closed: [String] = [], reason: DecisionReason? = nil, message: @autoclosure () -> String
  ) -> Decision {
    Decision(
      outcome: outcome, scene: scene, session: session, receiver: receiver, match: match, action: action,
      storedValue: value, storedLists: DecisionSessionLists(closing: closed), appleRules: rules,
      reason: reason, message: explains ? message() : "", trace: trace, storedEffects: effects, handlers: handlers)
  }
}
