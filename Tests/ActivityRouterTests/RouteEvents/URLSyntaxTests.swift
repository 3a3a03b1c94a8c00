import ActivityRouter
import Testing

@testable import DecisionRecords
@testable import RouteEvents
@testable import RouteMatcher

/// The components a case expects, as the text their ranges cover (easier to read than offsets).
struct ExpectedComponents: Sendable, Equatable, CustomStringConvertible {
  var scheme: String
  var hasAuthority = true
  var user: String? = nil
  var password: String? = nil
  var host: String? = nil
  var hostIsIPLiteral = false
  var hostIsASCII = true
  var portText: String? = nil
  var port: Int? = nil
  var path: String
  var query: String? = nil
  var fragment: String? = nil

  init(
    scheme: String, hasAuthority: Bool = true, user: String? = nil, password: String? = nil, host: String? = nil,
    hostIsIPLiteral: Bool = false, hostIsASCII: Bool = true, portText: String? = nil, port: Int? = nil,
    path: String, query: String? = nil, fragment: String? = nil
  ) {
    self.scheme = scheme
    self.hasAuthority = hasAuthority
    self.user = user
    self.password = password
    self.host = host
    self.hostIsIPLiteral = hostIsIPLiteral
    self.hostIsASCII = hostIsASCII
    self.portText = portText
    self.port = port
    self.path = path
    self.query = query
    self.fragment = fragment
  }

  init(_ r: URLComponentRanges, in bytes: [UInt8]) {
    func text(_ range: Range<Int>?) -> String? { range.map { String(decoding: bytes[$0], as: UTF8.self) } }
    self.init(
      scheme: text(r.scheme) ?? "", hasAuthority: r.hasAuthority, user: text(r.user), password: text(r.password),
      host: text(r.host), hostIsIPLiteral: r.hostIsIPLiteral, hostIsASCII: r.hostIsASCII,
      portText: text(r.portText), port: r.port, path: text(r.path) ?? "", query: text(r.query),
      fragment: text(r.fragment))
  }

  var description: String {
    "\(scheme) auth=\(hasAuthority) user=\(user ?? "-") host=\(host ?? "-") port=\(port.map(String.init) ?? "-")"
      + " path=\(path) query=\(query ?? "-") fragment=\(fragment ?? "-")"
  }
}

/// One row of the reader's table: an input and what the reader must say about it.
struct ReadCase: Sendable, CustomTestStringConvertible {
  enum Outcome: Sendable {
    case accepted(ExpectedComponents)
    case rejected(DiagnosticCode, URLReadError.Reason, Int)
  }
  var testDescription: String
  var bytes: [UInt8]
  var outcome: Outcome

  static func ok(_ name: String, _ input: String, _ expected: ExpectedComponents) -> ReadCase {
    ReadCase(testDescription: name, bytes: Array(input.utf8), outcome: .accepted(expected))
  }
  static func bad(
    _ name: String, _ input: String, _ code: DiagnosticCode, _ reason: URLReadError.Reason, at offset: Int
  ) -> ReadCase {
    ReadCase(testDescription: name, bytes: Array(input.utf8), outcome: .rejected(code, reason, offset))
  }
  static func bad(
    _ name: String, bytes: [UInt8], _ code: DiagnosticCode, _ reason: URLReadError.Reason, at offset: Int
  ) -> ReadCase {
    ReadCase(testDescription: name, bytes: bytes, outcome: .rejected(code, reason, offset))
  }
}

private typealias R = URLReadError.Reason
private let invalid = DiagnosticCode.invalidURL
private let ambiguous = DiagnosticCode.ambiguousURL

