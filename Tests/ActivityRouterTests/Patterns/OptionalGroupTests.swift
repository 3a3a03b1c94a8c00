import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Optional literal groups, `[/en]/products/{id}`: a run of literal segments that may be absent.
@Suite struct OptionalGroupTests {
  @Test func parses() throws {
    let p = try URLPattern(parsing: "https://shop.example.com[/en/us]/products/{id}")
    #expect(p.host == .exact("shop.example.com"))
    #expect(p.segments == [.optionalLiterals(["en", "us"]), .literal("products"), .parameter(.init(name: "id"))])
    let inner = try URLPattern(parsing: "a://h/shop[/sale]/{id}")
    #expect(inner.segments == [.literal("shop"), .optionalLiterals(["sale"]), .parameter(.init(name: "id"))])
  }

  @Test(arguments: [
    ("unclosed", "a://h/x1️⃣[/en/p", DiagnosticCode.invalidPattern),
    ("empty group", "a://h/x1️⃣[]/p", .invalidPattern),
    ("no slash inside", "a://h/x[1️⃣en]/p", .invalidPattern),
    ("a parameter inside", "a://h/x[/1️⃣{lang}]/p", .invalidPattern),
    ("nested", "a://h/x[/a1️⃣[/b]]/p", .invalidPattern),
    ("text after the group", "a://h/x[/en]1️⃣p", .invalidPattern),
    ("empty segment inside", "a://h/x[/a/1️⃣/b]/p", .invalidPattern),
    ("stray closing bracket", "a://h/x1️⃣]/p", .invalidPattern),
    ("too many optionals", "a://h[/a][/b][/c][/d]1️⃣[/e]", .tableLimit),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("product", "https://shop.example.com[/en]/products/{id}"),
    ("sale", "https://shop.example.com/shop[/sale/today]/{id:int}"),
    ("about", "https://shop.example.com/about"),
    ("about-fr", "https://shop.example.com[/fr]/a-propos"),
  ]

  @Test(
    arguments: [
      ("the group present", "https://shop.example.com/en/products/7", "product", ["id": "7"]),
      ("the group absent", "https://shop.example.com/products/7", "product", ["id": "7"]),
      ("an inner group present", "https://shop.example.com/shop/sale/today/3", "sale", ["id": 3]),
      ("an inner group absent", "https://shop.example.com/shop/3", "sale", ["id": 3]),
      ("a group at the root", "https://shop.example.com/fr/a-propos", "about-fr", [:]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters)
  }

  @Test(arguments: ["https://shop.example.com/de/products/7", "https://shop.example.com/shop/sale/3"])
  func doesNotMatch(_ url: String) throws {
    #expect(try TestTables.router(Self.routes).routeName(url) == "-")
  }

  @Test func theRouteWithoutTheGroupIsMoreSpecific() throws {
    let router = try TestTables.router([("grouped", "a://h[/en]/p/{x}"), ("plain", "a://h/p/{x}")])
    #expect(router.routeName("a://h/p/1") == "plain")
    #expect(router.routeName("a://h/en/p/1") == "grouped")
  }

  @Test func theGroupSpelledOutIsADuplicateNamingBothRoutes() throws {
    let json = TestTables.json(routes: [
      TestTables.route("grouped", "a://h[/en]/p/{x}"), TestTables.route("spelled", "a://h/en/p/{y}"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    let conflict = try #require(diagnostics.first { $0.code == .duplicateRoute }, "\(diagnostics)")
    #expect(conflict.message.contains("'grouped'") && conflict.message.contains("'spelled'"), "\(conflict.message)")
  }

  @Test(arguments: [
    ("product", ["id": "7"], "https://shop.example.com/en/products/7"),
    ("sale", ["id": "3"], "https://shop.example.com/shop/sale/today/3"),
  ])
  func reverseRoutingWritesTheGroup(_ route: String, _ parameters: [String: String], _ expected: String) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    #expect(url == expected)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }
}
