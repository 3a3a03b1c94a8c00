import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Value sets, `{tab:inbox|sent|archive}`: parsing, matching, precedence, conflicts and the
/// round trip through reverse routing.
@Suite struct ValueSetTests {
  @Test func parsesTheValuesInOrder() throws {
    let p = try URLPattern(parsing: "mail://box/{tab:inbox|sent|caf%C3%A9}/{kind:a|b?}")
    #expect(
      p.segments == [
        .valueSet(ValueSet(name: "tab", values: ["inbox", "sent", "café"])),
        .valueSet(ValueSet(name: "kind", values: ["a", "b"], isOptional: true)),
      ])
    #expect(p.parameterNames == ["tab", "kind"])
  }

  @Test(arguments: [
    ("empty value in the middle", "a://h/{t:a|1️⃣|b}", DiagnosticCode.invalidPattern),
    ("empty value at the end", "a://h/{t:a|1️⃣}", .invalidPattern),
    ("empty value at the start", "a://h/{t:1️⃣|a}", .invalidPattern),
    ("value listed twice", "a://h/{t:a|b|1️⃣a}", .invalidPattern),
    ("bad name", "a://h/{1️⃣9t:a|b}", .invalidPattern),
    ("brace in a value", "a://h/{t:a|b1️⃣{c}", .invalidPattern),
    ("catch-all set", "a://h/{t:a|b1️⃣*}", .invalidPattern),
    ("bad escape in a value", "a://h/{t:a|1️⃣%zz}", .invalidPattern),
    ("set in a query value", "a://h/x?k={t:a1️⃣|b}", .invalidPattern),
    ("set in the fragment", "a://h/x#{t:a1️⃣|b}", .invalidPattern),
    ("same name twice", "a://h/{t:a|b}/{1️⃣t}", .duplicateParameter),
    (
      "too many expansions", "a://h/{a:1|2|3|4}/{b:1|2|3|4}/{c:1|2|3|4}/{d:1|2|3|4}/1️⃣{e:1|2}",
      .tableLimit
    ),
    ("one value is not a set", "a://h/{t:1️⃣inbox}", .unknownParameterType),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  static let routes: [(String, String)] = [
    ("folder", "mail://box/{tab:inbox|sent|archive}"),
    ("any", "mail://box/{name}"),
    ("message", "mail://box/{tab:inbox|sent}/{id:int}"),
    ("drafts", "mail://box/drafts"),
    ("view", "mail://view/{mode:list|grid?}"),
    ("encoded", "mail://enc/{v:caf%C3%A9|a%20b}"),
  ]

  @Test(
    arguments: [
      ("a value of the set", "mail://box/inbox", "folder", ["tab": "inbox"]),
      ("another value", "mail://box/archive", "folder", ["tab": "archive"]),
      ("not in the set falls to the parameter", "mail://box/trash", "any", ["name": "trash"]),
      ("a set is case-sensitive like a literal", "mail://box/Inbox", "any", ["name": "Inbox"]),
      ("the literal route", "mail://box/drafts", "drafts", [:]),
      ("a set then a typed parameter", "mail://box/sent/42", "message", ["tab": "sent", "id": 42]),
      ("optional set present", "mail://view/grid", "view", ["mode": "grid"]),
      ("optional set absent", "mail://view", "view", [:]),
      ("decoded values", "mail://enc/caf%C3%A9", "encoded", ["v": "café"]),
      ("a space", "mail://enc/a%20b", "encoded", ["v": "a b"]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes).expectMatch(url, route: route, parameters: parameters)
  }

  @Test(arguments: ["mail://box/archive/1", "mail://view/table", "mail://enc/cafe"])
  func doesNotMatch(_ url: String) throws {
    #expect(try TestTables.router(Self.routes).routeName(url) == "-")
  }

  @Test func aValueOfASetRanksAsALiteral() throws {
    // At the first segment where they differ, a set's value beats a typed parameter.
    let router = try TestTables.router([
      ("typed", "a://h/{n:int}/x"), ("set", "a://h/{n:1|2}/{rest}"),
    ])
    #expect(router.routeName("a://h/1/x") == "set")
    #expect(router.routeName("a://h/3/x") == "typed")
  }

  @Test func aLiteralThatIsAlsoAValueIsAConflictNamingBothRoutes() throws {
    let json = TestTables.json(routes: [
      TestTables.route("literal", "mail://box/inbox"), TestTables.route("set", "mail://box/{tab:inbox|sent}"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    let conflict = try #require(diagnostics.first { $0.code == .duplicateRoute })
    #expect(conflict.message.contains("'set'") && conflict.message.contains("'literal'"), "\(conflict.message)")
    #expect(conflict.message.contains("when 'tab' is 'inbox'"), "\(conflict.message)")
  }

  @Test func twoSetsThatShareAValueConflict() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "mail://box/{x:p|q}"), TestTables.route("b", "mail://box/{y:q|r}"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .duplicateRoute && $0.message.contains("'y' is 'q'") }, "\(diagnostics)")
  }

  @Test func valuesEqualWithoutCaseAreAmbiguousWhenPathsIgnoreCase() throws {
    let json = TestTables.json(
      routes: [TestTables.route("a", "mail://box/{x:Inbox|inbox}")],
      extra: #" "options": { "caseSensitivePaths": false },"#)
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .ambiguousRoutes }, "\(diagnostics)")
  }

  @Test func caseInsensitivePathsGiveTheListedSpelling() throws {
    let router = try TestTables.router(
      [("folder", "mail://box/{tab:Inbox|Sent}")], extra: #" "options": { "caseSensitivePaths": false },"#)
    guard case .success(let m?) = router.match(url: "mail://box/INBOX") else {
      Issue.record("no match")
      return
    }
    #expect(m.parameters == ["tab": "Inbox"])
  }

  @Test(arguments: [
    ("folder", ["tab": "sent"]), ("message", ["tab": "inbox", "id": "7"]), ("view", ["mode": "list"]),
    ("view", [:]), ("encoded", ["v": "a b"]), ("encoded", ["v": "café"]),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String]) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }

  @Test func reverseRoutingRefusesAValueOutsideTheSet() throws {
    let router = try TestTables.router(Self.routes)
    do {
      _ = try router.url(for: "folder", parameters: ["tab": "inbx"])
      Issue.record("built a URL for a value outside the set")
    } catch {
      #expect(error.code == .invalidParameter)
      #expect(error.message.contains("did you mean 'inbox'"), "\(error.message)")
    }
    #expect(throws: URLBuildError.self) { try router.url(for: "folder", parameters: [:]) }
  }
}
