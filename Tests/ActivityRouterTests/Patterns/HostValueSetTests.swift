import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteMatcher

/// A value set as the host of a custom scheme (`tg://{kind:proxy|socks}?server={server}`,
/// `wikipedia://{tab:tabs}` with a named set): parsing with positioned errors, matching (each
/// value a literal host, the value as listed), precedence against literal hosts and host
/// parameters, conflicts, the fast path held to the general one, and the round trip through `url`.
@Suite struct HostValueSetTests {
  @Test func parsesTheHostAsAValueSet() throws {
    let p = try URLPattern(parsing: "tg://{kind:proxy|socks}?server={server}")
    #expect(p.host == .valueSet(ValueSet(name: "kind", values: ["proxy", "socks"])))
    #expect(p.parameterNames == ["kind", "server"])
    let named = try URLPattern(parsing: "wiki://{tab:tabs}:8080/x", valueSets: ["tabs": ["explore", "saved"]])
    #expect(named.host == .valueSet(ValueSet(name: "tab", values: ["explore", "saved"], declaredAs: "tabs")))
    #expect(named.port == 8080)
  }

  @Test(arguments: [
    ("https routes name their hosts", "https://1️⃣{site:a.com|b.com}/x", DiagnosticCode.invalidPattern),
    ("an empty value", "tg://{kind:proxy|1️⃣}", .invalidPattern),
    ("a value listed twice", "tg://{kind:proxy|1️⃣proxy}", .invalidPattern),
    ("two values that are one host", "tg://{kind:proxy|1️⃣PROXY}", .invalidPattern),
    ("a value that decodes to a space", "tg://{kind:pro1️⃣%20xy|socks}", .invalidPattern),
    ("a value that is not a host", "tg://{kind:socks|1️⃣a~b}", .invalidPattern),
    ("a value that starts with a dot", "tg://{kind:1️⃣.proxy|socks}", .invalidPattern),
    ("optional", "tg://{kind:proxy|socks1️⃣?}/x", .invalidPattern),
    ("a bad name", "tg://{1️⃣9:proxy|socks}", .invalidPattern),
    ("the name again in the path", "tg://{kind:proxy|socks}/{1️⃣kind}", .duplicateParameter),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  @Test func aNamedSetWhoseValueIsNotAHostIsAnErrorAtTheSetName() throws {
    let json = TestTables.json(
      routes: [TestTables.route("tab", "wiki://{tab:tabs}")], extra: #" "valueSets": {"tabs": ["explore", "a!b"]},"#)
    let diagnostics = TestTables.load(json).diagnostics
    let error = try #require(diagnostics.first { $0.severity == .error }, "\(diagnostics)")
    #expect(error.message.contains("'a!b' (in the set 'tabs') cannot be a host"), "\(error.message)")
  }

  static let routes: [(String, String)] = [
    ("proxy-literal", "tg://proxy/help"),
    ("proxy", "tg://{kind:proxy|socks}?server={server}&port={port:int?}"),
    ("kind-root", "tg://{kind:proxy|socks}"),
    ("screen", "tg://{screen}/{id}"),
    ("screen-root", "tg://{screen}"),
    ("ported", "tg://{kind:proxy|socks}:8080/{id}"),
  ]

  @Test(
    arguments: [
      (
        "one value", "tg://proxy?server=a.example&port=443", "proxy",
        ["kind": "proxy", "server": "a.example", "port": 443]
      ),
      ("the other value", "tg://socks?server=b.example", "proxy", ["kind": "socks", "server": "b.example"]),
      ("the value as listed, whatever the case", "tg://SOCKS?server=b", "proxy", ["kind": "socks", "server": "b"]),
      ("without the query", "tg://proxy", "kind-root", ["kind": "proxy"]),
      ("a literal host's own path first", "tg://proxy/help", "proxy-literal", [:]),
      (
        "a path under the set's hosts falls back to the host parameter", "tg://proxy/7", "screen",
        ["screen": "proxy", "id": "7"]
      ),
      ("any other host", "tg://resolve", "screen-root", ["screen": "resolve"]),
      ("a port is its own key", "tg://socks:8080/1", "ported", ["kind": "socks", "id": "1"]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters, paths: .allPaths)
  }

  /// Every value is a literal host on the fast path: `fastMatch` decides these without the
  /// general search, and `matchRoute` takes the route the general path takes.
  @Test func eachValueIsAFastHostKey() throws {
    let router = try TestTables.router([
      ("literal", "telegram://proxy/help"), ("set", "telegram://{kind:proxy|socks}/{id}"),
      ("screen", "telegram://{screen}/{id}"),
    ])
    for (url, route) in [
      ("telegram://proxy/1", "set"), ("telegram://SOCKS/1", "set"), ("telegram://proxy/help", "literal"),
      ("telegram://other/1", "screen"),
    ] {
      var scratch = MatchScratch()
      let bytes = Array(url.utf8)
      let fast = bytes.withUnsafeBufferPointer { router.urls.fastMatch($0.baseAddress!, $0.count, &scratch) }
      let general = bytes.withUnsafeBufferPointer { router.matchRouteGeneral(utf8: $0) }
      // (An uppercase host is read lowercased: the general path reads that one.)
      if route != "screen" && url == url.lowercased() { #expect(fast != .needsGeneralPath, "\(url)") }
      #expect(general.map { router.table.routes[$0].name } == route, "\(url)")
      #expect(router.matchRoute(url: url, scratch: &scratch) == general, "\(url)")
    }
  }

  @Test func aLiteralHostOverTheSamePathAsAValueIsADuplicateNamingTheValue() throws {
    let json = TestTables.json(routes: [
      TestTables.route("literal", "tg://proxy/x"), TestTables.route("set", "tg://{kind:proxy|socks}/x"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    let duplicate = try #require(diagnostics.first { $0.code == .duplicateRoute }, "\(diagnostics)")
    #expect(
      duplicate.message.contains("'literal'") && duplicate.message.contains("'kind' is 'proxy'"), "\(duplicate.message)"
    )
  }

  @Test(arguments: [
    ("proxy", ["kind": "socks", "server": "b.example"], "tg://socks?server=b.example"),
    ("kind-root", ["kind": "proxy"], "tg://proxy"),
    ("ported", ["kind": "proxy", "id": "1"], "tg://proxy:8080/1"),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String], _ expected: String) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    #expect(url == expected)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }

  @Test(arguments: [
    ("a value not in the set", ["kind": "sock"], URLBuildError.Code.invalidParameter, "did you mean 'socks'?"),
    ("no value", [:], .missingParameter, "needs a value for 'kind'"),
  ])
  func refusesToBuild(_ name: String, _ parameters: [String: String], _ code: URLBuildError.Code, _ says: String)
    throws
  {
    let error = try TestTables.router(Self.routes).expectBuildRefused("kind-root", parameters: parameters)
    #expect(error?.code == code && error?.message.contains(says) == true, "\(String(describing: error))")
  }
}
