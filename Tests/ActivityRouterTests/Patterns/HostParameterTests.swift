import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteMatcher

/// The host of a custom scheme as a parameter (`myapp://{screen}/{id}`) and any host for a
/// scheme (`feed://{host}/{path*}`): parsing with positioned errors, matching, precedence
/// against literal hosts and `*.domain`, conflicts, and the round trip through `url`.
@Suite struct HostParameterTests {
  @Test func parsesTheHostAsAParameter() throws {
    let p = try URLPattern(parsing: "myapp://{screen}/{id:int}")
    #expect(p.host == .parameter(.init(name: "screen")))
    #expect(p.segments == [.parameter(.init(name: "id", type: .int))])
    #expect(p.parameterNames == ["screen", "id"])
    let typed = try URLPattern(parsing: "myapp://{n:uuid}:8080")
    #expect(typed.host == .parameter(.init(name: "n", type: .uuid)))
    #expect(typed.port == 8080)
  }

  @Test(arguments: [
    ("https routes name their hosts", "https://1️⃣{host}/x", DiagnosticCode.invalidPattern),
    ("http too", "http://1️⃣{host}", .invalidPattern),
    ("unclosed", "myapp://1️⃣{screen/x", .invalidPattern),
    ("a stray close", "myapp://ab1️⃣}/x", .invalidPattern),
    ("text after the parameter", "myapp://{screen}1️⃣.example/x", .invalidPattern),
    ("text before the parameter", "myapp://app-1️⃣{screen}/x", .invalidPattern),
    ("empty", "myapp://1️⃣{}/x", .invalidPattern),
    ("optional", "myapp://{screen1️⃣?}/x", .invalidPattern),
    ("catch-all", "myapp://{screen1️⃣*}/x", .invalidPattern),
    ("unknown type", "myapp://{screen:1️⃣number}/x", .unknownParameterType),
    ("bad name", "myapp://{1️⃣9}/x", .invalidPattern),
    ("the host name again in the path", "myapp://{id}/{1️⃣id}", .duplicateParameter),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("settings", "chat://settings"),
    ("room-literal", "chat://room/{id}"),
    ("screen", "chat://{screen}/{id}"),
    ("screen-root", "chat://{screen}"),
    ("numbered", "chat://{n:int}/{tab?}"),
    ("feed-example", "feed://example.com/{path*}"),
    ("feed-sub", "feed://*.example.com/{path*}"),
    ("feed", "feed://{host}/{path*}"),
    ("ported", "chat://{screen}:8080/{id}"),
  ]

  @Test(
    arguments: [
      ("a literal host first", "chat://settings", "settings", [:]),
      ("a literal host with a path", "chat://room/42", "room-literal", ["id": "42"]),
      ("any other host", "chat://inbox/42", "screen", ["screen": "inbox", "id": "42"]),
      ("the host alone", "chat://inbox", "screen-root", ["screen": "inbox"]),
      (
        "a literal host whose path misses falls back", "chat://settings/x", "screen", ["screen": "settings", "id": "x"]
      ),
      ("a typed host before an untyped one", "chat://42", "numbered", ["n": 42]),
      ("typed, with its optional", "chat://42/info", "numbered", ["n": 42, "tab": "info"]),
      ("the case is kept", "chat://Inbox/1", "screen", ["screen": "Inbox", "id": "1"]),
      ("decoded", "chat://caf%C3%A9/1", "screen", ["screen": "café", "id": "1"]),
      ("non-ASCII as written", "chat://café/1", "screen", ["screen": "café", "id": "1"]),
      ("a port is its own key", "chat://inbox:8080/1", "ported", ["screen": "inbox", "id": "1"]),
      ("a literal host of the feed", "feed://example.com/a/b", "feed-example", ["path": "a/b"]),
      ("a subdomain before any host", "feed://news.example.com/a", "feed-sub", ["path": "a"]),
      ("any host", "feed://news.example.org/rss/all", "feed", ["host": "news.example.org", "path": "rss/all"]),
      (
        "the scheme is case-insensitive", "FEED://blog.example.net/x", "feed",
        ["host": "blog.example.net", "path": "x"]
      ),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters, paths: .allPaths)
  }

  @Test(arguments: [
    "chat:///42", "chat://", "chat:inbox/1", "chat://inbox/1/2", "feed://example.org", "other://inbox/1",
    "chat://inbox:9090/1",
  ])
  func doesNotMatch(_ url: String) throws {
    let name = try TestTables.router(Self.routes).routeName(url)
    #expect(name == "-" || name.hasPrefix("invalid"), "\(url): \(name)")
  }

  @Test func theHostIsCaptureZeroOfTheAllocationFreeMatcher() throws {
    let router = try TestTables.router(Self.routes)
    var scratch = MatchScratch()
    let bytes = Array("chat://inbox/42".utf8)
    let route = bytes.withUnsafeBufferPointer { router.matchRoute(utf8: $0, scratch: &scratch) }
    #expect(route.map { router.table.routes[$0].name } == "screen")
    #expect(scratch.pathCaptureCount == 2)
    #expect(String(decoding: bytes[scratch.pathCapture(0)], as: UTF8.self) == "inbox")
    #expect(String(decoding: bytes[scratch.pathCapture(1)], as: UTF8.self) == "42")
  }

  @Test func twoHostParametersOverTheSamePathConflict() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "chat://{x}/room"), TestTables.route("b", "chat://{y}/room"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .duplicateRoute && $0.message.contains("'a'") }, "\(diagnostics)")
  }

  @Test func differentTypesDoNotConflict() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "chat://{x:int}/room"), TestTables.route("b", "chat://{y}/room"),
    ])
    #expect(try TestTables.compileDiagnostics(json).filter { $0.severity == .error }.isEmpty)
  }

  @Test(arguments: [
    ("screen", ["screen": "inbox", "id": "42"], "chat://inbox/42"),
    ("screen", ["screen": "café", "id": "1"], "chat://caf%C3%A9/1"),
    ("screen-root", ["screen": "Inbox"], "chat://Inbox"),
    ("numbered", ["n": "7", "tab": "info"], "chat://7/info"),
    ("feed", ["host": "news.example.org", "path": "rss/all"], "feed://news.example.org/rss/all"),
    ("ported", ["screen": "inbox", "id": "1"], "chat://inbox:8080/1"),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String], _ expected: String) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    #expect(url == expected)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }

  @Test(arguments: [
    ("a host a literal route takes", ["screen": "room", "id": "1"], URLBuildError.Code.routesElsewhere),
    ("an empty host", ["screen": "", "id": "1"], .invalidParameter),
    ("a character no host holds", ["screen": "a/b", "id": "1"], .invalidParameter),
    ("no host", ["id": "1"], .missingParameter),
  ])
  func refusesToBuild(_ name: String, _ parameters: [String: String], _ code: URLBuildError.Code) throws {
    let error = try TestTables.router(Self.routes).expectBuildRefused("screen", parameters: parameters)
    #expect(error?.code == code, "\(String(describing: error))")
  }
}
