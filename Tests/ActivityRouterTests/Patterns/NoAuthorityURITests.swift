import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteMatcher

/// URIs without an authority (`mailto:{address}`, `matrix:u/{user}`, `myapp:/share`,
/// `feed:{url*}`): parsing, matching, their separation from `scheme://` routes, and the round trip.
@Suite struct NoAuthorityURITests {
  @Test func parsesAPathAfterTheColon() throws {
    let p = try URLPattern(parsing: "matrix:u/{user}?action={action?}")
    #expect(p.scheme == "matrix")
    #expect(p.host == .none)
    #expect(p.segments == [.literal("u"), .parameter(.init(name: "user"))])
    #expect(p.query.count == 1)
    let rooted = try URLPattern(parsing: "myapp:/share")
    #expect(rooted.host == .none)
    #expect(rooted.segments == [.literal("share")])
  }

  @Test(arguments: [
    ("a special scheme needs a host", "https:1️⃣example.com/x", DiagnosticCode.invalidPattern),
    ("file needs slashes", "file:1️⃣x", .invalidPattern),
    ("nothing after the colon", "mailto:1️⃣", .invalidPattern),
    ("empty segment", "matrix:u/1️⃣/x", .invalidPattern),
    ("bad capture", "mailto:{1️⃣9}", .invalidPattern),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("mail", "mailto:{address}"),
    ("user", "matrix:u/{user}"),
    ("room", "matrix:r/{room}?action={action?}"),
    ("share", "myapp:/share"),
    ("app-host", "myapp://share"),
    ("feed", "feed:{url*}"),
    ("feed-host", "feed://example.com/{x}"),
  ]

  @Test(
    arguments: [
      ("an address", "mailto:mona@example.com", "mail", ["address": "mona@example.com"]),
      ("an address with a query", "mailto:mona@example.com?subject=hi", "mail", ["address": "mona@example.com"]),
      ("the scheme is case-insensitive", "MAILTO:mona@example.com", "mail", ["address": "mona@example.com"]),
      ("decoded", "mailto:mona%40example.com", "mail", ["address": "mona@example.com"]),
      ("a path", "matrix:u/alice", "user", ["user": "alice"]),
      ("with a query", "matrix:r/general?action=join", "room", ["room": "general", "action": "join"]),
      ("rooted path", "myapp:/share", "share", [:]),
      ("the same path without the slash", "myapp:share", "share", [:]),
      ("an authority is another route", "myapp://share", "app-host", [:]),
      (
        "a catch-all keeps the empty segments of a nested URL", "feed:https://example.com/rss", "feed",
        ["url": "https://example.com/rss"]
      ),
      ("a nested URL with a query of its own", "feed:http://a.example/x?y=1", "feed", ["url": "http://a.example/x"]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters, paths: .bothReaders)
  }

  @Test(arguments: [
    "matrix:u", "matrix:u/alice/extra", "matrix://u/alice", "mailto:", "matrix:u/../r/general", "myapp:///share",
  ])
  func doesNotMatch(_ url: String) throws {
    let name = try TestTables.router(Self.routes).routeName(url)
    #expect(name == "-" || name.hasPrefix("invalid"), "\(url): \(name)")
  }

  @Test func theAllocationFreeMatcherAgrees() throws {
    let router = try TestTables.router(Self.routes)
    var scratch = MatchScratch()
    for url in [
      "mailto:a@b.c", "matrix:u/x", "myapp:/share", "feed:https://e.com/a", "feed://example.com/a", "myapp://share",
    ] {
      let expected: Int? = if case .success(let m?) = router.match(url: url) { m.route } else { nil }
      #expect(router.matchRoute(url: url, scratch: &scratch) == expected, "\(url)")
      #expect(expected != nil, "\(url)")
    }
  }

  @Test func twoOpaqueRoutesThatMatchTheSameURLsConflict() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "mailto:{x}"), TestTables.route("b", "mailto:{y}"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .duplicateRoute && $0.message.contains("'a'") }, "\(diagnostics)")
  }

  @Test(arguments: [
    ("mail", ["address": "mona@example.com"], "mailto:mona@example.com"),
    ("user", ["user": "alice"], "matrix:u/alice"),
    ("room", ["room": "general", "action": "join"], "matrix:r/general?action=join"),
    ("share", [:], "myapp:/share"),
    ("feed", ["url": "https://example.com/rss"], "feed:https://example.com/rss"),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String], _ expected: String) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    #expect(url == expected)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }
}
