import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteMatcher

/// Query values as lists (`?tag={tags[]}`) and the `plusAsSpaceInQuery` option: parsing with
/// positioned errors, matching, precedence, and the round trip through `url`.
@Suite struct QueryListTests {
  @Test func parsesAListBinding() throws {
    let p = try URLPattern(parsing: "notes://tagged?tag={tags[]}&id={ids:int[]?}")
    #expect(p.query[0].value == .list(.init(name: "tags"), required: true))
    #expect(p.query[1].value == .list(.init(name: "ids", type: .int), required: false))
    #expect(p.parameterNames == ["tags", "ids"])
  }

  @Test(arguments: [
    ("a list in a path segment", "notes://h/{tags1️⃣[]}", DiagnosticCode.invalidPattern),
    ("a list inside an affixed segment", "notes://h/x-{tags1️⃣[]}", .invalidPattern),
    ("a list in the fragment", "notes://h/x#{tags1️⃣[]}", .invalidPattern),
    ("brackets not at the end", "notes://h/x?tag={ta1️⃣[]gs}", .invalidPattern),
    ("the optional mark inside", "notes://h/x?tag={tags1️⃣?[]}", .invalidPattern),
    ("an unknown element type", "notes://h/x?tag={tags:1️⃣num[]}", .unknownParameterType),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("tagged", "notes://h/tagged?tag={tags[]}"),
    ("maybe", "notes://h/maybe?tag={tags[]?}"),
    ("ids", "notes://h/ids?id={ids:int[]}"),
    ("first", "notes://h/first?q={q}"),
  ]

  @Test(
    arguments: [
      ("every item, in order", "notes://h/tagged?tag=a&x=1&tag=b", "tagged", ["tags": ["a", "b"]]),
      ("one item is a list of one", "notes://h/tagged?tag=a", "tagged", ["tags": ["a"]]),
      ("empty values are values", "notes://h/tagged?tag=&tag", "tagged", ["tags": ["", ""]]),
      ("decoded", "notes://h/tagged?tag=a%20b&t%61g=c", "tagged", ["tags": ["a b", "c"]]),
      ("an optional list may be absent", "notes://h/maybe", "maybe", [:]),
      ("typed elements", "notes://h/ids?id=1&id=-2", "ids", ["ids": [1, -2]]),
      ("a scalar takes the first of a repeated key", "notes://h/first?q=a&q=b", "first", ["q": "a"]),
      ("'+' is kept by default", "notes://h/tagged?tag=a+b", "tagged", ["tags": ["a+b"]]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters, paths: .allPaths)
  }

  @Test(arguments: ["notes://h/tagged", "notes://h/ids?id=1&id=x", "notes://h/ids"])
  func doesNotMatch(_ url: String) throws {
    let name = try TestTables.router(Self.routes).routeName(url)
    #expect(name == "-", "\(url): \(name)")
  }

  @Test func aRequiredListRanksAsARequiredParameter() throws {
    let router = try TestTables.router([
      ("any", "notes://h/x?tag={t?}"), ("listed", "notes://h/x?tag={tags[]}"),
    ])
    #expect(try router.routeName("notes://h/x?tag=a") == "listed")
    #expect(try router.routeName("notes://h/x") == "any")
  }

  @Test(arguments: [
    ("tagged", ["tags": ["a", "b c"]], "notes://h/tagged?tag=a&tag=b%20c"),
    ("ids", ["ids": ["3", "4"]], "notes://h/ids?id=3&id=4"),
    ("tagged", ["tags": [""]], "notes://h/tagged?tag="),
  ])
  func roundTrips(_ route: String, _ lists: [String: [String]], _ expected: String) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, lists: lists)
    #expect(url == expected)
    try router.expectRoutesBack(url, to: route, rebuilds: false)
  }

  @Test func aPlainValueIsAListOfOne() throws {
    let router = try TestTables.router(Self.routes)
    #expect(try router.url(for: "tagged", parameters: ["tags": "a"]) == "notes://h/tagged?tag=a")
  }

  @Test(
    arguments: [
      ("tagged", [:], URLBuildError.Code.missingParameter),
      ("ids", ["ids": ["1", "x"]], .invalidParameter),
    ] as [(String, [String: [String]], URLBuildError.Code)])
  func refusesToBuild(_ route: String, _ lists: [String: [String]], _ code: URLBuildError.Code) throws {
    let error = try TestTables.router(Self.routes).expectBuildRefused(route, lists: lists)
    #expect(error?.code == code, "\(String(describing: error))")
  }

  static let plusOption = #" "options": { "plusAsSpaceInQuery": true },"#

  @Test(
    arguments: [
      ("a '+' is a space", "notes://h/first?q=a+b", ["q": "a b"]),
      ("'%2B' is still a '+'", "notes://h/first?q=a%2Bb+c", ["q": "a+b c"]),
      ("in list items", "notes://h/tagged?tag=x+y&tag=z", ["tags": ["x y", "z"]]),
      ("in keys", "notes://h/keyed?my+key=1", ["v": "1"]),
      ("not in the fragment", "notes://h/frag#a+b", ["f": "a+b"]),
      ("not in the path", "notes://h/p/a+b", ["x": "a+b"]),
    ] as [(String, String, JSONObject)])
  func plusAsSpace(_ name: String, _ url: String, _ parameters: JSONObject) throws {
    let router = try TestTables.router(
      Self.routes + [
        ("keyed", "notes://h/keyed?my%20key={v}"), ("frag", "notes://h/frag#{f}"), ("p", "notes://h/p/{x}"),
      ],
      extra: Self.plusOption)
    guard case .success(let m?) = router.match(url: url) else {
      Issue.record("\(url) matched nothing")
      return
    }
    #expect(m.parameters.object == parameters)
    #expect(router.matchGeneral(url: url) == router.match(url: url))
  }

  @Test func plusAsSpaceRoundTrips() throws {
    let router = try TestTables.router(Self.routes, extra: Self.plusOption)
    let url = try router.url(for: "first", parameters: ["q": "a b+c"])
    #expect(url == "notes://h/first?q=a%20b%2Bc")
    guard case .success(let m?) = router.match(url: url) else {
      Issue.record("\(url) matched nothing")
      return
    }
    #expect(m.parameters["q"] == "a b+c")
  }
}
