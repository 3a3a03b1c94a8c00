import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Routes that precedence cannot order are compile errors naming both routes and where they are.
@Suite struct AmbiguityTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var routes: [String]
    var code: DiagnosticCode
    /// Route names the message must mention.
    var mentions: [String]
    var severity: Diagnostic.Severity = .error
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "the same pattern twice",
      routes: [
        TestTables.route("a", "app://h/x/{id}"), TestTables.route("b", "app://h/x/{id}"),
      ], code: .duplicateRoute, mentions: ["a", "b"]),
    Case(
      name: "patterns that differ only in parameter names",
      routes: [
        TestTables.route("users", "app://h/u/{user}"), TestTables.route("ids", "app://h/u/{id}"),
      ], code: .duplicateRoute, mentions: ["users", "ids"]),
    Case(
      name: "a trailing slash does not make a difference by default",
      routes: [
        TestTables.route("a", "app://h/x"), TestTables.route("b", "app://h/x/"),
      ], code: .duplicateRoute, mentions: ["a", "b"]),
    Case(
      name: "hosts differing only in case",
      routes: [
        TestTables.route("a", "https://Example.com/x"), TestTables.route("b", "https://example.COM/x"),
      ], code: .duplicateRoute, mentions: ["a", "b"]),
    Case(
      name: "the default port written out",
      routes: [
        TestTables.route("a", "https://example.com/x"), TestTables.route("b", "https://example.com:443/x"),
      ], code: .duplicateRoute, mentions: ["a", "b"]),
    Case(
      name: "priority does not rescue an exact duplicate",
      routes: [
        TestTables.route("a", "app://h/x"), TestTables.route("b", "app://h/x", priority: 10),
      ], code: .duplicateRoute, mentions: ["a", "b"]),
    Case(
      name: "the same query constraints in another order",
      routes: [
        TestTables.route("a", "app://h/s?q={q}&type=repo"), TestTables.route("b", "app://h/s?type=repo&q={query}"),
      ], code: .duplicateRoute, mentions: ["a", "b"]),
    Case(
      name: "two optional segments that can match one URL two ways",
      routes: [
        TestTables.route("twice", "app://h/a/{x?}/{y?}")
      ], code: .ambiguousRoutes, mentions: ["twice"]),
    Case(
      name: "one route listing the same pattern twice",
      routes: [
        #"    { "name": "dup", "url": ["app://h/a", "APP://h/a"], "deliver": {} }"#
      ], code: .duplicateRoute, mentions: ["dup"]),
    Case(
      name: "two activity routes with the same type and constraints",
      routes: [
        #"    { "name": "edit", "activity": "com.x.edit", "userInfo": {"id": "{id}"}, "deliver": {} }"#,
        #"    { "name": "edit-2", "activity": "com.x.edit", "userInfo": {"id": "{other}"}, "deliver": {} }"#,
      ], code: .duplicateRoute, mentions: ["edit", "edit-2"]),
    Case(
      name: "a route hidden behind one whose only constraint cannot fail",
      routes: [
        TestTables.route("catcher", "app://h/s?q={q?}"), TestTables.route("hidden", "app://h/s"),
      ], code: .unreachableRoute, mentions: ["hidden", "catcher"], severity: .warning),
  ]

  @Test(arguments: cases)
  func reportsBothRoutes(_ c: Case) throws {
    let diagnostics = try TestTables.compileDiagnostics(TestTables.json(routes: c.routes))
    let d = try #require(diagnostics.first { $0.code == c.code }, "\(diagnostics)")
    #expect(d.severity == c.severity)
    for name in c.mentions { #expect(d.message.contains("'\(name)'"), "\(d.message)") }
    #expect(d.location != nil)
    if c.mentions.count > 1 {
      let note = try #require(d.notes.first)
      #expect(note.location != nil && note.location != d.location)
    }
  }

  @Test func errorsPointAtTheLaterPatternAndNoteTheEarlierOne() throws {
    let json = TestTables.json(routes: [
      TestTables.route("a", "app://h/x/{id}"), TestTables.route("b", "app://h/x/{other}"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    let d = try #require(diagnostics.first)
    let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
    let bLine = try #require(lines.firstIndex { $0.contains(#""name": "b""#) }) + 1
    let aLine = try #require(lines.firstIndex { $0.contains(#""name": "a""#) }) + 1
    #expect(d.location?.line == bLine)
    #expect(d.notes.first?.location?.line == aLine)
    // The location is the pattern string itself.
    let column = try #require(d.location?.column)
    #expect(
      String(lines[bLine - 1]).utf8.dropFirst(column - 1).starts(with: #""app://h/x/{other}""#.utf8), "column \(column)"
    )
  }

  @Test func noRouterIsProducedWhenThereAreErrors() throws {
    let json = TestTables.json(routes: [TestTables.route("a", "app://h/x"), TestTables.route("b", "app://h/x")])
    let table = try #require(TestTables.load(json).table)
    #expect(RouteCompiler.compile(table).router == nil)
  }

  @Test(arguments: [
    ("different types are not duplicates", ["app://h/x/{a:int}", "app://h/x/{b:uuid}"]),
    ("strict trailing slash tells them apart", ["app://h/x", "app://h/x/"]),
    ("different literal query values", ["app://h/s?t=a", "app://h/s?t=b"]),
    ("a host and its subdomains", ["https://example.com/x", "https://*.example.com/x"]),
    ("different ports", ["https://example.com/x", "https://example.com:8443/x"]),
  ])
  func theseAreNotAmbiguous(_ name: String, _ patterns: [String]) throws {
    let extra = name.contains("strict") ? #" "options": { "trailingSlash": "strict" },"# : ""
    let routes = patterns.enumerated().map { TestTables.route("r\($0.offset)", $0.element) }
    let diagnostics = try TestTables.compileDiagnostics(TestTables.json(routes: routes, extra: extra))
    #expect(diagnostics.isEmpty, "\(diagnostics)")
  }
}
