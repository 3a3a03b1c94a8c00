public import RouteTables

/// The one function that decides between routes that match the same input.
///
/// For a URL, compare the two candidate matches key by key; the first difference decides:
///
/// 1. **Host**: an exact host beats a `*.domain` host; a longer wildcard domain beats a shorter;
///    any of them beats a host parameter (`myapp://{screen}`), `int` and `uuid` before untyped.
/// 2. **Path, left to right**: at the first segment where the two differ, the better class wins:
///    literal (a value of a set `{tab:a|b}` is a literal) > affixed segment (`{name}.json`; among
///    them more literal bytes first, then fewer captures, then more typed captures) > typed parameter (`int`, `uuid`) > parameter > optional (typed before untyped)
///    > wildcard `*` > catch-all `{name*}`.
/// 3. **Optional segments**: the expansion that leaves out fewer optional segments wins (an
///    optional value set counts as an optional segment).
/// 4. **Query and fragment constraints**: more literal constraints win, then more required
///    parameters, then more key-present constraints.
/// 5. **Explicit priority**: higher wins.
/// 6. **Table order**: earlier wins.
///
/// Activity routes use steps 4 to 6 over their `userInfo` constraints.
///
/// Two routes whose keys are equal through step 4 match exactly the same inputs; the compiler
/// rejects them (`duplicate-route`) instead of letting table order silently hide one.
///
/// ```swift
/// Precedence.rank(of: .literal("users")) < Precedence.rank(of: .parameter(.init(name: "id")))  // true
/// ```
public enum Precedence {
  /// The class rank of one path segment pattern: lower is more specific.
  public static func rank(of segment: PathSegmentPattern) -> Int {
    EdgeKind(segment).rank
  }

  /// The constraint score of a list of strengths (3 literal, 2 required parameter, 1 present,
  /// 0 optional parameter): the counts of each, compared lexicographically, higher first.
  static func score(_ strengths: [Int]) -> ConstraintScore {
    var s = ConstraintScore()
    for strength in strengths {
      switch strength {
      case 3: s.literals += 1
      case 2: s.required += 1
      case 1: s.present += 1
      default: break
      }
    }
    return s
  }
}

/// Counts of constraints by strength; compares lexicographically (more literals first).
struct ConstraintScore: Hashable, Comparable {
  var literals = 0
  /// Affixed query values (`?id=item-{id}`), which also count as required.
  var affixed = 0
  var required = 0
  var present = 0

  static func < (a: ConstraintScore, b: ConstraintScore) -> Bool {
    (a.literals, a.affixed, a.required, a.present) < (b.literals, b.affixed, b.required, b.present)
  }
}

/// The kind of a trie edge, in precedence order.
enum EdgeKind: Hashable, Comparable {
  case literal
  /// Literal text and captures in one segment; the shape's number in the trie's affix shapes
  /// (-1 before the builder has numbered it). Affixed edges are ordered among themselves by
  /// ``AffixShape/precedes(_:)``.
  case affixed(Int32)
  case int
  case uuid
  case string
  case optionalInt
  case optionalUUID
  case optionalString
  case wildcard
  case catchAll

  init(_ segment: PathSegmentPattern) {
    switch segment {
    case .literal, .valueSet, .optionalLiterals: self = .literal
    case .affixed: self = .affixed(-1)
    case .parameter(let p):
      switch p.type {
      case .int: self = .int
      case .uuid: self = .uuid
      case .string: self = .string
      }
    case .optional(let p):
      switch p.type {
      case .int: self = .optionalInt
      case .uuid: self = .optionalUUID
      case .string: self = .optionalString
      }
    case .wildcard: self = .wildcard
    case .catchAll, .optionalCatchAll: self = .catchAll
    }
  }

  /// The documented class rank: literal 0, affixed 1, typed 2, parameter 3, optional 4,
  /// wildcard 5, catch-all 6.
  var rank: Int {
    switch self {
    case .literal: return 0
    case .affixed: return 1
    case .int, .uuid: return 2
    case .string: return 3
    case .optionalInt, .optionalUUID, .optionalString: return 4
    case .wildcard: return 5
    case .catchAll: return 6
    }
  }

  /// The type a captured value must have, or nil for edges that capture nothing.
  var parameterType: ParameterType? {
    switch self {
    case .int, .optionalInt: return .int
    case .uuid, .optionalUUID: return .uuid
    case .string, .optionalString, .catchAll: return .string
    case .literal, .wildcard, .affixed: return nil
    }
  }

  var captures: Bool { parameterType != nil }

  /// Whether two kinds are equal (`==`, inlined where the builder compares them: the derived
  /// equality is a call).
  @inline(__always)
  func same(_ other: EdgeKind) -> Bool {
    switch (self, other) {
    case (.affixed(let a), .affixed(let b)): return a == b
    case (.literal, .literal), (.int, .int), (.uuid, .uuid), (.string, .string), (.optionalInt, .optionalInt),
      (.optionalUUID, .optionalUUID), (.optionalString, .optionalString), (.wildcard, .wildcard),
      (.catchAll, .catchAll):
      return true
    default: return false
    }
  }

  /// Whether this is ``literal``.
  @inline(__always)
  var isLiteral: Bool {
    if case .literal = self { return true }
    return false
  }
}
