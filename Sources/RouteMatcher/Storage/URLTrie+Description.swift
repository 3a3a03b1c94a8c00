import RouteTables

/// The trie as text, one node a line, indented by depth, for a failing test or a curious
/// maintainer (`router.trieDescription`).
///
/// ```
/// notes://note [literals]
///   {string} [fast, ends: note#0]
/// ```
extension URLTrie {
  /// Every host key and the nodes under it: the edge into each node (a literal, `{int}`,
  /// `{string}`, `{name?}`, `*`, `{name*}`), its kind of children, and the routes that end
  /// there (`route#pattern`, in precedence order).
  func description(routeNames: [String]) -> String {
    let s = storage
    // The literal children of every node, from the slot table.
    var literals: [Int32: [(text: String, child: Int32)]] = [:]
    for index in 0..<s.slotCount {
      let slot = s.slots[index]
      if slot.key == .max { continue }
      let parent = Int32(truncatingIfNeeded: slot.key >> 32)
      let length = Int((slot.key >> 16) & 0xFFFF)
      literals[parent, default: []].append((URLTrie.literalText(slot, length: length), slot.child))
    }
    var lines: [String] = []
    func kind(_ info: UInt32) -> String {
      switch info & NodeInfo.kindMask {
      case NodeInfo.leaf: return "leaf"
      case NodeInfo.literalsOnly: return "literals"
      case NodeInfo.parameterOnly: return "parameter"
      case NodeInfo.intOnly: return "int parameter"
      case NodeInfo.uuidOnly: return "uuid parameter"
      case NodeInfo.restart: return "restart"
      case NodeInfo.competing: return "competing"
      default: return "general"
      }
    }
    func visit(_ node: Int32, _ edge: String, depth: Int) {
      let info = s.nodes[Int(node)].info
      var line = String(repeating: "  ", count: depth) + edge + " [" + kind(info)
      if info & NodeInfo.oneAffix != 0 { line += ", one affix" }
      if info & NodeInfo.oneCatchAll != 0 { line += ", one catch-all" }
      if info & NodeInfo.fastTerminal != 0 { line += ", fast" }
      let (start, count) = s.terminalRange(node)
      if count > 0 {
        let ends = (0..<count).map { k -> String in
          let t = s.terminal(at: start + k)
          return "\(routeNames[Int(t.route)])#\(t.pattern)"
        }
        line += ", ends: " + ends.joined(separator: " ")
      }
      lines.append(line + "]")
      for (text, child) in (literals[node] ?? []).sorted(by: { $0.text < $1.text }) {
        visit(child, text, depth: depth + 1)
      }
      let (dynamicStart, dynamicEnd) = s.dynamicRange(node)
      for e in dynamicStart..<dynamicEnd {
        let edge = s.dynamic[e]
        visit(edge.child, URLTrie.edgeText(edge.kind), depth: depth + 1)
      }
    }
    var roots: [(key: String, root: Int32)] = []
    for index in 0...s.hostMask where s.hosts[index].length >= 0 {
      let host = s.hosts[index]
      var bytes = Array(UnsafeBufferPointer(start: s.pool + Int(host.offset), count: Int(host.length)))
      if let marker = bytes.firstIndex(of: HostParameterKey.marker), marker + 1 < bytes.count {
        // A host parameter key: `scheme://{int}`, `{uuid}` or `{}`.
        let shown: String
        switch bytes[marker + 1] {
        case HostParameterKey.tag(.int): shown = "{int}"
        case HostParameterKey.tag(.uuid): shown = "{uuid}"
        default: shown = "{}"
        }
        bytes.replaceSubrange(marker...(marker + 1), with: Array(shown.utf8))
      }
      roots.append((String(decoding: bytes, as: UTF8.self), host.root))
    }
    for (key, root) in roots.sorted(by: { $0.key < $1.key }) { visit(root, key, depth: 0) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A literal edge's segment, as far as its slot holds it (the first and last eight bytes;
  /// `…` for the middle of a longer one).
  static func literalText(_ slot: EdgeSlot, length: Int) -> String {
    func bytes(_ word: UInt64, _ count: Int) -> [UInt8] {
      (0..<count).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }
    }
    if length <= 8 { return String(decoding: bytes(slot.head, length), as: UTF8.self) }
    if length <= 16 {
      let tail = bytes(slot.tail, 8).suffix(length - 8)
      return String(decoding: bytes(slot.head, 8) + tail, as: UTF8.self)
    }
    return String(decoding: bytes(slot.head, 8), as: UTF8.self) + "…"
      + String(decoding: bytes(slot.tail, 8), as: UTF8.self)
  }

  static func edgeText(_ kind: EdgeKind) -> String {
    switch kind {
    case .literal: return "literal"
    case .affixed(let shape): return "{affixed #\(shape)}"
    case .int: return "{int}"
    case .uuid: return "{uuid}"
    case .string: return "{string}"
    case .optionalInt: return "{int?}"
    case .optionalUUID: return "{uuid?}"
    case .optionalString: return "{string?}"
    case .wildcard: return "*"
    case .catchAll: return "{name*}"
    }
  }
}

extension CompiledRouter {
  /// The URL trie as text: host keys, edges, node kinds and the routes that end at each node.
  package var trieDescription: String { urls.description(routeNames: table.routes.map(\.name)) }

  /// Every broken invariant of the URL trie (empty when it is sound); see `URLTrie.invariantViolations()`,
  /// and the capture types against the table (``captureTypeViolations``).
  package var trieInvariantViolations: [String] { urls.invariantViolations() + captureTypeViolations }
}
