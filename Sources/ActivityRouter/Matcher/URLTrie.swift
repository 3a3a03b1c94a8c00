/// The compiled URL rules: a segment trie over host keys and path segments, flattened into
/// plain arrays of fixed-size records so that matching reads memory and allocates nothing.
///
/// Node 0 is the root; its literal edges are the host keys (`scheme://host[:port]`, with
/// `*.domain` for subdomain rules). Every other literal edge is one decoded path segment.
/// Dynamic edges (typed and untyped parameters, optionals, wildcards, catch-alls) are stored
/// per node in precedence order; terminals per node in precedence order (see ``Precedence``).
struct URLTrie: Sendable {
  struct Node: Sendable {
    var dynamicStart: Int32 = 0
    var dynamicCount: Int32 = 0
    var terminalStart: Int32 = 0
    var terminalCount: Int32 = 0
  }

  struct DynamicEdge: Sendable {
    var kind: EdgeKind
    var child: Int32
  }

  /// One expanded pattern that ends at a node.
  struct Terminal: Sendable {
    var rule: Int32
    var pattern: Int32
    /// Path capture names: `names[namesStart ..< namesStart + captureCount]`.
    var namesStart: Int32
    var captureCount: Int32
    var constraintStart: Int32
    var constraintCount: Int32
    /// Whether the template ends with `/` (checked only under the strict policy).
    var trailingSlash: Bool
  }

  /// A compiled query or fragment constraint.
  struct Constraint: Sendable {
    enum Kind: UInt8, Sendable { case present, literal, required, optional }
    var kind: Kind
    var isFragment: Bool
    var type: ParameterType
    /// The decoded query key in the pool (unused for the fragment).
    var nameStart: Int32
    var nameLength: Int32
    /// The decoded literal in the pool.
    var literalStart: Int32
    var literalLength: Int32
    /// Index into `names` of the parameter name, or -1.
    var captureName: Int32
  }

  var nodes: [Node]
  var dynamicEdges: [DynamicEdge]
  var terminals: [Terminal]
  var constraints: [Constraint]
  var names: [String]
  var pool: [UInt8]
  var staticEdges: StaticEdgeTable
  var hasWildcardHosts: Bool
  var caseSensitivePaths: Bool
  var strictTrailingSlash: Bool

  /// The most query items the matcher reads from one URL.
  static let maxQueryItems = 128
}
