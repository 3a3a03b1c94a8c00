import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// The catch-all that may be empty, `{path*?}`: zero or more remaining segments.
@Suite struct OptionalCatchAllTests {
  @Test func parses() throws {
    let p = try URLPattern(parsing: "a://h/files/{path*?}")
    #expect(p.segments == [.literal("files"), .optionalCatchAll("path")])
    #expect(p.parameterNames == ["path"])
  }

  @Test(arguments: [
    ("not last", "a://h/1️⃣{p*?}/x", DiagnosticCode.invalidPattern),
    ("typed", "a://h/{1️⃣p:int*?}", .invalidPattern),
    ("after a catch-all", "a://h/1️⃣{p*}/{q*?}", .invalidPattern),
    ("same name", "a://h/{p}/{1️⃣p*?}", .duplicateParameter),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("files", "a://h/files/{path*?}"),
    ("root", "a://h/files"),
    ("docs", "a://h/docs/{page:int}/{rest*?}"),
    ("one-or-more", "a://h/w/{rest*}"),
  ]

  @Test(
    arguments: [
      ("no segments: the literal route is more specific", "a://h/files", "root", [:]),
      ("one segment", "a://h/files/a", "files", ["path": "a"]),
      ("several", "a://h/files/a/b%20c/d", "files", ["path": "a/b c/d"]),
      ("empty after a typed parameter", "a://h/docs/3", "docs", ["page": 3, "rest": ""]),
      ("empty with a trailing slash", "a://h/docs/3/", "docs", ["page": 3, "rest": ""]),
      ("non-empty after a typed parameter", "a://h/docs/3/x/y", "docs", ["page": 3, "rest": "x/y"]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters)
  }

  @Test func oneOrMoreStillNeedsASegment() throws {
    #expect(try TestTables.router(Self.routes).routeName("a://h/w") == "-")
  }

  @Test func withoutTheLiteralRouteTheEmptyCaseMatches() throws {
    let router = try TestTables.router([("files", "a://h/files/{path*?}")])
    guard case .success(let m?) = router.match(url: "a://h/files") else {
      Issue.record("no match")
      return
    }
    #expect(m.parameters == ["path": ""])
  }

  @Test func aCatchAllAndAnOptionalOneAtOneNodeConflict() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "a://h/f/{x*}"), TestTables.route("b", "a://h/f/{y*?}"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .duplicateRoute && $0.message.contains("'a'") }, "\(diagnostics)")
  }

  @Test(arguments: [
    ("files", ["path": "a/b"], "a://h/files/a/b"), ("docs", ["page": "3"], "a://h/docs/3"),
    ("docs", ["page": "3", "rest": ""], "a://h/docs/3"), ("docs", ["page": "3", "rest": "x"], "a://h/docs/3/x"),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String], _ expected: String) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    #expect(url == expected)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }
}
