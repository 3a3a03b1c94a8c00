import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Every integer a file gives to a session state (`clock`, `nextSessionNumber`, `created`,
/// `lastActivated`, the number of an `s<N>` id), in every format that holds one (a `--sessions`
/// file, a fixture's sessions inline as an array or a state object, or named by path), is
/// range-checked: an extreme value is a positioned `invalid-value` diagnostic, and a value at
/// the ends of the range routes as any other. `route-cli` runs as a child process, so a crash
/// (an arithmetic overflow traps) is seen as the signal that ended it.
@Suite struct ExtremeNumberTests {
  /// How a session state reaches `route-cli`.
  enum Format: String, CaseIterable, CustomTestStringConvertible {
    case sessionsFile, fixtureArray, fixtureObject, fixturePath
    var testDescription: String { rawValue }
    /// Whether the format holds the state's own `clock` and `nextSessionNumber`.
    var hasStateFields: Bool { self != .fixtureArray }
  }

  static let fields = ["created", "lastActivated", "clock", "nextSessionNumber", "id"]

  /// Numbers outside `0...2^53-1` or not integral, as JSON literals.
  static let refused = [
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-1", "1e308", "-1e308",
    "9007199254740992", "1.5", "18446744073709551616", String(repeating: "9", count: 4000),
  ]
  /// The ends of the range: routed as any other value.
  static let accepted = ["0", "9007199254740991", "9.007199254740991e15", "1e3"]

  /// The JSON text of one session whose `field` holds `literal` (a number, or for `id` the digits of `s<N>`).
  static func session(_ field: String, _ literal: String) -> String {
    var members = [#""scene": "main""#, #""state": "background""#]
    members.insert(field == "id" ? #""id": "s\#(literal)""# : #""id": "s1""#, at: 0)
    for key in ["created", "lastActivated"] {
      members.append(#""\#(key)": \#(key == field ? literal : "1")"#)
    }
    return "{ " + members.joined(separator: ", ") + " }"
  }

  /// A state object whose `field` holds `literal`.
  static func state(_ field: String, _ literal: String) -> String {
    var text = "{\n  \"sessions\": [\n    \(session(field, literal))\n  ]"
    for key in ["clock", "nextSessionNumber"] { text += ",\n  \"\(key)\": \(key == field ? literal : "1")" }
    return text + "\n}\n"
  }

  /// Writes the files of one case and returns the `route-cli` arguments and the file the
  /// literal is in.
  static func prepare(_ format: Format, _ field: String, _ literal: String, in directory: TemporaryDirectory)
    throws -> (arguments: [String], file: String, text: String)
  {
    let table = FixturePaths.notesTable
    let step = #"{ "event": "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "expect": { "outcome": "open" } }"#
    func fixture(_ sessions: String) -> String {
      "{\n  \"table\": \"\(table)\",\n  \"sessions\": \(sessions),\n  \"steps\": [\(step)]\n}\n"
    }
    switch format {
    case .sessionsFile:
      let text = state(field, literal)
      let file = try directory.write("state.json", text)
      return (
        ["route", table, "--stateful", "--sessions", file, "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"], file,
        text
      )
    case .fixtureArray:
      let text = fixture("[\n    \(session(field, literal))\n  ]")
      let file = try directory.write("t.fixture.json", text)
      return (["test", file], file, text)
    case .fixtureObject:
      let text = fixture(state(field, literal))
      let file = try directory.write("t.fixture.json", text)
      return (["test", file], file, text)
    case .fixturePath:
      let text = state(field, literal)
      let stateFile = try directory.write("state.json", text)
      try directory.write("t.fixture.json", fixture("\"state.json\""))
      return (["test", directory.path + "/t.fixture.json"], stateFile, text)
    }
  }

  /// The 1-based line and column of the first occurrence of `needle` in `text` (by bytes).
  static func position(of needle: String, in text: String) throws -> (line: Int, column: Int) {
    let range = try #require(text.range(of: needle))
    let before = text[..<range.lowerBound]
    let line = before.count { $0 == "\n" } + 1
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return (line, text[lineStart..<range.lowerBound].utf8.count + 1)
  }

  static var refusedCases: [(Format, String, String)] {
    Format.allCases.flatMap { format in
      fields.filter { format.hasStateFields || !["clock", "nextSessionNumber"].contains($0) }.flatMap { field in
        // An id is a string: `s` and digits is a numbered id, `s-1` or `s1.5` just another name.
        refused.filter { field != "id" || $0.allSatisfy(\.isNumber) }.map { (format, field, $0) }
      }
    }
  }

  static var acceptedCases: [(Format, String, String)] {
    Format.allCases.flatMap { format in
      fields.filter { format.hasStateFields || !["clock", "nextSessionNumber"].contains($0) }.flatMap { field in
        (accepted + (field == "id" ? ["-1", "1.5"] : [])).filter { field != "id" || !$0.contains("e") }.map {
          (format, field, $0)
        }
      }
    }
  }

  @Test(arguments: refusedCases)
  func anIntegerOutOfRangeIsAPositionedDiagnostic(format: Format, field: String, literal: String) throws {
    let directory = try TemporaryDirectory()
    let (arguments, file, text) = try Self.prepare(format, field, literal, in: directory)
    let run = try runProcess(try EndToEndTests.routeCLI(), arguments, currentDirectory: directory.path)
    // `route` reports on stderr, `test` in its report on stdout.
    let output = run.stderr + run.stdout
    let what = "\(format) \(field)=\(literal.prefix(40))"
    #expect(run.status == 1, "\(what): status \(run.status), \(output.prefix(600))")
    let needle = field == "id" ? "\"s\(literal)\"" : "\"\(field)\": \(literal)"
    var (line, column) = try Self.position(of: needle, in: text)
    if field != "id" { column += "\"\(field)\": ".utf8.count }
    #expect(output.contains("\(file):\(line):\(column): error:"), "\(what): \(output.prefix(600))")
    #expect(output.contains("from 0 to 9007199254740991"), "\(what): \(output.prefix(600))")
    #expect(output.contains("[invalid-value]"), "\(what): \(output.prefix(600))")
    // A huge number is quoted as a bounded excerpt, never whole.
    #expect(output.utf8.count < 2000, "\(what): \(output.utf8.count) bytes of diagnostics")
  }

  @Test(arguments: acceptedCases)
  func anIntegerAtTheEndsOfTheRangeRoutes(format: Format, field: String, literal: String) throws {
    let directory = try TemporaryDirectory()
    let (arguments, _, _) = try Self.prepare(format, field, literal, in: directory)
    let run = try runProcess(try EndToEndTests.routeCLI(), arguments, currentDirectory: directory.path)
    #expect(
      run.status == 0, "\(format) \(field)=\(literal): status \(run.status), \(run.stderr) \(run.stdout.prefix(600))")
    if format == .sessionsFile { #expect(run.stdout.contains("note-editor"), "\(run.stdout)") }
  }

  /// A stateful run from the largest clock and session number goes on creating and activating
  /// windows: the arithmetic saturates at `Int.max` in the library and never traps.
  @Test func theLibrarySaturatesAtIntMax() throws {
    let router = try TestTables.router(
      TestTables.json(routes: [
        TestTables.route("list", "notes://notes"),
        #"    { "name": "open", "url": "notes://note/{id}", "openWindow": { "id": "detail", "value": "{id}" } }"#,
      ]))
    var state = SessionState(sessions: [
      Session(id: "s\(Int.max)", scene: "main", lastActivated: .max, created: .max)
    ])
    #expect(state.clock == .max)
    #expect(state.nextSessionNumber == .max)
    for url in ["notes://note/a", "notes://notes", "notes://note/b", "notes://note/a"] {
      let event = try EventReader.read(line: url).get()
      let decision = DecisionEngine.decide(event, router: router, state: state)
      state = state.applying(decision)
    }
    #expect(state.clock == .max)
    #expect(state.sessions.count >= 2)
    #expect(SessionNumbers.number(ofID: "s\(Int.max)") == .max)
    #expect(SessionNumbers.number(ofID: "s9223372036854775808") == nil)
    #expect(SessionNumbers.number(ofID: "s+1") == nil)
    #expect(SessionNumbers.number(ofID: "s") == nil)
  }
}
