import RouteTables
import RouterSupport

/// The open sessions indexed, so that a decision finds its candidates without scanning every
/// session: positions by id, by declaration and by presented value, the foreground-active ones,
/// the ones with their own `handlesExternalEvents` sets, and for each declaration a queue of
/// its other sessions (which all share the declaration's sets) in the order of a tie-break
/// policy (V10, AMB2). ``SessionState`` keeps it in step as effects are applied; a state changed
/// through its `sessions` array loses it and the engine builds one for the decision.
///
/// Positions are indices in the state's storage, which keep still when a session closes: its
/// slot becomes a hole (``isHole(_:)``; docs/architecture.md, "Sessions: the state and its
/// index"). The index drops a closed position at once where that costs O(1) or O(log n) (by id,
/// by value, the tie-break queue, the foreground-active ones, the counts), and lazily from the
/// lists a removal would shift (a declaration's ``Scene/all``, ``withOwnSets``): readers skip
/// the holes in those, and a list is compacted when its holes outnumber its open positions, so
/// that none holds more than twice its open sessions and an empty one has none. The state
/// compacts its storage (and builds the index again) when its holes outnumber its open sessions.
struct SessionIndex: Sendable {
  /// The sessions of one declaration id.
  struct Scene: Sendable {
    /// The declaration id.
    let id: String
    /// Positions, ascending, holes among them (at most as many as open ones: empty when none
    /// is open).
    var all: [Int] = []
    /// How many of ``all`` are holes.
    var holes = 0
    /// How many of them are open and have no sets of their own.
    var plain = 0
    /// Those without sets of their own, in tie-break order.
    var queue = TieQueue()
  }

  /// The first position of each id.
  private(set) var positions: [String: Int] = [:]
  /// Whether every id is used once (the loaders refuse a repeated id; a state built in code may
  /// repeat one, and the engine then reads the sessions in full).
  private(set) var uniqueIDs = true
  /// The sessions of each declaration id that has had sessions since the index was made, in
  /// the order of their first sessions: read by position (a loop over a dictionary's entries
  /// found each one's bucket in the table's bitmap, and copied its key).
  private(set) var scenes: [Scene] = []
  /// The place of each declaration id in ``scenes``.
  private var sceneSlots: [String: Int] = [:]
  /// Positions of sessions presenting each value, ascending, under the value's
  /// ``valueKey(_:)``: values that differ may share a key, so the positions found for a value
  /// are candidates, to be compared with it (``positions(presenting:)``). No holes.
  private(set) var byValue: [Int: [Int]] = [:]
  /// Positions of sessions with their own `preferring` or `allowing` set, ascending, holes
  /// among them (at most as many as open ones).
  private(set) var withOwnSets: [Int] = []
  /// How many of ``withOwnSets`` are holes.
  private var withOwnSetsHoles = 0
  /// Positions of foreground-active sessions.
  private(set) var active: [Int] = []
  /// The tie-break order of the queues.
  private(set) var ties: [ScenePolicies.TieBreak]
  /// Whether each position is a hole, a closed session's slot; positions from its end on are
  /// open (empty while no session has closed since the storage was last compacted).
  private var holeFlags: [Bool] = []
  /// How many positions are holes.
  private(set) var holes = 0
  /// The place of each position in its declaration's tie-break queue (``TieQueue``), -1 for a
  /// position in none (a hole, or a session with its own sets): one array for every queue, so
  /// that a session's place is read without a lookup, and a session at the front of its queue
  /// that stays there (the foreground one activated again) is told without finding its queue.
  private var queueSlots: [Int] = []

  init(_ sessions: [Session], ties: [ScenePolicies.TieBreak]) {
    self.ties = ties
    positions.reserveCapacity(sessions.count)
    queueSlots = Array(repeating: -1, count: sessions.count)
    for p in sessions.indices { added(sessions[p], at: p) }
    for i in scenes.indices { rebuildQueue(i, sessions) }
  }

