import RouteEvents

/// The segment trie used only while compiling, kept flat so that building it costs little per
/// route and touches memory as little as it can: nodes are numbers; every path literal edge
/// lives in one open-addressing table of 32-byte slots that hold its key (parent, length, first
/// and last eight bytes) and its child, so that one lookup reads one slot; host keys (the root's
/// literal edges) are few and kept apart; each node's first dynamic edge and first terminal are
/// in its record, further ones in linked lists. No per-node objects, no `Hasher`.
///
/// Node 0 is the root; its literal edges are the host keys (`scheme://host[:port]`).
struct TrieBuilder {
  struct Node {
    /// The first dynamic edge (its kind and child), the number of dynamic edges, and the list
    /// of all of them (``dynamics``), newest first.
    var dynamicChild: Int32 = -1
    var dynamicKind = EdgeKind.literal
    var dynamicCount: UInt8 = 0
    /// Whether the literal edge into this node holds bytes the fast path cannot compare raw.
    var slowLiteral = false
    var hasLiterals = false
    var lastDynamic: Int32 = -1
    /// The terminals that end here (``terminals``), newest first, and how many.
    var lastTerminal: Int32 = -1
    var terminalCount: Int32 = 0
    /// The route of the first terminal, and whether it has no query or fragment constraint.
    var firstRule: Int32 = -1
    var firstUnconstrained = false
    var isHostRoot = false
  }

  struct DynamicEdge {
    var kind: EdgeKind
    var child: Int32
    var next: Int32
  }

  /// One pattern (or one expansion of a pattern with optional segments) that ends at a node.
  struct Terminal {
    var route: Int32
    var pattern: Int32
    /// The index in the compiler's list of expanded patterns, or -1 for a pattern without
    /// optional segments (its only expansion is the pattern itself).
    var expansion: Int32
    var next: Int32
  }

  /// A host key: the root's literal edge.
  struct Host {
    var key: [UInt8]
    var node: Int32
  }

  /// An open-addressing table of literal edges, a power of two long and at most three quarters
  /// full. Its slots are in zeroed memory (``ZeroedMemory``: no pass to mark them empty, and
  /// large tables get huge pages where the system offers them), so a slot holds the complement
  /// of its ``EdgeSlot/key`` bits: 0 in an empty slot.
  struct SlotTable {
    private(set) var memory: ZeroedMemory
    private(set) var count = 0
    private var shift: UInt64
    private var mask: Int

    init(expected: Int) {
      var bits = 4
      while 1 << bits < expected + expected / 3 + 1 { bits += 1 }
      memory = ZeroedMemory(byteCount: (1 << bits) * MemoryLayout<EdgeSlot>.stride)
      shift = UInt64(64 - bits)
      mask = (1 << bits) - 1
    }

    /// The slots (the `key` of each complemented: 0 when empty).
    var slots: UnsafeMutableBufferPointer<EdgeSlot> {
      UnsafeMutableBufferPointer(start: memory.base.assumingMemoryBound(to: EdgeSlot.self), count: mask &+ 1)
    }

    /// The child recorded for (parent, key, length), or -1 and the slot where it goes; `bytes`
    /// (the whole literal) is read only when `length` is over 16.
    @inline(__always)
    func find(
      _ parent: Int32, _ key: EdgeKey, _ want: UInt64, length: Int, _ bytes: UnsafeBufferPointer<UInt8>,
      long: [Int32: [UInt8]]
    ) -> (child: Int32, index: Int) {
      let slots = memory.base.assumingMemoryBound(to: EdgeSlot.self)
      let stored = ~want
      var index = Int(truncatingIfNeeded: MatcherStorage.hash(parent: parent, key, length: length) &>> shift)
      while true {
        let slot = slots[index]
        if slot.key == 0 { return (-1, index) }
        if slot.head == key.head && slot.key == stored && slot.tail == key.tail
          && (length <= 16 || TrieBuilder.sameLongLiteral(long[slot.child], bytes))
        {
          return (slot.child, index)
        }
        index = (index &+ 1) & mask
      }
    }

