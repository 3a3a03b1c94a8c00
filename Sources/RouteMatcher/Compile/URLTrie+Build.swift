import RouteEvents
import RouteTables

extension URLTrie {
  /// Flattens a built trie.
  ///
  /// - Parameters:
  ///   - records: the terminal records, in the order of the builder's terminal ids.
  ///   - sorted: the terminal ids, in precedence order, of every node where more than one pattern ends.
  init(_ builder: TrieBuilder, records: inout TerminalRecords, sorted: [Int32: [Int32]], options: RoutingOptions) {
    let strict = options.trailingSlash == .strict
    let nodeCount = builder.nodeCount
    let built = builder.nodes

    // Number the nodes so that a node whose only child is a `{name}`, `{name:int}` or
    // `{name:uuid}` parameter, or one affixed segment the fast loop steps over (see
    // NodeInfo.oneAffix), has it at the next number: in the builder's order, each such chain
    // of nodes together. One pass, in the order the nodes were made, so it reads memory mostly
    // in order.
    // Its only child an affixed segment with one untyped capture and literals of fast bytes
    // around it, and its shape's number small enough for the node's bits (NodeInfo.affixShapeShift).
    func oneAffix(_ node: UnsafePointer<TrieBuilder.Node>) -> Bool {
      guard !node.pointee.hasLiterals && node.pointee.dynamicCount == 1 && !node.pointee.slowLiteral,
        case .affixed(let k) = node.pointee.dynamicKind, k >= 0, Int(k) < builder.affixShapes.count,
        UInt32(k) <= UInt32.max >> NodeInfo.affixShapeShift
      else { return false }
      let shape = builder.affixShapes[Int(k)]
      return shape.captureCount == 1 && shape.typedCount == 0 && shape.literalsArePlain
    }
    let nodesBase = built.baseAddress!
    // Per node: 1 when its only child follows it (a parameter or one affix), 2 when it follows
    // its parent, 4 when it is `parameterOnly`, 8 when it is `oneAffix`; computed once.
    // (In zeroed memory: a large trie's flags need no pass to zero them.)
    let chainMemory = ZeroedMemory(byteCount: max(nodeCount, 1))
    let chain = UnsafeMutableBufferPointer(
      start: chainMemory.base.bindMemory(to: UInt8.self, capacity: max(nodeCount, 1)), count: nodeCount)
    do {
      for node in 0..<nodeCount {
        let record = nodesBase + node
        // (The usual node has literals or no dynamic child or several: one test, no call.)
        guard !record.pointee.hasLiterals && record.pointee.dynamicCount == 1 else { continue }
        let flag: UInt8
        switch record.pointee.dynamicKind {
        case .string, .int, .uuid: flag = 4
        case .affixed: flag = oneAffix(record) ? 8 : 0
        default: flag = 0
        }
        if flag != 0 {
          chain[node] |= 1 | flag
          chain[Int(record.pointee.dynamicChild)] |= 2
        }
      }
    }
    var number = [Int32](repeating: -1, count: nodeCount)
    // The builder's node at each new number (every node gets one: a chain starts at each node
    // that does not follow its parent, and a follower is in its parent's chain).
    var order = [Int32](repeating: 0, count: nodeCount)
    do {
      number.withUnsafeMutableBufferPointer { number in
        order.withUnsafeMutableBufferPointer { order in
          var next = 0
          for start in 0..<nodeCount where chain[start] & 2 == 0 {
            var node = start
            while true {
              precondition(next < nodeCount)
              number[node] = Int32(truncatingIfNeeded: next)
              order[next] = Int32(truncatingIfNeeded: node)
              next &+= 1
              guard chain[node] & 1 != 0 else { break }
              node = Int(nodesBase[node].dynamicChild)
            }
          }
          precondition(next == nodeCount)
        }
      }
    }

    var parts = MatcherStorage.Parts(
      nodeCount: nodeCount, dynamicCount: builder.dynamics.count, terminalCount: records.terminals.count)
    // What a slot needs of the node an edge leads to, by the builder's node number: one read
    // per slot instead of a renumbering followed by reads of the node's bits and fast route.
    let renumbered = UnsafeMutableBufferPointer<Renumbered>.allocate(capacity: max(nodeCount, 1))
    defer { renumbered.deallocate() }
    ZeroedMemory.adviseHugePages(
      UnsafeMutableRawPointer(renumbered.baseAddress!), byteCount: renumbered.count * MemoryLayout<Renumbered>.stride)
    // The records written in place at their new number (each is allocated at its final size:
    // the node loop makes no append and keeps its counts in registers).
    let nodesOut = parts.nodes.base
    let infosOut = parts.infos.base
    let rulesOut = parts.fastRules.base
    let dynamicOut = parts.dynamic.base
    let dynamicCapacity = parts.dynamic.capacity
    let orderOut = parts.terminalOrder.base
    let orderCapacity = parts.terminalOrder.capacity
    var dynamicCount = 0
    var terminalCount = 0
    order.withUnsafeBufferPointer { order in
      do {
        number.withUnsafeBufferPointer { number in
          for new in 0..<order.count {
            let old = Int(order[new])
            let source = nodesBase + old
            let dynamics = source.pointee.dynamicCount
            let kind = source.pointee.dynamicKind
            let hasLiterals = source.pointee.hasLiterals
            let dynamicStart = Int32(truncatingIfNeeded: dynamicCount)
            // Whether every dynamic child is decided on one segment (see NodeInfo.competing).
            var competing = true
            if dynamics == 1 {
              precondition(dynamicCount < dynamicCapacity)
              (dynamicOut + dynamicCount).initialize(
                to: DynamicEdge(kind: kind, child: number[Int(source.pointee.dynamicChild)]))
              dynamicCount &+= 1
              competing = kind.decidedOnOneSegment
            } else if dynamics > 1 {
              for edge in builder.dynamicEdges(of: old) {
                precondition(dynamicCount < dynamicCapacity)
                (dynamicOut + dynamicCount).initialize(to: DynamicEdge(kind: edge.kind, child: number[Int(edge.child)]))
                dynamicCount &+= 1
                competing = competing && edge.kind.decidedOnOneSegment
              }
            }
            let terminalStart = Int32(truncatingIfNeeded: terminalCount)
            let terminals = source.pointee.terminalCount
            var firstRule = source.pointee.firstRule
            var firstUnconstrained = source.pointee.firstUnconstrained
            if terminals == 1 {
              precondition(terminalCount < orderCapacity)
              (orderOut + terminalCount).initialize(to: source.pointee.lastTerminal)
              terminalCount &+= 1
            } else if terminals > 1, let ids = sorted[Int32(truncatingIfNeeded: old)] {
              precondition(ids.count <= orderCapacity &- terminalCount)
              for id in ids {
                (orderOut + terminalCount).initialize(to: id)
                terminalCount &+= 1
              }
              let first = records.terminals[Int(ids[0])]
              firstRule = first.route
              firstUnconstrained = first.constraintCount == 0
            }

            let bits = chain[old]
            var info: UInt32
            if bits & 4 != 0 {
              switch kind {
              case .int: info = NodeInfo.intOnly
              case .uuid: info = NodeInfo.uuidOnly
              default: info = NodeInfo.parameterOnly
              }
            } else if dynamics == 0 {
              info = hasLiterals ? NodeInfo.literalsOnly : NodeInfo.leaf
            } else {
              info = competing ? NodeInfo.competing : NodeInfo.general
              if competing && hasLiterals { info |= NodeInfo.hasLiteralChildren }
              if bits & 8 != 0, case .affixed(let k) = kind {
                info |= NodeInfo.oneAffix | UInt32(k) << NodeInfo.affixShapeShift
              }
              if !competing && !hasLiterals && dynamics == 1, case .catchAll = kind {
                info |= NodeInfo.oneCatchAll
              }
            }
            if source.pointee.slowLiteral { info = NodeInfo.restart }
            var fastRule = Int32(-1)
            if terminals > 0 {
              info |= NodeInfo.hasTerminals
              if !strict && firstUnconstrained {
                info |= NodeInfo.fastTerminal
                fastRule = firstRule
              }
            }
            renumbered[old] = Renumbered(
              number: Int32(truncatingIfNeeded: new), route: fastRule, info: UInt8(truncatingIfNeeded: info))
            (nodesOut + new).initialize(to: Node(terminalStart: terminalStart, dynamicStart: dynamicStart, info: info))
            (infosOut + new).initialize(to: UInt8(truncatingIfNeeded: info))
            (rulesOut + new).initialize(to: fastRule)
          }
        }
      }
    }
    withExtendedLifetime(chainMemory) {}  // (`chain` is read up to here)
    parts.nodes.wrote(order.count)
    parts.infos.wrote(order.count)
    parts.fastRules.wrote(order.count)
    parts.dynamic.wrote(dynamicCount)
    parts.terminalOrder.wrote(terminalCount)
    parts.nodes.append(
      Node(
        terminalStart: Int32(truncatingIfNeeded: parts.terminalOrder.count),
        dynamicStart: Int32(truncatingIfNeeded: parts.dynamic.count), info: 0))

    // The path literals, renumbered, into the slot table; the long ones' bytes into the pool.
    var pool: [UInt8] = []
    var long: [(child: Int32, offset: Int32)] = []
    for (old, bytes) in builder.longLiterals {
      long.append((number[Int(old)], Int32(truncatingIfNeeded: pool.count)))
      pool.append(contentsOf: bytes)
    }
    var longTable = [UInt64](repeating: .max, count: URLTrie.powerOfTwo(atLeast: max(1, long.count * 2)))
    for (child, offset) in long {
      var index = MatcherStorage.longIndex(child) & (longTable.count - 1)
      while longTable[index] != .max { index = (index + 1) & (longTable.count - 1) }
      longTable[index] = UInt64(UInt32(bitPattern: child)) << 32 | UInt64(UInt32(bitPattern: offset))
    }
    parts.longLiterals = longTable
    (parts.slots, parts.slotShift) = number.withUnsafeBufferPointer { number in
      URLTrie.slotTable(
        [builder.rootEdges.slots, builder.edges.slots], edgeCount: builder.edgeCount, number: number,
        children: UnsafeBufferPointer(renumbered))
    }

    // The host keys.
    var hosts = [HostSlot](repeating: .empty, count: max(8, URLTrie.powerOfTwo(atLeast: builder.hosts.count * 2)))
    let hostMask = hosts.count - 1
    for host in builder.hosts {
      let offset = Int32(truncatingIfNeeded: pool.count)
      pool.append(contentsOf: host.key)
      let root = number[Int(host.node)]
      if HostParameterKey.isParameterKey(host.key) {
        parts.hasHostParameters = true
      } else if host.key.contains(UInt8(ascii: "*")) {
        parts.hasWildcardHosts = true
      }
      if !host.key.contains(UInt8(ascii: "/")) { parts.hasOpaqueRoutes = true }  // `scheme:`
      var info = parts.nodes[Int(root)].info & 0xFF
      let fast = host.key.withUnsafeBufferPointer { options.caseSensitivePaths && URLTrie.fastPathTakes(hostKey: $0) }
      if fast { info |= NodeInfo.fastHost }
      let hash = host.key.withUnsafeBufferPointer { MatcherStorage.hostHash($0.baseAddress!, length: $0.count) }
      var index = Int(truncatingIfNeeded: hash) & hostMask
      while hosts[index].length >= 0 { index = (index &+ 1) & hostMask }
      hosts[index] = HostSlot(
        hash: hash, offset: offset, length: Int32(truncatingIfNeeded: host.key.count), root: root, info: info,
        route: parts.fastRules[Int(root)])
    }
    parts.hosts = hosts

    // The constraint strings follow in the pool.
    var constraints = records.constraints
    let base = Int32(truncatingIfNeeded: pool.count)
    for i in constraints.indices {
      constraints[i].nameStart &+= base
      constraints[i].literalStart &+= base
    }
    pool.append(contentsOf: records.constraintBytes)
    // The shapes of affixed segments, their literal bytes last in the pool.
    for shape in builder.affixShapes {
      parts.affixes.append(
        AffixRecord(
          partStart: Int32(truncatingIfNeeded: parts.affixParts.count),
          partCount: Int32(truncatingIfNeeded: shape.parts.count),
          literalLength: Int32(truncatingIfNeeded: shape.literalLength),
          captureCount: Int32(truncatingIfNeeded: shape.captureCount),
          typedCount: Int32(truncatingIfNeeded: shape.typedCount)))
      parts.affixes[parts.affixes.count - 1].setEnds(shape.parts)
      for part in shape.parts {
        switch part {
        case .literal(let bytes):
          parts.affixParts.append(
            AffixPart(
              isLiteral: true, type: .string, literalStart: Int32(truncatingIfNeeded: pool.count),
              literalLength: Int32(truncatingIfNeeded: bytes.count)))
          pool.append(contentsOf: bytes)
        case .capture(let type):
          parts.affixParts.append(AffixPart(isLiteral: false, type: type, literalStart: 0, literalLength: 0))
        }
      }
    }
    parts.pool = pool
    (parts.terminalRecords, parts.terminalRecordCount) = records.terminals.takeMemory()
    parts.constraints = constraints
    parts.caseSensitivePaths = options.caseSensitivePaths
    parts.plusAsSpaceInQuery = options.plusAsSpaceInQuery
    parts.strictTrailingSlash = strict
    storage = MatcherStorage(parts)
    // The records' names and types, moved into arrays of their count (no copy of a name).
    names = records.names.takeArray()
    captureTypes = records.captureTypes.takeArray()
    constants = records.constants
    fragmentPaths = records.fragmentPaths
    queryAffixes = records.queryAffixes
  }

