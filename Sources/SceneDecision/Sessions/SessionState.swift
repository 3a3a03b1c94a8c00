package import RouteTables

/// The open sessions of an app at one moment, and the clock that orders their activations.
///
/// The decision engine reads a state and never changes it; ``applying(_:)`` returns the next
/// state after a decision (stateful runs), `apply(_:)` changes it in place.
///
/// ```swift
/// var state = SessionState()
/// let decision = DecisionEngine.decide(event, router: router, state: state)
/// state.apply(decision)   // the new window is now open
/// ```
///
/// A state keeps its sessions indexed (by id, declaration, presented value and tie-break order)
/// as effects are applied, so that a decision costs about the same with 1,000 open sessions as
/// with 10 (docs/performance.md, "Open sessions"), and closing one costs about the same with
/// 10 or 100,000 open (its slot becomes a hole: docs/architecture.md, "Sessions: the state and
/// its index"). Changing ``sessions`` directly is allowed; the state then drops its index, and
/// each decision builds one until the next `apply(_:)`.
public struct SessionState: Sendable, Hashable {
  /// Sessions in creation order.
  public var sessions: [Session] {
    get { holes == 0 ? storage : openSessions }
    set {
      storage = newValue
      index = nil
      holes = 0
    }
    _modify {
      compact()
      index = nil
      yield &storage
    }
  }
  /// The last clock tick used.
  public var clock: Int
  /// The number the next new session id takes (`s<number>`).
  public var nextSessionNumber: Int

  /// The sessions in creation order, and holes: the slots of sessions closed since the last
  /// compaction (``SessionIndex/isHole(_:)``), never more than the open ones, so that it is
  /// empty when no session is open. Positions in it (the index's) stay put until it is compacted.
  var storage: [Session]
  /// The index of `storage`; nil after a change made through ``sessions`` (and then `storage`
  /// has no holes).
  var index: SessionIndex?

  /// How many slots of `storage` are holes: the index's count, kept here as well (0 when there
  /// is no index), so that reading it, on every line of a stateful run, does not copy the index
  /// out of its optional (about 20 retains and releases a line).
  var holes = 0

  /// How many sessions are open (``sessions``' count, without making the array).
  package var sessionCount: Int { storage.count - holes }

  /// The open sessions of `storage`, holes left out.
  private var openSessions: [Session] {
    var open: [Session] = []
    open.reserveCapacity(sessionCount)
    for p in storage.indices where !index!.isHole(p) { open.append(storage[p]) }
    return open
  }

  /// Drops the holes from `storage`, and builds the index of what is left: positions change.
  mutating func compact() {
    guard holes > 0 else { return }
    storage = openSessions
    index = SessionIndex(storage, ties: index!.ties)
    holes = 0
  }

  /// No open sessions (a cold launch).
  public init() {
    self.storage = []
    self.clock = 0
    self.nextSessionNumber = 1
    self.index = SessionIndex([], ties: ScenePolicies().ties)
  }

  /// A state with these sessions; the clock and the next id continue after theirs.
  public init(sessions: [Session]) {
    self.storage = sessions
    self.clock = sessions.map { max($0.lastActivated, $0.created) }.max() ?? 0
    let numbers = sessions.compactMap { SessionNumbers.number(ofID: $0.id) }
    self.nextSessionNumber = SessionNumbers.successor(of: numbers.max() ?? 0)
    self.index = SessionIndex(sessions, ties: ScenePolicies().ties)
  }

  /// The session with this id.
  public func session(_ id: String) -> Session? {
    if let index { return index.positions[id].map { storage[$0] } }
    return storage.first { $0.id == id }
  }

  /// The sessions of a declaration, in creation order.
  public func sessions(of scene: String) -> [Session] {
    if let index { return index.positions(ofScene: scene).map { storage[$0] } }
    return storage.filter { $0.scene == scene }
  }

  /// The index, made for a table's tie-break order: the state's own when it has one for that
  /// order, else a new one (linear in the sessions).
  func index(ties: [ScenePolicies.TieBreak]) -> SessionIndex {
    guard var index else { return SessionIndex(storage, ties: ties) }
    index.use(ties: ties, storage)
    return index
  }

  /// For a state read through a pointer: nil when the state's own index is in the tie-break
  /// order `ties` (to be read in place, ``DecisionContext/index``), else a new one.
  static func index(of state: UnsafePointer<SessionState>, ties: [ScenePolicies.TieBreak]) -> SessionIndex? {
    if state.pointee.index != nil, state.pointee.index!.ties == ties { return nil }
    return reindexed(state, ties: ties)
  }

  /// A new index of the state for the tie-break order `ties`: out of line, so that the usual
  /// call above, which returns nil, does not copy the state's index (about 190 instructions a
  /// stateful line when this was inline).
  @inline(never)
  private static func reindexed(_ state: UnsafePointer<SessionState>, ties: [ScenePolicies.TieBreak]) -> SessionIndex {
    guard var index = state.pointee.index else { return SessionIndex(state.pointee.storage, ties: ties) }
    // The state's own, its holes and all, with its queues in this order.
    index.use(ties: ties, state.pointee.storage)
    return index
  }

  /// The state's index in place (it must not be nil): the payload of the stored optional,
  /// which a single-payload enum keeps at offset 0 (Swift's type layout, docs/ABI/TypeLayout.rst).
  static func indexPayload(of state: UnsafePointer<SessionState>) -> UnsafePointer<SessionIndex> {
    precondition(state.pointee.index != nil)
    return (UnsafeRawPointer(state) + MemoryLayout<SessionState>.offset(of: \SessionState.index)!)
      .assumingMemoryBound(to: SessionIndex.self)
  }

  /// Keeps the index in the tie-break order of `policies` (a stateful run over one table
  /// calls it once, so that no decision builds an index of its own).
  package mutating func indexSessions(for policies: ScenePolicies) {
    if index == nil {
      index = SessionIndex(storage, ties: policies.ties)
    } else {
      index!.use(ties: policies.ties, storage)
    }
  }

  public static func == (a: SessionState, b: SessionState) -> Bool {
    guard a.clock == b.clock, a.nextSessionNumber == b.nextSessionNumber else { return false }
    if a.holes == 0 && b.holes == 0 { return a.storage == b.storage }
    return a.sessions == b.sessions
  }

  public func hash(into hasher: inout Hasher) {
    // As an array of the open sessions hashes (its count, then each element), holes or not.
    hasher.combine(sessionCount)
    for p in storage.indices where holes == 0 || !index!.isHole(p) { hasher.combine(storage[p]) }
    hasher.combine(clock)
    hasher.combine(nextSessionNumber)
  }
}