    /// Reads the home slot of (parent, key, length), so that a lookup soon after finds it in
    /// the cache; returns its key bits (the caller keeps them, so the read is not dropped).
    @inline(__always)
    func touch(_ parent: Int32, _ key: EdgeKey, length: Int) -> UInt64 {
      memory.base.assumingMemoryBound(to: EdgeSlot.self)[
        Int(truncatingIfNeeded: MatcherStorage.hash(parent: parent, key, length: length) &>> shift)
      ].key
    }

    /// Stores `slot` (its `key` not complemented) at `index`, an empty slot ``find`` returned.
    mutating func insert(_ slot: EdgeSlot, at index: Int) {
      var stored = slot
      stored.key = ~slot.key
      memory.base.assumingMemoryBound(to: EdgeSlot.self)[index] = stored
      count &+= 1
      if count &* 4 > (mask &+ 1) &* 3 { grow() }
    }

    private mutating func grow() {
      let old = slots
      let oldMemory = memory
      let bits = 64 - Int(shift) + 1
      memory = ZeroedMemory(byteCount: (1 << bits) * MemoryLayout<EdgeSlot>.stride)
      shift = UInt64(64 - bits)
      mask = (1 << bits) - 1
      let slots = memory.base.assumingMemoryBound(to: EdgeSlot.self)
      for slot in old where slot.key != 0 {
        let key = EdgeKey(head: slot.head, tail: slot.tail)
        let bits = ~slot.key
        let parent = Int32(truncatingIfNeeded: bits &>> 32)
        var index = Int(
          truncatingIfNeeded: MatcherStorage.hash(parent: parent, key, length: Int(bits &>> 16 & 0xFFFF)) &>> shift)
        while slots[index].key != 0 { index = (index &+ 1) & mask }
        slots[index] = slot
      }
      withExtendedLifetime(oldMemory) {}
    }
  }

  /// The nodes, in memory the builder owns (``BuilderStore``) and writes in place: no check that
  /// an array's buffer is unique at every write. A copy of the builder shares them; the compiler
  /// only reads its copies.
  private var store: BuilderStore<Node>
  private var base: UnsafeMutablePointer<Node>
  private(set) var nodeCount = 1
  /// The nodes, by number (valid while the builder is, until it makes another node).
  var nodes: UnsafeBufferPointer<Node> { UnsafeBufferPointer(start: base, count: nodeCount) }
  /// The path literal edges out of host roots (few parents, many children: kept apart, so that
  /// this hot part stays small), and all the others.
  private(set) var rootEdges: SlotTable
  private(set) var edges: SlotTable
  private(set) var dynamics: [DynamicEdge] = []
  /// The terminals (``Terminal``s: plain values), in memory the builder owns and appends to
  /// in place, as its nodes (no check that an array's buffer is unique at every terminal).
  private var terminalStore: BuilderStore<Terminal>
  private var terminalBase: UnsafeMutablePointer<Terminal>
  private(set) var terminalCount = 0
  /// The terminals, by id (valid while the builder is, until it adds another terminal).
  var terminals: UnsafeBufferPointer<Terminal> { UnsafeBufferPointer(start: terminalBase, count: terminalCount) }
  private(set) var hosts: [Host] = []
  private var hostNodes: [[UInt8]: Int32] = [:]
  /// The bytes of the path literals over 16 bytes, by child node.
  private(set) var longLiterals: [Int32: [UInt8]] = [:]
  /// The shapes of affixed segments, numbered as ``EdgeKind/affixed(_:)`` names them.
  private(set) var affixShapes: [AffixShape] = []
  private var affixNumbers: [AffixShape: Int32] = [:]
  /// The route and pattern that first took each affixed edge, by the edge's child.
  private(set) var affixOrigins: [Int32: (route: Int32, pattern: Int32)] = [:]