  /// A node's new number, and what an edge's slot holds of it: its ``NodeInfo`` bits (the low
  /// eight) and the rule of its first terminal when that one is fast (-1 otherwise).
  struct Renumbered {
    var number: Int32
    var route: Int32
    var info: UInt8
  }

  /// The literal-edge slots: a power of two of home slots, at least 8 times the edge count while
  /// that takes at most 1 MiB (a probe then nearly always hits at once), else at least 1.5 times
  /// (1.5 to 2 probes per hit), then room for probes to run past the last one (the very last slot
  /// always stays empty, so every probe stops). The builder's slots
  /// are renumbered; each gets its child's node bits and fast route. Returns the slots (allocated
  /// here, for ``MatcherStorage`` to own) and the shift that maps a hash to a home slot.
  ///
  /// The slots are written 32 at a time: first each one's home slot is read (the reads do not
  /// depend on each other, so the processor waits for their cache misses at once), then the 32
  /// are placed.
  static func slotTable(
    _ built: [UnsafeMutableBufferPointer<EdgeSlot>], edgeCount: Int, number: UnsafeBufferPointer<Int32>,
    children: UnsafeBufferPointer<Renumbered>
  ) -> (UnsafeMutableBufferPointer<EdgeSlot>, Int) {
    var bits = 4
    let sparse = edgeCount * 8 <= (1 << 20) / MemoryLayout<EdgeSlot>.stride
    while 1 << bits < (sparse ? edgeCount * 8 : edgeCount + edgeCount / 2) { bits += 1 }
    let chunk = 32
    var pending = [(index: Int, free: Bool, slot: EdgeSlot)](repeating: (0, false, .empty), count: chunk)
    while true {
      let shift = 64 - bits
      let slots = UnsafeMutableBufferPointer<EdgeSlot>.allocate(capacity: (1 << bits) + 64)
      ZeroedMemory.adviseHugePages(
        UnsafeMutableRawPointer(slots.baseAddress!), byteCount: slots.count * MemoryLayout<EdgeSlot>.stride)
      slots.initialize(repeating: .empty)
      var fits = true
      pending.withUnsafeMutableBufferPointer { pending in
        var count = 0
        func place() {
          for k in 0..<count { pending[k].free = slots[pending[k].index].key == .max }
          for k in 0..<count {
            var index = pending[k].index
            if !pending[k].free || slots[index].key != .max {  // (placed since it was read)
              while slots[index].key != .max { index &+= 1 }
            }
            if index >= slots.count - 1 {
              fits = false
              return
            }
            slots[index] = pending[k].slot
          }
          count = 0
        }
        for table in built where fits {
          // The builder's slots hold their key bits complemented (0 when empty): most are
          // empty, so the scan tests a key and steps on, and `fits` is read only after a place.
          guard let first = table.baseAddress else { continue }
          let end = first + table.count
          var slot = first
          while slot < end {
            let stored = slot.pointee.key
            if stored == 0 {
              slot += 1
              continue
            }
            let bits = ~stored
            let length = Int(bits &>> 16 & 0xFFFF)
            let parent = number[Int(bits &>> 32)]
            let child = children[Int(slot.pointee.child)]
            let key = EdgeKey(head: slot.pointee.head, tail: slot.pointee.tail)
            let index = Int(
              truncatingIfNeeded: MatcherStorage.hash(parent: parent, key, length: length) &>> UInt64(shift))
            pending[count] = (
              index, false,
              EdgeSlot(
                head: key.head, tail: key.tail,
                key: EdgeSlot.keyBits(parent: parent, length: length) | UInt64(child.info),
                child: child.number, route: child.route)
            )
            count &+= 1
            slot += 1
            if count == chunk {
              place()
              if !fits { break }
            }
          }
        }
        if fits { place() }
      }
      if fits { return (slots, shift) }
      slots.deallocate()
      bits += 1
    }
  }