private let acceptedCases: [ReadCase] = [
  .ok(
    "https with every component", "https://example.com/a/b?x=1#top",
    .init(scheme: "https", host: "example.com", path: "/a/b", query: "x=1", fragment: "top")),
  .ok(
    "case is kept as written", "HTTPS://EXAMPLE.Com/A",
    .init(scheme: "HTTPS", host: "EXAMPLE.Com", path: "/A")),
  .ok("custom scheme with a host", "notes://note/42", .init(scheme: "notes", host: "note", path: "/42")),
  .ok(
    "custom scheme, escaped non-ASCII host kept opaque", "myapp://caf%C3%A9/x",
    .init(scheme: "myapp", host: "caf%C3%A9", path: "/x")),
  .ok("custom scheme, no authority", "notes:note/1", .init(scheme: "notes", hasAuthority: false, path: "note/1")),
  .ok(
    "mailto keeps '@' in the path", "mailto:a@b.com",
    .init(scheme: "mailto", hasAuthority: false, path: "a@b.com")),
  .ok("scheme characters + - .", "app+beta.x-1://h", .init(scheme: "app+beta.x-1", host: "h", path: "")),
  .ok("empty authority has no host", "myapp://", .init(scheme: "myapp", path: "")),
  .ok("empty authority then a path", "myapp:///x", .init(scheme: "myapp", path: "/x")),
  .ok("scheme alone", "myapp:", .init(scheme: "myapp", hasAuthority: false, path: "")),
  .ok("query without authority", "myapp:?x", .init(scheme: "myapp", hasAuthority: false, path: "", query: "x")),
  .ok(
    "user and password", "https://user:pw@h.com/",
    .init(scheme: "https", user: "user", password: "pw", host: "h.com", path: "/")),
  .ok("empty userinfo", "https://@h.com", .init(scheme: "https", user: "", host: "h.com", path: "")),
  .ok(
    "userinfo trick: the host is after '@'", "https://good.com@evil.com/",
    .init(scheme: "https", user: "good.com", host: "evil.com", path: "/")),
  .ok(
    "empty port is nil", "https://h.com:/x",
    .init(scheme: "https", host: "h.com", portText: "", path: "/x")),
  .ok("port 0", "https://h.com:0/", .init(scheme: "https", host: "h.com", portText: "0", port: 0, path: "/")),
  .ok(
    "port 65535", "https://h.com:65535",
    .init(scheme: "https", host: "h.com", portText: "65535", port: 65535, path: "")),
  .ok(
    "port with leading zeros", "https://h.com:0080/",
    .init(scheme: "https", host: "h.com", portText: "0080", port: 80, path: "/")),
  .ok(
    "IPv4", "https://127.0.0.1:8080/",
    .init(scheme: "https", host: "127.0.0.1", portText: "8080", port: 8080, path: "/")),
  .ok(
    "IPv6 without brackets in the range", "https://[::1]:80/x",
    .init(scheme: "https", host: "::1", hostIsIPLiteral: true, portText: "80", port: 80, path: "/x")),
  .ok(
    "IPv6 with an IPv4 tail", "http://[::ffff:1.2.3.4]/",
    .init(scheme: "http", host: "::ffff:1.2.3.4", hostIsIPLiteral: true, path: "/")),
  .ok(
    "IPv6, empty port", "http://[2001:DB8::1]:/",
    .init(scheme: "http", host: "2001:DB8::1", hostIsIPLiteral: true, portText: "", path: "/")),
  .ok(
    "non-ASCII host", "https://bücher.example/",
    .init(scheme: "https", host: "bücher.example", hostIsASCII: false, path: "/")),
  .ok("xn-- label", "https://xn--bcher-kva.example/", .init(scheme: "https", host: "xn--bcher-kva.example", path: "/")),
  .ok(
    "sub-delims in a host", "https://a!$&'()*+,;=b.example/",
    .init(scheme: "https", host: "a!$&'()*+,;=b.example", path: "/")),
  .ok("trailing dot is kept", "https://example.com./", .init(scheme: "https", host: "example.com.", path: "/")),
  .ok("custom scheme: 127.1 is a name", "myapp://127.1/", .init(scheme: "myapp", host: "127.1", path: "/")),
  .ok("empty query", "https://h.com/?", .init(scheme: "https", host: "h.com", path: "/", query: "")),
  .ok("empty fragment", "https://h.com/#", .init(scheme: "https", host: "h.com", path: "/", fragment: "")),
  .ok("'?' in the fragment", "https://h.com/#a?b", .init(scheme: "https", host: "h.com", path: "/", fragment: "a?b")),
  .ok("'#' in the fragment", "https://h.com/#a#b", .init(scheme: "https", host: "h.com", path: "/", fragment: "a#b")),
  .ok("'?' in the query", "https://h.com/?a?b", .init(scheme: "https", host: "h.com", path: "/", query: "a?b")),
  .ok("space inside the path", "https://h.com/a b", .init(scheme: "https", host: "h.com", path: "/a b")),
  .ok("unicode path", "https://h.com/é/中", .init(scheme: "https", host: "h.com", path: "/é/中")),
  .ok("percent escapes", "https://h.com/a%2Fb%20c", .init(scheme: "https", host: "h.com", path: "/a%2Fb%20c")),
  .ok(
    "dot segments stay in the range", "https://h.com/a/../b",
    .init(scheme: "https", host: "h.com", path: "/a/../b")),
  .ok("backslash in the query", "https://h.com/?a\\b", .init(scheme: "https", host: "h.com", path: "/", query: "a\\b")),
  .ok("file URL", "file:///etc/hosts", .init(scheme: "file", path: "/etc/hosts")),
  .ok("no path, query", "https://h.com?q", .init(scheme: "https", host: "h.com", path: "", query: "q")),
]

