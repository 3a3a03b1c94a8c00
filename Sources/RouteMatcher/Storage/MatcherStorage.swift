import RouteTables

/// The compiled matcher's memory: the literal-edge and host hash tables, the node, edge,
/// terminal and constraint records, and the byte pool, each allocated once by the compiler.
///
/// `@unchecked Sendable` is safe here: every stored property is a `let` (pointers and counts set
/// in `init`), the memory they point to is completely written before `init` returns and never
/// written again, and it is freed only in `deinit`, when no router refers to it any more. So any
/// number of threads may read it at once, as they read the immutable arrays of a `let`.
final class MatcherStorage: @unchecked Sendable {
  let slots: UnsafeMutablePointer<EdgeSlot>
  /// A hash maps to slot `hash >> slotShift` (a power of two of them); `slotCount` includes the
  /// probe overflow after them.
  let slotShift: UInt64
  let slotCount: Int
  let hosts: UnsafeMutablePointer<HostSlot>
  let hostMask: Int
  /// The fast host keys by their prefix (``hostPrefix(_:_:)``): the host slot, -1 for none, -2 for
  /// two keys or more; a power of two long, indexed by the top bits of the prefix.
  let hostPrefixes: UnsafeMutablePointer<Int32>
  let hostPrefixShift: UInt64
  /// `nodeCount + 1` records: the last is a sentinel that ends the last node's ranges.
  let nodes: UnsafeMutablePointer<URLTrie.Node>
  let nodeCount: Int
  /// Per node: its ``NodeInfo`` bits, and the rule of its first terminal when that one is fast
  /// (-1 otherwise); small arrays, so that a parameter step touches little memory.
  let infos: UnsafeMutablePointer<UInt8>
  let fastRules: UnsafeMutablePointer<Int32>
  /// Where the literal into a node is in the pool, for the literals longer than 16 bytes: an
  /// open-addressing table of `child << 32 | offset` (all ones when empty), a power of two long.
  let longLiterals: UnsafeMutablePointer<UInt64>
  let longMask: Int
  let dynamic: UnsafeMutablePointer<URLTrie.DynamicEdge>
  let dynamicCount: Int
  /// The terminal records, in the order the compiler made them.
  let terminals: UnsafeMutablePointer<URLTrie.Terminal>
  let terminalCount: Int
  /// The terminals node by node, each node's in precedence order: a node's terminals are
  /// `terminals[terminalOrder[t]]` for `t` in its range. A terminal's position here is what
  /// the search returns.
  let terminalOrder: UnsafeMutablePointer<Int32>
  let constraints: UnsafeMutablePointer<URLTrie.Constraint>
  let constraintCount: Int
  let pool: UnsafeMutablePointer<UInt8>
  let poolCount: Int
  /// The shapes of affixed segments (by the number their edges carry) and their parts.
  let affixes: UnsafeMutablePointer<URLTrie.AffixRecord>
  let affixCount: Int
  let affixParts: UnsafeMutablePointer<URLTrie.AffixPart>
  let affixPartCount: Int
  let hasWildcardHosts: Bool
  /// Whether some pattern's host is a parameter (`myapp://{screen}/…`).
  let hasHostParameters: Bool
  /// Whether a URL whose exact host takes it nowhere may still match under another host key
  /// (a `*.domain` or a host parameter): the fast path then hands it to the general path.
  let hasFallbackHosts: Bool
  /// Whether some pattern has no authority (`mailto:{address}`).
  let hasOpaqueRoutes: Bool
  let caseSensitivePaths: Bool
  /// Whether a raw `+` in a query key or value reads as a space (`plusAsSpaceInQuery`).
  let plusAsSpaceInQuery: Bool
  let strictTrailingSlash: Bool

  struct Parts {
    /// Allocated by the compiler and owned by the storage from then on (the largest part: not copied).
    var slots = UnsafeMutableBufferPointer<EdgeSlot>(start: nil, count: 0)
    var slotShift = 0
    var hosts: [HostSlot] = []
    /// Allocated by the compiler at their final size, written in place and owned by the
    /// storage from then on (not copied).
    var nodes: Records<URLTrie.Node>
    var infos: Records<UInt8>
    var fastRules: Records<Int32>
    var dynamic: Records<URLTrie.DynamicEdge>
    var terminalOrder: Records<Int32>
    var longLiterals: [UInt64] = [.max]
    /// The terminal records in memory the compiler allocated and wrote (nil: none), owned by
    /// the storage from then on (not copied).
    var terminalRecords: UnsafeMutablePointer<URLTrie.Terminal>? = nil
    var terminalRecordCount = 0
    var constraints: [URLTrie.Constraint] = []
    var pool: [UInt8] = []
    var affixes: [URLTrie.AffixRecord] = []
    var affixParts: [URLTrie.AffixPart] = []
    var hasWildcardHosts = false
    var hasHostParameters = false
    var hasOpaqueRoutes = false
    var caseSensitivePaths = true
    var plusAsSpaceInQuery = false
    var strictTrailingSlash = false

