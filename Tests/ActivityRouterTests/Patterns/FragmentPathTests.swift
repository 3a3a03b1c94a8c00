import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteMatcher

/// Structured fragments (`#/room/{id}`, `#!/item/{id:int}`): parsing with positioned errors,
/// matching, precedence against other fragment constraints, and the round trip through `url`.
@Suite struct FragmentPathTests {
  @Test func parsesAFragmentPath() throws {
    let p = try URLPattern(parsing: "https://chat.example.com/#/room/{id}")
    #expect(
      p.fragment == .path(FragmentPath(prefix: "/", segments: [.literal("room"), .parameter(.init(name: "id"))])))
    #expect(p.parameterNames == ["id"])
    let bang = try URLPattern(parsing: "https://shop.example.com/#!/item/{n:int}/{rest*}")
    #expect(
      bang.fragment
        == .path(
          FragmentPath(
            prefix: "!/", segments: [.literal("item"), .parameter(.init(name: "n", type: .int)), .catchAll("rest")])))
    // Without a capture a fragment is a literal, as before.
    #expect(try URLPattern(parsing: "https://a.example/#/about").fragment == .literal("/about"))
  }

  @Test(arguments: [
    ("an empty segment", "https://a.example/#/room/1️⃣/{id}", DiagnosticCode.invalidPattern),
    ("an optional segment", "https://a.example/#/room/1️⃣{id?}", .invalidPattern),
    ("a value set", "https://a.example/#/1️⃣{tab:a|b}", .invalidPattern),
    ("an affixed segment", "https://a.example/#/1️⃣item-{id}", .invalidPattern),
    ("after a catch-all", "https://a.example/#/{rest*}/1️⃣x", .invalidPattern),
    ("unknown type", "https://a.example/#/room/{id:1️⃣num}", .unknownParameterType),
    ("a name used in the path", "https://a.example/r/{id}#/room/{1️⃣id}", .duplicateParameter),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("room", "https://chat.example.com/#/room/{id}"),
    ("room-settings", "https://chat.example.com/#/room/{id}/settings"),
    ("user", "https://chat.example.com/#/user/{user}"),
    ("about", "https://chat.example.com/#/about"),
    ("home", "https://chat.example.com/"),
    ("item", "https://shop.example.com/#!/item/{n:int}"),
    ("docs", "https://shop.example.com/#!/docs/{page*}"),
    ("matrix", "matrix:r/{room}#/event/{event}"),
  ]

  @Test(
    arguments: [
      ("a room", "https://chat.example.com/#/room/general", "room", ["id": "general"]),
      ("decoded", "https://chat.example.com/#/room/caf%C3%A9", "room", ["id": "café"]),
      ("a trailing slash", "https://chat.example.com/#/room/general/", "room", ["id": "general"]),
      ("the page's own query is ignored", "https://chat.example.com/#/room/general?via=x", "room", ["id": "general"]),
      (
        "a longer path is another route", "https://chat.example.com/#/room/general/settings", "room-settings",
        ["id": "general"]
      ),
      ("a user", "https://chat.example.com/#/user/@alice:example.org", "user", ["user": "@alice:example.org"]),
      ("a literal fragment", "https://chat.example.com/#/about", "about", [:]),
      ("another fragment: the route without one", "https://chat.example.com/#/unknown/x", "home", [:]),
      ("no fragment", "https://chat.example.com/", "home", [:]),
      ("a hashbang", "https://shop.example.com/#!/item/42", "item", ["n": 42]),
      ("a catch-all", "https://shop.example.com/#!/docs/a/b", "docs", ["page": "a/b"]),
      ("without an authority", "matrix:r/general#/event/e1", "matrix", ["room": "general", "event": "e1"]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters, paths: .allPaths)
  }

  @Test(arguments: [
    "https://shop.example.com/#!/item/x", "https://shop.example.com/#/item/42", "https://shop.example.com/#!/item",
    "https://shop.example.com/#!/item//42", "https://shop.example.com/#!/docs",
  ])
  func doesNotMatch(_ url: String) throws {
    let name = try TestTables.router(Self.routes).routeName(url)
    #expect(name == "-", "\(url): \(name)")
  }

  @Test func twoFragmentPathsOfOneShapeConflict() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "https://a.example/#/room/{x}"), TestTables.route("b", "https://a.example/#/room/{y}"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .duplicateRoute }, "\(diagnostics)")
  }

  @Test(arguments: [
    ("room", ["id": "general"], "https://chat.example.com#/room/general"),
    ("room", ["id": "a b"], "https://chat.example.com#/room/a%20b"),
    ("item", ["n": "7"], "https://shop.example.com#!/item/7"),
    ("docs", ["page": "a/b"], "https://shop.example.com#!/docs/a/b"),
    ("matrix", ["room": "general", "event": "e1"], "matrix:r/general#/event/e1"),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String], _ expected: String) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    #expect(url == expected)
    try router.expectRoutesBack(url, to: route, rebuilds: false)
  }
}
