import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Inputs the fuzz targets of `Fuzz/` stopped on, each kept as a named case with what it showed.
/// (`scripts/fuzz.sh` saves a crashing input in `.build/fuzz/crashes/<target>/`.)
@Suite struct FuzzRegressionTests {
  /// fuzz-table, crash-215e054d: a URL with raw non-ASCII in a literal segment and a value that
  /// needs escapes matched; rebuilding its path with the raw literal and the encoded value mixed
  /// raw characters and escapes in one component, which the reader refuses (`mixed-encoding`).
  /// Reverse routing must encode every segment; then the URL matches again, the same way.
  @Test func aRebuiltPathIsEncodedThroughout() throws {
    let router = try TestTables.router([("r", "app://h/users/{id}/edi\u{FFFD}")])
    let original = try #require(try router.match(url: "app://h/users/{id}/edi\u{FFFD}").get())
    #expect(original.parameters["id"] == "{id}")
    #expect(router.routeName("app://h/users/%7Bid%7D/edi\u{FFFD}") == "invalid:mixed-encoding")
    let rebuilt =
      "app://h/users/" + PercentDecoding.encode("{id}", allowing: .pathSegmentAllowed) + "/"
      + PercentDecoding.encode("edi\u{FFFD}", allowing: .pathSegmentAllowed)
    #expect(rebuilt == "app://h/users/%7Bid%7D/edi%EF%BF%BD")
    let again = try #require(try router.match(url: rebuilt).get())
    #expect(again.route == original.route && again.parameters == original.parameters)
  }

  /// fuzz-url, noted while writing the target (which skips these hosts): the reader accepts `tel://EXÄMPLE/` (Foundation
  /// percent-encodes the non-ASCII host of a few Apple schemes instead of applying IDNA), and
  /// its serialization `tel://EX%C3%84MPLE/` has a percent-encoded host. Since custom-scheme
  /// hosts written with escapes are read as Foundation reads them (kept opaque, as written), the
  /// serialization reads back with the same `absoluteString`, but as another host than the IDNA
  /// form the raw spelling is compared by (docs/url-reading.md). The round trip of the host holds
  /// for every other scheme.
  @Test func aPercentEncodedAppleSchemeHostReadsBackOpaque() throws {
    let record = try URLRecord(parsing: "tel://EXÄMPLE/")
    #expect(record.absoluteString == "tel://EX%C3%84MPLE/")
    let again = try URLRecord(parsing: record.absoluteString)
    #expect(again.absoluteString == record.absoluteString)
    #expect(again.normalizedHost == "ex%c3%84mple")
    #expect(record.normalizedHost?.hasPrefix("xn--") == true)
    let idna = try URLRecord(parsing: "myapp://EXÄMPLE/")
    #expect(try URLRecord(parsing: idna.absoluteString).normalizedHost == idna.normalizedHost)
  }

  /// fuzz-table, crash-9f555d68 (CI) and crash-683ba8fe: a pattern whose port had 28 digits
  /// trapped the one-pass parser of the usual form (its port value overflowed an `Int` before
  /// the length was checked). It now reads at most six digits, leaves the text to the full
  /// parser, and the load reports the port where it is, with what was expected; the next route
  /// still loads.
  @Test func aLongPortIsReportedNotTrapped() throws {
    let digits = String(repeating: "5", count: 28)
    let json = TestTables.json(routes: [
      TestTables.route("long", "app://h\(digits):\(digits)/x"), TestTables.route("ok", "app://h/ok"),
    ])
    let loaded = TestTables.load(json)
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(loaded.diagnostics)")
    let error = try #require(errors.first)
    #expect(error.code == .invalidPattern && error.message.contains("a port must be at most 65535"), "\(error)")
    // Where: the route's line, and the column of the port's first digit.
    let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains("\"long\"") })
    let host = try #require(lines[line].range(of: "h\(digits):"))
    let column = lines[line].utf8.distance(from: lines[line].startIndex, to: host.upperBound) + 1
    #expect(error.location?.line == line + 1 && error.location?.column == column, "\(error)")
    #expect(URLPattern.parsed("https://example.com:\(digits)/x", plainParser: true) == nil)
    #expect(URLPattern.parsed("https://example.com:000443/x", plainParser: true) == nil)
    #expect(URLPattern.parsed("https://example.com:65535/x", plainParser: true)?.port == 65535)
  }

  /// fuzz-table, crash-518a3377: a pattern of 64 optional segments or more overflowed the count
  /// of the patterns it expands into (doubled at each) and trapped the loader. The count now
  /// stops just above the limit: the limits are reported once each, where they are passed.
  @Test func manyOptionalSegmentsAreReportedOnce() {
    for piece in ["/{p@?}", "[/p@]", "/{p@:a|b|c?}"] {
      let path = (0..<80).map { piece.replacingOccurrences(of: "@", with: "\($0)") }.joined()
      let loaded = TestTables.load(TestTables.json(routes: [TestTables.route("many", "app://h" + path)]))
      let errors = loaded.diagnostics.filter { $0.severity == .error }
      let optional = errors.filter { $0.message.hasPrefix("at most \(URLPattern.maxOptionalSegments) optional") }
      let expands = errors.filter { $0.message.hasPrefix("this pattern expands into") }
      #expect(errors.allSatisfy { $0.code == .tableLimit }, "\(piece): \(errors)")
      #expect(optional.count <= 1 && expands.count <= 1 && !errors.isEmpty, "\(piece): \(errors)")
    }
  }
}