private let rejectedCases: [ReadCase] = [
  .bad("empty", "", invalid, R.empty, at: 0),
  .bad("no scheme", "example.com/x", invalid, R.noScheme, at: 0),
  .bad("scheme-relative", "//h.com/x", invalid, R.noScheme, at: 0),
  .bad("scheme starts with a digit", "1ab://x", invalid, R.invalidScheme, at: 0),
  .bad("space in the scheme", "ht tp://x", invalid, R.invalidScheme, at: 2),
  .bad("leading space", " https://h.com", ambiguous, R.surroundingSpace, at: 0),
  .bad("trailing space", "https://h.com/ ", ambiguous, R.surroundingSpace, at: 14),
  .bad("tab in the path", "https://h.com/a\tb", ambiguous, R.tabOrNewline, at: 15),
  .bad("line feed in the path", "https://h.com/a\nb", ambiguous, R.tabOrNewline, at: 15),
  .bad("carriage return in the host", "https://h\r.com/", ambiguous, R.tabOrNewline, at: 9),
  .bad("tab in the scheme", "ht\ttps://h.com", ambiguous, R.tabOrNewline, at: 2),
  .bad("control character", "https://h.com/a\u{1}b", invalid, R.controlCharacter, at: 15),
  .bad("DEL", "https://h.com/a\u{7F}", invalid, R.controlCharacter, at: 15),
  .bad("NUL in the query", "https://h.com/?\u{0}", invalid, R.controlCharacter, at: 15),
  .bad("backslashes after the scheme", "https:\\\\h.com", ambiguous, R.backslash, at: 6),
  .bad("backslash in the authority", "https://h.com\\x", ambiguous, R.backslash, at: 13),
  .bad("backslash in a special path", "https://h.com/a\\b", ambiguous, R.backslash, at: 15),
  .bad("backslash in a custom path", "myapp://h/a\\b", ambiguous, R.backslash, at: 11),
  .bad("no slashes after https", "https:h.com", ambiguous, R.irregularSlashes, at: 6),
  .bad("one slash after https", "https:/h.com", ambiguous, R.irregularSlashes, at: 6),
  .bad("three slashes after https", "https:///h.com", ambiguous, R.irregularSlashes, at: 6),
  .bad("https without a host", "https:", invalid, R.emptyHost, at: 6),
  .bad("https:// without a host", "https://", invalid, R.emptyHost, at: 8),
  .bad("userinfo without a host", "https://u@/x", invalid, R.emptyHost, at: 10),
  .bad("port without a host", "https://:80/", invalid, R.emptyHost, at: 8),
  .bad("custom scheme, userinfo without a host", "myapp://u@", invalid, R.emptyHost, at: 10),
  .bad("percent-encoded host", "https://h%2ecom/", ambiguous, R.percentEncodedHost, at: 9),
  .bad("escaped non-ASCII in an https host", "https://caf%C3%A9.com/", ambiguous, R.percentEncodedHost, at: 11),
  .bad("escaped ASCII letter in a custom host", "myapp://%65xample/", ambiguous, R.percentEncodedHost, at: 8),
  .bad("escaped '/' after an escaped letter", "myapp://%C3%A9%2F/", ambiguous, R.percentEncodedHost, at: 14),
  .bad("raw and escaped non-ASCII in a custom host", "myapp://é%C3%A9/", ambiguous, R.mixedEncoding, at: 8),
  .bad("escaped then raw non-ASCII in a custom host", "myapp://%C3%A9é/", ambiguous, R.mixedEncoding, at: 14),
  .bad("bad escape in a custom host", "myapp://a%zz/", invalid, R.invalidPercentEscape, at: 9),
  .bad("cut escape in a custom host", "myapp://a%C/", invalid, R.invalidPercentEscape, at: 9),
  .bad("truncated UTF-8 in a custom host", "myapp://caf%C3/", invalid, R.encodedInvalidUTF8, at: 11),
  .bad("'.' inside an escaped character", "myapp://%C3.%A9/", invalid, R.encodedInvalidUTF8, at: 8),
  .bad("escaped byte that is no UTF-8", "myapp://a%FF/", invalid, R.encodedInvalidUTF8, at: 9),
  .bad("two '@'", "https://a@b@h.com/", ambiguous, R.severalAtSigns, at: 11),
  .bad("port 65536", "https://h.com:65536/", ambiguous, R.portOutOfRange, at: 14),
  .bad("port 99999", "https://h.com:99999/", ambiguous, R.portOutOfRange, at: 14),
  .bad("huge port", "https://h.com:123456789012345678901234567890/", ambiguous, R.portOutOfRange, at: 14),
  .bad("letter in the port", "https://h.com:8a/", invalid, R.invalidPort, at: 15),
  .bad("two ports", "https://h.com:80:90/", invalid, R.invalidPort, at: 16),
  .bad("hex IPv4", "https://0x7f.1/", ambiguous, R.nonCanonicalIPv4, at: 8),
  .bad("short IPv4", "https://127.1/", ambiguous, R.nonCanonicalIPv4, at: 8),
  .bad("octal IPv4", "https://010.0.0.1/", ambiguous, R.nonCanonicalIPv4, at: 8),
  .bad("IPv4 with a trailing dot", "https://1.2.3.4./", ambiguous, R.nonCanonicalIPv4, at: 8),
  .bad("IPv4 part above 255", "https://256.1.1.1/", ambiguous, R.nonCanonicalIPv4, at: 8),
  .bad("name ending in a number", "https://foo.123/", ambiguous, R.nonCanonicalIPv4, at: 8),
  .bad("single number host", "http://4294967295/", ambiguous, R.nonCanonicalIPv4, at: 7),
  .bad("IPv6 zone ID", "https://[fe80::1%25en0]/", ambiguous, R.ipv6ZoneID, at: 16),
  .bad("IPvFuture", "https://[v1.x]/", invalid, R.invalidIPv6, at: 9),
  .bad("IPv6 with nine pieces", "https://[1:2:3:4:5:6:7:8:9]/", invalid, R.invalidIPv6, at: 9),
  .bad("unclosed IPv6", "https://[::1/", invalid, R.invalidIPv6, at: 8),
  .bad("text after IPv6", "https://[::1]x/", invalid, R.invalidHostCharacter, at: 13),
  .bad("space in the host", "https://h x.com/", invalid, R.invalidHostCharacter, at: 9),
  .bad("quote in the host", "https://h\"x/", invalid, R.invalidHostCharacter, at: 9),
  .bad("bad Punycode", "https://xn--zz.com/", ambiguous, R.invalidPunycode, at: 8),
  .bad("non-canonical Punycode", "https://xn--a.com/", ambiguous, R.invalidPunycode, at: 8),
  .bad("decomposed accent", "https://e\u{301}x.com/", invalid, R.unsupportedIDNA, at: 9),
  .bad("full-width letter", "https://ｅxample.com/", invalid, R.unsupportedIDNA, at: 8),
  .bad("leading hyphen in an IDN label", "https://-ä.com/", invalid, R.invalidIDNALabel, at: 8),
  .bad("empty label in an IDN host", "https://ä..com/", invalid, R.invalidIDNALabel, at: 11),
  .bad("'%' without hex digits", "https://h.com/%zz", invalid, R.invalidPercentEscape, at: 14),
  .bad("'%' with one hex digit", "https://h.com/%4", invalid, R.invalidPercentEscape, at: 14),
  .bad("'%' at the end of the query", "https://h.com/?q=%", invalid, R.invalidPercentEscape, at: 17),
  .bad("escape of NUL", "https://h.com/%00", invalid, R.encodedControlCharacter, at: 14),
  .bad("escape of LF", "https://h.com/?a=%0A", invalid, R.encodedControlCharacter, at: 17),
  .bad("escape of half a character", "https://h.com/%C3", invalid, R.encodedInvalidUTF8, at: 14),
  .bad("escape of 0xFF", "https://h.com/%FF", invalid, R.encodedInvalidUTF8, at: 14),
  .bad("escape then a raw ASCII byte", "https://h.com/%C3x", invalid, R.encodedInvalidUTF8, at: 14),
  .bad("escape and a space in the path", "https://h.com/a%20b c", ambiguous, R.mixedEncoding, at: 19),
  .bad("escape and unicode in the query", "https://h.com/?a=%41&b=é", ambiguous, R.mixedEncoding, at: 23),
  .bad("escape and a space in the userinfo", "https://u%20 v@h.com/", ambiguous, R.mixedEncoding, at: 12),
  .bad("file URL with a host", "file://host/x", ambiguous, R.unsupportedFileURL, at: 5),
  .bad("file URL with a drive letter", "file:///C:/x", ambiguous, R.unsupportedFileURL, at: 8),
  .bad("file URL with one slash", "file:/x", ambiguous, R.unsupportedFileURL, at: 5),
  .bad("invalid UTF-8 in the path", bytes: Array("https://h.com/".utf8) + [0xFF], invalid, R.invalidUTF8, at: 14),
  .bad(
    "truncated UTF-8 in the host", bytes: Array("https://h".utf8) + [0xC3] + Array("(.com".utf8),
    invalid, R.invalidUTF8, at: 9),
  .bad("overlong '/'", bytes: Array("https://h.com/".utf8) + [0xC0, 0xAF], invalid, R.invalidUTF8, at: 14),
  .bad("UTF-8 surrogate", bytes: Array("https://h.com/".utf8) + [0xED, 0xA0, 0x80], invalid, R.invalidUTF8, at: 14),
  .bad("invalid UTF-8 before the scheme ends", bytes: [0x61, 0xFF, 0x3A], invalid, R.invalidUTF8, at: 1),
  .bad("too long", "https://h.com/" + String(repeating: "a", count: 65_536), invalid, R.tooLong, at: 65_536),
]

