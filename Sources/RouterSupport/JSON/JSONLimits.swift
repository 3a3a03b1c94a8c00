/// The limits ``JSONParser`` enforces, so that hostile input fails with an error instead of exhausting memory.
///
/// ```swift
/// var limits = JSONLimits.default
/// limits.maxBytes = 64 * 1024          // one event line
/// let node = try JSONParser.parse(line, limits: limits)
/// ```
public struct JSONLimits: Sendable, Hashable {
  /// The deepest nesting of arrays and objects allowed; a document at this depth parses, one deeper fails.
  ///
  /// Keep it modest (hundreds, not millions): the parse itself is iterative, but taking a node's
  /// ``JSONNode/value``, writing a value and releasing a tree recurse once per level.
  public var maxDepth: Int
  /// The largest document allowed, in bytes (a byte order mark included).
  public var maxBytes: Int
  /// The longest decoded string (or key) allowed, in UTF-8 bytes; `nil` for no limit beyond ``maxBytes``.
  public var maxStringBytes: Int?

  /// Creates limits; the defaults are those of ``default``.
  public init(maxDepth: Int = 64, maxBytes: Int = 16 * 1024 * 1024, maxStringBytes: Int? = nil) {
    self.maxDepth = maxDepth
    self.maxBytes = maxBytes
    self.maxStringBytes = maxStringBytes
  }

  /// Depth 64, 16 MiB, no separate string limit.
  public static let `default` = JSONLimits()
}
