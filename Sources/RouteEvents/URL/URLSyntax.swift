public import RouterSupport

/// Component byte ranges of a URL, as offsets into the input buffer.
///
/// Plain integers: no allocation.
/// Ranges never include delimiters: `scheme` stops before `:`, `query` starts after `?`,
/// `fragment` after `#`, and for an IP-literal host (`[::1]`) `host` covers the address without
/// its brackets, as Foundation's `host(percentEncoded:)` does (``hostIsIPLiteral`` says so).
/// Every range is as written in the input: nothing is decoded, lowercased or re-encoded.
///
/// ```swift
/// let text = Array("notes://note/42?tab=1".utf8)
/// let ranges = try text.withUnsafeBufferPointer { try URLSyntax.parse($0).get() }
/// ranges.host    // 8..<12  ("note")
/// ranges.path    // 12..<15 ("/42")
/// ranges.query   // 16..<21 ("tab=1")
/// ```
///
/// The offsets are kept in 32 bits (the reader's input is at most ``URLSyntax/maxLength`` bytes),
/// so that the ranges, and a ``URLRecord`` or an event that holds them, copy in a few moves:
/// a range given to the initializer or a setter must lie in `0 ..< UInt32.max`.
public struct URLComponentRanges: Sendable, Hashable {
  /// One range as two 32-bit offsets; a missing one has `lower == UInt32.max` and `upper == 0`.
  @usableFromInline
  struct Bounds: Sendable, Hashable {
    @usableFromInline var lower: UInt32
    @usableFromInline var upper: UInt32

    @inlinable @inline(__always)
    init(_ range: Range<Int>) {
      precondition(
        range.lowerBound >= 0 && range.upperBound < Int(UInt32.max), "URL offsets must lie in 0..<UInt32.max")
      lower = UInt32(truncatingIfNeeded: range.lowerBound)
      upper = UInt32(truncatingIfNeeded: range.upperBound)
    }

    @inlinable @inline(__always)
    init(_ range: Range<Int>?) {
      if let range {
        self.init(range)
      } else {
        self = .missing
      }
    }

    /// A range of the reader's, whose offsets are known to lie in `0...URLSyntax.maxLength`
    /// (unchecked).
    @inline(__always)
    init(readerLower lower: Int, upper: Int) {
      self.lower = UInt32(truncatingIfNeeded: lower)
      self.upper = UInt32(truncatingIfNeeded: upper)
    }

    /// A missing range.
    @inlinable
    static var missing: Bounds {
      var bounds = Bounds(0..<0)
      bounds.lower = .max
      return bounds
    }

    @inlinable @inline(__always)
    var range: Range<Int> { Range(uncheckedBounds: (Int(lower), Int(upper))) }

    @inlinable @inline(__always)
    var optionalRange: Range<Int>? { lower == .max ? nil : range }
  }

  @usableFromInline var schemeBounds: Bounds
  @usableFromInline var userBounds: Bounds
  @usableFromInline var passwordBounds: Bounds
  @usableFromInline var hostBounds: Bounds
  @usableFromInline var portTextBounds: Bounds
  @usableFromInline var pathBounds: Bounds
  @usableFromInline var queryBounds: Bounds
  @usableFromInline var fragmentBounds: Bounds
  /// The port value; 0 when there is none (``flags`` says whether there is one).
  @usableFromInline var portValue: Int
  /// ``Flags``.
  @usableFromInline var flags: UInt8

  /// The bits of ``flags``.
  @usableFromInline
  enum Flags {
    @usableFromInline static let hasAuthority: UInt8 = 1
    @usableFromInline static let hostIsIPLiteral: UInt8 = 2
    @usableFromInline static let hostIsASCII: UInt8 = 4
    @usableFromInline static let hasPort: UInt8 = 8
  }

  @inlinable @inline(__always)
  func flag(_ bit: UInt8) -> Bool { flags & bit != 0 }

