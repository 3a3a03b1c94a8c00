import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import DecisionRecords
@testable import RouteEvents
@testable import RouteMatcher

/// A line router's plans must write, byte for byte, the records the full path writes: for every
/// line, `LineRouter.route` against `DecisionRecord(line:utf8:…)` followed by `appendJSON` or
/// `appendText`, with and without line numbers. The tables here are made so that plans are made
/// and used (the tests also check that they are), and so that decisions which read the URL are
/// never planned.
@Suite struct LineRouterPlanTests {
  /// One scene, so that nothing but the route decides; every kind of value template.
  static let templateTable = """
    {
      "app": "Bulk", "platform": "iPadOS", "multipleScenes": true,
      "scenes": [ { "id": "main" }, { "id": "other" } ],
      "routes": [
        { "name": "repo", "url": "https://example.com/repos/{owner}/{repo}",
          "deliver": { "scene": "main", "value": { "route": "repo", "owner": "{owner}", "repo": "{repo}", "both": "{owner}/{repo}" } } },
        { "name": "order", "url": "https://example.com/orders/{n:int}",
          "deliver": { "scene": "main", "value": ["{n}", "order-{n}", 7, true, null, "x{n}y"] } },
        { "name": "item", "url": "https://example.com/items/{u:uuid}",
          "deliver": { "scene": "main", "value": "{u}" } },
        { "name": "item-note", "url": "https://example.com/items/{u:uuid}/note",
          "deliver": { "scene": "main", "value": { "text": "note of {u} \\"quoted\\" \\\\ back" } } },
        { "name": "files", "url": "https://example.com/files/{path*}",
          "deliver": { "scene": "main", "value": { "path": "{path}", "nested": { "deep": ["{path}"] } } } },
        { "name": "plain", "url": "https://example.com/about", "deliver": { "scene": "main" } },
        { "name": "elsewhere", "url": "https://example.com/elsewhere/{x}",
          "deliver": { "scene": "other", "value": "{x}" } },
        { "name": "custom", "url": "bulk://open/{x}", "deliver": { "scene": "main", "value": "{x}" } },
        { "name": "query", "url": "https://example.com/search?q={q}", "deliver": { "scene": "main", "value": "{q}" } }
      ]
    }
    """

  static let templateURLs: [String] = {
    var rng = SeededGenerator(seed: 0xB01C)
    let values = [
      "apple", "42", "-7", "0", "007", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
      "6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "a.b", "x~y", "a&b",
      "c'd", "(e)", "a%20b", "caf%C3%A9", "", ".", "..", "a\"b", "a\\b", "ü", "a b", "x*y", "=", ";,",
    ]
    let shapes = [
      "https://example.com/repos/%@/%@", "https://example.com/orders/%@", "https://example.com/items/%@",
      "https://example.com/items/%@/note", "https://example.com/files/%@", "https://example.com/files/%@/%@/%@",
      "https://example.com/about", "https://example.com/elsewhere/%@", "bulk://open/%@",
      "https://example.com/search?q=%@",
      "https://example.com/nothing/%@", "https://EXAMPLE.com/repos/%@/%@", "https://example.com/repos/%@/%@/",
      "https://example.com/repos/%@/%@?x=1", "https://example.com/repos/%@/%@#top", "https://example.org/repos/%@/%@",
      #"{"url": "https://example.com/repos/%@/%@"}"#, "not a url %@", "https://example.com/about/", "", "%@",
    ]
    var urls: [String] = []
    for _ in 0..<2500 {
      var url = shapes[Int(rng.next() % UInt64(shapes.count))]
      while let hole = url.range(of: "%@") {
        url.replaceSubrange(hole, with: values[Int(rng.next() % UInt64(values.count))])
      }
      urls.append(url)
    }
    return urls
  }()