  /// Whether the fast path may look `key` up in the raw bytes of a URL: the URL reader accepts
  /// `key` + `/`, reads an authority, and the host key it builds from it is `key` itself (so the
  /// bytes are already lowercase and canonical); `file:` keys are left to the general path,
  /// which checks what follows them.
  static func fastPathTakes(hostKey key: UnsafeBufferPointer<UInt8>) -> Bool {
    let text = Array(key) + [UInt8(ascii: "/")]
    return text.withUnsafeBufferPointer { bytes in
      guard case .success(let url) = URLSyntax.parse(bytes), url.hasAuthority else { return false }
      guard URLSyntax.schemeKind(bytes, url.scheme) != .file else { return false }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let length = buffer.withUnsafeMutableBufferPointer {
        HostKey.write(bytes, url, host: url.host ?? 0..<0, wildcardFrom: nil, into: $0.baseAddress!)
      }
      return length == key.count && buffer[0..<length].elementsEqual(key)
    }
  }

  static func powerOfTwo(atLeast n: Int) -> Int {
    var size = 1
    while size < n { size <<= 1 }
    return size
  }
}

/// The terminal, constraint and capture-name records, appended pattern by pattern; constraint
/// strings go to their own bytes, which join the pool at the end.
/// (The names and types are ``ValueList``s: ``URLTrie/init(_:records:sorted:options:)`` moves
/// them out, or ``free()`` drops them when no trie is made.)
struct TerminalRecords {
  /// (A ``ValueList``: its memory becomes the matcher's, see ``MatcherStorage/Parts``.)
  var terminals: ValueList<URLTrie.Terminal>
  var constraints: [URLTrie.Constraint] = []
  /// The capture names of the terminals (path captures, then constraint captures), in a
  /// ``ValueList``: appended without a check that an array's buffer is unique.
  var names: ValueList<String>
  /// The declared type of each name (a catch-all's, a fragment path's and an affixed query
  /// value's `.string`): what `match(url:)` decodes a capture to, without reading the pattern;
  /// nil for a name a pattern built in code captures twice (the type is then the one
  /// ``CompiledRouter/parameterType(_:in:)`` reads in the pattern).
  var captureTypes: ValueList<ParameterType?>
  var constraintBytes: [UInt8] = []
  /// The values of value sets, by terminal (only terminals of expansions that chose some).
  var constants: [Int32: [ValueBinding]] = [:]
  /// The structured fragments (`#/room/{id}`), by the number their constraints carry.
  var fragmentPaths: [FragmentPath] = []
  /// The affixed query values (`?id=item-{id}`), by the number their constraints carry.
  var queryAffixes: [AffixedSegment] = []

