import RouteEvents
import RouteTables

extension SessionState {
  /// The state after a decision: its effects applied in order. Pure: `self` is unchanged.
  public func applying(_ decision: Decision) -> SessionState {
    var next = self
    next.apply(decision)
    return next
  }

  /// Applies a decision's effects in order, in place: what a stateful run does after each
  /// decision, without copying the sessions.
  ///
  /// ```swift
  /// state.apply(DecisionEngine.decide(event, router: router, state: state))
  /// ```
  public mutating func apply(_ decision: Decision) {
    apply(decision.storedEffects)
  }

  /// Applies a decision's effects, kept apart from it, in order, in place: what a stateful
  /// `LineRouter` keeps of a line's decision once its record is written (the whole decision
  /// moved into an optional and taken out again cost two moves of its 456 bytes).
  ///
  /// ```swift
  /// state.apply(effects)   // as state.apply(decision) for the decision they came from
  /// ```
  package mutating func apply(_ effects: SessionEffects) {
    // The one activation most lines keep, applied without making the effect (an effect
    // switched on was copied out, its payload a whole session wide).
    if let id = effects.soleActivation {
      if index == nil { index = SessionIndex(storage, ties: ScenePolicies().ties) }
      return activate(id)
    }
    effects.forEachEffect { apply($0) }
  }

  /// Applies one effect.
  public mutating func apply(_ effect: SessionEffect) {
    if index == nil { index = SessionIndex(storage, ties: ScenePolicies().ties) }
    switch effect {
    case .create(let session):
      clock = max(clock, session.created, session.lastActivated)
      demoteActive(except: session.id)
      storage.append(session)
      index!.appended(storage, at: storage.count - 1)
      if let n = SessionNumbers.number(ofID: session.id) {
        nextSessionNumber = max(nextSessionNumber, SessionNumbers.successor(of: n))
      }
    case .activate(let id):
      activate(id)
    case .close(let id):
      guard let p = index!.positions[id] else { return }
      guard index!.uniqueIDs else {
        // Every session of the id closes (a state built in code may repeat one): the storage
        // compacted without them, and indexed again.
        compact()
        storage.removeAll { $0.id == id }
        index = SessionIndex(storage, ties: index!.ties)
        return
      }
      // Its slot becomes a hole (positions stay put: the index drops it in O(log n)); the
      // storage is compacted once the holes outnumber the open sessions, so that the
      // compaction's cost, linear in them, is spread over as many closes (amortized O(1)).
      index!.closed(storage[p], at: p, storage)
      holes += 1
      assert(holes == index!.holes)
      if holes > storage.count - holes { compact() }
    case .update(let id, let update):
      guard let p = index!.positions[id] else { return }
      let old = storage[p]
      if let p2 = update.preferring { storage[p].preferring = p2 }
      if let a = update.allowing { storage[p].allowing = a }
      if let v = update.value { storage[p].value = v }
      if let t = update.valueType { storage[p].valueType = t }
      index!.changedContent(storage, at: p, was: old)
    case .setState(let id, let state):
      guard let p = index!.positions[id] else { return }
      let old = storage[p].state
      storage[p].state = state
      index!.changedState(storage, at: p, was: old)
    }
  }

  /// `.activate(id)`, the state indexed.
  private mutating func activate(_ id: String) {
    // The usual activation, of the one foreground-active session again (a run of events to
    // one window): its position known without a lookup by id, no other session to demote.
    if let p = index!.soleActive(id, storage) {
      clock = SessionNumbers.successor(of: clock)
      let before = storage[p].lastActivated
      storage[p].lastActivated = clock
      index!.activated(storage, at: p, was: .foregroundActive, lastActivated: before)
      return
    }
    guard let p = index!.positions[id] else { return }
    clock = SessionNumbers.successor(of: clock)
    demoteActive(except: id)
    let old = storage[p].state
    let before = storage[p].lastActivated
    storage[p].state = .foregroundActive
    storage[p].lastActivated = clock
    index!.activated(storage, at: p, was: old, lastActivated: before)
  }

  /// One session is foreground active at a time in this model: the others step back to inactive.
  private mutating func demoteActive(except id: String) {
    let active = index!.active
    guard !active.isEmpty else { return }
    // The usual case, a run of events to one window: it is the active one, and stays so.
    if active.count == 1, storage[active[0]].id == id { return }
    var kept: [Int] = []
    for p in active {
      if storage[p].id == id {
        kept.append(p)
      } else {
        storage[p].state = .foregroundInactive
      }
    }
    index!.setActive(kept)
    for p in active where storage[p].id != id { index!.changedKey(storage, at: p) }
  }
}