  @inlinable @inline(__always)
  mutating func setFlag(_ bit: UInt8, _ value: Bool) { flags = value ? flags | bit : flags & ~bit }

  /// The scheme, without the `:` (never empty).
  @inlinable public var scheme: Range<Int> {
    get { schemeBounds.range }
    set { schemeBounds = Bounds(newValue) }
  }
  /// Whether `//` follows the scheme, so that the URL has an authority (possibly empty, as in `myapp://`).
  @inlinable public var hasAuthority: Bool {
    get { flag(Flags.hasAuthority) }
    set { setFlag(Flags.hasAuthority, newValue) }
  }
  /// The user name of the userinfo (before its first `:`), or nil when there is no `@`.
  @inlinable public var user: Range<Int>? {
    get { userBounds.optionalRange }
    set { userBounds = Bounds(newValue) }
  }
  /// The password of the userinfo (after its first `:`), or nil when the userinfo has no `:`.
  ///
  /// Kept only so that the URL can be serialized back exactly; routing never looks at it.
  @inlinable public var password: Range<Int>? {
    get { passwordBounds.optionalRange }
    set { passwordBounds = Bounds(newValue) }
  }
  /// The host, or nil when the URL has no authority or an empty one (`myapp://`, like Foundation).
  ///
  /// For an IP literal the range excludes the brackets.
  @inlinable public var host: Range<Int>? {
    get { hostBounds.optionalRange }
    set { hostBounds = Bounds(newValue) }
  }
  /// Whether the host is an IP literal written in brackets (`[::1]`).
  @inlinable public var hostIsIPLiteral: Bool {
    get { flag(Flags.hostIsIPLiteral) }
    set { setFlag(Flags.hostIsIPLiteral, newValue) }
  }
  /// The port digits as written (empty for `h.com:`), or nil when there is no `:` after the host.
  @inlinable public var portText: Range<Int>? {
    get { portTextBounds.optionalRange }
    set { portTextBounds = Bounds(newValue) }
  }
  /// The port value, at most 65535; nil when absent or empty (`h.com:` gives nil, like Foundation).
  @inlinable public var port: Int? {
    get { flag(Flags.hasPort) ? portValue : nil }
    set {
      portValue = newValue ?? 0
      setFlag(Flags.hasPort, newValue != nil)
    }
  }
  /// The path, possibly empty; it starts with `/` when it is not empty and the URL has an authority.
  @inlinable public var path: Range<Int> {
    get { pathBounds.range }
    set { pathBounds = Bounds(newValue) }
  }
  /// The query, without the `?`; nil when there is no `?` (empty when the URL ends in `?`).
  @inlinable public var query: Range<Int>? {
    get { queryBounds.optionalRange }
    set { queryBounds = Bounds(newValue) }
  }
  /// The fragment, without the `#`; nil when there is no `#`.
  @inlinable public var fragment: Range<Int>? {
    get { fragmentBounds.optionalRange }
    set { fragmentBounds = Bounds(newValue) }
  }
  /// Whether the host is all ASCII (true when there is no host).
  ///
  /// A non-ASCII host must go through IDNA (``IDNA/toASCII(_:)``) before it is compared; an ASCII
  /// one compares case-insensitively (an IP literal through ``IPv6Address``).
  @inlinable public var hostIsASCII: Bool {
    get { flag(Flags.hostIsASCII) }
    set { setFlag(Flags.hostIsASCII, newValue) }
  }

  /// Creates component ranges; the parser is the usual source of them.
  @inlinable
  public init(
    scheme: Range<Int>, hasAuthority: Bool = false, user: Range<Int>? = nil, password: Range<Int>? = nil,
    host: Range<Int>? = nil, hostIsIPLiteral: Bool = false, portText: Range<Int>? = nil, port: Int? = nil,
    path: Range<Int>, query: Range<Int>? = nil, fragment: Range<Int>? = nil, hostIsASCII: Bool = true
  ) {
    schemeBounds = Bounds(scheme)
    userBounds = Bounds(user)
    passwordBounds = Bounds(password)
    hostBounds = Bounds(host)
    portTextBounds = Bounds(portText)
    pathBounds = Bounds(path)
    queryBounds = Bounds(query)
    fragmentBounds = Bounds(fragment)
    portValue = port ?? 0
    flags =
      (hasAuthority ? Flags.hasAuthority : 0) | (hostIsIPLiteral ? Flags.hostIsIPLiteral : 0)
      | (hostIsASCII ? Flags.hostIsASCII : 0) | (port != nil ? Flags.hasPort : 0)
  }
}

