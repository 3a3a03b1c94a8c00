/// The mutable segment trie used only while compiling: one node per distinct path prefix
/// (by edge kind and literal text), with the expanded patterns that end there.
final class TrieBuilder {
  final class Node {
    var literals: [[UInt8]: Node] = [:]
    var dynamic: [EdgeKind: Node] = [:]
    var terminals: [ExpandedPattern] = []
  }

  /// The root: its literal children are the host keys.
  let root = Node()
  private(set) var nodeCount = 1

  func insert(_ pattern: ExpandedPattern) {
    var node = child(of: root, literal: pattern.hostKey)
    for edge in pattern.edges {
      if edge.kind == .literal {
        node = child(of: node, literal: edge.literal)
      } else if let next = node.dynamic[edge.kind] {
        node = next
      } else {
        let next = Node()
        node.dynamic[edge.kind] = next
        nodeCount += 1
        node = next
      }
    }
    node.terminals.append(pattern)
  }

  private func child(of node: Node, literal: [UInt8]) -> Node {
    if let next = node.literals[literal] { return next }
    let next = Node()
    node.literals[literal] = next
    nodeCount += 1
    return next
  }

  /// Visits every node with the path that leads to it (for diagnostics), depth first.
  func forEachNode(_ body: (Node) -> Void) {
    var stack = [root]
    while let node = stack.popLast() {
      body(node)
      stack.append(contentsOf: node.literals.values)
      stack.append(contentsOf: node.dynamic.values)
    }
  }
}
