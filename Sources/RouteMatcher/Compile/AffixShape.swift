import RouteEvents
import RouteTables
import RouterSupport

/// The shape of an affixed segment as the trie keys it: its literal parts (lowercased when paths
/// are case-insensitive) and the types of its captures, without their names (which the
/// terminals hold), so that `{a}.json` and `{b}.json` share one edge, as `{a}` and `{b}` do.
struct AffixShape: Hashable {
  enum Part: Hashable {
    case literal([UInt8])
    case capture(ParameterType)
  }

  var parts: [Part]

  init(_ segment: AffixedSegment, caseSensitive: Bool) {
    parts = segment.parts.map { part in
      switch part {
      case .literal(let text):
        let bytes = Array(text.utf8)
        return .literal(caseSensitive ? bytes : bytes.map(ASCIIBytes.lowercased))
      case .capture(let p): return .capture(p.type)
      }
    }
  }

  var literalLength: Int {
    parts.reduce(0) { if case .literal(let b) = $1 { return $0 + b.count } else { return $0 } }
  }
  var captureCount: Int { parts.count { if case .capture = $0 { return true } else { return false } } }
  var typedCount: Int { parts.count { if case .capture(let t) = $0 { return t != .string } else { return false } } }

  /// Whether every literal byte is a ``PlainBytes`` byte: a URL that holds the literals raw then
  /// reads them as they are, so the fast path's one-affix step checks only the capture's bytes.
  var literalsArePlain: Bool {
    parts.allSatisfy { if case .literal(let b) = $0 { return b.allSatisfy(PlainBytes.contains) } else { return true } }
  }

  /// The precedence keys: more literal bytes first, then fewer captures, then more typed captures.
  var rankKey: (Int, Int, Int) { (-literalLength, captureCount, -typedCount) }

  /// The shape as text, for diagnostics and descriptions: `{string}.json`.
  var text: String {
    parts.map { part in
      switch part {
      case .literal(let b): return String(decoding: b, as: UTF8.self)
      case .capture(let t): return "{\(t.rawValue)}"
      }
    }.joined()
  }

  /// Whether this shape comes before `other` at one node: by ``rankKey``; shapes of equal keys
  /// (which the compiler accepts only when no segment can match both) by their text, so that the
  /// order never depends on the table's order.
  func precedes(_ other: AffixShape) -> Bool {
    let a = rankKey
    let b = other.rankKey
    if a != b { return a < b }
    return text.utf8.lexicographicallyPrecedes(other.text.utf8)
  }

  /// Whether some segment could match both shapes as far as their outer literals tell: the
  /// leading literals agree (one starts the other) and so do the trailing ones.
  func mayOverlap(_ other: AffixShape) -> Bool {
    func leading(_ s: AffixShape) -> [UInt8] {
      if case .literal(let b)? = s.parts.first { return b } else { return [] }
    }
    func trailing(_ s: AffixShape) -> [UInt8] {
      if s.parts.count > 1, case .literal(let b)? = s.parts.last { return b } else { return [] }
    }
    let (la, lb) = (leading(self), leading(other))
    let (ta, tb) = (trailing(self), trailing(other))
    let prefixesAgree = la.starts(with: lb) || lb.starts(with: la)
    let suffixesAgree = ta.reversed().starts(with: tb.reversed()) || tb.reversed().starts(with: ta.reversed())
    return prefixesAgree && suffixesAgree
  }
}

extension EdgeKind {
  /// The precedence of two edges of one node: by class rank, affixed edges by their shapes.
  static func precedes(_ a: EdgeKind, _ b: EdgeKind, shapes: [AffixShape]) -> Bool {
    if case .affixed(let x) = a, case .affixed(let y) = b { return shapes[Int(x)].precedes(shapes[Int(y)]) }
    if a.rank != b.rank { return a.rank < b.rank }
    return a < b
  }
}

extension URLTrie.AffixRecord {
  /// Sets the leading and the trailing literal of `parts` (a shape's parts, at least one of them
  /// a capture): their lengths, the words and masks the fast path's one-affix step compares
  /// them with when they are eight bytes or fewer, and the length the fast loop needs for them
  /// (``URLTrie/AffixRecord/wordEndsLength``).
  mutating func setEnds(_ parts: [AffixShape.Part]) {
    if case .literal(let bytes) = parts.first {
      prefixLength = Int32(truncatingIfNeeded: bytes.count)
      if bytes.count <= 8 {
        for (i, byte) in bytes.enumerated() { prefixWord |= UInt64(byte) << (8 * i) }
        prefixMask = bytes.count == 8 ? .max : (1 << (8 * bytes.count)) - 1
      }
    }
    if parts.count > 1, case .literal(let bytes) = parts.last {
      suffixLength = Int32(truncatingIfNeeded: bytes.count)
      if bytes.count <= 8 {
        let shift = 8 * (8 - bytes.count)
        for (i, byte) in bytes.enumerated() { suffixWord |= UInt64(byte) << (shift + 8 * i) }
        suffixMask = UInt64.max << shift
      }
    }
    if prefixLength <= 8 && suffixLength <= 8 {
      wordEndsLength = prefixLength + suffixLength
      // A lone '.' (`.{x}`, `{x}.`): `..` would fit it but is a dot segment, which reads
      // differently on the general path; the loop takes no segment of two bytes then (the step
      // out of the loop sends it there).
      if wordEndsLength == 1 && parts.contains(.literal([0x2E])) { wordEndsLength = 2 }
    }
  }
}