extension URLComponentRanges {
  /// The reader's first ranges of a URL of `n` bytes (at most ``URLSyntax/maxLength``, so the
  /// offsets are not checked again) whose scheme ends at `colon`: the scheme, an empty path at
  /// the end, an ASCII host, nothing else; as ``init(scheme:path:)`` makes them.
  @inline(__always)
  init(readerScheme colon: Int, end n: Int) {
    schemeBounds = Bounds(readerLower: 0, upper: colon)
    userBounds = .missing
    passwordBounds = .missing
    hostBounds = .missing
    portTextBounds = .missing
    pathBounds = Bounds(readerLower: n, upper: n)
    queryBounds = .missing
    fragmentBounds = .missing
    portValue = 0
    flags = Flags.hostIsASCII
  }
}

extension URLComponentRanges {
  /// The reader's ranges of the common form (``URLSyntax/readCommonForm(_:)``) of `n` bytes: the
  /// scheme up to `colon`, `//`, an ASCII host up to `hostEnd`, then the path to the end.
  @inline(__always)
  init(readerScheme colon: Int, hostEnd: Int, end n: Int) {
    schemeBounds = Bounds(readerLower: 0, upper: colon)
    userBounds = .missing
    passwordBounds = .missing
    hostBounds = Bounds(readerLower: colon &+ 3, upper: hostEnd)
    portTextBounds = .missing
    pathBounds = Bounds(readerLower: hostEnd, upper: n)
    queryBounds = .missing
    fragmentBounds = .missing
    portValue = 0
    flags = Flags.hostIsASCII | Flags.hasAuthority
  }
}

/// Why a text is not a URL the router accepts: a stable code and sub-reason, the byte offset, a message.
///
/// ``code`` is ``DiagnosticCode/invalidURL`` for malformed input and ``DiagnosticCode/ambiguousURL``
/// when Foundation (what the app receives) and the WHATWG URL Standard (what a browser sends) would
/// read the text differently. ``reason`` is a stable kebab-case ``Reason``; programs
/// match on it, never on ``message``.
///
/// ```swift
/// let error = URLReadError(.ambiguousURL, URLReadError.Reason.backslash, at: 13,
///                          "a backslash in the path; browsers read it as '/', Foundation as '%5C'")
/// print(error)  // ambiguous-url (backslash) at byte 13: a backslash in the path; ...
/// ```
public struct URLReadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// ``DiagnosticCode/invalidURL`` or ``DiagnosticCode/ambiguousURL``.
  public var code: DiagnosticCode
  /// A stable kebab-case sub-reason.
  public var reason: Reason
  /// The byte offset of the problem in the input.
  public var offset: Int
  /// A human sentence that says what is wrong and what was expected.
  public var message: String

  /// Creates an error.
  public init(_ code: DiagnosticCode, _ reason: Reason, at offset: Int, _ message: String) {
    self.code = code
    self.reason = reason
    self.offset = offset
    self.message = message
  }

  /// `code (reason) at byte N: message`.
  public var description: String { "\(code) (\(reason)) at byte \(offset): \(message)" }

  /// A diagnostic for this error, placed at `location` (the caller knows the file and line).
  public func diagnostic(at location: SourceLocation? = nil) -> Diagnostic {
    Diagnostic(.error, code, "\(message) [\(reason)]", at: location)
  }
}

