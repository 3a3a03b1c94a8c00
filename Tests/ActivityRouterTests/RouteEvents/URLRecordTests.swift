import ActivityRouter
import Testing

@testable import DecisionRecords
@testable import RouteEvents
@testable import RouteMatcher

@Suite("URLRecord")
struct URLRecordTests {
  @Test("accessors as Foundation returns them")
  func accessors() throws {
    let url = try URLRecord(parsing: "HTTPS://u:p@Bücher.Example:8443/a b/../c?q=1+2&q=3#top")
    #expect(url.scheme == "HTTPS")
    #expect(url.host == "b%C3%BCcher.example")
    #expect(url.port == 8443)
    #expect(url.path == "/a%20b/../c")
    #expect(url.query == "q=1+2&q=3")
    #expect(url.fragment == "top")
    #expect(url.absoluteString == "HTTPS://u:p@xn--bcher-kva.example:8443/a%20b/../c?q=1+2&q=3#top")
    #expect(url.pathSegments == ["c"])
    #expect(url.description == url.text)
  }

  @Test(
    "normalized scheme and host",
    arguments: [
      ("HTTPS://EXAMPLE.COM/", "https", "example.com"),
      ("https://Bücher.Example/", "https", "xn--bcher-kva.example"),
      ("https://XN--BCHER-KVA.example/", "https", "xn--bcher-kva.example"),
      ("https://[0:0::1]/", "https", "::1"),
      ("https://[2001:DB8:0:0:1:0:0:1]/", "https", "2001:db8::1:0:0:1"),
      ("https://[::FFFF:1.2.3.4]/", "https", "::ffff:102:304"),
      ("https://example.com./", "https", "example.com."),
      ("MyApp://Note/1", "myapp", "note"),
      ("myapp://CAF%C3%A9/x", "myapp", "caf%c3%a9"),
    ])
  func normalized(_ input: String, _ scheme: String, _ host: String) throws {
    let url = try URLRecord(parsing: input)
    #expect(url.normalizedScheme == scheme)
    #expect(url.normalizedHost == host)
  }

  /// The common schemes come back as literals, the others lowercased as they are copied: both are
  /// the scheme lowercased, whatever its case.
  /// The scheme test read in place agrees with the one given the text and the scheme's range,
  /// and with the lowercased scheme, in any case and for schemes of every length near five.
  @Test func httpsReadInPlaceIsTheScheme() throws {
    for link in ["https://a/b", "HTTPS://a", "HttpS://a", "http://a", "httpx://a", "httpss://a", "notes://n", "x:y"] {
      let url = try URLRecord(parsing: link)
      let inPlace = withUnsafePointer(to: url) { URLRecord.isHTTPS(at: $0) }
      #expect(inPlace == URLRecord.isHTTPS(url.text, url.ranges.scheme), "\(link)")
      #expect(inPlace == (url.normalizedScheme == "https"), "\(link)")
    }
  }

  @Test func normalizedSchemeIsTheSchemeLowercased() throws {
    let schemes = [
      "https", "HTTPS", "hTtPs", "http", "HTTP", "ws", "WSS", "Ftp", "FILE", "file", "myapp", "X-App+v2.b",
    ]
    for scheme in schemes + ["httpss", "htt", "h2", "wsss", "files", "ftps", "s"] {
      let rest = scheme.lowercased() == "file" ? ":///x" : "://h/x"
      let url = try URLRecord(parsing: scheme + rest)
      #expect(url.normalizedScheme == scheme.lowercased(), "\(scheme)")
    }
  }

  @Test("no host", arguments: ["notes:note/1", "myapp://", "myapp:///x", "file:///etc/hosts", "mailto:a@b.c"])
  func noHost(_ input: String) throws {
    let url = try URLRecord(parsing: input)
    #expect(url.host == nil)
    #expect(url.normalizedHost == nil)
  }

  @Test("query items: split on '&' then the first '=', decoded once, '+' kept")
  func queryItems() throws {
    let url = try URLRecord(parsing: "myapp://h/?a=1&a=2&b&c=&&d=x=y&e=%2B+%26&%3D=v")
    let items = url.queryItems.map { "\($0.name)|\($0.value ?? "nil")" }
    #expect(items == ["a|1", "a|2", "b|nil", "c|", "d|x=y", "e|++&", "=|v"])
    #expect(try URLRecord(parsing: "myapp://h/").queryItems.isEmpty)
    #expect(try URLRecord(parsing: "myapp://h/?").queryItems.isEmpty)
  }

  @Test("path segments, trailing slash and fragment")
  func segmentsAndFragment() throws {
    let url = try URLRecord(parsing: "https://h.com/a/./b/../c%2Fd/#sec%20tion")
    #expect(url.pathSegments == ["a", "c/d"])
    #expect(url.hasTrailingSlash)
    #expect(url.decodedFragment == "sec tion")
  }

  @Test(
    "hosts compare exactly, never by suffix, prefix or containment",
    arguments: [
      "https://example.com.evil.com/", "https://evilexample.com/", "https://example.com@evil.com/",
      "https://evil.com#@example.com", "https://evil.com?@example.com", "https://exаmple.com/",
      "https://example.co/", "https://xample.com/",
    ])
  func spoofedHosts(_ input: String) throws {
    let url = try URLRecord(parsing: input)
    #expect(url.normalizedHost != "example.com")
  }

  @Test("an encoded delimiter in the userinfo does not move the host")
  func encodedDelimiterInUserinfo() throws {
    #expect(try URLRecord(parsing: "https://evil.com%2F@example.com/").normalizedHost == "example.com")
    #expect(try URLRecord(parsing: "https://example.com%40@evil.com/").normalizedHost == "evil.com")
  }

  @Test(
    "host spoofs that readers disagree on are refused",
    arguments: [
      "https://evil.com\\@example.com/", "https://example.com\\.evil.com/", "https://example.com%2F.evil.com/",
      "https://a@evil.com@example.com/", "https:/\\example.com/", "https://example%2ecom/",
      "https://example.com\t.evil.com/",
    ])
  func refusedSpoofs(_ input: String) {
    #expect(throws: URLReadError.self) { try URLRecord(parsing: input) }
  }

  @Test("errors carry the reader's code and reason")
  func errors() {
    do {
      _ = try URLRecord(parsing: "https://h.com/a\\b")
      Issue.record("accepted a backslash")
    } catch {
      #expect(error.code == .ambiguousURL)
      #expect(error.reason == URLReadError.Reason.backslash)
      #expect(error.offset == 15)
    }
    let tooMany = "myapp://h" + String(repeating: "/a", count: PathSegments.maxCount + 1)
    #expect(throws: URLReadError.self) { try URLRecord(parsing: tooMany) }
  }

  @Test("a record can wrap ranges the reader already returned")
  func wrapsRanges() throws {
    let text = "notes://note/a/../b?x=1"
    var copy = text
    let ranges = try copy.withUTF8 { try URLSyntax.parse($0).get() }
    let record = URLRecord(text: text, ranges: ranges)
    #expect(record == (try URLRecord(parsing: text)))
    #expect(record.pathSegments == ["b"])
    #expect(record.queryItems.map(\.name) == ["x"])
  }

  @Test("equal texts are equal records")
  func equality() throws {
    #expect(try URLRecord(parsing: "myapp://a/b") == URLRecord(parsing: "myapp://a/b"))
    #expect(try URLRecord(parsing: "myapp://a/b") != URLRecord(parsing: "myapp://a/c"))
    #expect(Set([try URLRecord(parsing: "myapp://a"), try URLRecord(parsing: "myapp://a")]).count == 1)
  }
}