  init(expected: Int = 0) {
    terminals = ValueList(capacity: expected)
    // About one capture a pattern.
    names = ValueList(capacity: expected)
    captureTypes = ValueList(capacity: expected)
  }

  /// Frees the names and types (when no trie takes them).
  mutating func free() {
    terminals.free()
    names.free()
    captureTypes.free()
  }

  mutating func append(_ pattern: ExpandedPattern) {
    let namesStart = Int32(truncatingIfNeeded: names.count)
    names.append(contentsOf: pattern.captureNames)
    for type in pattern.captureTypes { captureTypes.append(type) }
    if !pattern.constants.isEmpty { constants[Int32(truncatingIfNeeded: terminals.count)] = pattern.constants }
    appendTerminal(
      route: Int32(truncatingIfNeeded: pattern.route), pattern: Int32(truncatingIfNeeded: pattern.pattern),
      namesStart: namesStart, query: pattern.query, fragment: pattern.fragment, trailingSlash: pattern.trailingSlash)
  }

  /// A pattern without optional segments (its only expansion is itself) whose path capture
  /// names are already in ``names`` from `namesStart` on (``PatternBatch/add`` puts them there).
  mutating func append(_ pattern: UnsafePointer<URLPattern>, route: Int32, pattern index: Int32, namesStart: Int32) {
    // A pattern with a layout was parsed, and the parsers refuse a name captured twice.
    let namesDiffer = pattern.pointee.layout != nil
    if PatternBatch.unconstrained(pattern) {  // (the usual case: no copy of its constraints)
      appendTerminal(
        route: route, pattern: index, namesStart: namesStart, query: [], fragment: nil,
        trailingSlash: pattern.pointee.trailingSlash, namesDiffer: namesDiffer)
      return
    }
    appendTerminal(
      route: route, pattern: index, namesStart: namesStart, query: pattern.pointee.query,
      fragment: pattern.pointee.fragment, trailingSlash: pattern.pointee.trailingSlash, namesDiffer: namesDiffer)
  }