extension URLReadError {
  /// The stable sub-reasons, each documented in `docs/url-reading.md` with an example.
  public enum Reason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    // Malformed input (.invalidURL).
    /// The input is empty.
    case empty = "empty"
    /// The input is longer than ``URLSyntax/maxLength``.
    case tooLong = "too-long"
    /// The input is not valid UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// No `scheme:` at the start (a relative reference).
    case noScheme = "no-scheme"
    /// The scheme has a character other than ALPHA DIGIT `+` `-` `.`, or does not start with a letter.
    case invalidScheme = "invalid-scheme"
    /// A control character (U+0000–U+001F except TAB, LF, CR; U+007F).
    case controlCharacter = "control-character"
    /// `%` not followed by two hex digits.
    case invalidPercentEscape = "invalid-percent-escape"
    /// A `%XX` escape decodes to a control character.
    case encodedControlCharacter = "encoded-control-character"
    /// The percent-decoded bytes of the path, query or fragment are not valid UTF-8.
    case encodedInvalidUTF8 = "encoded-invalid-utf8"
    /// The host is empty where one is required.
    case emptyHost = "empty-host"
    /// The host has a character that no URL reader accepts there.
    case invalidHostCharacter = "invalid-host-character"
    /// The bracketed host is not a valid IPv6 address.
    case invalidIPv6 = "invalid-ipv6"
    /// The port has a character other than a digit.
    case invalidPort = "invalid-port"
    /// A non-ASCII host label breaks an IDNA rule that Foundation enforces (hyphens, empty label, length).
    case invalidIDNALabel = "invalid-idna-label"
    /// A non-ASCII host character whose IDNA mapping this reader does not implement.
    case unsupportedIDNA = "unsupported-idna"
    /// More than ``PathSegments/maxCount`` path segments.
    case tooManySegments = "too-many-segments"

    // Foundation and WHATWG disagree (.ambiguousURL).
    /// Leading or trailing space: WHATWG strips it, Foundation rejects or encodes it.
    case surroundingSpace = "surrounding-space"
    /// TAB, LF or CR: WHATWG deletes them anywhere, Foundation encodes them.
    case tabOrNewline = "tab-or-newline"
    /// A backslash before the query: WHATWG reads it as `/` in special schemes, Foundation as `%5C`.
    case backslash = "backslash"
    /// Not exactly `//` after a special scheme (`https:/h`, `https:///h`, `https:h`).
    case irregularSlashes = "irregular-slashes"
    /// `%` in a host: WHATWG decodes it before reading the host, Foundation keeps it.
    case percentEncodedHost = "percent-encoded-host"
    /// More than one `@` in the authority: readers disagree on which one ends the userinfo.
    case severalAtSigns = "several-at-signs"
    /// Port above 65535: WHATWG rejects it, Foundation accepts it.
    case portOutOfRange = "port-out-of-range"
    /// A host that WHATWG reads as an IPv4 address written in a non-canonical form (`0x7f.1`, `127.1`).
    case nonCanonicalIPv4 = "non-canonical-ipv4"
    /// An IPv6 zone ID (`[fe80::1%25en0]`): WHATWG rejects it, Foundation accepts it.
    case ipv6ZoneID = "ipv6-zone-id"
    /// An `xn--` label that is not valid Punycode for a supported label: WHATWG rejects it, Foundation keeps it.
    case invalidPunycode = "invalid-punycode"
    /// Valid `%XX` escapes in a component that also has characters Foundation must encode: Foundation
    /// re-encodes the `%` as `%25` while browsers keep the escape, so the decoded values differ.
    case mixedEncoding = "mixed-encoding"
    /// A `file:` URL form that WHATWG rewrites (host `localhost`, drive letters, credentials, ports).
    case unsupportedFileURL = "unsupported-file-url"

    public var description: String { rawValue }
  }
}