    /// Allocates the records for `nodeCount` nodes (and the sentinel), `dynamicCount` dynamic
    /// edges and `terminalCount` terminals.
    init(nodeCount: Int, dynamicCount: Int, terminalCount: Int) {
      nodes = .init(capacity: nodeCount + 1)
      infos = .init(capacity: nodeCount)
      fastRules = .init(capacity: nodeCount)
      dynamic = .init(capacity: dynamicCount)
      terminalOrder = .init(capacity: terminalCount)
    }
  }

  /// Records written one after the other into memory allocated once at its final size (the
  /// compiler knows every count before it writes).
  struct Records<T> {
    let base: UnsafeMutablePointer<T>
    let capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
      self.capacity = capacity
      base = .allocate(capacity: max(capacity, 1))
      ZeroedMemory.adviseHugePages(UnsafeMutableRawPointer(base), byteCount: capacity * MemoryLayout<T>.stride)
    }

    @inline(__always)
    mutating func append(_ value: T) {
      precondition(count < capacity)
      (base + count).initialize(to: value)
      count &+= 1
    }

    /// Counts `written` records as written (the compiler wrote them in place, from ``base`` on).
    mutating func wrote(_ written: Int) {
      precondition(written >= count && written <= capacity)
      count = written
    }

    mutating func append(contentsOf values: [T]) {
      precondition(values.count <= capacity - count)
      values.withUnsafeBufferPointer {
        _ = UnsafeMutableBufferPointer(start: base + count, count: $0.count).initialize(fromContentsOf: $0)
      }
      count &+= values.count
    }