@Suite("URLSyntax.parse")
struct URLSyntaxTests {
  @Test("accepted inputs give these component ranges", arguments: acceptedCases)
  func accepted(_ c: ReadCase) throws {
    guard case .accepted(let expected) = c.outcome else { return }
    let result = c.bytes.withUnsafeBufferPointer { URLSyntax.parse($0) }
    let ranges = try result.get()
    #expect(ExpectedComponents(ranges, in: c.bytes) == expected)
  }

  @Test("refused inputs give this code, reason and offset", arguments: rejectedCases)
  func rejected(_ c: ReadCase) throws {
    guard case .rejected(let code, let reason, let offset) = c.outcome else { return }
    let result = c.bytes.withUnsafeBufferPointer { URLSyntax.parse($0) }
    guard case .failure(let error) = result else {
      Issue.record("accepted: \(String(decoding: c.bytes, as: UTF8.self).debugDescription)")
      return
    }
    #expect(error.code == code)
    #expect(error.reason == reason)
    #expect(error.offset == offset)
    #expect(!error.message.isEmpty)
  }

  @Test("every reason in the table is exercised")
  func everyReasonIsCovered() {
    var seen = Set<URLReadError.Reason>()
    for c in rejectedCases { if case .rejected(_, let reason, _) = c.outcome { seen.insert(reason) } }
    // Every reason but too-many-segments, which PathSegmentsTests exercise (the reader counts
    // segments when it resolves the path, not when it parses).
    let all = Set(R.allCases).subtracting([.tooManySegments])
    let missing = all.subtracting(seen).map(\.rawValue).sorted()
    #expect(missing.isEmpty, "reasons without a case: \(missing)")
  }