/// The project's own URL reader: one pass over UTF-8 bytes, component ranges out, no allocation.
///
/// It agrees with Foundation's `URL(string:)` on every input both accept, and it rejects inputs that
/// Foundation and the WHATWG URL Standard read differently. See `docs/url-reading.md`.
///
/// ```swift
/// let bytes = Array("https://Example.com:8443/a/b?x=1#top".utf8)
/// switch bytes.withUnsafeBufferPointer({ URLSyntax.parse($0) }) {
/// case .success(let ranges): print(ranges.port ?? 0)          // 8443
/// case .failure(let error): print(error.code, error.reason)
/// }
/// ```
public enum URLSyntax {
  /// The longest input accepted, in bytes: 64 KiB (longer input gives ``URLReadError/Reason/tooLong``).
  public static var maxLength: Int { 65_536 }

  /// Whether `range` of `bytes` is a WHATWG special scheme (http, https, ws, wss, ftp, file), in any case.
  public static func isSpecialScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    schemeKind(bytes, range) != .other
  }

  /// Whether `range` of `bytes` equals `literal` ignoring ASCII case.
  ///
  /// Allocation-free; use it for schemes and for ASCII hosts (``URLComponentRanges/hostIsASCII``)
  /// against lowercase rule text.
  public static func equalsIgnoringASCIICase(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard range.count == literal.count else { return false }
    var i = 0
    while i < literal.count {
      if lowercasedASCII(bytes[range.lowerBound &+ i]) != lowercasedASCII(literal[i]) { return false }
      i &+= 1
    }
    return true
  }

  /// Whether `range` of `bytes` equals `literal` ignoring ASCII case (a convenience over a `String`).
  public static func equalsIgnoringASCIICase(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: String
  ) -> Bool {
    var literal = literal
    return literal.withUTF8 { equalsIgnoringASCIICase(bytes, range, $0) }
  }

  /// The byte with `A`–`Z` mapped to `a`–`z`.
  @inline(__always)
  package static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    ASCIIBytes.lowercased(byte)
  }

  // MARK: - Internal

  package enum SchemeKind { case http, file, other }

  /// The scheme `range` of `bytes` lowercased, as a literal, when it is one of the common ones
  /// (`https`, `http`, and the other special schemes); nil for any other.
  static func commonScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
    switch packedScheme(bytes, range) {
    case packedHTTPS: return "https"
    case 0x7074_7468: return "http"
    case 0x7377: return "ws"
    case 0x73_7377: return "wss"
    case 0x70_7466: return "ftp"
    case 0x656C_6966: return "file"
    default: return nil
    }
  }

  /// `https` packed as ``packedScheme(_:_:)`` packs a scheme.
  static let packedHTTPS: UInt64 = 0x73_7074_7468

  /// The scheme `range` of `bytes` with ASCII letters lowercased, packed into an integer first
  /// byte lowest (`"ws"` is `0x7377`), when it has 2 to 5 bytes; 0 otherwise.
  ///
  /// Setting 0x20 in each byte lowercases a letter, and maps no other byte to a letter: the
  /// packed scheme equals a packed lowercase name exactly when the scheme is that name in any case.
  @inline(__always)
  static func packedScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    let count = range.count
    guard count >= 2 && count <= 5 else { return 0 }
    let low = (1 as UInt64) &<< UInt64(truncatingIfNeeded: count &* 8) &- 1
    if let p = bytes.baseAddress, range.lowerBound &+ 8 <= bytes.count {
      return (word(p, range.lowerBound) | 0x2020_2020_2020_2020) & low
    }
    var packed: UInt64 = 0
    for i in range.reversed() { packed = packed &<< 8 | UInt64(bytes[i] | 0x20) }
    return packed
  }

  package static func schemeKind(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SchemeKind {
    // The lowercased scheme packed into an integer, compared with the six names.
    switch packedScheme(bytes, range) {
    case 0x7074_7468, 0x73_7074_7468, 0x7377, 0x73_7377, 0x70_7466: return .http  // http https ws wss ftp
    case 0x656C_6966: return .file
    default: return .other
    }
  }
}

extension URLSyntax {
  typealias Reason = URLReadError.Reason
}
