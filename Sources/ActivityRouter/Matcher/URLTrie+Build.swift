extension URLTrie {
  /// Flattens a built trie.
  ///
  /// - Parameters:
  ///   - sorted: the terminals, in precedence order, of every node where more than one pattern ends.
  ///   - expansions: the expanded patterns the builder's terminals refer to.
  init(
    _ builder: TrieBuilder, table: RouteTable, expansions: [ExpandedPattern], sorted: [Int32: [ExpandedPattern]]
  ) {
    let options = table.options
    let strict = options.trailingSlash == .strict
    let nodeCount = builder.nodeCount

    // Number the nodes depth first, dynamic children first (in precedence order), then the
    // literal children: a node's first dynamic child gets the next number.
    var number = [Int32](repeating: -1, count: nodeCount)
    var order: [Int32] = []
    order.reserveCapacity(nodeCount)
    var stack: [Int32] = [0]
    var kinds: [(EdgeKind, Int32)] = []
    while let node = stack.popLast() {
      number[Int(node)] = Int32(order.count)
      order.append(node)
      var id = builder.firstLiteral[Int(node)]
      while id >= 0 {
        stack.append(builder.literals[Int(id)].child)
        id = builder.literals[Int(id)].next
      }
      kinds.removeAll(keepingCapacity: true)
      id = builder.firstDynamic[Int(node)]
      while id >= 0 {
        kinds.append((builder.dynamics[Int(id)].kind, builder.dynamics[Int(id)].child))
        id = builder.dynamics[Int(id)].next
      }
      kinds.sort { $0.0 > $1.0 }
      for (_, child) in kinds { stack.append(child) }
    }

    var nodes = [Node](repeating: Node(), count: nodeCount)
    var dynamic: [DynamicEdge] = []
    var records = TerminalRecords(pool: builder.pool)
    for (position, old) in order.enumerated() {
      var record = Node()
      record.dynamicStart = Int32(dynamic.count)
      kinds.removeAll(keepingCapacity: true)
      var id = builder.firstDynamic[Int(old)]
      while id >= 0 {
        kinds.append((builder.dynamics[Int(id)].kind, number[Int(builder.dynamics[Int(id)].child)]))
        id = builder.dynamics[Int(id)].next
      }
      kinds.sort { $0.0 < $1.0 }
      for (kind, child) in kinds { dynamic.append(DynamicEdge(kind: kind, child: child)) }

      record.terminalStart = Int32(records.terminals.count)
      let count = builder.terminalCount[Int(old)]
      if count == 1 {
        let t = builder.terminals[Int(builder.firstTerminal[Int(old)])]
        if t.expansion >= 0 {
          records.append(expansions[Int(t.expansion)])
        } else {
          records.append(table.rules[Int(t.rule)].urlPatterns[Int(t.pattern)], rule: t.rule, pattern: t.pattern)
        }
      } else if count > 1, let patterns = sorted[old] {
        for p in patterns { records.append(p) }
      }
      record.terminalCount = Int32(records.terminals.count) - record.terminalStart

      let hasLiterals = builder.firstLiteral[Int(old)] >= 0
      var info: UInt32
      switch (hasLiterals, kinds.count) {
      case (false, 0): info = NodeInfo.leaf
      case (true, 0): info = NodeInfo.literalsOnly
      case (false, 1) where kinds[0].0 == .string && kinds[0].1 == Int32(position + 1): info = NodeInfo.parameterOnly
      default: info = NodeInfo.general
      }
      if record.terminalCount > 0 {
        info |= NodeInfo.hasTerminals
        if !strict && records.terminals[Int(record.terminalStart)].constraintCount == 0 { info |= NodeInfo.fastTerminal }
      }
      record.info = info | UInt32(kinds.count) &<< 8
      nodes[position] = record
    }

    // Literal edges: host keys into the host table, path segments into the slot table.
    var literalOffsets = [Int32](repeating: -1, count: nodeCount)
    var hostEdges: [TrieBuilder.LiteralEdge] = []
    var pathEdges: [TrieBuilder.LiteralEdge] = []
    pathEdges.reserveCapacity(builder.literals.count)
    for var edge in builder.literals {
      edge.parent = number[Int(edge.parent)]
      edge.child = number[Int(edge.child)]
      literalOffsets[Int(edge.child)] = edge.offset
      if edge.parent == 0 { hostEdges.append(edge) } else { pathEdges.append(edge) }
    }
    // A literal the fast path cannot compare raw makes its child a restart point.
    builder.pool.withUnsafeBufferPointer { pool in
      for edge in pathEdges {
        let bytes = UnsafeBufferPointer(rebasing: pool[Int(edge.offset)..<Int(edge.offset + edge.length)])
        let isDot = bytes.elementsEqual([0x2E]) || bytes.elementsEqual([0x2E, 0x2E])
        if isDot || !bytes.allSatisfy(URLTrie.isFastByte) {
          nodes[Int(edge.child)].info = nodes[Int(edge.child)].info & ~NodeInfo.kindMask | NodeInfo.restart
        }
      }
    }
    let (slots, slotShift) = URLTrie.slotTable(pathEdges, nodes: nodes, pool: builder.pool)

    var hasWildcardHosts = false
    var hosts = [HostSlot](repeating: .empty, count: max(8, URLTrie.powerOfTwo(atLeast: hostEdges.count * 2)))
    let hostMask = hosts.count - 1
    builder.pool.withUnsafeBufferPointer { pool in
      for edge in hostEdges {
        let key = UnsafeBufferPointer(rebasing: pool[Int(edge.offset)..<Int(edge.offset + edge.length)])
        if key.contains(UInt8(ascii: "*")) { hasWildcardHosts = true }
        let root = nodes[Int(edge.child)]
        var info = root.info & 0xFF
        if options.caseSensitivePaths && URLTrie.fastPathTakes(hostKey: key) { info |= NodeInfo.fastHost }
        let hash = MatcherStorage.hostHash(key.baseAddress!, length: key.count)
        var index = Int(truncatingIfNeeded: hash) & hostMask
        while hosts[index].length >= 0 { index = (index &+ 1) & hostMask }
        hosts[index] = HostSlot(
          hash: hash, offset: edge.offset, length: edge.length, root: edge.child, info: info,
          terminal: root.terminalStart)
      }
    }

    storage = MatcherStorage(
      slots: slots, slotShift: slotShift, hosts: hosts, nodes: nodes, literalOffsets: literalOffsets,
      dynamic: dynamic, terminals: records.terminals, constraints: records.constraints, pool: records.pool,
      hasWildcardHosts: hasWildcardHosts, caseSensitivePaths: options.caseSensitivePaths,
      strictTrailingSlash: strict)
    names = records.names
  }

  /// The literal-edge slots: a power of two of home slots, at least twice the edge count (so
  /// linear probing takes at most about 1.5 probes per hit), then room for probes to run past
  /// the last one (the very last slot always stays empty, so every probe stops). Returns the
  /// slots and the shift that maps a hash to a home slot.
  static func slotTable(_ edges: [TrieBuilder.LiteralEdge], nodes: [Node], pool: [UInt8]) -> ([EdgeSlot], Int) {
    var bits = 4
    while 1 << bits < edges.count * 2 { bits += 1 }
    while true {
      let shift = 64 - bits
      var slots = [EdgeSlot](repeating: .empty, count: (1 << bits) + 64)
      var fits = true
      pool.withUnsafeBufferPointer { pool in
        for edge in edges where fits {
          let bytes = UnsafeBufferPointer(rebasing: pool[Int(edge.offset)..<Int(edge.offset + edge.length)])
          guard bytes.count < 0x1_0000 else { continue }  // longer than any URL: never matches
          let key = EdgeKey(bytes)
          var index = Int(truncatingIfNeeded: MatcherStorage.hash(parent: edge.parent, key, length: bytes.count) &>> UInt64(shift))
          while slots[index].key != .max { index += 1 }
          if index >= slots.count - 1 {
            fits = false
            break
          }
          let child = nodes[Int(edge.child)]
          slots[index] = EdgeSlot(
            head: key.head, tail: key.tail,
            key: EdgeSlot.keyBits(parent: edge.parent, length: bytes.count) | UInt64(child.info & 0xFF),
            child: edge.child, terminal: child.terminalStart)
        }
      }
      if fits { return (slots, shift) }
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
        URLTrie.writeHostKey(bytes, url, host: url.host ?? 0..<0, wildcardFrom: nil, into: $0.baseAddress!)
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

/// The terminal, constraint and name records, appended node by node.
struct TerminalRecords {
  var terminals: [URLTrie.Terminal] = []
  var constraints: [URLTrie.Constraint] = []
  var names: [String] = []
  var pool: [UInt8]

  init(pool: [UInt8]) { self.pool = pool }

  mutating func append(_ pattern: ExpandedPattern) {
    let namesStart = Int32(names.count)
    names.append(contentsOf: pattern.captureNames)
    let constraintStart = Int32(constraints.count)
    for item in pattern.query { appendConstraint(item.value, name: item.name, isFragment: false) }
    if let fragment = pattern.fragment { appendConstraint(fragment, name: "", isFragment: true) }
    terminals.append(URLTrie.Terminal(
      rule: Int32(pattern.rule), pattern: Int32(pattern.pattern), namesStart: namesStart,
      captureCount: Int32(pattern.captureNames.count), constraintStart: constraintStart,
      constraintCount: Int32(constraints.count) - constraintStart, trailingSlash: pattern.trailingSlash))
  }

  /// A pattern without optional segments: its only expansion is itself.
  mutating func append(_ pattern: URLPattern, rule: Int32, pattern index: Int32) {
    let namesStart = Int32(names.count)
    for segment in pattern.segments {
      switch segment {
      case .parameter(let p), .optional(let p): names.append(p.name)
      case .catchAll(let name): names.append(name)
      case .literal, .wildcard: break
      }
    }
    let captureCount = Int32(names.count) - namesStart
    let constraintStart = Int32(constraints.count)
    for item in pattern.query { appendConstraint(item.value, name: item.name, isFragment: false) }
    if let fragment = pattern.fragment { appendConstraint(fragment, name: "", isFragment: true) }
    terminals.append(URLTrie.Terminal(
      rule: rule, pattern: index, namesStart: namesStart, captureCount: captureCount,
      constraintStart: constraintStart, constraintCount: Int32(constraints.count) - constraintStart,
      trailingSlash: pattern.trailingSlash))
  }

  private mutating func appendConstraint(_ value: ValueConstraint, name: String, isFragment: Bool) {
    let nameStart = Int32(pool.count)
    pool.append(contentsOf: name.utf8)
    var c = URLTrie.Constraint(
      kind: .present, isFragment: isFragment, type: .string, nameStart: nameStart,
      nameLength: Int32(name.utf8.count), literalStart: 0, literalLength: 0, captureName: -1)
    switch value {
    case .present: c.kind = .present
    case .literal(let text):
      c.kind = .literal
      c.literalStart = Int32(pool.count)
      pool.append(contentsOf: text.utf8)
      c.literalLength = Int32(text.utf8.count)
    case .parameter(let p, let required):
      c.kind = required ? .required : .optional
      c.type = p.type
      c.captureName = Int32(names.count)
      names.append(p.name)
    }
    constraints.append(c)
  }
}