  static func hasOwnSets(_ s: Session) -> Bool { s.preferring != nil || s.allowing != nil }

  /// Whether position `p` is a hole: a closed session's slot, to be skipped.
  @inline(__always)
  func isHole(_ p: Int) -> Bool { p < holeFlags.count && holeFlags[p] }

  /// The open positions among `list` (a list of the index, holes among them), ascending: the
  /// list itself when it has no holes.
  func open(_ list: [Int], holes: Int) -> [Int] {
    holes == 0 ? list : list.filter { !isHole($0) }
  }

  /// The open positions of declaration `id`'s sessions, ascending.
  func positions(ofScene id: String) -> [Int] {
    // Read in place: a copy of the `Scene` would retain its tie-break queue's arrays too.
    guard let i = sceneSlots[id] else { return [] }
    return open(scenes[i].all, holes: scenes[i].holes)
  }

  /// Indexes the session just appended at position `p` (the queue entry aside).
  private mutating func added(_ s: Session, at p: Int) {
    if positions[s.id] == nil { positions[s.id] = p } else { uniqueIDs = false }
    if queueSlots.count <= p { queueSlots.append(contentsOf: repeatElement(-1, count: p + 1 - queueSlots.count)) }
    let own = SessionIndex.hasOwnSets(s)
    let i: Int
    if let slot = sceneSlots[s.scene] {
      i = slot
    } else {
      i = scenes.count
      sceneSlots[s.scene] = i
      scenes.append(Scene(id: s.scene))
    }
    scenes[i].all.append(p)
    if !own { scenes[i].plain += 1 }
    if let v = s.value { byValue[SessionIndex.valueKey(v), default: []].append(p) }
    if own { withOwnSets.append(p) }
    if s.state == .foregroundActive { active.append(p) }
  }

  /// A session was appended at position `p`.
  mutating func appended(_ sessions: [Session], at p: Int) {
    added(sessions[p], at: p)
    changedKey(sessions, at: p)
  }

  /// The tie-break key of the session at `p` changed (its state or its last activation), or it
  /// joined its declaration's queue.
  mutating func changedKey(_ sessions: [Session], at p: Int) {
    // The session is read in place, and its scene's entry changed through its position (a
    // copy of the session, and the dictionary's optional-chained modify, cost more than the
    // update itself).
    guard !SessionIndex.hasOwnSets(sessions[p]), let i = sceneSlots[sessions[p].scene] else { return }
    scenes[i].queue.update(p, ties, sessions, &queueSlots)
  }

  /// The position of the one foreground-active session when it is `id`'s, ids being unique:
  /// what a run of events to one window activates again, found without a lookup by id.
  func soleActive(_ id: String, _ sessions: [Session]) -> Int? {
    guard uniqueIDs, active.count == 1 else { return nil }
    let p = active[0]
    return sessions.withUnsafeBufferPointer { $0[p].id == id } ? p : nil
  }

  /// The session at `p` was activated: it is foreground active now, and was `old`, last
  /// activated at `before`. When its last activation did not move back (the clock only moves
  /// on), its tie-break key only got better in every tie-break order, and a session at the
  /// front of its queue stays there: nothing to move, and its queue is not looked up.
  mutating func activated(_ sessions: [Session], at p: Int, was old: Session.State, lastActivated before: Int) {
    if old != .foregroundActive { active.append(p) }
    if p < queueSlots.count, queueSlots[p] == 0,
      sessions.withUnsafeBufferPointer({ $0[p].lastActivated >= before && $0[p].state == .foregroundActive })
    {
      return
    }
    changedKey(sessions, at: p)
  }

  /// The session at `p` moved into or out of the foreground-active state.
  mutating func changedState(_ sessions: [Session], at p: Int, was old: Session.State) {
    let now = sessions[p].state
    if old == .foregroundActive && now != .foregroundActive { active.removeAll { $0 == p } }
    if old != .foregroundActive && now == .foregroundActive { active.append(p) }
    changedKey(sessions, at: p)
  }

