import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Loading reports every problem, each at its exact position, with a stable code.
@Suite struct TableLoaderDiagnosticTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    /// The table, with markers where diagnostics must point.
    var table: String
    /// Marker → code, for every expected error.
    var errors: [(String, DiagnosticCode)]
    var testDescription: String { name }
  }

  static let scenes = #"""
    "scenes": [ { "id": "main" }, { "id": "note-editor", "presents": "NoteID" } ],
    """#

  static let cases: [Case] = [
    Case(
      name: "unknown scene with a suggestion",
      table: """
        { "app": "A", "platform": "iPadOS", \(scenes)
          "routes": [ { "name": "n", "url": "a://h/{id}", "openWindow": { "id": 1️⃣"note-editr", "value": "{id}" } } ] }
        """, errors: [("1️⃣", .unknownScene)]),
    Case(
      name: "pattern errors point inside the string",
      table: """
        { "app": "A", "platform": "iPadOS", \(scenes)
          "routes": [
            { "name": "a", "url": "a://h/{id:1️⃣uid}", "deliver": {} },
            { "name": "b", "url": "a://h/x/2️⃣{rest*}/y", "deliver": {} },
            { "name": "c", "url": "3️⃣://h", "deliver": {} },
            { "name": "d", "url": "a://h/a4️⃣*b", "deliver": {} }
          ] }
        """,
      errors: [("1️⃣", .unknownParameterType), ("2️⃣", .invalidPattern), ("3️⃣", .invalidPattern), ("4️⃣", .invalidPattern)]),
    Case(
      name: "every error at once: unknown keys, wrong types, missing keys",
      table: """
        { "app": "A", "platform": 1️⃣"iPadOs", \(scenes)
          "routes": [
            2️⃣{ "name": "a", "url": "a://h/x" },
            5️⃣{ "name": "b", 3️⃣"uri": "a://h/y", "deliver": {} },
            { "name": 4️⃣7, "url": "a://h/z", "deliver": {} }
          ] }
        """,
      errors: [("1️⃣", .invalidValue), ("2️⃣", .missingKey), ("3️⃣", .unknownKey), ("5️⃣", .missingKey), ("4️⃣", .wrongType)]),
    Case(
      name: "duplicate names and scene ids, with the first place as a note",
      table: """
        { "app": "A", "platform": "iPadOS",
          "scenes": [ { "id": "main" }, 1️⃣{ "id": "main" } ],
          "routes": [ { "name": "a", "url": "a://h/x", "deliver": {} }, 2️⃣{ "name": "a", "url": "a://h/y", "deliver": {} } ] }
        """, errors: [("1️⃣", .duplicateSceneID), ("2️⃣", .duplicateRuleName)]),
    Case(
      name: "value template uses a parameter the pattern lacks",
      table: """
        { "app": "A", "platform": "iPadOS", \(scenes)
          "routes": [ { "name": "n", "url": ["a://h/{id}", "https://h.example/x"], "openWindow": 1️⃣{ "id": "note-editor", "value": "{id}" } } ] }
        """, errors: [("1️⃣", .unknownParameter)]),
    Case(
      name: "a value for a scene that presents nothing",
      table: """
        { "app": "A", "platform": "iPadOS", \(scenes)
          "routes": [ { "name": "n", "url": "a://h/{id}", "openWindow": { "id": "main", 1️⃣"value": "{id}" } } ] }
        """, errors: [("1️⃣", .invalidTarget)]),
    Case(
      name: "a parameter captured twice",
      table: """
        { "app": "A", "platform": "iPadOS", \(scenes)
          "routes": [ { "name": "n", "url": "a://h/{id}/x/{1️⃣id}", "deliver": {} } ] }
        """, errors: [("1️⃣", .duplicateParameter)]),
    Case(
      name: "JSON syntax error stops with its position",
      table: """
        { "app": "A", "platform": "iPadOS" 1️⃣"scenes": [] }
        """, errors: [("1️⃣", .jsonSyntax)]),
    Case(
      name: "duplicate JSON key",
      table: """
        { "app": "A", "platform": "iPadOS", 1️⃣"app": "B", \(scenes) "routes": [] }
        """, errors: [("1️⃣", .jsonDuplicateKey)]),
    Case(
      name: "both url and activity, and two targets",
      table: """
        { "app": "A", "platform": "iPadOS", \(scenes)
          "routes": [ { "name": "n", "url": "a://h/x", 1️⃣"activity": "t", "deliver": {}, 2️⃣"dismissWindow": {} } ] }
        """, errors: [("1️⃣", .invalidValue), ("2️⃣", .invalidValue)]),
  ]

  @Test(arguments: cases)
  func reportsEveryErrorAtItsPosition(_ c: Case) throws {
    let marked = MarkedText(c.table)
    let loaded = TableLoader.load(source: SourceText(file: "t.json", text: marked.text))
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == c.errors.count, "\(errors)")
    for (marker, code) in c.errors {
      let (line, column) = try #require(marked.lineColumn(marker))
      let found = errors.contains { $0.code == code && $0.location?.line == line && $0.location?.column == column }
      #expect(found, "expected \(code) at \(line):\(column), got \(errors)")
    }
  }

  @Test func unknownSceneSuggestsTheClosestID() throws {
    let loaded = TableLoader.load(source: SourceText(file: "t.json", text: MarkedText(Self.cases[0].table).text))
    let message = try #require(loaded.diagnostics.first?.message)
    #expect(message.contains("Did you mean 'note-editor'?"))
  }

  /// `"deliver": "main"` (a scene named where an object is expected) says which object to write,
  /// at the string; a number or an array there gets the plain message.
  @Test(arguments: [
    (#""deliver": 1️⃣"main""#, #"Did you mean {"scene": "main"}?"#),
    (#""openWindow": 1️⃣"note-editor""#, #"Did you mean {"id": "note-editor"}?"#),
    (#""dismissWindow": 1️⃣"a\"b""#, #"Did you mean {"id": "a\"b"}?"#),
    (#""deliver": 1️⃣7"#, "expected 'deliver' (an object), found number"),
  ])
  func aTargetWrittenAsAStringSaysWhatToWrite(target: String, message: String) throws {
    let marked = MarkedText(
      #"{ "app": "A", "platform": "iPadOS", \#(Self.scenes) "routes": [ { "name": "n", "url": "a://h/x", \#(target) } ] }"#
    )
    let loaded = TableLoader.load(source: SourceText(file: "t.json", text: marked.text))
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    let (line, column) = try #require(marked.lineColumn("1️⃣"))
    #expect(errors.count == 1, "\(errors)")
    let error = try #require(errors.first)
    #expect(error.code == .wrongType)
    #expect(error.location?.line == line && error.location?.column == column)
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func duplicateNotesPointAtTheFirstDeclaration() throws {
    let marked = MarkedText(Self.cases[3].table)
    let loaded = TableLoader.load(source: SourceText(file: "t.json", text: marked.text))
    let duplicate = try #require(loaded.diagnostics.first { $0.code == .duplicateRuleName })
    let note = try #require(duplicate.notes.first?.location)
    #expect(note.line == 3)
    #expect(marked.text.utf8.dropFirst(note.offset).starts(with: #"{ "name": "a", "url": "a://h/x""#.utf8))
  }

  @Test func renderedDiagnosticShowsTheLineAndACaret() throws {
    let marked = MarkedText(Self.cases[0].table)
    let loaded = TableLoader.load(source: SourceText(file: "t.json", text: marked.text))
    let text = DiagnosticRenderer(sources: [loaded.source]).render(loaded.diagnostics)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let (line, column) = try #require(marked.lineColumn("1️⃣"))
    #expect(lines[0].hasPrefix("t.json:\(line):\(column): error: no scene declaration has id 'note-editr'."))
    #expect(lines[0].hasSuffix("[unknown-scene]"))
    #expect(lines[1] == Substring(loaded.source.line(line)))
    #expect(lines[2] == Substring(String(repeating: " ", count: column - 1) + "^"))
  }

  @Test func theNotesFixtureLoadsAndCompilesCleanly() throws {
    let loaded = TableLoader.load(contentsOf: FixturePaths.notesTable)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    let table = try #require(loaded.table)
    #expect(table.scenes.map(\.id) == ["main", "note-editor"])
    #expect(table.scene("note-editor")?.matching == ["note-editor"])
    #expect(RouteCompiler.compile(table).diagnostics.isEmpty)
  }
}
