/// Where a parsed pattern's origin and each of its path segments are in its text, and what
/// kind each segment is, as the parser found them: what the compiler reads instead of the
/// pattern's host and segments (reading a ``PathSegmentPattern`` out of its array copies and
/// releases its payload; comparing a ``HostPattern`` with the last pattern's copies both).
///
/// The parser gives a pattern a layout when its host is not a value set and its path fits
/// one: at most ``capacity`` segments, each a literal written without a percent escape or a
/// byte that needs a check (its decoded text is its bytes), a `{name}` or `{name:type}`
/// parameter, `*` or a `{name*}` catch-all, in a text of at most 255 bytes. Changing the
/// pattern's text, scheme, host, port or segments drops it (``URLPattern/layout``).
///
/// ```swift
/// let pattern = try URLPattern(parsing: "https://example.com/users/{id:int}")
/// pattern.layout?.originLength      // 19: "https://example.com"
/// pattern.layout?.kind(at: 1)       // .int
/// ```
@usableFromInline package struct PathLayout: Sendable, Hashable {
  /// What a segment is.
  @usableFromInline package enum Kind: UInt8, Sendable {
    case literal, string, int, uuid, wildcard, catchAll
  }

  /// The most segments a layout holds.
  package static let capacity = 8

  /// The length of the text's `scheme://host[:port]` (or `scheme:`): equal bytes there are an
  /// equal scheme, host and port.
  package var originLength: UInt8
  /// The number of segments.
  package var count: UInt8 = 0
  // A byte a segment: its start, its length and its kind's raw value.
  @usableFromInline var starts: UInt64 = 0
  @usableFromInline var lengths: UInt64 = 0
  @usableFromInline var kinds: UInt64 = 0

  /// A layout with no segments yet, for a pattern whose path starts at `originLength`.
  package init(originLength: UInt8) {
    self.originLength = originLength
  }

  /// Adds a segment written at `range` of the text; false when the layout is full or the
  /// range is beyond 255.
  mutating func append(_ kind: Kind, _ range: Range<Int>) -> Bool {
    guard count < 8, range.upperBound <= 255 else { return false }  // (capacity)
    let shift = UInt64(count) &* 8
    starts |= UInt64(truncatingIfNeeded: range.lowerBound) &<< shift
    lengths |= UInt64(truncatingIfNeeded: range.count) &<< shift
    kinds |= UInt64(kind.rawValue) &<< shift
    count &+= 1
    return true
  }

  /// The kind of segment `index`.
  @inlinable
  package func kind(at index: Int) -> Kind {
    Kind(rawValue: UInt8(truncatingIfNeeded: kinds &>> (UInt64(index) &* 8))) ?? .literal
  }

  /// Where segment `index` is written in the text (for a literal, its bytes).
  @inlinable
  package func range(at index: Int) -> Range<Int> {
    let shift = UInt64(index) &* 8
    let start = Int(truncatingIfNeeded: (starts &>> shift) & 0xFF)
    return start..<start &+ Int(truncatingIfNeeded: (lengths &>> shift) & 0xFF)
  }
}
