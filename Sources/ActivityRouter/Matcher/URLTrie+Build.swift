extension URLTrie {
  /// Flattens a built trie. `sortTerminals` orders the patterns that end at one node.
  init(
    _ builder: TrieBuilder, options: RoutingOptions,
    sortTerminals: ([ExpandedPattern]) -> [ExpandedPattern]
  ) {
    nodes = []
    dynamicEdges = []
    terminals = []
    constraints = []
    names = []
    pool = []
    staticEdges = StaticEdgeTable(capacityFor: builder.nodeCount)
    hasWildcardHosts = false
    caseSensitivePaths = options.caseSensitivePaths
    strictTrailingSlash = options.trailingSlash == .strict

    // Number the nodes breadth first, so that siblings sit together.
    var order: [TrieBuilder.Node] = [builder.root]
    var index: [ObjectIdentifier: Int32] = [ObjectIdentifier(builder.root): 0]
    var cursor = 0
    while cursor < order.count {
      let node = order[cursor]
      cursor += 1
      let literalChildren = node.literals.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value)
      let dynamicChildren = node.dynamic.sorted { $0.key < $1.key }.map(\.value)
      for child in literalChildren + dynamicChildren {
        index[ObjectIdentifier(child)] = Int32(order.count)
        order.append(child)
      }
    }
    nodes = Array(repeating: Node(), count: order.count)
    for (number, node) in order.enumerated() {
      var record = Node()
      record.dynamicStart = Int32(dynamicEdges.count)
      for (kind, child) in node.dynamic.sorted(by: { $0.key < $1.key }) {
        dynamicEdges.append(DynamicEdge(kind: kind, child: index[ObjectIdentifier(child)] ?? -1))
      }
      record.dynamicCount = Int32(dynamicEdges.count) - record.dynamicStart
      record.terminalStart = Int32(terminals.count)
      for pattern in sortTerminals(node.terminals) { appendTerminal(pattern) }
      record.terminalCount = Int32(terminals.count) - record.terminalStart
      nodes[number] = record
      for (bytes, child) in node.literals {
        if number == 0 && bytes.contains(UInt8(ascii: "*")) { hasWildcardHosts = true }
        let offset = Int32(pool.count)
        pool.append(contentsOf: bytes)
        bytes.withUnsafeBufferPointer {
          staticEdges.insert(parent: Int32(number), bytes: $0, poolOffset: offset, child: index[ObjectIdentifier(child)] ?? -1)
        }
      }
    }
  }

  private mutating func appendTerminal(_ pattern: ExpandedPattern) {
    let namesStart = Int32(names.count)
    names.append(contentsOf: pattern.captureNames)
    let constraintStart = Int32(constraints.count)
    for item in pattern.query { appendConstraint(item.value, name: item.name, isFragment: false) }
    if let fragment = pattern.fragment { appendConstraint(fragment, name: "", isFragment: true) }
    terminals.append(Terminal(
      rule: Int32(pattern.rule), pattern: Int32(pattern.pattern), namesStart: namesStart,
      captureCount: Int32(pattern.captureNames.count), constraintStart: constraintStart,
      constraintCount: Int32(constraints.count) - constraintStart, trailingSlash: pattern.trailingSlash))
  }

  private mutating func appendConstraint(_ value: ValueConstraint, name: String, isFragment: Bool) {
    let nameStart = Int32(pool.count)
    pool.append(contentsOf: name.utf8)
    var c = Constraint(
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