  /// What ``touch(_:_:length:fromRoot:)`` read (kept so that the reads are made).
  var touched: UInt64 = 0

  /// The number of path literal edges.
  var edgeCount: Int { rootEdges.count + edges.count }

  /// Whether the host roots' literal edges are few enough (at most 2^14: at most 1 MiB of
  /// slots) for their table to stay in the cache, so that a lookup there needs no read ahead.
  var rootEdgesStayCached: Bool { rootEdges.count <= 1 << 14 }

  /// `expectedRootEdges`: how many literal edges out of host roots to make room for at once
  /// (the table doubles, rehashing every edge, each time it is three quarters full).
  init(expectedEdges: Int = 16, expectedNodes: Int = 16, expectedTerminals: Int = 16, expectedRootEdges: Int = 64) {
    edges = SlotTable(expected: expectedEdges)
    rootEdges = SlotTable(expected: max(expectedRootEdges, 64))
    store = BuilderStore(capacity: max(expectedNodes, 16), advisesHugePages: true)
    base = store.base
    base.initialize(to: Node())
    // About one dynamic edge in two patterns (48,842 in the 100k table): room for them at once
    // (the list grew from empty by doubling, copying its edges each time).
    dynamics.reserveCapacity(expectedTerminals / 2)
    terminalStore = BuilderStore(capacity: max(expectedTerminals, 16), advisesHugePages: false)
    terminalBase = terminalStore.base
  }

  /// The root's child over the host key `bytes`, created when missing.
  mutating func host(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let key = Array(bytes)
    if let node = hostNodes[key] { return node }
    let child = newNode()
    base[Int(child)].isHostRoot = true
    hosts.append(Host(key: key, node: child))
    hostNodes[key] = child
    base[0].hasLiterals = true
    return child
  }

  /// The child of `parent` (not the root) over the literal `bytes`, created when missing.
  mutating func child(of parent: Int32, literal bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    child(of: parent, EdgeKey(bytes), length: bytes.count, fromRoot: base[Int(parent)].isHostRoot, bytes)
  }

