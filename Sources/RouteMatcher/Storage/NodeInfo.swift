/// The bits the matcher keeps about a node, in its record and in the slot of the edge that
/// leads to it: what kind of children it has, and whether it ends patterns.
enum NodeInfo {
  /// The children, in the low three bits.
  static let kindMask: UInt32 = 0x7
  /// No children.
  static let leaf: UInt32 = 0
  /// Literal children only.
  static let literalsOnly: UInt32 = 1
  /// Exactly one child, an untyped `{name}` parameter, and no literal children: it is node + 1.
  static let parameterOnly: UInt32 = 2
  /// Anything else (optional, wildcard or catch-all children): the general matcher takes over
  /// at this node.
  static let general: UInt32 = 3
  /// The edge into this node is a literal the fast path cannot compare raw (it holds bytes
  /// outside ``PlainBytes``, or is a dot segment): the whole URL goes to the general path.
  static let restart: UInt32 = 4
  /// Children that compete for one segment and are each decided on it alone: literals, affixed
  /// segments (`{name}.json`), typed and untyped parameters, in any mix (and no optional,
  /// wildcard or catch-all child). The fast path tries them in precedence order on the URL's
  /// bytes and backtracks to the next one when the walk below fails.
  static let competing: UInt32 = 5
  /// Exactly one child, an `{name:int}` parameter, and no literal children: it is node + 1.
  /// (The value is checked on the URL's bytes: a plain segment decodes to itself.)
  static let intOnly: UInt32 = 6
  /// Exactly one child, an `{name:uuid}` parameter, and no literal children: it is node + 1.
  static let uuidOnly: UInt32 = 7
  /// Patterns end here.
  static let hasTerminals: UInt32 = 0x8
  /// The first terminal here takes any URL that reaches the node (no query or fragment
  /// constraint, trailing slash ignored): the fast path returns it directly.
  static let fastTerminal: UInt32 = 0x10
  /// Host slots only: the fast path may look this key up in the raw URL bytes.
  static let fastHost: UInt32 = 0x20
  /// A ``competing`` node with literal children (without it, the fast path does not look its
  /// segment up in the literal table).
  static let hasLiteralChildren: UInt32 = 0x40
  /// A ``competing`` node whose only child is one affixed edge with one untyped capture and a
  /// literal before and/or after it (`{name}.json`, `item-{id}`, `v{n}-beta`), all of fast
  /// bytes, and no literal children: the fast path steps over it without the competing search.
  /// The child is node + 1 (as a parameter's), and `dynamic` edge `dynamicStart` of the node.
  static let oneAffix: UInt32 = 0x80
  /// A ``oneAffix`` node's record keeps its edge's affix shape number in the bits from this one
  /// up (not in the eight bits that literal slots and ``MatcherStorage/infos`` keep), so that
  /// the fast loop reads the shape from the node record alone.
  static let affixShapeShift: UInt32 = 12
  /// A ``general`` node whose only child is a catch-all (`{path*}`, or `{path*?}` past its
  /// absent form), with no literal child: the fast path captures the rest of the path there
  /// (``URLTrie/catchAllStep(_:captures:_:_:_:_:)``). In the node record only, not in the
  /// eight bits that literal slots and ``MatcherStorage/infos`` keep (the step reads the record).
  static let oneCatchAll: UInt32 = 0x100
}

extension EdgeKind {
  /// Whether an edge of this kind takes a segment or not by that segment alone (so that a
  /// ``NodeInfo/competing`` node may have it): a literal, an affixed segment, a typed or an
  /// untyped parameter. Optionals, wildcards and catch-alls are left to the general search.
  var decidedOnOneSegment: Bool {
    switch self {
    case .literal, .affixed, .int, .uuid, .string: return true
    case .optionalInt, .optionalUUID, .optionalString, .wildcard, .catchAll: return false
    }
  }
}