  /// The session `s` at position `p` closed: `p` becomes a hole. O(1) but for the tie-break
  /// queue's O(log n), the removal from the list of the sessions presenting its value (as
  /// long as that list), and a list's compaction (amortized O(1)). Needs unique ids (a closed
  /// id is dropped from ``positions``).
  mutating func closed(_ s: Session, at p: Int, _ sessions: [Session]) {
    positions[s.id] = nil
    if holeFlags.count <= p { holeFlags.append(contentsOf: repeatElement(false, count: p + 1 - holeFlags.count)) }
    holeFlags[p] = true
    holes += 1
    if s.state == .foregroundActive { active.removeAll { $0 == p } }
    if let v = s.value {
      let key = SessionIndex.valueKey(v)
      if let i = byValue.index(forKey: key) {
        SessionIndex.remove(p, from: &byValue.values[i])
        if byValue.values[i].isEmpty { byValue.remove(at: i) }
      }
    }
    let own = SessionIndex.hasOwnSets(s)
    let flags = holeFlags
    if let i = sceneSlots[s.scene] {
      if !own {
        scenes[i].plain -= 1
        scenes[i].queue.remove(p, ties, sessions, &queueSlots)
      }
      scenes[i].holes += 1
      if scenes[i].holes > scenes[i].all.count - scenes[i].holes {
        scenes[i].all.removeAll { $0 < flags.count && flags[$0] }
        scenes[i].holes = 0
      }
    }
    if own {
      withOwnSetsHoles += 1
      if withOwnSetsHoles > withOwnSets.count - withOwnSetsHoles {
        withOwnSets.removeAll { $0 < flags.count && flags[$0] }
        withOwnSetsHoles = 0
      }
    }
  }

  /// The value or the sets of the session at `p` changed from `old`.
  mutating func changedContent(_ sessions: [Session], at p: Int, was old: Session) {
    let s = sessions[p]
    if old.value != s.value {
      if let v = old.value {
        let key = SessionIndex.valueKey(v)
        if let i = byValue.index(forKey: key) {
          SessionIndex.remove(p, from: &byValue.values[i])
          if byValue.values[i].isEmpty { byValue.remove(at: i) }
        }
      }
      if let v = s.value { SessionIndex.insert(p, into: &byValue[SessionIndex.valueKey(v), default: []]) }
    }
    let wasOwn = SessionIndex.hasOwnSets(old)
    let isOwn = SessionIndex.hasOwnSets(s)
    if wasOwn && !isOwn {
      withOwnSets.removeAll { $0 == p }
      scenes[sceneSlots[s.scene]!].plain += 1
      changedKey(sessions, at: p)
    } else if !wasOwn && isOwn {
      SessionIndex.insert(p, into: &withOwnSets)
      let i = sceneSlots[s.scene]!
      scenes[i].plain -= 1
      scenes[i].queue.remove(p, ties, sessions, &queueSlots)
    }
  }

  /// Queues use this tie-break order from now on.
  mutating func use(ties: [ScenePolicies.TieBreak], _ sessions: [Session]) {
    guard ties != self.ties else { return }
    self.ties = ties
    for i in scenes.indices { rebuildQueue(i, sessions) }
  }

  /// The foreground-active positions, replaced (after a demotion).
  mutating func setActive(_ positions: [Int]) { active = positions }

  private mutating func rebuildQueue(_ i: Int, _ sessions: [Session]) {
    let plain = scenes[i].all.filter { !isHole($0) && !SessionIndex.hasOwnSets(sessions[$0]) }
    for p in scenes[i].queue.positions { queueSlots[p] = -1 }
    scenes[i].queue = TieQueue(plain, ties, sessions, &queueSlots)
  }