  @Test("explicit offsets for one URL")
  func explicitRanges() throws {
    let bytes = Array("notes://u:p@note:7/42?tab=1#x".utf8)
    let r = try bytes.withUnsafeBufferPointer { try URLSyntax.parse($0).get() }
    #expect(r.scheme == 0..<5)
    #expect(r.user == 8..<9)
    #expect(r.password == 10..<11)
    #expect(r.host == 12..<16)
    #expect(r.portText == 17..<18)
    #expect(r.port == 7)
    #expect(r.path == 18..<21)
    #expect(r.query == 22..<27)
    #expect(r.fragment == 28..<29)
  }

  @Test("the limit is accepted, one past it is not")
  func lengthLimit() {
    let prefix = "https://h.com/"
    let atLimit = Array((prefix + String(repeating: "a", count: URLSyntax.maxLength - prefix.utf8.count)).utf8)
    let pastLimit = atLimit + [0x61]
    #expect((try? atLimit.withUnsafeBufferPointer { URLSyntax.parse($0) }.get()) != nil)
    let error = pastLimit.withUnsafeBufferPointer { URLSyntax.parse($0) }
    guard case .failure(let e) = error else {
      Issue.record("accepted past the limit")
      return
    }
    #expect(e.reason == R.tooLong)
  }

