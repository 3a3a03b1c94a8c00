import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli check`, in-process: the summary, compiler-style diagnostics at exact positions,
/// the `--json` document and `--strict`.
@Suite struct CheckCommandTests {
  // MARK: - Expected diagnostics, positioned by searching the table text

  /// One expected diagnostic: found at the first `needle` on 1-based `line` of the table.
  struct Expected {
    var severity = "error"
    var line: Int
    var needle: String
    var message: String
    var code: String
    var note: (line: Int, needle: String, message: String)?

    /// The 1-based column in UTF-8 bytes, as diagnostics count it.
    func column(in table: String) throws -> Int { try Self.position(of: needle, onLine: line, in: table).column }

    /// `file:line:col: severity: message [code]`, the source line and a caret (and the same for the note).
    func rendered(file: String, table: String) throws -> String {
      let at = try Self.position(of: needle, onLine: line, in: table)
      var text = "\(file):\(line):\(at.column): \(severity): \(message) [\(code)]\n\(at.source)\n\(at.pad)^\n"
      if let note {
        let place = try Self.position(of: note.needle, onLine: note.line, in: table)
        text += "\(file):\(note.line):\(place.column): note: \(note.message)\n\(place.source)\n\(place.pad)^\n"
      }
      return text
    }

    /// The source line, the byte column of `needle` in it, and spaces up to it (one per character).
    static func position(of needle: String, onLine line: Int, in table: String) throws -> (
      source: String, column: Int, pad: String
    ) {
      let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
      try #require(line >= 1 && line <= lines.count, "no line \(line)")
      let source = String(lines[line - 1])
      let range = try #require(source.range(of: needle), "'\(needle)' is not on line \(line): \(source)")
      let before = source[..<range.lowerBound]
      return (source, before.utf8.count + 1, String(repeating: " ", count: before.count))
    }
  }

  // MARK: - A clean table

  static let mailTable = "Fixtures/Mail/Mail.routes.json"

  @Test func theMailTableHasNoProblems() {
    let run = runRouteCLI(["check", Self.mailTable])
    #expect(run.status == .success)
    #expect(run.stdout == "Fixtures/Mail/Mail.routes.json: 6 scenes, 10 routes; no problems\n")
    #expect(run.stderr == "")
  }

  @Test func theMailTableAsJSON() throws {
    let run = runRouteCLI(["check", Self.mailTable, "--json", "--strict"])
    #expect(run.status == .success)
    #expect(run.stderr == "")
    let document = try parseJSONObject(run.stdout)
    #expect(document["schemaVersion"] as? Int == 1)
    #expect(document["command"] as? String == "check")
    #expect(document["file"] as? String == Self.mailTable)
    #expect(try canonicalJSON(document["ok"]) == "true")
    #expect(document["scenes"] as? Int == 6)
    #expect(document["routes"] as? Int == 10)
    #expect(try canonicalJSON(document["diagnostics"]) == "[]")
  }

  /// The Notes app loses the links its list handles when a note editor is frontmost (D3): `check`
  /// finds them without a stateful run, and `--strict` fails on them.
  @Test func theNotesTableLosesItsListLinksToAnOpenEditor() throws {
    let run = runRouteCLI(["check", FixturePaths.notesTableRelative])
    #expect(run.status == .success)
    #expect(run.stdout == "Fixtures/Notes/Notes.routes.json: 2 scenes, 8 routes; 0 errors, 3 warnings\n")
    let warnings = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
    #expect(
      warnings == [
        "Fixtures/Notes/Notes.routes.json:20:5: warning: route 'note-list' is handled in 'main', but with one 'note-editor' window open, notes://notes reaches 'note-editor', whose handlers do not know it, and is lost: events are not re-routed (D3). If that is fine, say why in the route's 'acceptLostLinks' [lost-link]",
        "Fixtures/Notes/Notes.routes.json:35:5: warning: route 'search' is handled in 'main', but with one 'note-editor' window open, notes://search?q=sample reaches 'note-editor', whose handlers do not know it, and is lost: events are not re-routed (D3). If that is fine, say why in the route's 'acceptLostLinks' [lost-link]",
        "Fixtures/Notes/Notes.routes.json:38:5: warning: route 'tag' is handled in 'main', but with one 'note-editor' window open, notes://tag/sample reaches 'note-editor', whose handlers do not know it, and is lost: events are not re-routed (D3). If that is fine, say why in the route's 'acceptLostLinks' [lost-link]",
      ])
    #expect(
      run.stderr.contains("note: let 'note-editor' decline it (.handlesExternalEvents(preferring: [], allowing: [])"))
    #expect(runRouteCLI(["check", FixturePaths.notesTableRelative, "--strict"]).status == .failure)
  }

  @Test func aTableOnStdinIsNamedStdin() throws {
    let mail = FixturePaths.packageRoot + "/" + Self.mailTable
    let run = runRouteCLI(["check", "-"], stdin: try FixturePaths.text(mail))
    #expect(run.status == .success)
    #expect(run.stdout == "<stdin>: 6 scenes, 10 routes; no problems\n")
  }

  // MARK: - Load errors, all at once

  static let brokenTable = """
    {
      "app": "Notes",
      "platform": "iPadOS",
      "scenes": [
        { "id": "main", "title": "Notés", "colour": "blue" },
        { "id": "note-editor", "title": "Note Editor", "presents": "NoteID", "matching": ["note-editor"] }
      ],
      "routes": [
        { "name": "note", "url": "notes://note/{id:uuid}",
          "openWindow": { "id": "note-editr", "value": { "id": "{id}" } } },
        { "name": "tag", "url": "notes://tag/{name}", "deliver": { "scene": "main" } },
        { "name": "tag", "url": "notes://label/{name}", "deliver": { "scene": "main" } },
        { "name": "search", "url": "notes://search?q={query}", "deliver": { "scene": "main" }, "priorty": 2 }
      ]
    }
    """

  static let brokenDiagnostics: [Expected] = [
    Expected(
      line: 5, needle: #""colour""#,
      message:
        "unknown key 'colour' in a scene declaration. Expected one of: id, kind, title, presents, defaultValue, matching, matchingModifiers, contentTypes, preferring, allowing, onOpenURL, onContinueUserActivity, role, delegateClass, activationConditions, restorationBehavior, defaultLaunchBehavior, views",
      code: "unknown-key"),
    Expected(
      line: 10, needle: #""note-editr""#,
      message: "no scene declaration has id 'note-editr'. Did you mean 'note-editor'? Declared: main, note-editor",
      code: "unknown-scene"),
    Expected(
      line: 12, needle: "{", message: "route name 'tag' is used twice", code: "duplicate-rule-name",
      note: (line: 11, needle: "{", message: "'tag' is first used here")),
    Expected(
      line: 13, needle: #""priorty""#,
      message: "unknown key 'priorty' in a route. Did you mean 'priority'? Expected one of: name, url, activity, "
        + "shortcut, notification, userInfo, targetContentIdentifier, priority, acceptLostLinks, deliver, openWindow, "
        + "dismissWindow, pushWindow, requestSceneSessionActivation",
      code: "unknown-key"),
  ]

  @Test func aBrokenTableReportsEveryErrorAtItsExactPosition() throws {
    let directory = try TemporaryDirectory()
    try directory.write("broken.routes.json", Self.brokenTable)
    let run = runRouteCLI(["check", "broken.routes.json"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(run.stdout == "broken.routes.json: 2 scenes, 3 routes; 4 errors, 0 warnings\n")
    let expected = try Self.brokenDiagnostics.map {
      try $0.rendered(file: "broken.routes.json", table: Self.brokenTable)
    }
    #expect(run.stderr == expected.joined())
    // Spot-check the arithmetic above against numbers written out by hand.
    #expect(run.stderr.hasPrefix("broken.routes.json:5:40: error: unknown key 'colour'"))
    #expect(run.stderr.contains("\nbroken.routes.json:10:29: error: no scene declaration has id 'note-editr'"))
    #expect(
      run.stderr.contains("\nbroken.routes.json:12:5: error: route name 'tag' is used twice [duplicate-rule-name]\n"))
    #expect(run.stderr.contains("\nbroken.routes.json:11:5: note: 'tag' is first used here\n"))
    #expect(run.stderr.contains("\nbroken.routes.json:13:92: error: unknown key 'priorty'"))
  }

  @Test func theCaretCountsCharactersWhileTheColumnCountsBytes() throws {
    let directory = try TemporaryDirectory()
    try directory.write("broken.routes.json", Self.brokenTable)
    let run = runRouteCLI(["check", "broken.routes.json"], currentDirectory: directory.path)
    let lines = run.stderrLines
    let header = try #require(lines.firstIndex { $0.contains("unknown key 'colour'") })
    try #require(lines.count > header + 2)
    let source = lines[header + 1]
    let caret = lines[header + 2]
    #expect(source == #"    { "id": "main", "title": "Notés", "colour": "blue" },"#)
    // "é" is two bytes: "colour" starts at byte column 40 but under the 39th character.
    #expect(run.stderr.hasPrefix("broken.routes.json:5:40: "))
    #expect(caret == String(repeating: " ", count: 38) + "^")
    #expect(Array(source)[38] == "\"")
    #expect(Array(source)[39] == "c")
  }

  @Test func aBrokenTableAsJSON() throws {
    let directory = try TemporaryDirectory()
    try directory.write("broken.routes.json", Self.brokenTable)
    let run = runRouteCLI(["check", "broken.routes.json", "--json"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(run.stderr == "", "with --json everything is in the one document on stdout")
    let document = try parseJSONObject(run.stdout)
    #expect(document["schemaVersion"] as? Int == 1)
    #expect(document["command"] as? String == "check")
    #expect(document["file"] as? String == "broken.routes.json")
    #expect(try canonicalJSON(document["ok"]) == "false")
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    try #require(diagnostics.count == Self.brokenDiagnostics.count)
    for (actual, expected) in zip(diagnostics, Self.brokenDiagnostics) {
      #expect(actual["code"] as? String == expected.code)
      #expect(actual["severity"] as? String == expected.severity)
      #expect(actual["message"] as? String == expected.message)
      let location = try #require(actual["location"] as? [String: Any])
      #expect(location["file"] as? String == "broken.routes.json")
      #expect(location["line"] as? Int == expected.line)
      #expect(location["column"] as? Int == (try expected.column(in: Self.brokenTable)))
      let notes = try #require(actual["notes"] as? [[String: Any]])
      if let note = expected.note {
        try #require(notes.count == 1)
        #expect(notes[0]["message"] as? String == note.message)
        let noteLocation = try #require(notes[0]["location"] as? [String: Any])
        #expect(noteLocation["line"] as? Int == note.line)
        #expect(
          noteLocation["column"] as? Int
            == (try Expected.position(of: note.needle, onLine: note.line, in: Self.brokenTable).column))
      } else {
        #expect(notes.isEmpty)
      }
    }
  }

  @Test func jsonIsOneDocument() throws {
    let directory = try TemporaryDirectory()
    try directory.write("broken.routes.json", Self.brokenTable)
    let run = runRouteCLI(["check", "broken.routes.json", "--json"], currentDirectory: directory.path)
    #expect(run.stdout.hasPrefix("{"))
    #expect(run.stdout.hasSuffix("}\n"))
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    #expect(object is [String: Any])
  }

  // MARK: - Compile errors and warnings

  static let duplicateTable = """
    {
      "app": "Notes",
      "platform": "iPadOS",
      "scenes": [ { "id": "main" } ],
      "routes": [
        { "name": "tag", "url": "notes://tag/{name}", "deliver": { "scene": "main" } },
        { "name": "label", "url": ["notes://label/{label}", "notes://tag/{label}"], "deliver": { "scene": "main" } }
      ]
    }
    """

  @Test func aDuplicateRouteNamesBothRoutesAndTheirPatterns() throws {
    let directory = try TemporaryDirectory()
    try directory.write("dup.routes.json", Self.duplicateTable)
    let run = runRouteCLI(["check", "dup.routes.json"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    let duplicate = Expected(
      line: 7, needle: #""notes://tag/{label}""#,
      message: "route 'label' ('notes://tag/{label}') matches exactly the same URLs as route 'tag'"
        + " ('notes://tag/{name}');"
        + " precedence cannot order them, so one would never match",
      code: "duplicate-route",
      note: (line: 6, needle: #""notes://tag/{name}""#, message: "route 'tag' is declared here"))
    #expect(run.stderr.contains(try duplicate.rendered(file: "dup.routes.json", table: Self.duplicateTable)))
    #expect(run.stdout == "dup.routes.json: 1 scene, 2 routes; 1 error, 0 warnings\n")
  }

  static let warningTable = """
    {
      "app": "Notes",
      "platform": "iPadOS",
      "scenes": [ { "id": "main" } ],
      "routes": [
        { "name": "tag", "url": "notes://tag/{name}?from={source?}", "deliver": { "scene": "main" } },
        { "name": "label", "url": "notes://tag/{label}", "deliver": { "scene": "main" } }
      ]
    }
    """

  static let unreachable = Expected(
    severity: "warning", line: 7, needle: "{",
    message: "route 'label' can never match: route 'tag' takes every URL it would match", code: "unreachable-route",
    note: (line: 6, needle: "{", message: "'tag' is declared here"))

  @Test func aWarningAloneIsStatus0() throws {
    let directory = try TemporaryDirectory()
    try directory.write("warn.routes.json", Self.warningTable)
    let run = runRouteCLI(["check", "warn.routes.json"], currentDirectory: directory.path)
    #expect(run.status == .success)
    #expect(run.stdout == "warn.routes.json: 1 scene, 2 routes; 0 errors, 1 warning\n")
    #expect(run.stderr == (try Self.unreachable.rendered(file: "warn.routes.json", table: Self.warningTable)))
  }

  @Test func strictTurnsAWarningIntoStatus1() throws {
    let directory = try TemporaryDirectory()
    try directory.write("warn.routes.json", Self.warningTable)
    let run = runRouteCLI(["check", "warn.routes.json", "--strict"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(run.stdout == "warn.routes.json: 1 scene, 2 routes; 0 errors, 1 warning\n")
    #expect(run.stderr == (try Self.unreachable.rendered(file: "warn.routes.json", table: Self.warningTable)))

    let json = runRouteCLI(["check", "warn.routes.json", "--strict", "--json"], currentDirectory: directory.path)
    #expect(json.status == .failure)
    let document = try parseJSONObject(json.stdout)
    #expect(try canonicalJSON(document["ok"]) == "false")
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["code"] as? String } == ["unreachable-route"])
    #expect(diagnostics.map { $0["severity"] as? String } == ["warning"])

    let lenient = runRouteCLI(["check", "warn.routes.json", "--json"], currentDirectory: directory.path)
    #expect(lenient.status == .success)
    #expect(try canonicalJSON(try parseJSONObject(lenient.stdout)["ok"]) == "true")
  }

  @Test func aWarningDoesNotStopRouting() throws {
    let directory = try TemporaryDirectory()
    try directory.write("warn.routes.json", Self.warningTable)
    let run = runRouteCLI(["route", "warn.routes.json", "notes://tag/x"], currentDirectory: directory.path)
    #expect(run.status == .success)
    #expect(run.stdout == "1: open 'main' (s1) ← route 'tag' {\"name\":\"x\"} deliver [E1 S1 AMB9 S4 D1 D4 D6]\n")
  }

  // MARK: - Unreadable and malformed input

  struct Unloadable: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var contents: String?
    var code: String
  }

  static let unloadable: [Unloadable] = [
    Unloadable(testDescription: "missing file", contents: nil, code: "unreadable-file"),
    Unloadable(testDescription: "not JSON", contents: "{\n  \"app\": \"Notes\",\n  oops\n}\n", code: "json-syntax"),
    Unloadable(testDescription: "not an object", contents: "[]\n", code: "wrong-type"),
  ]

  @Test(arguments: unloadable)
  func anUnloadableTableIsStatus1(_ test: Unloadable) throws {
    let directory = try TemporaryDirectory()
    if let contents = test.contents { try directory.write("t.routes.json", contents) }
    let run = runRouteCLI(["check", "t.routes.json"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(run.stderr.contains("[\(test.code)]\n"), "\(run.stderr)")
    #expect(run.stdout == "t.routes.json: 1 error, 0 warnings\n")
  }

  @Test func aJSONSyntaxErrorIsPositioned() throws {
    let directory = try TemporaryDirectory()
    try directory.write("t.routes.json", "{\n  \"app\": \"Notes\",\n  oops\n}\n")
    let run = runRouteCLI(["check", "t.routes.json"], currentDirectory: directory.path)
    let lines = run.stderrLines
    try #require(lines.count == 3)
    #expect(lines[0].hasPrefix("t.routes.json:3:3: error: "))
    #expect(lines[1] == "  oops")
    #expect(lines[2] == "  ^")
  }

  @Test func colorAlwaysColoursDiagnosticsAndNeverDoesNot() throws {
    let directory = try TemporaryDirectory()
    try directory.write("warn.routes.json", Self.warningTable)
    let always = runRouteCLI(["check", "warn.routes.json", "--color", "always"], currentDirectory: directory.path)
    #expect(always.stderr.contains("\u{1B}["))
    #expect(!always.stdout.contains("\u{1B}["), "colour is for stderr only")
    let never = runRouteCLI(["check", "warn.routes.json", "--color=never"], currentDirectory: directory.path)
    #expect(!never.stderr.contains("\u{1B}["))
  }
}