  /// Writes every line both ways and returns the mismatches, with the line router's counts.
  /// Without line numbers, the full record is cut after its number (`{"line":N,` or `N: `): the
  /// form `--no-line` has always written.
  static func compare(
    _ router: CompiledRouter, _ state: SessionState, _ lines: [String], format: RecordFormat,
    includesLine: Bool = true
  ) -> (mismatches: [String], planned: Int, decided: Int) {
    var planned = LineRouter(
      router: router, sessions: state, options: .init(format: format, includesLineNumber: includesLine))
    var mismatches: [String] = []
    for (index, line) in lines.enumerated() {
      var text = line
      var fast: [UInt8] = []
      var full: [UInt8] = []
      text.withUTF8 { bytes in
        planned.route(line: index + 1, utf8: bytes, into: &fast)
        let record = DecisionRecord(line: index + 1, utf8: bytes, router: router, state: state)
        switch format {
        case .json: record.appendJSON(to: &full)
        case .text: record.appendText(to: &full)
        }
      }
      if !includesLine { full = withoutLineNumber(full, format: format) }
      if fast != full {
        mismatches.append(
          "\(line)\n  planned: \(String(decoding: fast, as: UTF8.self))  full: \(String(decoding: full, as: UTF8.self))"
        )
      }
    }
    return (mismatches, planned.plannedLines, planned.decidedLines)
  }

  /// A record without its line number: `{"line":N,` becomes `{`, `N: ` goes.
  static func withoutLineNumber(_ record: [UInt8], format: RecordFormat) -> [UInt8] {
    let text = String(decoding: record, as: UTF8.self)
    switch format {
    case .json:
      guard text.hasPrefix(#"{"line":"#), let comma = text.firstIndex(of: ",") else { return record }
      return Array(("{" + text[text.index(after: comma)...]).utf8)
    case .text:
      guard let colon = text.range(of: ": ") else { return record }
      return Array(text[colon.upperBound...].utf8)
    }
  }

  static func sessions(_ json: String, _ router: CompiledRouter) throws -> SessionState {
    let (state, diagnostics) = SessionState.load(
      source: SourceText(file: "sessions.json", text: json), table: router.table)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return try #require(state)
  }

  @Test(arguments: [RecordFormat.json, .text], [true, false])
  func valueTemplatesAreWrittenAsTheFullPathWritesThem(_ format: RecordFormat, includesLine: Bool) throws {
    let router = try TestTables.router(Self.templateTable)
    let result = Self.compare(router, SessionState(), Self.templateURLs, format: format, includesLine: includesLine)
    #expect(
      result.mismatches.isEmpty,
      "\(result.mismatches.count) records differ:\n\(result.mismatches.prefix(5).joined(separator: "\n"))")
    // Most lines are plain URLs a route takes: they must come from plans.
    #expect(result.planned > Self.templateURLs.count / 3, "planned \(result.planned), decided \(result.decided)")
    #expect(result.planned + result.decided == Self.templateURLs.count)
  }