  @Test("scheme and host helpers compare ASCII case-insensitively")
  func caseInsensitiveHelpers() throws {
    let bytes = Array("HTTPS://Notes.Example.COM/".utf8)
    try bytes.withUnsafeBufferPointer { buffer in
      let r = try URLSyntax.parse(buffer).get()
      #expect(URLSyntax.equalsIgnoringASCIICase(buffer, r.scheme, "https"))
      #expect(URLSyntax.isSpecialScheme(buffer, r.scheme))
      let host = try #require(r.host)
      #expect(URLSyntax.equalsIgnoringASCIICase(buffer, host, "notes.example.com"))
      #expect(!URLSyntax.equalsIgnoringASCIICase(buffer, host, "notes.example.co"))
      #expect(!URLSyntax.equalsIgnoringASCIICase(buffer, host, "notes.example.comm"))
    }
  }

  @Test("a rejection becomes a diagnostic with its code")
  func diagnostic() {
    let error = URLReadError(.ambiguousURL, R.backslash, at: 3, "a backslash")
    let d = error.diagnostic(at: SourceLocation(file: "<stdin>", line: 2, column: 4, offset: 3))
    #expect(d.code == .ambiguousURL)
    #expect(d.description == "<stdin>:2:4: error: a backslash [backslash] [ambiguous-url]")
  }
}
