import RouteEvents
import RouteTables

/// What must hold of a flattened trie for the matcher to read it safely and rightly: a check
/// of every record, for the tests (every fixture table and every generated table is checked)
/// and for debug builds of the compiler, which assert it after each compile.
extension URLTrie {
  /// Every broken invariant, in words; empty when the trie is sound.
  ///
  /// - The sentinel node record closes the last node's terminal and dynamic ranges; the ranges
  ///   of consecutive nodes do not go backwards.
  /// - Every dynamic edge leads to a node in range, and a node's dynamic edges are in precedence
  ///   order (literal, typed, parameter, optional, wildcard, catch-all).
  /// - A node marked *parameter only* has one dynamic edge, an untyped parameter, to the next node.
  /// - A node marked *competing* has only children decided on one segment (literals, affixed
  ///   segments, parameters), and is marked as having literal children exactly when it has some;
  ///   one marked *one affix* has no literal child and one dynamic edge, an affixed segment with
  ///   one untyped capture, whose literals are all fast bytes and whose record's ends (the
  ///   lengths, words and masks the fast path compares) are those of its parts. A node is marked
  ///   *one catch-all* exactly when it is general, with no literal child and one dynamic edge, a
  ///   catch-all.
  /// - Every literal edge slot names a parent and a child in range, and the node bits it keeps
  ///   of its child are the child's own; the route it keeps for a fast child is the route of
  ///   the child's first terminal.
  /// - Every host slot names a root in range and a key inside the pool.
  /// - The terminal order is a permutation of the terminals; their capture names and
  ///   constraints are in range.
  /// - Every affixed edge names a shape in range, affixed edges are ordered by their shapes
  ///   (more literal bytes, then fewer captures, then more typed captures), and each shape's parts
  ///   are in range, alternate between literals and captures, and have at least one of each.
  /// - Value-set values belong to terminals that exist, and none is also a capture of its terminal
  ///   (a value set is literal edges: the value comes from the terminal, never from a capture).
  func invariantViolations() -> [String] {
    var problems: [String] = []
    let s = storage
    let nodeCount = s.nodeCount
    func inRange(_ node: Int32) -> Bool { node >= 0 && Int(node) < nodeCount }

    let sentinel = s.nodes[nodeCount]
    if Int(sentinel.terminalStart) != s.terminalCount { problems.append("the sentinel does not end the terminals") }
    if Int(sentinel.dynamicStart) != s.dynamicCount { problems.append("the sentinel does not end the dynamic edges") }
    for node in 0..<nodeCount {
      let here = s.nodes[node]
      let next = s.nodes[node + 1]
      if next.terminalStart < here.terminalStart || next.dynamicStart < here.dynamicStart {
        problems.append("node \(node): its ranges end before they start")
        continue
      }
      if UInt32(s.infos[node]) != here.info & 0xFF {
        problems.append("node \(node): its info byte differs from its record")
      }
      let (start, end) = s.dynamicRange(Int32(node))
      var previous: EdgeKind?
      for e in start..<end {
        let edge = s.dynamic[e]
        if !inRange(edge.child) { problems.append("node \(node): a dynamic edge leads out of range (\(edge.child))") }
        if let previous, edge.kind.rank < previous.rank {
          problems.append("node \(node): dynamic edges out of precedence order (\(previous) before \(edge.kind))")
        }
        if case .affixed(let shape) = edge.kind {
          if shape < 0 || Int(shape) >= s.affixCount {
            problems.append("node \(node): an affixed edge names shape \(shape), out of range")
          } else if let previous, case .affixed(let before) = previous, before >= 0, Int(before) < s.affixCount {
            let (x, y) = (s.affixes[Int(before)], s.affixes[Int(shape)])
            if (-x.literalLength, x.captureCount, -x.typedCount) > (-y.literalLength, y.captureCount, -y.typedCount) {
              problems.append("node \(node): affixed edges out of precedence order (shape \(before) before \(shape))")
            }
          }
        }
        previous = edge.kind
      }
      if here.info & NodeInfo.kindMask == NodeInfo.competing {
        if let other = (start..<end).first(where: { !s.dynamic[$0].kind.decidedOnOneSegment }) {
          problems.append("node \(node): competing, but its child \(s.dynamic[other].kind) needs the general search")
        }
        if here.info & NodeInfo.hasLiteralChildren == 0 && end == start {
          problems.append("node \(node): competing, without literal or dynamic children")
        }
      } else if here.info & NodeInfo.hasLiteralChildren != 0 {
        problems.append("node \(node): literal children marked on a node that is not competing")
      }
      // The one-affix bit: a competing node whose only child is an affixed edge with one
      // untyped capture, and no literal child; the child at node + 1 and the shape's number in
      // the record's high bits (the fast loop reads both there).
      if here.info & NodeInfo.oneAffix == 0 && here.info >> NodeInfo.affixShapeShift != 0 {
        problems.append("node \(node): an affix shape in the bits of a node that is not one-affix")
      }
      if here.info & NodeInfo.oneAffix != 0 {
        var oneCapture = false
        if end - start == 1, case .affixed(let shape) = s.dynamic[start].kind, shape >= 0, Int(shape) < s.affixCount {
          oneCapture = s.affixes[Int(shape)].captureCount == 1 && s.affixes[Int(shape)].typedCount == 0
        }
        if here.info & NodeInfo.kindMask != NodeInfo.competing || here.info & NodeInfo.hasLiteralChildren != 0
          || !oneCapture
        {
          problems.append("node \(node): marked one-affix, but it is not a competing node with one one-capture affix")
        } else if case .affixed(let shape) = s.dynamic[start].kind {
          if let problem = oneAffixEndsProblem(shape) {
            problems.append("node \(node): one-affix shape \(shape): \(problem)")
          }
          if here.info >> NodeInfo.affixShapeShift != UInt32(shape) || s.dynamic[start].child != Int32(node + 1) {
            problems.append(
              "node \(node): one-affix, but its record's shape or its child (not node \(node + 1)) is wrong")
          }
        }
      }
      let kinds: [UInt32: EdgeKind] = [
        NodeInfo.parameterOnly: .string, NodeInfo.intOnly: .int, NodeInfo.uuidOnly: .uuid,
      ]
      if let kind = kinds[here.info & NodeInfo.kindMask] {
        let only = end - start == 1 ? s.dynamic[start] : nil
        if only?.kind != kind || only?.child != Int32(node + 1) {
          problems.append("node \(node): parameter only, but its child is not one {\(kind)} at node \(node + 1)")
        }
      }
    }

    for index in 0..<s.slotCount {
      let slot = s.slots[index]
      if slot.key == .max { continue }
      let parent = Int32(truncatingIfNeeded: slot.key >> 32)
      if !inRange(parent) || !inRange(slot.child) {
        problems.append("slot \(index): parent \(parent) or child \(slot.child) out of range")
        continue
      }
      let bits = UInt32(truncatingIfNeeded: slot.key) & 0xFF
      if bits != UInt32(s.infos[Int(slot.child)]) { problems.append("slot \(index): stale node bits of \(slot.child)") }
      if bits & NodeInfo.fastTerminal != 0 {
        let first = s.terminal(at: s.nodes[Int(slot.child)].terminalStart)
        if slot.route != first.route { problems.append("slot \(index): fast route \(slot.route), not \(first.route)") }
      }
    }

    // A competing node is marked as having literal children exactly when it has some.
    var parents = Set<Int32>()
    for index in 0..<s.slotCount where s.slots[index].key != .max {
      parents.insert(Int32(truncatingIfNeeded: s.slots[index].key >> 32))
    }
    for node in 0..<nodeCount where s.nodes[node].info & NodeInfo.kindMask == NodeInfo.competing {
      if (s.nodes[node].info & NodeInfo.hasLiteralChildren != 0) != parents.contains(Int32(node)) {
        problems.append("node \(node): competing, and its literal-children bit differs from the slot table")
      }
    }
    // A node is marked one-catch-all exactly when it is general, with no literal child and one
    // dynamic edge, a catch-all.
    for node in 0..<nodeCount {
      let (start, end) = s.dynamicRange(Int32(node))
      var only = false
      if end - start == 1, case .catchAll = s.dynamic[start].kind { only = true }
      let expected =
        s.nodes[node].info & NodeInfo.kindMask == NodeInfo.general && only && !parents.contains(Int32(node))
      if (s.nodes[node].info & NodeInfo.oneCatchAll != 0) != expected {
        problems.append("node \(node): its one-catch-all bit differs from its children")
      }
    }

    for index in 0...s.hostMask {
      let host = s.hosts[index]
      if host.length < 0 { continue }
      if !inRange(host.root) { problems.append("host slot \(index): root \(host.root) out of range") }
      if host.offset < 0 || Int(host.offset) + Int(host.length) > s.poolCount {
        problems.append("host slot \(index): its key is outside the pool")
      }
    }

    var seen = [Bool](repeating: false, count: s.terminalCount)
    for t in 0..<s.terminalCount {
      let position = Int(s.terminalOrder[t])
      guard position >= 0 && position < s.terminalCount && !seen[position] else {
        problems.append("the terminal order is not a permutation (at \(t))")
        break
      }
      seen[position] = true
      let terminal = s.terminals[position]
      if Int(terminal.namesStart) + Int(terminal.captureCount) > names.count {
        problems.append("terminal \(position): capture names out of range")
      }
      if Int(terminal.constraintStart) + Int(terminal.constraintCount) > s.constraintCount {
        problems.append("terminal \(position): constraints out of range")
      }
    }
    for a in 0..<s.affixCount {
      let shape = s.affixes[a]
      guard shape.partStart >= 0, shape.partCount >= 2, Int(shape.partStart + shape.partCount) <= s.affixPartCount
      else {
        problems.append("affix shape \(a): parts out of range")
        continue
      }
      var literals = 0
      var captures = 0
      for k in 0..<Int(shape.partCount) {
        let part = s.affixParts[Int(shape.partStart) + k]
        if part.isLiteral {
          literals += Int(part.literalLength)
          if Int(part.literalStart + part.literalLength) > s.poolCount || part.literalLength <= 0 {
            problems.append("affix shape \(a): a literal part outside the pool or empty")
          }
        } else {
          captures += 1
        }
        if k > 0 && !part.isLiteral && !s.affixParts[Int(shape.partStart) + k - 1].isLiteral {
          problems.append("affix shape \(a): two captures side by side")
        }
      }
      if literals != Int(shape.literalLength) || captures != Int(shape.captureCount) || captures == 0 || literals == 0 {
        problems.append("affix shape \(a): its counts differ from its parts")
      }
    }
    problems += captureTypeProblems()
    for (record, bindings) in constants {
      guard record >= 0 && Int(record) < s.terminalCount else {
        problems.append("value-set values for a terminal out of range (\(record))")
        continue
      }
      let terminal = s.terminals[Int(record)]
      let captured = (0..<Int(terminal.captureCount)).map { names[Int(terminal.namesStart) + $0] }
      for binding in bindings where captured.contains(binding.name) {
        problems.append("terminal \(record): '\(binding.name)' is both a value-set value and a capture")
      }
    }
    return problems
  }

