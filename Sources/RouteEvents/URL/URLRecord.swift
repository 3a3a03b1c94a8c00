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
  ///
  /// A record that borrows a line's bytes (the package's `init(borrowing:ranges:)`, made only
  /// while one line is decided) makes the string when it is read; the engine reads the bytes in
  /// place.
  public var text: String {
    if let bytes = borrowed.bytes { return String(decoding: bytes, as: UTF8.self) }
    return owned
  }
  // (The string first, where the text was: its spare bits are those the other payloads of
  // `Event.Kind` share, which keep a kind 128 bytes, copied without a `memcpy` call.)
  /// The text, when the record owns it; empty when it borrows its bytes (``borrowedBytes(at:)``).
  /// Package-wide for a reader of a record in place, which reads ``text`` only through its
  /// pointer (a computed property read there copied the record).
  @usableFromInline package let owned: String
  /// The bytes of the text, for a record that borrows them (none when it owns its text).
  @usableFromInline let borrowed: BorrowedUTF8
  /// The component ranges, as UTF-8 offsets into ``text``.
  public let ranges: URLComponentRanges
  /// Whether the reader found every byte of the text printable ASCII other than `"` and `\`
  /// (``URLSyntax/parse(_:needsNoEscape:)``): a JSON string holds it as it is, so a record
  /// echoes it with one copy. False when not known (a record made otherwise). Not part of the
  /// record's equality or hash, which compare the text and the ranges.
  package let needsNoEscape: Bool

  /// The UTF-8 bytes a record borrows: valid while their owner keeps them (a line's bytes, for
  /// the line's decision). Unchecked `Sendable`: a borrowed record never leaves the call that
  /// lends the bytes (``init(borrowing:ranges:)``). Two words, no optional around them (an
  /// optional buffer took a tag byte, and made `Event.Kind` 129 bytes).
  @usableFromInline
  struct BorrowedUTF8: @unchecked Sendable {
    /// The first byte; nil for an owned record (no URL is empty).
    @usableFromInline let base: UnsafePointer<UInt8>?
    @usableFromInline let count: Int
    @usableFromInline init(_ bytes: UnsafeBufferPointer<UInt8>) {
      base = bytes.baseAddress
      count = bytes.count
    }
    /// No bytes: an owned record's.
    @usableFromInline static var nothing: BorrowedUTF8 { BorrowedUTF8(UnsafeBufferPointer(start: nil, count: 0)) }
    /// The bytes, or nil for an owned record.
    @inlinable var bytes: UnsafeBufferPointer<UInt8>? {
      guard let base else { return nil }
      return UnsafeBufferPointer(start: base, count: count)
    }
  }

  /// Whether two records have the same text and ranges, however they hold their text.
  ///
  /// ```swift
  /// try URLRecord(parsing: "notes://a") == URLRecord(parsing: "notes://a")   // true
  /// ```
  public static func == (a: URLRecord, b: URLRecord) -> Bool {
    guard a.ranges == b.ranges else { return false }
    if a.borrowed.base == nil && b.borrowed.base == nil { return a.owned == b.owned }
    return a.text == b.text
  }

  /// Hashes the text and the ranges (as `==` compares them).
  ///
  /// ```swift
  /// Set([try URLRecord(parsing: "notes://a")]).count   // 1
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(ranges)
  }

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
  package static func readRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<URLComponentRanges, URLReadError> {
    var plain = false
    return readRanges(bytes, needsNoEscape: &plain)
  }

  /// The same, and whether the bytes need no JSON escape (``URLSyntax/parse(_:needsNoEscape:)``).
  @inline(__always)
  package static func readRanges(
    _ bytes: UnsafeBufferPointer<UInt8>, needsNoEscape: inout Bool
  ) -> Result<URLComponentRanges, URLReadError> {
    // The common form read in place (no `Result` between the reader and this one); a path
    // shorter than the segment limit cannot hold more segments than it (each one but the first
    // follows a `/` of its own): nothing to check, and no scratch space.
    if let (ranges, plain) = URLSyntax.commonFormRanges(bytes, pathLimit: PathSegments.maxCount) {
      if plain { needsNoEscape = true }
      return .success(ranges)
    }
    return readRangesInGeneral(bytes, needsNoEscape: &needsNoEscape)
  }

  /// ``readRanges(_:needsNoEscape:)`` of any input, by the general reader
  /// (``URLSyntax/parseInGeneral(_:needsNoEscape:)``).
  @inline(never)
  static func readRangesInGeneral(
    _ bytes: UnsafeBufferPointer<UInt8>, needsNoEscape: inout Bool
  ) -> Result<URLComponentRanges, URLReadError> {
    let ranges: URLComponentRanges
    switch URLSyntax.parseInGeneral(bytes, needsNoEscape: &needsNoEscape) {
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
    self.owned = text
    self.borrowed = .nothing
    self.ranges = ranges
    self.needsNoEscape = false
  }

  /// A record of `bytes` that borrows them, with the `ranges` ``URLSyntax/parse(_:)`` returned
  /// for them (``readRanges(_:)``): no string is made, and the record, and every copy of it,
  /// is valid only while `bytes` are (the engine's view of a line's URL, for the line's
  /// decision). ``text`` makes the string when it is read.
  ///
  /// ```swift
  /// if case .success(let ranges) = URLRecord.readRanges(line) {
  ///   let url = URLRecord(borrowing: line, ranges: ranges)   // used before `line` goes away
  /// }
  /// ```
  ///
  /// `needsNoEscape` is what ``readRanges(_:needsNoEscape:)`` said of the bytes.
  package init(borrowing bytes: UnsafeBufferPointer<UInt8>, ranges: URLComponentRanges, needsNoEscape: Bool = false) {
    self.owned = ""
    self.borrowed = BorrowedUTF8(bytes)
    self.ranges = ranges
    self.needsNoEscape = needsNoEscape
  }

  /// The bytes the record at `record` borrows, read in place; nil when it owns its text.
  @inlinable
  package static func borrowedBytes(at record: UnsafePointer<URLRecord>) -> UnsafeBufferPointer<UInt8>? {
    record.pointee.borrowed.bytes
  }

  /// `body` of the UTF-8 bytes of the record at `record`, read in place: neither the record nor
  /// its text is copied or retained (a property read through the pointer copied the record).
  @inlinable
  package static func withBytes<R>(
    at record: UnsafePointer<URLRecord>, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    if let bytes = record.pointee.borrowed.bytes { return body(bytes) }
    if let result = record.pointee.owned.utf8.withContiguousStorageIfAvailable(body) { return result }
    var text = record.pointee.owned
    return text.withUTF8(body)
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
  public var normalizedScheme: String {
    if let bytes = borrowed.bytes { return Self.lowercasedScheme(bytes: bytes, ranges.scheme) }
    return Self.lowercasedScheme(owned, ranges.scheme)
  }

  /// The scheme `range` of `text`, lowercased: a literal for the common ones (nothing to make),
  /// else lowercased as it is copied into the string's own storage (a scheme is ASCII: the
  /// reader refuses any other byte in it). Package-wide for a caller that reads a record in
  /// place (a property called on a record behind a pointer copies the whole record first).
  package static func lowercasedScheme(_ text: String, _ range: Range<Int>) -> String {
    var text = text
    return text.withUTF8 { lowercasedScheme(bytes: $0, range) }
  }

  /// ``lowercasedScheme(_:_:)`` of the record at `record`, its bytes read in place (a record
  /// that borrows its bytes has no string to pass).
  package static func lowercasedScheme(at record: UnsafePointer<URLRecord>) -> String {
    let range = record.pointee.ranges.scheme
    if let bytes = record.pointee.borrowed.bytes { return lowercasedScheme(bytes: bytes, range) }
    return lowercasedScheme(record.pointee.owned, range)
  }

  /// The scheme `range` of the URL `bytes`, lowercased (``lowercasedScheme(_:_:)``).
  private static func lowercasedScheme(bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    if let literal = URLSyntax.commonScheme(bytes, range) { return literal }
    let scheme = UnsafeBufferPointer(rebasing: bytes[range])
    return String(unsafeUninitializedCapacity: scheme.count) { buffer in
      for (i, byte) in scheme.enumerated() { buffer[i] = URLSyntax.lowercasedASCII(byte) }
      return scheme.count
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
    if let bytes = record.pointee.borrowed.bytes {
      return URLSyntax.packedScheme(bytes, range) == URLSyntax.packedHTTPS
    }
    if let answer = record.pointee.owned.utf8.withContiguousStorageIfAvailable({
      URLSyntax.packedScheme($0, range) == URLSyntax.packedHTTPS
    }) {
      return answer
    }
    return isHTTPS(record.pointee.owned, range)
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

  /// `body` of the record's UTF-8 bytes: its text's, or the bytes it borrows.
  @inlinable
  package func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    if let bytes = borrowed.bytes { return body(bytes) }
    if let result = owned.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(owned.utf8).withUnsafeBufferPointer(body)
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
