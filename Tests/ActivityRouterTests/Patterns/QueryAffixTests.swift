import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Affixed query values, `?id=item-{id:int}`, `?v=v{major:int}.{minor:int}`: parsing with
/// positioned errors, matching (all three matcher paths), precedence against plain captures,
/// conflicts, and the round trip through `url`.
@Suite struct QueryAffixTests {
  @Test func parsesTheParts() throws {
    let p = try URLPattern(parsing: "shop://h/x?id=item-{id:int}&v=v{major:int}.{minor:int}")
    #expect(
      p.query[0].value
        == .affixed(AffixedSegment(parts: [.literal("item-"), .capture(.init(name: "id", type: .int))])))
    #expect(p.parameterNames == ["id", "major", "minor"])
    // A whole-value capture stays a parameter.
    #expect(
      try URLPattern(parsing: "shop://h/x?id={id}").query[0].value == .parameter(.init(name: "id"), required: true))
  }

  @Test(arguments: [
    ("unclosed brace", "shop://h/x?id=item-1️⃣{id", DiagnosticCode.invalidPattern),
    ("adjacent captures", "shop://h/x?id={a}1️⃣{b}", .invalidPattern),
    ("an optional capture inside", "shop://h/x?id=item-{1️⃣id?}", .invalidPattern),
    ("a list inside", "shop://h/x?id=item-{1️⃣ids[]}", .invalidPattern),
    ("a set inside", "shop://h/x?id=item-{1️⃣t:a|b}", .invalidPattern),
    ("a stray closing brace", "shop://h/x?id=item1️⃣}", .invalidPattern),
    ("an unknown type", "shop://h/x?id=item-{id:1️⃣num}", .unknownParameterType),
    ("affixes in the fragment", "shop://h/x#item-1️⃣{id}", .invalidPattern),
    ("the same name twice", "shop://h/x?a=x{id}&b=y{1️⃣id}", .duplicateParameter),
    ("too many captures", "shop://h/x?v={a}.{b}.{c}.{d}.{e}.{f}.{g}.{h}.1️⃣{i}", .tableLimit),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("item", "shop://h/x?id=item-{id:int}"),
    ("slug", "shop://h/x?id=item-{slug}"),
    ("plain", "shop://h/x?id={raw}"),
    ("version", "shop://h/api?v=v{major:int}.{minor:int}"),
    ("file", "shop://h/f?file={name}.{ext}&page={page:int?}"),
    ("uuid", "shop://h/n?n=n-{id:uuid}"),
  ]

  @Test(
    arguments: [
      ("a typed affix", "shop://h/x?id=item-42", "item", ["id": 42]),
      ("the text affix when the type does not fit", "shop://h/x?id=item-new", "slug", ["slug": "new"]),
      ("a plain capture when no affix fits", "shop://h/x?id=42", "plain", ["raw": "42"]),
      ("two typed captures", "shop://h/api?v=v2.10", "version", ["major": 2, "minor": 10]),
      ("a text capture takes as much as it can", "shop://h/f?file=a.b.json", "file", ["name": "a.b", "ext": "json"]),
      ("with an optional item beside", "shop://h/f?file=a.md&page=3", "file", ["name": "a", "ext": "md", "page": 3]),
      ("decoded first", "shop://h/x?id=item%2D7", "item", ["id": 7]),
      ("a repeated key reads the first", "shop://h/x?id=item-1&id=item-2", "item", ["id": 1]),
      (
        "a uuid", "shop://h/n?n=n-6ba7b810-9dad-11d1-80b4-00c04fd430c8", "uuid",
        ["id": "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"]
      ),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters, paths: .allPaths)
  }

  @Test(arguments: [
    "shop://h/api?v=2.10", "shop://h/api?v=v2.", "shop://h/api?v=vx.1", "shop://h/api", "shop://h/f?file=json",
    "shop://h/f?file=.json", "shop://h/n?n=n-1",
  ])
  func doesNotMatch(_ url: String) throws {
    let name = try TestTables.router(Self.routes).routeName(url)
    #expect(name == "-", "\(url): \(name)")
  }

  @Test func plusAsSpaceAppliesBeforeTheSplit() throws {
    let router = try TestTables.router(
      [("q", "shop://h/s?q=tag:{tag}")], extra: #" "options": { "plusAsSpaceInQuery": true },"#)
    router.expectMatch("shop://h/s?q=tag:a+b", route: "q", parameters: ["tag": "a b"], paths: .allPaths)
  }

  @Test func theSameAffixShapeOnOneKeyIsADuplicate() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "shop://h/x?id=item-{id}"), TestTables.route("b", "shop://h/x?id=item-{other}"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .duplicateRoute }, "\(diagnostics)")
  }

  @Test(arguments: [
    ("item", ["id": "42"]), ("slug", ["slug": "a-b"]), ("version", ["major": "1", "minor": "0"]),
    ("file", ["name": "a b", "ext": "txt"]), ("file", ["name": "a.b", "ext": "c", "page": "2"]),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String]) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }

  @Test func urlRefusesValuesRoutingWouldSplitOtherwise() throws {
    let router = try TestTables.router(Self.routes)
    do {
      _ = try router.url(for: "file", parameters: ["name": "a", "ext": "b.c"])
      Issue.record("built a URL that reads back otherwise")
    } catch {
      #expect(error.code == .invalidParameter)
      #expect(error.message.contains("'name' = 'a.b'"), "\(error.message)")
    }
    #expect(throws: URLBuildError.self) { try router.url(for: "item", parameters: ["id": "x"]) }
    #expect(throws: URLBuildError.self) { try router.url(for: "item", parameters: ["id": ""]) }
    #expect(throws: URLBuildError.self) { try router.url(for: "item", parameters: [:]) }
  }
}