  /// What is wrong with the capture types (``captureTypes``) by themselves: one a name, and nil
  /// only for a name its terminal's path captures more than once.
  func captureTypeProblems() -> [String] {
    guard captureTypes.count == names.count else {
      return ["\(captureTypes.count) capture types for \(names.count) names"]
    }
    var problems: [String] = []
    for t in 0..<storage.terminalCount {
      let terminal = storage.terminals[t]
      let start = Int(terminal.namesStart)
      let captured = names[start..<min(start + Int(terminal.captureCount), names.count)]
      for (k, name) in zip(captured.indices, captured) where captureTypes[k] == nil {
        if captured.count(where: { $0 == name }) < 2 { problems.append("terminal \(t): no type for '\(name)'") }
      }
    }
    return problems
  }

  /// What is wrong with the ends the one-affix step reads of affix shape `shape` (its
  /// ``AffixRecord/prefixLength`` … ``AffixRecord/suffixMask``), or nil: they must be its first
  /// and last parts' literals, fast bytes, each of eight bytes or fewer in its word.
  func oneAffixEndsProblem(_ shape: Int32) -> String? {
    let s = storage
    let record = s.affixes[Int(shape)]
    guard record.partCount >= 1, Int(record.partStart) + Int(record.partCount) <= s.affixPartCount else {
      return "parts out of range"
    }
    func bytes(_ part: URLTrie.AffixPart) -> [UInt8]? {
      guard part.isLiteral, part.literalStart >= 0, Int(part.literalStart) + Int(part.literalLength) <= s.poolCount
      else { return part.isLiteral ? nil : [] }
      return Array(UnsafeBufferPointer(start: s.pool + Int(part.literalStart), count: Int(part.literalLength)))
    }
    let count = Int(record.partCount)
    guard let prefix = bytes(s.affixParts[Int(record.partStart)]),
      let suffix = count > 1 ? bytes(s.affixParts[Int(record.partStart) + count - 1]) : []
    else { return "a literal out of the pool" }
    if !(prefix + suffix).allSatisfy(PlainBytes.contains) { return "a literal that is not fast bytes" }
    var expected = URLTrie.AffixRecord(
      partStart: record.partStart, partCount: record.partCount, literalLength: record.literalLength,
      captureCount: record.captureCount, typedCount: record.typedCount)
    var parts: [AffixShape.Part] = []
    if !prefix.isEmpty { parts.append(.literal(prefix)) }
    parts.append(.capture(.string))
    if !suffix.isEmpty { parts.append(.literal(suffix)) }
    expected.setEnds(parts)
    let ends = { (r: URLTrie.AffixRecord) in
      [
        UInt64(r.prefixLength), UInt64(r.suffixLength), UInt64(r.wordEndsLength), r.prefixWord, r.prefixMask,
        r.suffixWord,
        r.suffixMask,
      ]
    }
    return ends(record) == ends(expected) ? nil : "its ends are not those of its parts"
  }
}

extension CompiledRouter {
  /// Where a path capture's type in the trie (``URLTrie/captureTypes``, what `match(url:)`
  /// decodes a value to) is not the one ``parameterType(_:in:)`` reads in the terminal's pattern;
  /// empty when they all agree.
  package var captureTypeViolations: [String] {
    var problems: [String] = []
    let storage = urls.storage
    for t in 0..<storage.terminalCount {
      let terminal = storage.terminals[t]
      let patterns = table.routes[Int(terminal.route)].urlPatterns
      guard Int(terminal.pattern) < patterns.count else {
        problems.append("terminal \(t): pattern \(terminal.pattern) out of range")
        continue
      }
      let pattern = patterns[Int(terminal.pattern)]
      for k in 0..<Int(terminal.captureCount) {
        let index = Int(terminal.namesStart) + k
        let name = urls.names[index]
        if let type = urls.captureTypes[index], type != CompiledRouter.parameterType(name, in: pattern) {
          problems.append("terminal \(t): '\(name)' is \(type) in the trie, not as declared")
        }
      }
    }
    return problems
  }
}
