import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Captures inside a segment with literal affixes, `{name}.json`, `@{account}`, `item-{id:int}`,
/// `{slug}-{id:int}`, `v{major:int}.{minor:int}`: parsing, the splitting rule, precedence,
/// conflicts and the round trip through reverse routing.
@Suite struct AffixedSegmentTests {
  @Test func parsesLiteralAndCaptureParts() throws {
    let p = try URLPattern(parsing: "a://h/v{major:int}.{minor:int}/@{account}/{name}.json")
    #expect(
      p.segments == [
        .affixed(
          AffixedSegment(parts: [
            .literal("v"), .capture(.init(name: "major", type: .int)), .literal("."),
            .capture(.init(name: "minor", type: .int)),
          ])),
        .affixed(AffixedSegment(parts: [.literal("@"), .capture(.init(name: "account"))])),
        .affixed(AffixedSegment(parts: [.capture(.init(name: "name")), .literal(".json")])),
      ])
    #expect(p.parameterNames == ["major", "minor", "account", "name"])
  }

  @Test(arguments: [
    ("two captures with nothing between", "a://h/{a}1️⃣{b}", DiagnosticCode.invalidPattern),
    ("unclosed brace", "a://h/x1️⃣{id", .invalidPattern),
    ("stray closing brace", "a://h/x1️⃣}", .invalidPattern),
    ("optional inside a segment", "a://h/x-{1️⃣id?}", .invalidPattern),
    ("catch-all inside a segment", "a://h/x-{1️⃣id*}", .invalidPattern),
    ("value set inside a segment", "a://h/x-{1️⃣id:a|b}", .invalidPattern),
    ("unknown type inside a segment", "a://h/x-{id:1️⃣num}", .unknownParameterType),
    ("bad name inside a segment", "a://h/x-{1️⃣9}", .invalidPattern),
    ("same name twice in one segment", "a://h/{a}-{1️⃣a}", .duplicateParameter),
    ("wildcard inside a segment", "a://h/x1️⃣*", .invalidPattern),
    ("empty braces", "a://h/x1️⃣{}", .invalidPattern),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("json", "a://h/files/{name}.json"),
    ("json-literal", "a://h/files/index.json"),
    ("file", "a://h/files/{name}"),
    ("ext", "a://h/files/{base}.{ext}"),
    ("account", "a://h/u/@{account}"),
    ("user", "a://h/u/{user}"),
    ("item-int", "a://h/i/item-{id:int}"),
    ("item", "a://h/i/item-{slug}"),
    ("slug-id", "a://h/p/{slug}-{id:int}"),
    ("id-slug", "a://h/q/{id:int}-{slug}"),
    ("version", "a://h/api/v{major:int}.{minor:int}/{path*}"),
    ("encoded", "a://h/e/caf%C3%A9-{x}"),
  ]

  @Test(
    arguments: [
      ("suffix", "a://h/files/report.json", "json", ["name": "report"]),
      ("a literal segment beats an affixed one", "a://h/files/index.json", "json-literal", [:]),
      ("the longer literal part first", "a://h/files/a.b.json", "json", ["name": "a.b"]),
      (
        "a text capture takes as much as it can", "a://h/files/archive.tar.gz", "ext",
        ["base": "archive.tar", "ext": "gz"]
      ),
      ("an affixed segment beats a parameter", "a://h/u/@mona", "account", ["account": "mona"]),
      ("no affix: the parameter", "a://h/u/mona", "user", ["user": "mona"]),
      ("the affix alone is not enough (captures are not empty)", "a://h/u/@", "user", ["user": "@"]),
      ("typed before untyped", "a://h/i/item-42", "item-int", ["id": 42]),
      ("untyped when the type does not fit", "a://h/i/item-abc", "item", ["slug": "abc"]),
      (
        "slug then id: the slug keeps its dashes", "a://h/p/my-first-post-42", "slug-id",
        ["slug": "my-first-post", "id": 42]
      ),
      ("id then slug: the id stops at the first dash", "a://h/q/42-my-post", "id-slug", ["id": 42, "slug": "my-post"]),
      ("a negative id", "a://h/q/-7-x", "id-slug", ["id": -7, "slug": "x"]),
      ("two typed captures", "a://h/api/v2.10/a/b", "version", ["major": 2, "minor": 10, "path": "a/b"]),
      ("decoded before splitting", "a://h/files/r%C3%A9sum%C3%A9.json", "json", ["name": "résumé"]),
      ("an escaped affix", "a://h/files/report%2Ejson", "json", ["name": "report"]),
      ("a decoded literal affix", "a://h/e/caf%C3%A9-1", "encoded", ["x": "1"]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters)
  }

  @Test(arguments: ["a://h/api/v1/x", "a://h/api/v1.2.3/x", "a://h/api/vx.2/x", "a://h/p/nodash", "a://h/p/x-y"])
  func doesNotMatch(_ url: String) throws {
    #expect(try TestTables.router(Self.routes).routeName(url) == "-")
  }

  @Test func theAllocationFreeCapturesAreByteRangesInsideTheSegment() throws {
    let router = try TestTables.router(Self.routes)
    var scratch = MatchScratch()
    let url = "a://h/p/my-post-42"
    let bytes = Array(url.utf8)
    #expect(router.matchRoute(url: url, scratch: &scratch) == 8)
    #expect(scratch.pathCaptureCount == 2)
    #expect(String(decoding: bytes[scratch.pathCapture(0)], as: UTF8.self) == "my-post")
    #expect(String(decoding: bytes[scratch.pathCapture(1)], as: UTF8.self) == "42")
  }

  @Test func affixedSegmentsPrecedenceCannotOrderAreAnErrorNamingBothRoutes() throws {
    // Same literal length, same captures, and both could take "ab.x": no order.
    let json = TestTables.json(routes: [
      TestTables.route("first", "a://h/f/a{x}.x"), TestTables.route("second", "a://h/f/{x}b.x"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    let conflict = try #require(diagnostics.first { $0.code == .ambiguousRoutes }, "\(diagnostics)")
    #expect(conflict.message.contains("'first'") && conflict.message.contains("'second'"), "\(conflict.message)")
  }

  @Test func disjointAffixesOfEqualLengthAreFine() throws {
    let router = try TestTables.router([("json", "a://h/f/{x}.json"), ("html", "a://h/f/{x}.html")])
    #expect(router.routeName("a://h/f/a.json") == "json")
    #expect(router.routeName("a://h/f/a.html") == "html")
  }

  @Test func sameShapeDifferentNamesIsADuplicate() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "a://h/f/{x}.json"), TestTables.route("b", "a://h/f/{y}.json"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .duplicateRoute }, "\(diagnostics)")
  }

  @Test func caseInsensitivePathsFoldTheAffixes() throws {
    let router = try TestTables.router(
      [("json", "a://h/{name}.JSON")], extra: #" "options": { "caseSensitivePaths": false },"#)
    guard case .success(let m?) = router.match(url: "a://h/Report.json") else {
      Issue.record("no match")
      return
    }
    #expect(m.parameters == ["name": "Report"])
  }

  @Test(arguments: [
    ("json", ["name": "a b"]), ("ext", ["base": "archive.tar", "ext": "gz"]), ("account", ["account": "mona"]),
    ("slug-id", ["slug": "my-post", "id": "42"]), ("id-slug", ["id": "-1", "slug": "x-y"]),
    ("version", ["major": "1", "minor": "2", "path": "a/b"]), ("encoded", ["x": "é"]),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String]) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }

  @Test func reverseRoutingRefusesAValueThatWouldSplitElsewhere() throws {
    let router = try TestTables.router(Self.routes)
    // An id-then-slug URL whose id... a typed capture of the wrong type is refused first.
    #expect(throws: URLBuildError.self) { try router.url(for: "item-int", parameters: ["id": "x"]) }
    // A text capture before a typed one cannot end with what would be read as the separator and a number.
    #expect(throws: URLBuildError.self) { try router.url(for: "ext", parameters: ["base": "a", "ext": "b.c"]) }
  }
}
