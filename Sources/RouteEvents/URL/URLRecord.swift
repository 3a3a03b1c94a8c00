import RouterSupport

/// A URL read from text: the original string plus component ranges, with String accessors.
///
/// The component accessors (``scheme``, ``host``, ``path``, ``query``, ``fragment``) return what
/// Foundation's `URL(string:)` returns from `*(percentEncoded: true)` for the same text, and
/// ``absoluteString`` is exactly Foundation's `absoluteString`. The `normalized*` accessors and
/// ``pathSegments`` / ``queryItems`` are what routing compares. Reading it validates everything
/// those need: once a record exists, every path segment and query item decodes.
///
/// ```swift
/// let url = try URLRecord(parsing: "HTTPS://Bücher.example/a/%2e%2e/b%2Fc?q=1+2&q=3#top")
/// url.normalizedScheme   // "https"
/// url.normalizedHost     // "xn--bcher-kva.example"
/// url.absoluteString     // "HTTPS://xn--bcher-kva.example/a/%2e%2e/b%2Fc?q=1+2&q=3#top"
/// url.pathSegments       // ["b/c"]
/// url.queryItems         // [("q", "1+2"), ("q", "3")]
/// ```
public struct URLRecord: Sendable, Hashable, CustomStringConvertible {
  /// The text as given.
  public let text: String
  /// The component ranges, as UTF-8 offsets into ``text``.
  public let ranges: URLComponentRanges

  /// Reads `text`; throws ``URLReadError`` when the reader refuses it (see `docs/url-reading.md`),
  /// including when the path has more than ``PathSegments/maxCount`` segments.
  public init(parsing text: String) throws(URLReadError) {
    var text = text
    switch text.withUTF8({ Self.readRanges($0) }) {
    case .success(let ranges): self.init(text: text, ranges: ranges)
    case .failure(let error): throw error
    }
  }