  /// The child of `parent` over the literal whose key is `key` and length `length`, created
  /// when missing. `fromRoot` tells whether `parent` is a host root; `bytes` (the whole
  /// literal) is read only when `length` is over 16.
  @inline(__always)
  mutating func child(
    of parent: Int32, _ key: EdgeKey, length: Int, fromRoot: Bool, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Int32 {
    let want = EdgeSlot.keyBits(parent: parent, length: length)
    let (found, index) =
      fromRoot
      ? rootEdges.find(parent, key, want, length: length, bytes, long: longLiterals)
      : edges.find(parent, key, want, length: length, bytes, long: longLiterals)
    if found >= 0 { return found }
    return addLiteral(parent, key, length: length, fromRoot: fromRoot, bytes, at: index)
  }

  @inline(never)
  private mutating func addLiteral(
    _ parent: Int32, _ key: EdgeKey, length: Int, fromRoot: Bool, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> Int32 {
    let child = newNode()
    let slot = EdgeSlot(
      head: key.head, tail: key.tail, key: EdgeSlot.keyBits(parent: parent, length: length), child: child, route: -1)
    if fromRoot { rootEdges.insert(slot, at: index) } else { edges.insert(slot, at: index) }
    base[Int(parent)].hasLiterals = true
    let fast = length > 16 ? PlainBytes.isPlainSegment(bytes) : TrieBuilder.isPlainLiteral(key, length: length)
    if !fast { base[Int(child)].slowLiteral = true }
    if length > 16 { longLiterals[child] = Array(bytes) }
    return child
  }

  /// Whether `stored` (a long literal's bytes, nil when there is none) holds `bytes`: eight
  /// bytes compared at a time, the last word overlapping the one before it (`elementsEqual`
  /// went through the bytes one by one). Out of line: only literals over 16 bytes need it.
  @inline(never)
  static func sameLongLiteral(_ stored: [UInt8]?, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let stored, stored.count == bytes.count else { return false }
    return stored.withUnsafeBufferPointer { stored in
      let count = bytes.count
      guard count >= 8, let x = stored.baseAddress, let y = bytes.baseAddress else {
        return stored.elementsEqual(bytes)
      }
      var i = 0
      while i &+ 8 < count {
        if UnsafeRawPointer(x + i).loadWord() != UnsafeRawPointer(y + i).loadWord() { return false }
        i &+= 8
      }
      return UnsafeRawPointer(x + (count &- 8)).loadWord() == UnsafeRawPointer(y + (count &- 8)).loadWord()
    }
  }

  /// Whether the fast path may compare a literal of at most 16 bytes raw, read from its key:
  /// ``PlainBytes/isPlainSegment(_:)``, eight bytes at a time. (Inlined into the one caller
  /// that adds an edge: a call of its own cost a third of its instructions.)
  @inline(__always)
  static func isPlainLiteral(_ key: EdgeKey, length: Int) -> Bool {
    if length == 1 && key.head == 0x2E { return false }
    if length == 2 && key.head == 0x2E2E { return false }
    // Bytes 0..<8 are the head's (zero-padded); bytes 8..<length the tail's last ones.
    return PlainBytes.allPlain(key.head, count: min(length, 8))
      && (length <= 8
        || PlainBytes.allPlain(key.tail &>> UInt64(truncatingIfNeeded: (16 &- length) &* 8), count: length &- 8))
  }

  /// Reads the memory a lookup of `parent`'s child over a literal (or, `key` nil, over a
  /// dynamic edge) will read, so that the lookup finds it in the cache; see ``PatternBatch``.
  @inline(__always)
  func touch(_ parent: Int32, _ key: EdgeKey?, length: Int, fromRoot: Bool) -> UInt64 {
    guard let key else {
      return UInt64(truncatingIfNeeded: base[Int(parent)].dynamicChild)
    }
    return fromRoot ? rootEdges.touch(parent, key, length: length) : edges.touch(parent, key, length: length)
  }

  /// The number of an affixed segment's shape (the same for equal shapes), made when missing.
  mutating func affixShape(_ shape: AffixShape) -> Int32 {
    if let number = affixNumbers[shape] { return number }
    let number = Int32(truncatingIfNeeded: affixShapes.count)
    affixShapes.append(shape)
    affixNumbers[shape] = number
    return number
  }

  /// `parent`'s first dynamic child when it is over an edge of `kind` (the usual hit, read
  /// without a call), else -1.
  @inline(__always)
  func firstDynamicChild(of parent: Int32, _ kind: EdgeKind) -> Int32 {
    let node = base + Int(parent)
    return node.pointee.dynamicChild >= 0 && node.pointee.dynamicKind.same(kind) ? node.pointee.dynamicChild : -1
  }

  /// The child of `parent` over a dynamic edge of `kind`, created when missing; `origin` is the
  /// route and pattern being inserted (kept for affixed edges, which diagnostics name).
  mutating func child(of parent: Int32, dynamic kind: EdgeKind, origin: (route: Int32, pattern: Int32)? = nil)
    -> Int32
  {
    let first = firstDynamicChild(of: parent, kind)
    if first >= 0 { return first }
    var id = base[Int(parent)].lastDynamic
    while id >= 0 {
      let edge = dynamics[Int(id)]
      if edge.kind.same(kind) { return edge.child }
      id = edge.next
    }
    let child = newNode()
    if case .affixed = kind, let origin { affixOrigins[child] = origin }
    // (`newNode` may have moved the nodes.)
    let parentNode = base + Int(parent)
    dynamics.append(DynamicEdge(kind: kind, child: child, next: parentNode.pointee.lastDynamic))
    parentNode.pointee.lastDynamic = Int32(truncatingIfNeeded: dynamics.count &- 1)
    if parentNode.pointee.dynamicChild < 0 {
      parentNode.pointee.dynamicChild = child
      parentNode.pointee.dynamicKind = kind
    }
    parentNode.pointee.dynamicCount &+= 1
    return child
  }

  /// The dynamic edges of a node, in precedence order.
  func dynamicEdges(of node: Int) -> [(kind: EdgeKind, child: Int32)] {
    var result: [(kind: EdgeKind, child: Int32)] = []
    var id = nodes[node].lastDynamic
    while id >= 0 {
      result.append((dynamics[Int(id)].kind, dynamics[Int(id)].child))
      id = dynamics[Int(id)].next
    }
    let shapes = affixShapes
    return result.sorted { EdgeKind.precedes($0.kind, $1.kind, shapes: shapes) }
  }

  /// Records that a pattern ends at `node`; returns the terminal's id (ids count up from 0).
  @discardableResult
  mutating func addTerminal(at node: Int32, route: Int, pattern: Int, expansion: Int, unconstrained: Bool) -> Int32 {
    let record = base + Int(node)
    if record.pointee.terminalCount == 0 {
      record.pointee.firstRule = Int32(truncatingIfNeeded: route)
      record.pointee.firstUnconstrained = unconstrained
    }
    if terminalCount == terminalStore.capacity { growTerminals() }
    (terminalBase + terminalCount).initialize(
      to: Terminal(
        route: Int32(truncatingIfNeeded: route), pattern: Int32(truncatingIfNeeded: pattern),
        expansion: Int32(truncatingIfNeeded: expansion), next: record.pointee.lastTerminal))
    terminalCount &+= 1
    record.pointee.lastTerminal = Int32(truncatingIfNeeded: terminalCount &- 1)
    record.pointee.terminalCount &+= 1
    return Int32(truncatingIfNeeded: terminalCount &- 1)
  }

  /// The ids of a node's terminals in insertion order.
  func terminalIDs(at node: Int) -> [Int32] {
    var result: [Int32] = []
    var id = nodes[node].lastTerminal
    while id >= 0 {
      result.append(id)
      id = terminals[Int(id)].next
    }
    return result.reversed()
  }

  @inline(__always)
  private mutating func newNode() -> Int32 {
    if nodeCount == store.capacity { growNodes() }
    (base + nodeCount).initialize(to: Node())
    nodeCount &+= 1
    return Int32(truncatingIfNeeded: nodeCount &- 1)
  }

  @inline(never)
  private mutating func growTerminals() {
    terminalStore = terminalStore.doubled(keeping: terminalCount)
    terminalBase = terminalStore.base
  }

  @inline(never)
  private mutating func growNodes() {
    store = store.doubled(keeping: nodeCount)
    base = store.base
  }
}

/// The memory of a builder's nodes or terminals, freed with the last builder that holds it; on
/// Linux a large block of nodes is advised to use huge pages (nodes are read and written at
/// random while building).
final class BuilderStore<Element> {
  let base: UnsafeMutablePointer<Element>
  let capacity: Int
  private let advisesHugePages: Bool

  init(capacity: Int, advisesHugePages: Bool) {
    self.capacity = capacity
    self.advisesHugePages = advisesHugePages
    base = .allocate(capacity: capacity)
    if advisesHugePages {
      ZeroedMemory.adviseHugePages(UnsafeMutableRawPointer(base), byteCount: capacity * MemoryLayout<Element>.stride)
    }
  }

  /// A store of twice the capacity, holding a copy of the first `count` elements of this one.
  func doubled(keeping count: Int) -> BuilderStore {
    let larger = BuilderStore(capacity: capacity * 2, advisesHugePages: advisesHugePages)
    larger.base.initialize(from: base, count: count)
    return larger
  }

  deinit { base.deallocate() }
}