  private static func insert(_ p: Int, into list: inout [Int]) {
    var i = list.endIndex
    while i > list.startIndex && list[i - 1] > p { i -= 1 }
    list.insert(p, at: i)
  }

  /// Removes position `p` from an ascending list, if it is there.
  private static func remove(_ p: Int, from list: inout [Int]) {
    // The last first: the usual list is one session's, or ends with the newest.
    if let last = list.last, last == p {
      list.removeLast()
      return
    }
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) / 2
      if list[mid] < p { low = mid + 1 } else { high = mid }
    }
    if low < list.count && list[low] == p { list.remove(at: low) }
  }

  /// Whether no session presents a value: ``positions(presenting:)`` is empty for every value.
  var presentsNoValue: Bool { byValue.isEmpty }

  /// The positions, ascending, of the sessions that may present `value`: every session that
  /// presents a value equal to it, and perhaps others (compare each with it).
  func positions(presenting value: JSONValue) -> [Int] {
    // No open window presents a value (every line of a stateless run from no sessions): no key
    // to hash (about 830 instructions of a Notes `openWindow` or `dismissWindow` line).
    if byValue.isEmpty { return [] }
    return byValue[SessionIndex.valueKey(value)] ?? []
  }

  /// A hash of a presented value that equal values share (as `==` compares them: strings by
  /// Unicode canonical equivalence, numbers by value, object members in any order), the key of
  /// ``byValue``. One `Hasher` for the values windows present (an object of one member, strings,
  /// numbers, arrays); a lookup keyed by the `JSONValue` itself hashed each object's members
  /// with a `Hasher` apiece (to be independent of their order), then compared the whole value
  /// with every key it probed (issue 17: about 2,100 Ir of a Notes `openWindow` decision).
  static func valueKey(_ value: JSONValue) -> Int {
    var hasher = Hasher()
    feed(value, into: &hasher)
    return hasher.finalize()
  }

  private static func feed(_ value: JSONValue, into hasher: inout Hasher) {
    switch value {
    case .null: hasher.combine(0 as UInt8)
    case .bool(let b): hasher.combine(b ? 1 as UInt8 : 2)
    case .number(let n):
      hasher.combine(3 as UInt8)
      hasher.combine(n)
    case .string(let s):
      hasher.combine(4 as UInt8)
      hasher.combine(s)
    case .array(let a):
      hasher.combine(5 as UInt8)
      hasher.combine(a.count)
      for e in a { feed(e, into: &hasher) }
    case .object(let o):
      // Objects equal as `==` compares them have as many members; with one member, its key
      // and its value in the same hasher (no order to be independent of).
      if o.members.count == 1 {
        hasher.combine(6 as UInt8)
        hasher.combine(o.members[0].key)
        feed(o.members[0].value, into: &hasher)
      } else {
        hasher.combine(7 as UInt8)
        hasher.combine(o)
      }
    }
  }

  /// The best session without sets of its own of declaration `id`, by the queue's ties.
  func bestPlain(of id: String) -> Int? {
    guard let i = sceneSlots[id] else { return nil }
    return scenes[i].queue.best
  }
}

/// A binary heap of positions of sessions in tie-break order (``TieBreaking/precedes(_:_:_:)``,
/// then the position: the first of equal sessions, as a scan keeps it), each session's place in
/// it known, so that a session whose key changed moves at once and the top is always the best.
///
/// The places are kept by the owner, in `slots` (indexed by position, -1 for a position in no
/// queue: ``SessionIndex``'s one array for all its queues), passed to every change.
struct TieQueue: Sendable {
  private var heap: [Int] = []
  var count: Int { heap.count }
  /// The best position.
  var best: Int? { heap.first }
  /// The positions queued, in heap order.
  var positions: [Int] { heap }

  init() {}