    @inline(__always)
    subscript(index: Int) -> T {
      get { base[index] }
      nonmutating set { base[index] = newValue }
    }
  }

  init(_ parts: Parts) {
    func copy<T>(_ array: [T], spare: Int = 0, filler: T? = nil) -> UnsafeMutablePointer<T> {
      let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(array.count + spare, 1))
      array.withUnsafeBufferPointer {
        _ = UnsafeMutableBufferPointer(start: pointer, count: array.count).initialize(fromContentsOf: $0)
      }
      if let filler, spare > 0 { (pointer + array.count).initialize(repeating: filler, count: spare) }
      return pointer
    }
    slots = parts.slots.baseAddress ?? copy([EdgeSlot.empty])
    slotShift = UInt64(parts.slotShift)
    slotCount = parts.slots.count
    hosts = copy(parts.hosts)
    hostMask = parts.hosts.count - 1
    (hostPrefixes, hostPrefixShift) = MatcherStorage.prefixTable(parts.hosts, parts.pool)
    nodes = parts.nodes.base
    nodeCount = parts.nodes.count - 1
    infos = parts.infos.base
    fastRules = parts.fastRules.base
    longLiterals = copy(parts.longLiterals)
    longMask = parts.longLiterals.count - 1
    dynamic = parts.dynamic.base
    dynamicCount = parts.dynamic.count
    terminals = parts.terminalRecords ?? copy([URLTrie.Terminal]())
    terminalCount = parts.terminalRecordCount
    terminalOrder = parts.terminalOrder.base
    constraints = copy(parts.constraints)
    constraintCount = parts.constraints.count
    // Eight spare bytes so that word compares of pool bytes never read past the allocation.
    pool = copy(parts.pool, spare: 8, filler: 0)
    poolCount = parts.pool.count
    affixes = copy(parts.affixes)
    affixCount = parts.affixes.count
    affixParts = copy(parts.affixParts)
    affixPartCount = parts.affixParts.count
    hasWildcardHosts = parts.hasWildcardHosts
    hasHostParameters = parts.hasHostParameters
    hasFallbackHosts = parts.hasWildcardHosts || parts.hasHostParameters
    hasOpaqueRoutes = parts.hasOpaqueRoutes
    caseSensitivePaths = parts.caseSensitivePaths
    plusAsSpaceInQuery = parts.plusAsSpaceInQuery
    strictTrailingSlash = parts.strictTrailingSlash
  }

  deinit {
    slots.deallocate()
    hosts.deallocate()
    hostPrefixes.deallocate()
    nodes.deallocate()
    infos.deallocate()
    fastRules.deallocate()
    longLiterals.deallocate()
    dynamic.deallocate()
    terminals.deallocate()
    terminalOrder.deallocate()
    constraints.deallocate()
    pool.deallocate()
    affixes.deallocate()
    affixParts.deallocate()
  }

  /// The bytes this storage holds.
  var byteCount: Int {
    slotCount * MemoryLayout<EdgeSlot>.stride + (hostMask + 1) * MemoryLayout<HostSlot>.stride
      + (1 << (64 - Int(hostPrefixShift))) * 4
      + (nodeCount + 1) * MemoryLayout<URLTrie.Node>.stride + nodeCount * 5 + (longMask + 1) * 8
      + dynamicCount * MemoryLayout<URLTrie.DynamicEdge>.stride + terminalCount * MemoryLayout<URLTrie.Terminal>.stride
      + terminalCount * 4 + constraintCount * MemoryLayout<URLTrie.Constraint>.stride + poolCount + 8
      + affixCount * MemoryLayout<URLTrie.AffixRecord>.stride + affixPartCount * MemoryLayout<URLTrie.AffixPart>.stride
  }

  /// The terminal at position `t` of ``terminalOrder``.
  @inline(__always)
  func terminal(at t: Int32) -> URLTrie.Terminal {
    terminals[Int(terminalOrder[Int(t)])]
  }

  /// The terminals of a node: positions `start ..< start + count` of ``terminalOrder``.
  @inline(__always)
  func terminalRange(_ node: Int32) -> (start: Int32, count: Int32) {
    let start = nodes[Int(node)].terminalStart
    return (start, nodes[Int(node) &+ 1].terminalStart &- start)
  }

  /// The dynamic edges of a node: `start ..< end` in ``dynamic``.
  @inline(__always)
  func dynamicRange(_ node: Int32) -> (start: Int, end: Int) {
    (Int(nodes[Int(node)].dynamicStart), Int(nodes[Int(node) &+ 1].dynamicStart))
  }

  // MARK: - Literal edges

  /// The slot of the literal edge from `parent` whose segment has this key and length, or -1.
  /// `bytes` points at the segment (read only for segments over 16 bytes).
  @inline(__always)
  func findEdge(parent: Int32, _ key: EdgeKey, length: Int, _ bytes: UnsafePointer<UInt8>) -> Int {
    // The first probe nearly always decides (the table is sparse); the rest is out of line.
    let index = slotIndex(parent: parent, key, length: length)
    let slot = slots[index]
    if slot.head == key.head && slot.tail == key.tail
      && slot.key &>> 16 == EdgeSlot.keyBits(parent: parent, length: length) &>> 16
      && length <= 16
    {
      return index
    }
    if slot.key == .max { return -1 }
    return findEdgeProbing(parent: parent, key, length: length, bytes, from: index)
  }

  /// ``findEdge(parent:_:length:_:)`` from slot `index` on: more probes, long segments.
  @inline(never)
  func findEdgeProbing(parent: Int32, _ key: EdgeKey, length: Int, _ bytes: UnsafePointer<UInt8>, from start: Int)
    -> Int
  {
    let want = EdgeSlot.keyBits(parent: parent, length: length) &>> 16
    var index = start
    while true {
      let slot = slots[index]
      if slot.head == key.head && slot.key &>> 16 == want && slot.tail == key.tail {
        if length <= 16 || middleEqual(bytes, length, child: slot.child) { return index }
      }
      if slot.key == .max { return -1 }
      index &+= 1
    }
  }

  @inline(__always)
  func slotIndex(parent: Int32, _ key: EdgeKey, length: Int) -> Int {
    Int(truncatingIfNeeded: MatcherStorage.hash(parent: parent, key, length: length) &>> slotShift)
  }

  @inline(__always)
  static func hash(parent: Int32, _ key: EdgeKey, length: Int) -> UInt64 {
    (key.head &+ (key.tail ^ EdgeSlot.keyBits(parent: parent, length: length))) &* 0x9E37_79B9_7F4A_7C15
  }

  /// Whether bytes 8 ..< length-8 equal those of the literal that leads to `child` (the head
  /// and tail words already matched).
  @inline(never)
  func middleEqual(_ bytes: UnsafePointer<UInt8>, _ length: Int, child: Int32) -> Bool {
    var index = MatcherStorage.longIndex(child) & longMask
    while true {
      let entry = longLiterals[index]
      if entry == .max { return false }
      if UInt32(truncatingIfNeeded: entry &>> 32) == UInt32(bitPattern: child) { break }
      index = (index &+ 1) & longMask
    }
    let offset = Int(UInt32(truncatingIfNeeded: longLiterals[index]))
    var i = 8
    let end = length &- 8
    while i < end {
      if bytes[i] != pool[offset &+ i] { return false }
      i &+= 1
    }
    return true
  }

  @inline(__always)
  static func longIndex(_ child: Int32) -> Int {
    Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: child)) &* 0x9E37_79B9_7F4A_7C15) &>> 40)
  }

  /// The child over a literal segment held in a buffer (the general path), or -1.
  func lookup(parent: Int32, _ segment: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard let base = segment.baseAddress, segment.count > 0, segment.count < 0x1_0000 else { return -1 }
    let index = findEdge(parent: parent, EdgeKey(segment), length: segment.count, base)
    return index < 0 ? -1 : slots[index].child
  }

  // MARK: - Hosts

  /// The host slot whose key equals `key`, or -1.
  @inline(__always)
  func findHost(_ key: UnsafePointer<UInt8>, length: Int) -> Int {
    let hash = MatcherStorage.hostHash(key, length: length)
    var index = Int(truncatingIfNeeded: hash) & hostMask
    while true {
      let slot = hosts[index]
      if slot.length < 0 { return -1 }
      if slot.hash == hash && Int(slot.length) == length
        && MatcherStorage.bytesEqual(key, pool + Int(slot.offset), length)
      {
        return index
      }
      index = (index &+ 1) & hostMask
    }
  }

  /// Whether the URL bytes start with the key of host slot `slot`, followed by '/' or the end,
  /// and the key is one the fast path may take.
  @inline(__always)
  func hostKeyStarts(_ p: UnsafePointer<UInt8>, _ n: Int, slot: Int) -> Bool {
    let host = hosts[slot]
    let length = Int(host.length)
    guard host.info & NodeInfo.fastHost != 0 && length >= 8 && length <= n else { return false }
    guard length == n || p[length] == UInt8(ascii: "/") else { return false }
    let key = pool + Int(host.offset)
    // The first and the last eight bytes, and any in between.
    guard UnsafeRawPointer(p).loadWord() == UnsafeRawPointer(key).loadWord() else { return false }
    var i = 8
    while i &+ 8 < length {
      if UnsafeRawPointer(p + i).loadWord() != UnsafeRawPointer(key + i).loadWord() { return false }
      i &+= 8
    }
    return UnsafeRawPointer(p + (length &- 8)).loadWord() == UnsafeRawPointer(key + (length &- 8)).loadWord()
  }

  /// ``findFastHost(_:_:)``, first through the table of the fast keys' prefixes: the slot the
  /// URL's prefix leads to, when the URL starts with its key (as ``hostKeyStarts(_:_:slot:)``
  /// checks the host of the URL before), is the one ``findFastHost(_:_:)`` would find (those keys
  /// hold their scheme's `:` in their first eight bytes, where it looks first), for about a
  /// third of its instructions. A URL that starts with a fast key followed by a `?` or a `#`
  /// (`notes://new?title=…`) gives `-3 - slot`: ``findFastHost(_:_:)`` would say -2 (its
  /// authority ends there), and the walk of the path before the query will want that slot.
  /// Needs `8 <= n`.
  @inline(never)
  func lookUpFastHost(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    let slot = Int(hostPrefixes[Int(truncatingIfNeeded: MatcherStorage.hostPrefix(p, n) &>> hostPrefixShift)])
    if slot >= 0 {
      if hostKeyStarts(p, n, slot: slot) { return slot }
      let length = Int(hosts[slot].length)
      if length < n && (p[length] == 0x3F || p[length] == 0x23) && hostKeyStarts(p, length, slot: slot) {
        return -3 &- slot
      }
    }
    return findFastHost(p, n)
  }

  /// A hash of the URL's first eight bytes and of the bytes from 8 to 16 that come before a `/`,
  /// `?` or `#` (all of them when none is): the same for every URL whose host key is the same
  /// fast key (whose `/`, `?`, `#` or end after the key is where the second word's bytes stop,
  /// when the key is shorter than 16 bytes). Needs `8 <= n`.
  @inline(__always)
  static func hostPrefix(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
    let second = n > 8 ? URLTrie.word(p, at: 8, n) : 0
    let marks =
      URLTrie.zeroBytes(second ^ URLTrie.repeated(0x2F)) | URLTrie.zeroBytes(second ^ URLTrie.repeated(0x3F))
      | URLTrie.zeroBytes(second ^ URLTrie.repeated(0x23))
    // The bytes below the first mark (the lowest mark of each test is exact): all when there is none.
    let below = ((marks & (0 &- marks)) &>> 7) &- 1
    return (UnsafeRawPointer(p).loadWord() &* 0x9E37_79B9_7F4A_7C15 ^ second & below) &* 0xC2B2_AE3D_27D4_EB4F
  }

  /// The table of ``hostPrefixes``: each fast key of at least eight bytes whose scheme's `:` is in
  /// its first eight, by the prefix of the key followed by a `/`; at least four entries a key.
  static func prefixTable(_ hosts: [HostSlot], _ pool: [UInt8]) -> (UnsafeMutablePointer<Int32>, UInt64) {
    var keys: [(prefix: UInt64, slot: Int32)] = []
    for (index, host) in hosts.enumerated() where host.length >= 8 && host.info & NodeInfo.fastHost != 0 {
      var key = Array(pool[Int(host.offset)..<Int(host.offset) + Int(host.length)])
      guard key[0..<8].contains(UInt8(ascii: ":")) else { continue }
      key.append(UInt8(ascii: "/"))
      let prefix = key.withUnsafeBufferPointer { hostPrefix($0.baseAddress!, $0.count) }
      keys.append((prefix, Int32(truncatingIfNeeded: index)))
    }
    var bits = 4
    while 1 << bits < 4 * keys.count { bits += 1 }
    let table = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << bits)
    table.initialize(repeating: -1, count: 1 << bits)
    let shift = UInt64(64 - bits)
    for (prefix, slot) in keys {
      let index = Int(truncatingIfNeeded: prefix &>> shift)
      table[index] = table[index] == -1 ? slot : -2
    }
    return (table, shift)
  }

  /// The host slot of the URL's host key (everything before the first '/' after `scheme://`)
  /// when the fast path may take it; -1 when no key of the table is these bytes and they hold
  /// no `?` or `#` (``URLTrie/unknownHost(_:_:_:)`` may still decide the URL); -2 when the URL
  /// has no `scheme://` in its first bytes or its key is one the fast path does not take.
  @inline(never)
  func findFastHost(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    // The scheme ends at the first ':' (looked for in the first 24 bytes); "//" follows.
    var i = 0
    var colons = URLTrie.zeroBytes(UnsafeRawPointer(p).loadWord() ^ URLTrie.repeated(0x3A))
    while colons == 0 {
      i &+= 8
      guard i < 24 && i &+ 8 <= n else { return -2 }
      colons = URLTrie.zeroBytes(UnsafeRawPointer(p + i).loadWord() ^ URLTrie.repeated(0x3A))
    }
    let colon = i &+ colons.trailingZeroBitCount &>> 3
    guard colon &+ 3 <= n && p[colon &+ 1] == 0x2F && p[colon &+ 2] == 0x2F else { return -2 }
    // The authority ends at the first '/', '?' or '#'. (A '?' or '#' first: no key holds one,
    // and the query is read after a path that ends there.)
    let hostEnd = URLTrie.findAuthorityEnd(p, from: colon &+ 3, n)
    guard hostEnd == n || p[hostEnd] == 0x2F else { return -2 }
    let h = findHost(p, length: hostEnd)
    guard h >= 0 else { return -1 }
    guard hosts[h].info & NodeInfo.fastHost != 0 else { return -2 }
    return h
  }

  @inline(__always)
  static func hostHash(_ key: UnsafePointer<UInt8>, length: Int) -> UInt64 {
    let k = EdgeKey(UnsafeBufferPointer(start: key, count: length))
    return hash(parent: -1, k, length: length) &>> 20
  }

  @inline(__always)
  static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    if count >= 8 {
      // Words, the last one ending at `count` (it may overlap the one before).
      while i &+ 8 < count {
        if UnsafeRawPointer(a + i).loadWord() != UnsafeRawPointer(b + i).loadWord() { return false }
        i &+= 8
      }
      let last = count &- 8
      return UnsafeRawPointer(a + last).loadWord() == UnsafeRawPointer(b + last).loadWord()
    }
    while i < count {
      if a[i] != b[i] { return false }
      i &+= 1
    }
    return true
  }
}