  /// Reads the UTF-8 bytes of a URL: the same record as ``init(parsing:)`` gives for their text,
  /// and bytes that are not UTF-8 refused first (``URLReadError/Reason/invalidUTF8`` at the first
  /// bad byte). The text is made once, when the bytes are a URL.
  package init(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(URLReadError) {
    if let bad = UTF8Bytes.firstInvalidOffset(bytes) { throw URLSyntax.invalidUTF8(at: bad) }
    try self.init(validUTF8: bytes)
  }

  /// Reads bytes its caller has already checked are UTF-8 (`UTF8Bytes.firstInvalidOffset` is
  /// nil): the same record as ``init(utf8:)``, without checking them a second time.
  @inline(__always)
  package init(validUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(URLReadError) {
    switch Self.readRanges(bytes) {
    case .success(let ranges): self.init(text: String(decoding: bytes, as: UTF8.self), ranges: ranges)
    case .failure(let error): throw error
    }
  }

  /// The reader's ranges of `bytes` (``URLSyntax/parse(_:)``), or why it refuses them, with the
  /// segment limit checked.
  @inline(__always)
  static func readRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<URLComponentRanges, URLReadError> {
    let ranges: URLComponentRanges
    switch URLSyntax.parse(bytes) {
    case .success(let parsed): ranges = parsed
    case .failure(let error): return .failure(error)
    }
    // A path shorter than the segment limit cannot hold more segments than it (each one but
    // the first follows a `/` of its own): nothing to check, and no scratch space.
    if ranges.path.count < PathSegments.maxCount { return .success(ranges) }
    if let error = segmentLimitError(bytes, path: ranges.path) { return .failure(error) }
    return .success(ranges)
  }

  /// Why a path of at least ``PathSegments/maxCount`` bytes is refused (too many segments), or nil.
  @inline(never)
  static func segmentLimitError(_ bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>) -> URLReadError? {
    // Scratch space for the segment check, never read before it is written.
    let shape = withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: PathSegments.maxCount) {
      PathSegments.resolve(bytes, path: path, into: $0)
    }
    if case .failure(let error) = shape { return error }
    return nil
  }

  /// Wraps ranges that ``URLSyntax/parse(_:)`` returned for exactly the UTF-8 bytes of `text`.
  ///
  /// The hot path parses once and keeps the result. Unlike ``init(parsing:)`` this does not check
  /// the segment limit.
  public init(text: String, ranges: URLComponentRanges) {
    self.text = text
    self.ranges = ranges
  }

  /// The text as given.
  public var description: String { text }

  // MARK: - As Foundation returns them

  /// The scheme as written (Foundation's `scheme`).
  public var scheme: String { string(ranges.scheme) }

  /// The host as Foundation's `host(percentEncoded: true)` returns it: as written for an ASCII host,
  /// without brackets for an IP literal, and for a non-ASCII host its IDNA-mapped Unicode form,
  /// percent-encoded (`Bücher.example` → `b%C3%BCcher.example`).
  public var host: String? { foundationHost }

  /// The port (Foundation's `port`); nil when absent or empty.
  public var port: Int? { ranges.port }

  /// The path, percent-encoded as Foundation's `path(percentEncoded: true)` returns it.
  public var path: String { foundationPath }

  /// The query without `?`, percent-encoded as Foundation's `query(percentEncoded: true)` returns it.
  public var query: String? { ranges.query.map { foundationEncoded($0, allowing: .foundationQuery) } }

  /// The fragment without `#`, percent-encoded as Foundation's `fragment(percentEncoded: true)` returns it.
  public var fragment: String? { ranges.fragment.map { foundationEncoded($0, allowing: .foundationQuery) } }

  // MARK: - For routing

  /// The scheme, lowercased.
  public var normalizedScheme: String { Self.lowercasedScheme(text, ranges.scheme) }

  /// The scheme `range` of `text`, lowercased: a literal for the common ones (nothing to make),
  /// else lowercased as it is copied into the string's own storage (a scheme is ASCII: the
  /// reader refuses any other byte in it). Package-wide for a caller that reads a record in
  /// place (a property called on a record behind a pointer copies the whole record first).
  package static func lowercasedScheme(_ text: String, _ range: Range<Int>) -> String {
    var text = text
    return text.withUTF8 { bytes in
      if let literal = URLSyntax.commonScheme(bytes, range) { return literal }
      let scheme = UnsafeBufferPointer(rebasing: bytes[range])
      return String(unsafeUninitializedCapacity: scheme.count) { buffer in
        for (i, byte) in scheme.enumerated() { buffer[i] = URLSyntax.lowercasedASCII(byte) }
        return scheme.count
      }
    }
  }

  /// Whether the scheme `range` of `text` is `https` in any case: the scheme of most links,
  /// told by one compare of its bytes as a word, with no string made (as
  /// ``lowercasedScheme(_:_:)`` makes one).
  package static func isHTTPS(_ text: String, _ range: Range<Int>) -> Bool {
    guard range.count == 5 else { return false }
    if let answer = text.utf8.withContiguousStorageIfAvailable({
      URLSyntax.packedScheme($0, range) == URLSyntax.packedHTTPS
    }) {
      return answer
    }
    var text = text
    return text.withUTF8 { URLSyntax.packedScheme($0, range) == URLSyntax.packedHTTPS }
  }

  /// Whether the scheme of the record at `record` is `https` in any case, read in place: its
  /// text passed to ``isHTTPS(_:_:)`` from behind a pointer was retained and released.
  package static func isHTTPS(at record: UnsafePointer<URLRecord>) -> Bool {
    let range = record.pointee.ranges.scheme
    guard range.count == 5 else { return false }
    if let answer = record.pointee.text.utf8.withContiguousStorageIfAvailable({
      URLSyntax.packedScheme($0, range) == URLSyntax.packedHTTPS
    }) {
      return answer
    }
    return isHTTPS(record.pointee.text, range)
  }

  /// The host for comparison, or nil when there is no host.
  ///
  /// ASCII-lowercased; a non-ASCII host in its IDNA ASCII form (`xn--` labels); an IPv6 literal in
  /// its WHATWG form without brackets (`::1`). A trailing dot is kept: `example.com.` is not
  /// `example.com`.
  public var normalizedHost: String? { normalizedHostForm }

  /// The path segments, each percent-decoded exactly once (`%2F` stays inside its segment).
  public var pathSegments: [String] {
    segments.ranges.map { decodedString($0) }
  }

  /// Whether the path ends with a slash (see ``PathSegments``).
  public var hasTrailingSlash: Bool { segments.hasTrailingSlash }

  /// The path split on raw `/` with dot segments resolved, as ranges into ``text`` (see ``PathSegments``).
  public var segments: PathSegments {
    withBytes { bytes in
      // Cannot fail: a path of n bytes has at most n + 1 segments.
      (try? PathSegments(bytes, path: ranges.path, limit: ranges.path.count &+ 1))
        ?? PathSegments(ranges: [], hasTrailingSlash: false)
    }
  }

  /// The query split on `&`, then on the first `=`; names and values percent-decoded exactly once.
  ///
  /// A `+` is not a space. Empty pieces (`a&&b`) are skipped; `a` alone has a nil value, `a=` an
  /// empty one.
  public var queryItems: [(name: String, value: String?)] {
    guard let query = ranges.query else { return [] }
    var items: [(name: String, value: String?)] = []
    forEachQueryItem(query) { name, value in
      items.append((decodedString(name), value.map { decodedString($0) }))
    }
    return items
  }

  /// The fragment, percent-decoded once; nil when there is no `#`.
  public var decodedFragment: String? { ranges.fragment.map { decodedString($0) } }

  // MARK: - Helpers

  /// Calls `body` with the name range and optional value range of each non-empty query piece.
  func forEachQueryItem(_ query: Range<Int>, _ body: (Range<Int>, Range<Int>?) -> Void) {
    withBytes { bytes in Self.forEachQueryItem(bytes, query, body) }
  }

  static func forEachQueryItem(
    _ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>, _ body: (Range<Int>, Range<Int>?) -> Void
  ) {
    var start = query.lowerBound
    var equals = -1
    var i = query.lowerBound
    while i <= query.upperBound {
      if i == query.upperBound || bytes[i] == 0x26 {
        if i > start {
          if equals >= 0 { body(start..<equals, equals &+ 1..<i) } else { body(start..<i, nil) }
        }
        start = i &+ 1
        equals = -1
      } else if bytes[i] == 0x3D && equals < 0 {
        equals = i
      }
      i &+= 1
    }
  }

  func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }

  func bytes(_ range: Range<Int>) -> [UInt8] {
    withBytes { Array($0[range]) }
  }

  func string(_ range: Range<Int>) -> String {
    withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
  }

  func decodedString(_ range: Range<Int>) -> String {
    withBytes { bytes in
      var out: [UInt8] = []
      // The reader validated every escape, so decoding cannot fail; fall back to the raw text if it did.
      guard PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[range]), into: &out) else {
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
      return String(decoding: out, as: UTF8.self)
    }
  }
}