  init(_ positions: [Int], _ ties: [ScenePolicies.TieBreak], _ sessions: [Session], _ slots: inout [Int]) {
    heap = positions
    var i = heap.count / 2
    while i > 0 {
      i -= 1
      siftDown(i, ties, sessions, &slots)
    }
    for (slot, p) in heap.enumerated() { slots[p] = slot }
  }

  static func precedes(_ a: Int, _ b: Int, _ ties: [ScenePolicies.TieBreak], _ sessions: [Session]) -> Bool {
    // The sessions' fields are read in place (a session copied out of the array retained
    // every string and array it holds).
    sessions.withUnsafeBufferPointer { s in
      for key in ties {
        switch key {
        case .foreground where s[a].state != s[b].state: return s[a].state < s[b].state
        case .recent where s[a].lastActivated != s[b].lastActivated: return s[a].lastActivated > s[b].lastActivated
        case .oldest where s[a].created != s[b].created: return s[a].created < s[b].created
        case .newest where s[a].created != s[b].created: return s[a].created > s[b].created
        default: continue
        }
      }
      if s[a].id != s[b].id {
        // As the tuple `(id.utf8.count, id)` compares.
        let countA = s[a].id.utf8.count
        let countB = s[b].id.utf8.count
        if countA != countB { return countA < countB }
        return s[a].id < s[b].id
      }
      return a < b
    }
  }

  /// Adds position `p`, or moves it to its place when its key changed.
  mutating func update(_ p: Int, _ ties: [ScenePolicies.TieBreak], _ sessions: [Session], _ slots: inout [Int]) {
    let slot = slots[p]
    if slot >= 0 {
      siftDown(siftUp(slot, ties, sessions, &slots), ties, sessions, &slots)
      return
    }
    heap.append(p)
    slots[p] = heap.count - 1
    siftUp(heap.count - 1, ties, sessions, &slots)
  }

  /// Removes position `p` if it is queued.
  mutating func remove(_ p: Int, _ ties: [ScenePolicies.TieBreak], _ sessions: [Session], _ slots: inout [Int]) {
    guard p < slots.count, slots[p] >= 0 else { return }
    let slot = slots[p]
    slots[p] = -1
    let last = heap.removeLast()
    guard slot < heap.count else { return }
    heap[slot] = last
    slots[last] = slot
    siftDown(siftUp(slot, ties, sessions, &slots), ties, sessions, &slots)
  }

  @discardableResult
  private mutating func siftUp(
    _ start: Int, _ ties: [ScenePolicies.TieBreak], _ sessions: [Session], _ slots: inout [Int]
  ) -> Int {
    var i = start
    while i > 0 {
      let parent = (i - 1) / 2
      guard TieQueue.precedes(heap[i], heap[parent], ties, sessions) else { break }
      swap(i, parent, &slots)
      i = parent
    }
    return i
  }

  private mutating func siftDown(
    _ start: Int, _ ties: [ScenePolicies.TieBreak], _ sessions: [Session], _ slots: inout [Int]
  ) {
    var i = start
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < heap.count && TieQueue.precedes(heap[l], heap[m], ties, sessions) { m = l }
      if r < heap.count && TieQueue.precedes(heap[r], heap[m], ties, sessions) { m = r }
      if m == i { return }
      swap(i, m, &slots)
      i = m
    }
  }

  private mutating func swap(_ i: Int, _ j: Int, _ slots: inout [Int]) {
    heap.swapAt(i, j)
    slots[heap[i]] = i
    slots[heap[j]] = j
  }
}

extension SessionIndex {
  /// An index made for one decision, at an address that stays put while the decision reads it
  /// (``DecisionContext/index``).
  final class Made {
    let base: UnsafeMutablePointer<SessionIndex>

    init(_ index: SessionIndex) {
      base = UnsafeMutablePointer<SessionIndex>.allocate(capacity: 1)
      base.initialize(to: index)
    }

    deinit {
      base.deinitialize(count: 1)
      base.deallocate()
    }
  }
}