  /// `namesDiffer`: the path captures are known to have different names (no pair is compared).
  private mutating func appendTerminal(
    route: Int32, pattern: Int32, namesStart: Int32, query: [QueryConstraint], fragment: ValueConstraint?,
    trailingSlash: Bool, namesDiffer: Bool = false
  ) {
    let captureCount = names.count - Int(namesStart)
    // A name captured twice (only a pattern built in code can): its type is read in the
    // pattern, as the first place it is declared says.
    if captureCount > 1 && !namesDiffer {
      let first = Int(namesStart)
      for j in (first + 1)..<(first + captureCount) {
        for i in first..<j where names[i] == names[j] {
          captureTypes[i] = nil
          captureTypes[j] = nil
        }
      }
    }
    let constraintStart = Int32(truncatingIfNeeded: constraints.count)
    for item in query { appendConstraint(item.value, name: item.name, isFragment: false) }
    if let fragment { appendConstraint(fragment, name: "", isFragment: true) }
    terminals.append(
      URLTrie.Terminal(
        route: route, pattern: pattern, namesStart: namesStart, constraintStart: constraintStart,
        captureCount: UInt16(clamping: captureCount),
        constraintCount: UInt8(truncatingIfNeeded: constraints.count - Int(constraintStart)),
        trailingSlash: trailingSlash))
  }

