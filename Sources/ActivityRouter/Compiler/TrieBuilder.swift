/// The segment trie used only while compiling, kept flat so that building it costs little per
/// rule: nodes are numbers, every literal edge lives in one open-addressing hash table keyed by
/// (parent, bytes) over a byte pool, and each node's literal children, dynamic edges and
/// terminals are singly linked lists threaded through arrays. No per-node objects, no `Hasher`.
///
/// Node 0 is the root; its literal edges are the host keys (`scheme://host[:port]`).
struct TrieBuilder {
  struct LiteralEdge {
    var parent: Int32
    var child: Int32
    var offset: Int32
    var length: Int32
    /// The next literal edge of the same parent, or -1.
    var next: Int32
  }

  struct DynamicEdge {
    var kind: EdgeKind
    var child: Int32
    var next: Int32
  }

  /// One pattern (or one expansion of a pattern with optional segments) that ends at a node.
  struct Terminal {
    var rule: Int32
    var pattern: Int32
    /// The index in the compiler's list of expanded patterns, or -1 for a pattern without
    /// optional segments (its only expansion is the pattern itself).
    var expansion: Int32
    var next: Int32
  }

  private(set) var firstLiteral: [Int32] = [-1]
  private(set) var firstDynamic: [Int32] = [-1]
  private(set) var firstTerminal: [Int32] = [-1]
  private(set) var terminalCount: [Int32] = [0]
  private(set) var literals: [LiteralEdge] = []
  private(set) var dynamics: [DynamicEdge] = []
  private(set) var terminals: [Terminal] = []
  private(set) var pool: [UInt8] = []
  /// Literal edge ids by hash; -1 is empty. The size is a power of two, at most half full.
  private var table: [Int32]
  private var mask: Int

  var nodeCount: Int { firstLiteral.count }

  init(expectedEdges: Int = 16) {
    var size = 16
    while size < expectedEdges * 2 { size <<= 1 }
    table = Array(repeating: -1, count: size)
    mask = size - 1
  }

  /// The child of `parent` over the literal `bytes`, created when missing.
  mutating func child(of parent: Int32, literal bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let hash = TrieBuilder.hash(parent, bytes)
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let id = table[index]
      if id < 0 { break }
      let edge = literals[Int(id)]
      if edge.parent == parent && Int(edge.length) == bytes.count && poolEquals(Int(edge.offset), bytes) {
        return edge.child
      }
      index = (index &+ 1) & mask
    }
    let child = newNode()
    let id = Int32(literals.count)
    literals.append(LiteralEdge(
      parent: parent, child: child, offset: Int32(pool.count), length: Int32(bytes.count),
      next: firstLiteral[Int(parent)]))
    firstLiteral[Int(parent)] = id
    pool.append(contentsOf: bytes)
    table[index] = id
    if literals.count * 2 > table.count { grow() }
    return child
  }

  /// The child of `parent` over a dynamic edge of `kind`, created when missing.
  mutating func child(of parent: Int32, dynamic kind: EdgeKind) -> Int32 {
    var id = firstDynamic[Int(parent)]
    while id >= 0 {
      let edge = dynamics[Int(id)]
      if edge.kind == kind { return edge.child }
      id = edge.next
    }
    let child = newNode()
    dynamics.append(DynamicEdge(kind: kind, child: child, next: firstDynamic[Int(parent)]))
    firstDynamic[Int(parent)] = Int32(dynamics.count - 1)
    return child
  }

  /// Records that a pattern ends at `node`.
  mutating func addTerminal(at node: Int32, rule: Int, pattern: Int, expansion: Int) {
    terminals.append(Terminal(
      rule: Int32(rule), pattern: Int32(pattern), expansion: Int32(expansion), next: firstTerminal[Int(node)]))
    firstTerminal[Int(node)] = Int32(terminals.count - 1)
    terminalCount[Int(node)] += 1
  }

  /// The terminals of a node in insertion order.
  func terminals(at node: Int) -> [Terminal] {
    var result: [Terminal] = []
    var id = firstTerminal[node]
    while id >= 0 {
      result.append(terminals[Int(id)])
      id = terminals[Int(id)].next
    }
    return result.reversed()
  }

  /// Inserts one expanded pattern (the general path, for patterns with optional segments).
  mutating func insert(_ pattern: ExpandedPattern, expansion: Int) {
    var node = pattern.hostKey.withUnsafeBufferPointer { child(of: 0, literal: $0) }
    for edge in pattern.edges {
      if edge.kind == .literal {
        node = edge.literal.withUnsafeBufferPointer { child(of: node, literal: $0) }
      } else {
        node = child(of: node, dynamic: edge.kind)
      }
    }
    addTerminal(at: node, rule: pattern.rule, pattern: pattern.pattern, expansion: expansion)
  }

  private mutating func newNode() -> Int32 {
    firstLiteral.append(-1)
    firstDynamic.append(-1)
    firstTerminal.append(-1)
    terminalCount.append(0)
    return Int32(firstLiteral.count - 1)
  }

  private func poolEquals(_ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    pool.withUnsafeBufferPointer { pool in
      var i = 0
      while i < bytes.count {
        if pool[offset &+ i] != bytes[i] { return false }
        i &+= 1
      }
      return true
    }
  }

  private mutating func grow() {
    let size = table.count * 2
    table = Array(repeating: -1, count: size)
    mask = size - 1
    for (id, edge) in literals.enumerated() {
      let hash = pool.withUnsafeBufferPointer {
        TrieBuilder.hash(edge.parent, UnsafeBufferPointer(rebasing: $0[Int(edge.offset)..<Int(edge.offset + edge.length)]))
      }
      var index = Int(truncatingIfNeeded: hash) & mask
      while table[index] >= 0 { index = (index &+ 1) & mask }
      table[index] = Int32(id)
    }
  }

  /// A multiply-shift hash of (parent, first and last eight bytes, length).
  static func hash(_ parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let key = EdgeKey(bytes)
    var h = (key.head &+ (key.tail ^ UInt64(bytes.count))) &* 0x9E37_79B9_7F4A_7C15
    h ^= UInt64(UInt32(bitPattern: parent)) &* 0xC2B2_AE3D_27D4_EB4F
    return (h ^ (h &>> 31)) &* 0x1656_67B1_9E37_79F9 &>> 16
  }
}
