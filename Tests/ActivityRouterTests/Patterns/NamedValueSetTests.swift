import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Named value sets: `"valueSets": {"tab": [...]}` declared once, `{box:tab}` in patterns.
/// Loading (good and bad, at exact positions), matching, the same conflicts as listed sets, and
/// the round trip through reverse routing.
@Suite struct NamedValueSetTests {
  static let sets = #" "valueSets": { "tab": ["inbox", "sent", "archive"], "lang": ["en", "fr"], "one": ["x"] },"#

  static let routes: [(String, String)] = [
    ("folder", "mail://box/{box:tab}"),
    ("web-folder", "https://mail.example.com/{box:tab}/{id:int}"),
    ("any", "mail://box/{name}"),
    ("drafts", "mail://box/drafts"),
    ("localized", "mail://help/{lang:lang?}/{page}"),
    ("single", "mail://single/{v:one}"),
  ]

  @Test func aNamedSetIsTheSameSegmentAsTheListedValues() throws {
    let named = try URLPattern(parsing: "mail://box/{box:tab?}", valueSets: ["tab": ["inbox", "sent"]])
    #expect(
      named.segments == [
        .valueSet(ValueSet(name: "box", values: ["inbox", "sent"], isOptional: true, declaredAs: "tab"))
      ])
    let listed = try URLPattern(parsing: "mail://box/{box:inbox|sent?}")
    guard case .valueSet(let a) = named.segments[0], case .valueSet(let b) = listed.segments[0] else {
      Issue.record("not value sets")
      return
    }
    #expect(a.values == b.values && a.isOptional == b.isOptional && a.name == b.name)
    // A built-in type keeps its meaning even where a set could be meant.
    let typed = try URLPattern(parsing: "mail://box/{n:int}", valueSets: ["tab": ["a"]])
    #expect(typed.segments == [.parameter(Parameter(name: "n", type: .int))])
  }

  @Test(
    arguments: [
      ("a value of the set", "mail://box/inbox", "folder", ["box": "inbox"]),
      ("another value", "mail://box/archive", "folder", ["box": "archive"]),
      ("not in the set falls to the parameter", "mail://box/trash", "any", ["name": "trash"]),
      ("the literal beside the set", "mail://box/drafts", "drafts", [:]),
      ("one set in two routes", "https://mail.example.com/sent/7", "web-folder", ["box": "sent", "id": 7]),
      ("an optional named set present", "mail://help/fr/start", "localized", ["lang": "fr", "page": "start"]),
      ("an optional named set absent", "mail://help/start", "localized", ["page": "start"]),
      ("a set of one value", "mail://single/x", "single", ["v": "x"]),
    ] as [(String, String, String, JSONObject)])
  func matches(_ name: String, _ url: String, _ route: String, _ parameters: JSONObject) throws {
    try TestTables.router(Self.routes, extra: Self.sets).expectMatch(
      url, route: route, parameters: parameters, paths: .allPaths)
  }

  @Test(arguments: ["mail://single/y", "https://mail.example.com/trash/7", "mail://help/de/x/y"])
  func doesNotMatch(_ url: String) throws {
    #expect(try TestTables.router(Self.routes, extra: Self.sets).routeName(url) == "-")
  }

  @Test(arguments: [
    ("folder", ["box": "sent"]), ("web-folder", ["box": "archive", "id": "3"]), ("localized", ["page": "p"]),
    ("localized", ["lang": "en", "page": "p"]), ("single", ["v": "x"]),
  ])
  func roundTrips(_ route: String, _ parameters: [String: String]) throws {
    let router = try TestTables.router(Self.routes, extra: Self.sets)
    let url = try router.url(for: route, parameters: parameters)
    try router.expectRoutesBack(url, to: route, rebuilds: true)
  }

  @Test func reverseRoutingRefusesAValueOutsideTheSetNamingIt() throws {
    let router = try TestTables.router(Self.routes, extra: Self.sets)
    do {
      _ = try router.url(for: "folder", parameters: ["box": "sentt"])
      Issue.record("built a URL for a value outside the set")
    } catch {
      #expect(error.code == .invalidParameter)
      #expect(error.message.contains("(the set 'tab')"), "\(error.message)")
      #expect(error.message.contains("did you mean 'sent'"), "\(error.message)")
    }
  }

  @Test func aLiteralThatIsAValueOfANamedSetConflicts() throws {
    let json = TestTables.json(
      routes: [TestTables.route("literal", "mail://box/inbox"), TestTables.route("set", "mail://box/{box:tab}")],
      extra: Self.sets)
    let diagnostics = try TestTables.compileDiagnostics(json)
    let conflict = try #require(diagnostics.first { $0.code == .duplicateRoute })
    #expect(conflict.message.contains("when 'box' is 'inbox'"), "\(conflict.message)")
  }

  /// A table with the marked `valueSets` member and one route using it; the first error must be
  /// at the marker (line and column of the file) with the code.
  @Test(arguments: [
    ("a built-in type's name", #"{ 1️⃣"int": ["a"] }"#, DiagnosticCode.invalidValue, "name of a built-in type"),
    ("not a name", #"{ 1️⃣"9x": ["a"] }"#, .invalidValue, "expected a value set name"),
    ("empty set", #"{ "tab": 1️⃣[] }"#, .invalidValue, "is empty"),
    ("not an array", #"{ "tab": 1️⃣"inbox" }"#, .wrongType, "must be an array"),
    ("not a string", #"{ "tab": ["a", 1️⃣3] }"#, .wrongType, "must hold strings"),
    ("a value twice", #"{ "tab": ["inbox", "sent", 1️⃣"inbox"] }"#, .duplicateValue, "listed twice"),
    ("a value twice once decoded", #"{ "tab": ["caf%C3%A9", 1️⃣"café"] }"#, .duplicateValue, "listed twice"),
    ("a slash in a value", #"{ "tab": ["a1️⃣/b"] }"#, .invalidPattern, "one path segment"),
    ("a bar in a value", #"{ "tab": ["a1️⃣|b"] }"#, .invalidPattern, "one path segment"),
    ("an empty value", #"{ "tab": [1️⃣""] }"#, .invalidValue, "cannot be empty"),
    ("a bad escape", #"{ "tab": ["ok", "1️⃣%zz"] }"#, .invalidPattern, "percent escape"),
    ("not an object", #"1️⃣["tab"]"#, .wrongType, "must be an object"),
  ])
  func loaderErrorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode, _ words: String) throws {
    let text = MarkedText(
      #"{ "app": "T", "platform": "iPadOS", "valueSets": "# + marked
        + #", "scenes": [{ "id": "main" }], "routes": [] }"#)
    let loaded = TestTables.load(text.text)
    let first = try #require(loaded.diagnostics.first, "no diagnostic for \(name)")
    #expect(first.code == code, "\(loaded.diagnostics)")
    #expect(first.message.contains(words), "\(first.message)")
    let position = try #require(text.lineColumn("1️⃣"))
    #expect(first.location?.line == position.line && first.location?.column == position.column, "\(first)")
  }

  @Test func theFirstOfTwoEqualValuesIsNoted() throws {
    let loaded = TestTables.load(
      TestTables.json(routes: [], extra: #" "valueSets": { "tab": ["inbox", "inbox"] },"#))
    let d = try #require(loaded.diagnostics.first { $0.code == .duplicateValue })
    #expect(d.notes.count == 1 && d.notes[0].message.contains("first listed here"), "\(d)")
    #expect(d.location?.line == d.notes[0].location?.line && d.location?.column != d.notes[0].location?.column)
  }

  @Test func anUndeclaredSetIsAnUnknownTypeWithDidYouMean() throws {
    let text = MarkedText(
      TestTables.json(routes: [TestTables.route("r", "mail://box/{box:1️⃣tabs}")], extra: Self.sets))
    let loaded = TestTables.load(text.text)
    let d = try #require(loaded.diagnostics.first)
    #expect(d.code == .unknownParameterType)
    #expect(d.message.contains("Did you mean 'tab'?"), "\(d.message)")
    #expect(d.message.contains("a value set of the table (lang, one, tab)"), "\(d.message)")
    // The caret is at the set's name inside the pattern.
    let position = try #require(text.lineColumn("1️⃣"))
    #expect(d.location?.line == position.line && d.location?.column == position.column, "\(d)")
  }

  @Test(arguments: [
    ("in an affixed segment", "mail://box/item-{id:1️⃣tab}"),
    ("as a catch-all", "mail://box/{rest:1️⃣tab*}"),
    ("in a query value", "mail://box/x?k={v:1️⃣tab}"),
    ("in the fragment", "mail://box/x#{v:1️⃣tab}"),
  ])
  func aNamedSetIsAWholePathSegment(_ name: String, _ marked: String) throws {
    let text = MarkedText(marked)
    do {
      _ = try URLPattern(parsing: text.text, valueSets: ["tab": ["a", "b"]])
      Issue.record("accepted \(text.text)")
    } catch {
      let first = try #require(error.errors.first)
      #expect(first.offset == text.offsets["1️⃣"], "\(error.errors)")
      #expect(first.message.contains("value set 'tab'") || first.message.contains("catch-all"), "\(first.message)")
    }
  }

  @Test func aBrokenSetIsLeftOutAndTheOthersAreRead() throws {
    let json = TestTables.json(
      routes: [TestTables.route("ok", "mail://box/{box:good}")],
      extra: #" "valueSets": { "bad": [], "good": ["a"] },"#)
    let loaded = TestTables.load(json)
    #expect(loaded.diagnostics.count == 1, "\(loaded.diagnostics)")
    #expect(loaded.table?.valueSets == ["good": ["a"]])
  }

  @Test func theBuilderDeclaresSets() throws {
    var builder = RouteTable.Builder(app: "Mail", platform: .iPadOS)
    builder.scene("main")
    builder.valueSet("tab", ["inbox", "sent"])
    builder.url("box", "mail://box/{box:tab}", deliverTo: "main")
    let router = try builder.compile()
    router.expectMatch("mail://box/sent", route: "box", parameters: ["box": "sent"])
    var bad = RouteTable.Builder(app: "Mail", platform: .iPadOS)
    bad.scene("main")
    bad.valueSet("uuid", ["a"])
    #expect(throws: RouteTable.BuildError.self) { try bad.build() }
  }
}