  /// Appends a constraint whose strings are at offsets in `constraintBytes` (rebased on the pool later).
  private mutating func appendConstraint(_ value: ValueConstraint, name: String, isFragment: Bool) {
    let nameStart = Int32(truncatingIfNeeded: constraintBytes.count)
    constraintBytes.append(contentsOf: name.utf8)
    var c = URLTrie.Constraint(
      kind: .present, isFragment: isFragment, type: .string, nameStart: nameStart,
      nameLength: Int32(truncatingIfNeeded: name.utf8.count), literalStart: 0, literalLength: 0, captureName: -1)
    switch value {
    case .present: c.kind = .present
    case .literal(let text):
      c.kind = .literal
      c.literalStart = Int32(truncatingIfNeeded: constraintBytes.count)
      constraintBytes.append(contentsOf: text.utf8)
      c.literalLength = Int32(truncatingIfNeeded: text.utf8.count)
    case .parameter(let p, let required):
      c.kind = required ? .required : .optional
      c.type = p.type
      c.captureName = Int32(truncatingIfNeeded: names.count)
      names.append(p.name)
      captureTypes.append(p.type)
    case .path(let path):
      c.kind = .fragmentPath
      c.literalLength = Int32(truncatingIfNeeded: fragmentPaths.count)
      fragmentPaths.append(path)
      c.captureName = Int32(truncatingIfNeeded: names.count)
      for p in path.parameters { names.append(p.name) }
      for _ in path.parameters { captureTypes.append(.string) }
    case .affixed(let affixed):
      c.kind = .affixedValue
      c.literalLength = Int32(truncatingIfNeeded: queryAffixes.count)
      queryAffixes.append(affixed)
      c.captureName = Int32(truncatingIfNeeded: names.count)
      for p in affixed.parameters { names.append(p.name) }
      for _ in affixed.parameters { captureTypes.append(.string) }
    case .list(let p, let required):
      c.kind = required ? .list : .optionalList
      c.type = p.type
      c.captureName = Int32(truncatingIfNeeded: names.count)
      names.append(p.name)
      captureTypes.append(p.type)
    }
    constraints.append(c)
  }
}
