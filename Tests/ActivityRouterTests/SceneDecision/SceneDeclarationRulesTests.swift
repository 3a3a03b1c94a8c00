import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Apple's rules that the table loader enforces on scene declarations, where a fixture cannot
/// show them (a table that does not load fails its fixture): each case is a table with the
/// diagnostic's position marked, and its severity and code.
@Suite struct SceneDeclarationRulesTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    /// The table, with 1️⃣ where the diagnostic must point.
    var table: String
    var severity: Diagnostic.Severity
    var code: DiagnosticCode
    var testDescription: String { name }
  }

  static func table(platform: String = "\"macOS\"", _ scenes: String) -> String {
    #"{ "app": "A", "platform": \#(platform), "routes": [], "scenes": [ \#(scenes) ] }"#
  }

  static let cases: [Case] = [
    Case(
      name: "W2: two WindowGroups with one id",
      table: table(#"{ "id": "main" }, 1️⃣{ "id": "main" }"#), severity: .error, code: .duplicateSceneID),
    Case(
      name: "W2: a Window and a WindowGroup with one id",
      table: table(#"{ "id": "doctor", "kind": "window" }, 1️⃣{ "id": "doctor", "presents": "UUID" }"#),
      severity: .error, code: .duplicateSceneID),
    Case(
      name: "S8: handlesExternalEvents(matching:) on Settings is ignored (a warning)",
      table: table(#"{ "id": "main" }, { "id": "settings", "kind": "settings", 1️⃣"matching": ["x"] }"#),
      severity: .warning, code: .invalidValue),
    Case(
      name: "S7: handlesExternalEvents(matching:) on a DocumentGroup is ignored (a warning)",
      table: table(#"{ "id": "docs", "kind": "documentGroup", "contentTypes": ["txt"], 1️⃣"matching": ["x"] }"#),
      severity: .warning, code: .invalidValue),
    Case(
      name: "S7: a DocumentGroup needs content types",
      table: table(#"1️⃣{ "id": "docs", "kind": "documentGroup" }"#), severity: .error, code: .missingKey),
    Case(
      name: "W22: a Window presents no value",
      table: table(#"{ "id": "doctor", "kind": "window", 1️⃣"presents": "UUID" }"#), severity: .error, code: .invalidValue
    ),
    Case(
      name: "W10: a defaultValue needs a presented type",
      table: table(#"{ "id": "main", 1️⃣"defaultValue": 1 }"#), severity: .error, code: .invalidValue),
    Case(
      name: "S11: handlesExternalEvents is unavailable on tvOS, which is no platform of a table",
      table: table(platform: #"1️⃣"tvOS""#, #"{ "id": "main" }"#), severity: .error, code: .invalidValue),
    Case(
      name: "V11: nor on watchOS",
      table: table(platform: #"1️⃣"watchOS""#, #"{ "id": "main" }"#), severity: .error, code: .invalidValue),
    Case(
      name: "M8: a predicate outside UIKit's subset, at its character",
      table: table(
        platform: #""iPadOS", "lifecycle": "uikit""#,
        #"{ "id": "Main", "activationConditions": { "can": "self BEGINSWITH 'a' AND 1️⃣FUNCTION(self, 'x')" } }"#),
      severity: .error, code: .invalidPredicate),
  ]

  @Test(arguments: cases)
  func reported(_ c: Case) throws {
    let marked = MarkedText(c.table)
    let loaded = TableLoader.load(source: SourceText(file: "t.json", text: marked.text))
    let (line, column) = try #require(marked.lineColumn("1️⃣"))
    let matching = loaded.diagnostics.filter { $0.severity == c.severity && $0.code == c.code }
    #expect(matching.count == 1, "\(loaded.diagnostics)")
    #expect(matching.first?.location?.line == line)
    #expect(matching.first?.location?.column == column, "\(loaded.diagnostics)")
    if c.severity == .warning {
      #expect(!loaded.diagnostics.hasErrors, "a warning does not stop the table from loading: \(loaded.diagnostics)")
    }
  }

  @Test func w2TheDuplicateNamesTheFirstDeclaration() throws {
    let marked = MarkedText(Self.cases[0].table)
    let loaded = TableLoader.load(source: SourceText(file: "t.json", text: marked.text))
    let d = try #require(loaded.diagnostics.first { $0.code == .duplicateSceneID })
    #expect(d.message.contains("W2"))
    #expect(
      d.notes.first?.location?.column == marked.text.utf8.count - #"{ "id": "main" }, { "id": "main" } ] }"#.utf8.count
        + 1)
  }
}
