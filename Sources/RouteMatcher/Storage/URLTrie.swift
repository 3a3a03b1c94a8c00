import RouteTables

/// The compiled URL routes: a segment trie over host keys and path segments, flattened into
/// fixed-size records in memory allocated once, so that matching reads memory and allocates
/// nothing.
///
/// Node 0 is the root; its literal edges are the host keys (`scheme://host[:port]`, with
/// `*.domain` for subdomain routes), kept in their own small hash table. Every other literal
/// edge is one decoded path segment, in one open-addressing table keyed by (parent, bytes).
/// Nodes are numbered in the order the builder made them, except that a node whose only child
/// is a `{name}`, `{name:int}` or `{name:uuid}` parameter, or one affixed segment
/// (``NodeInfo/oneAffix``), has that child at the next number (so the fast path steps over it
/// with `node + 1`). Dynamic edges (typed and untyped parameters, optionals,
/// wildcards, catch-alls) are stored per node in precedence order; terminals per node in
/// precedence order (see ``Precedence``).
struct URLTrie: Sendable {
  /// A node's record: where its terminals and dynamic edges start (they end where the next
  /// node's start; a sentinel record follows the last node) and its ``NodeInfo`` bits.
  struct Node {
    var terminalStart: Int32 = 0
    var dynamicStart: Int32 = 0
    var info: UInt32 = 0
  }

  struct DynamicEdge {
    var kind: EdgeKind
    var child: Int32
  }

  /// One expanded pattern that ends at a node.
  struct Terminal {
    var route: Int32
    var pattern: Int32
    /// Path capture names: `names[namesStart + k]` for `k < captureCount`.
    var namesStart: Int32
    var constraintStart: Int32
    /// At most 65535 (a pattern with more captures than a URL can have segments never matches).
    var captureCount: UInt16
    var constraintCount: UInt8
    /// Whether the template ends with `/` (checked only under the strict policy).
    var trailingSlash: Bool
  }

  /// A compiled query or fragment constraint.
  struct Constraint {
    /// `list` and `optionalList` read every item with the key (`?tag={tags[]}`).
    /// `fragmentPath` matches the fragment with the ``FragmentPath`` numbered `literalLength`.
    /// `affixedValue` splits the value with the ``AffixedSegment`` numbered `literalLength`.
    enum Kind: UInt8 { case present, literal, required, optional, list, optionalList, fragmentPath, affixedValue }
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

  /// The shape of an affixed segment (``AffixShape``): its parts are
  /// `affixParts[partStart ..< partStart + partCount]`.
  struct AffixRecord {
    var partStart: Int32
    var partCount: Int32
    var literalLength: Int32
    var captureCount: Int32
    var typedCount: Int32
    /// The leading and the trailing literal's byte counts (0 when the segment starts or ends
    /// with a capture), for the fast path's one-affix step.
    var prefixLength: Int32 = 0
    var suffixLength: Int32 = 0
    /// `prefixLength + suffixLength` when the fast path can compare both literals as words
    /// (each of eight bytes or fewer, or none; one more when the only literal is a `.`, so that
    /// `..` is never taken), else `Int32.max`: the fast loop takes a segment longer than this
    /// with the two word compares (``URLTrie/affixCapture``) and leaves every other one to the
    /// one-affix step out of the loop.
    var wordEndsLength: Int32 = .max
    /// The leading literal of eight bytes or fewer as one word, in its low bytes (`prefixMask`
    /// selects them), and the trailing one in its high bytes, as a word loaded so that it ends
    /// where the segment ends holds it (`suffixMask` selects them); both masks are 0 for a
    /// longer literal or none, which the step compares in the pool.
    var prefixWord: UInt64 = 0
    var prefixMask: UInt64 = 0
    var suffixWord: UInt64 = 0
    var suffixMask: UInt64 = 0
  }

  /// A literal part (its bytes in the pool) or a capture (its type) of an affixed segment.
  struct AffixPart {
    var isLiteral: Bool
    var type: ParameterType
    var literalStart: Int32
    var literalLength: Int32
  }

  let storage: MatcherStorage
  /// The capture names of the terminals.
  let names: [String]
  /// The declared type of each name in ``names`` (nil: look it up in the pattern, for a name a
  /// pattern built in code captures twice).
  let captureTypes: [ParameterType?]
  /// The values of value sets (`{tab:a|b}`) by terminal record: each value is its own literal
  /// edge, so the terminal it leads to knows the value; nothing is captured while matching.
  let constants: [Int32: [ValueBinding]]
  /// The structured fragments (`#/room/{id}`) of `fragmentPath` constraints.
  let fragmentPaths: [FragmentPath]
  /// The affixed query values (`?id=item-{id}`) of `affixedValue` constraints.
  let queryAffixes: [AffixedSegment]

  /// The value-set values of the terminal at position `t` of the terminal order.
  func constants(ofTerminalAt t: Int32) -> [ValueBinding] {
    constants.isEmpty ? [] : constants[storage.terminalOrder[Int(t)]] ?? []
  }

  /// The most query items the matcher reads from one URL.
  static let maxQueryItems = 128
}