  /// After a long run of lines that no plan takes (a route with a query constraint is decided
  /// in full), only some lines are looked up for a plan; the first probe that finds one looks
  /// up every line again, and every record is still the full path's.
  @Test(arguments: [RecordFormat.json, .text])
  func plansAreFoundAgainAfterALongRunDecidedInFull(_ format: RecordFormat) throws {
    let router = try TestTables.router(Self.templateTable)
    let unplanned = Array(repeating: "https://example.com/search?q=x", count: 300)
    let planned = Array(repeating: "https://example.com/orders/42", count: 300)
    let lines = unplanned + planned + unplanned + Self.templateURLs
    let result = Self.compare(router, SessionState(), lines, format: format)
    #expect(
      result.mismatches.isEmpty,
      "\(result.mismatches.count) records differ:\n\(result.mismatches.prefix(5).joined(separator: "\n"))")
    #expect(result.planned + result.decided == lines.count)
    // At most one probe's interval of the planned run is decided in full before a probe finds its plan.
    #expect(result.planned > 300 - 40 + Self.templateURLs.count / 3, "planned \(result.planned)")
    #expect(result.decided > 600)
  }

  @Test func openWindowsThatAllowEverythingAreStillPlanned() throws {
    let router = try TestTables.router(Self.templateTable)
    let state = try Self.sessions(
      """
      { "sessions": [ { "id": "s1", "scene": "main", "state": "background" }, { "id": "s7", "scene": "other" } ] }
      """, router)
    let result = Self.compare(router, state, Self.templateURLs, format: .json)
    #expect(result.mismatches.isEmpty, "\(result.mismatches.prefix(5).joined(separator: "\n"))")
    #expect(result.planned > Self.templateURLs.count / 3)
  }

  /// A scene whose matching set looks at the URL: the same pattern goes to different scenes,
  /// so no decision may be reused.
  @Test func decisionsThatReadTheURLAreNeverPlanned() throws {
    let router = try TestTables.router(
      TestTables.json(routes: [
        #"{ "name": "p", "url": "https://example.com/p/{x}", "deliver": { "value": "{x}" } }"#
      ]))
    let lines = (0..<200).map { "https://example.com/p/" + ($0 % 3 == 0 ? "detail-\($0)" : "other-\($0)") }
    let result = Self.compare(router, SessionState(), lines, format: .json)
    #expect(result.mismatches.isEmpty, "\(result.mismatches.prefix(5).joined(separator: "\n"))")
    #expect(result.planned == 0)
    // And the two scenes really are chosen: a plan would have given every line the first one's.
    var bulk = LineRouter(router: router)
    var out: [UInt8] = []
    for (i, line) in lines.prefix(2).enumerated() {
      var text = line
      text.withUTF8 { bulk.route(line: i + 1, utf8: $0, into: &out) }
    }
    let records = String(decoding: out, as: UTF8.self).split(separator: "\n")
    #expect(records.count == 2 && records[0].contains(#""scene":"detail""#) && records[1].contains(#""scene":"main""#))
  }

  /// The matcher's equivalence tables (every kind of node and byte), each route delivering a
  /// value made of all its parameters.
  @Test(arguments: FastPathEquivalenceTests.tables.indices)
  func matcherTablesAgree(_ t: Int) throws {
    let table = FastPathEquivalenceTests.tables[t]
    let routes = table.routes.map { name, url in
      let names = url.split(separator: "{").dropFirst().compactMap {
        $0.split(separator: "}").first?.split(separator: ":").first
      }
      .map { $0.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "?", with: "") }
      let value = names.map { #""\#($0)": "{\#($0)}", "\#($0)-text": "<{\#($0)}>""# }.joined(separator: ", ")
      return #"{ "name": "\#(name)", "url": "\#(url)", "deliver": { "scene": "main", "value": { \#(value) } } }"#
    }
    let json = """
      { "app": "Test", "platform": "iPadOS", "multipleScenes": true,\(table.extra)
        "scenes": [ { "id": "main" } ], "routes": [ \(routes.joined(separator: ",\n")) ] }
      """
    let router = try TestTables.router(json)
    let lines = Array(FastPathEquivalenceTests.cases(table.routes, seed: 0xB0 &+ UInt64(t)).prefix(2500))
    for format in [RecordFormat.json, .text] {
      let result = Self.compare(router, SessionState(), lines + lines, format: format)
      #expect(result.mismatches.isEmpty, "\(table.name): \(result.mismatches.prefix(5).joined(separator: "\n"))")
      // (The fast matcher, which plans need, stays out of tables with case-insensitive paths.)
      let fastMatcher = !table.extra.contains("caseSensitivePaths")
      #expect(result.planned > 0 || !fastMatcher, "\(table.name): no line was planned")
    }
  }

  /// Every bundled fixture: its table, its sessions and its events, three times over (so that
  /// whatever can be planned is planned and then used).
  @Test func bundledFixturesAgree() throws {
    var checked = 0
    for path in FixtureCorpusTests.files.map(\.path) {
      guard case .success(let fixture) = FixtureLoader.load(contentsOf: path) else { continue }
      let lines = fixture.steps.map(\.event)
      for format in [RecordFormat.json, .text] {
        let result = Self.compare(fixture.router, fixture.initialState, lines + lines + lines, format: format)
        let unnumbered = Self.compare(
          fixture.router, fixture.initialState, lines + lines, format: format, includesLine: false)
        #expect(unnumbered.mismatches.isEmpty, "\(path) without line numbers: \(unnumbered.mismatches.prefix(3))")
        #expect(result.mismatches.isEmpty, "\(path): \(result.mismatches.prefix(3).joined(separator: "\n"))")
      }
      checked += 1
    }
    #expect(checked > 100)
  }

  /// The link gate reads the scheme and the host: misses of different schemes and hosts must not
  /// share one plan (an https miss is for the app here, a miss of an unregistered scheme is not).
  @Test func missesOfEachSchemeAndHostArePlannedApart() throws {
    let router = try TestTables.router(
      """
      { "app": "Bulk", "platform": "iPadOS", "multipleScenes": true, "urlSchemes": ["myapp"],
        "scenes": [ { "id": "main" } ],
        "routes": [
          { "name": "item", "url": "https://example.com/items/{id}", "deliver": { "scene": "main" } },
          { "name": "other", "url": "other://h/x/{id}", "deliver": { "scene": "main" } },
          { "name": "mine", "url": "myapp://open/{id}", "deliver": { "scene": "main" } } ] }
      """)
    let lines = [
      "https://example.com/nothing/a", "https://example.com/nothing/b", "other://h/y/z", "other://h/y/w",
      "myapp://open/a/b", "https://example.com/items/1", "https://example.com/other",
    ]
    for format in [RecordFormat.json, .text] {
      let result = Self.compare(router, SessionState(), lines + lines + lines, format: format)
      #expect(result.mismatches.isEmpty, "\(result.mismatches.prefix(3).joined(separator: "\n"))")
      #expect(result.planned > 0)
    }
    var bulk = LineRouter(router: router)
    var out: [UInt8] = []
    for (i, line) in lines.enumerated() {
      var text = line
      text.withUTF8 { bulk.route(line: i + 1, utf8: $0, into: &out) }
    }
    let records = String(decoding: out, as: UTF8.self).split(separator: "\n")
    #expect(records[2].contains(#""outcome":"notForApp""#) && records[3].contains(#""reason":"scheme-not-registered""#))
    #expect(records[1].contains(#""reason":"no-route""#))
  }

  /// Empty segments cost a byte each: a miss with more segments than the reader takes is an
  /// error on the full path, so it must be one on the bulk path too, after a miss plan exists.
  @Test func aMissWithTooManySegmentsIsStillAnError() throws {
    let router = try TestTables.router(Self.templateTable)
    let long = "https://example.com/nothing" + String(repeating: "/", count: 300) + "x"
    let general = router.matchGeneral(url: long)
    #expect(router.match(url: long) == general)
    guard case .failure = EventReader.read(line: long) else {
      Issue.record("the reader takes \(PathSegments.maxCount + 1) segments")
      return
    }
    let lines = ["https://example.com/nothing", long, "https://example.com/nothing/y", long]
    for format in [RecordFormat.json, .text] {
      let result = Self.compare(router, SessionState(), lines, format: format)
      #expect(result.mismatches.isEmpty, "\(result.mismatches.prefix(2).joined(separator: "\n"))")
      #expect(result.planned > 0)
    }
  }

  /// A line number is any Int: the plan writes a negative one as the record writers do.
  @Test func negativeLineNumbersAreWrittenAsTheFullPathWritesThem() throws {
    let router = try TestTables.router(Self.templateTable)
    var bulk = LineRouter(router: router)
    for (line, url) in [
      (1, "https://example.com/about"), (-7, "https://example.com/about"), (Int.min, "https://example.com/about"),
    ] {
      var text = url
      var fast: [UInt8] = []
      var full: [UInt8] = []
      text.withUTF8 {
        bulk.route(line: line, utf8: $0, into: &fast)
        DecisionRecord(line: line, utf8: $0, router: router).appendJSON(to: &full)
      }
      #expect(fast == full, "\(String(decoding: fast, as: UTF8.self)) \(String(decoding: full, as: UTF8.self))")
    }
    #expect(bulk.plannedLines == 2)
  }
}
