import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `route-cli route`, run in-process through the real tool: records, their order and numbering,
/// stdin handling, `--explain`, and how a bad table or command line ends the run.
@Suite struct RouteCommandTests {
  static let table = FixturePaths.notesTableRelative
  static let noteID = "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"

  /// The text records of `Fixtures/Notes/events.txt` are in the golden `route-notes-events.txt`.
  static let notesGolden = "route-notes-events.txt"

  // MARK: - Events as arguments

  @Test func eventsAsArgumentsGiveOneTextRecordEachInOrder() throws {
    let events = try FixturePaths.notesEventLines()
    try #require(events.count == 11)
    let run = runRouteCLI(["route", Self.table] + events)
    #expect(run.status == .success)
    #expect(run.stderr == "")
    Golden.expect(run.stdout, named: Self.notesGolden)
  }

  @Test func aSingleArgumentIsRecordOne() {
    let run = runRouteCLI(["route", Self.table, "notes://tag/work"])
    #expect(
      run.stdout
        == "1: open 'main' (s1) ← route 'tag' {\"name\":\"work\"} deliver value {\"tag\":\"work\"} [E1 V3 S4 D1 D4 D6]\n"
    )
    #expect(run.stderr == "")
    #expect(run.status == .success)
  }

  /// What one record of the Notes events must hold; `nil` means the field is absent.
  struct NotesRecord: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var line: Int
    var event: String?
    var outcome: String
    var scene: String?
    var rule: String?
    var params: String?
    var action: String?
    var value: String?
    var reason: String?
    var error: String?
  }

  static let notesRecords: [NotesRecord] = {
    let id = #"{"id":"\#(noteID)"}"#
    return [
      NotesRecord(
        testDescription: "1 custom-scheme note link", line: 1, event: "url", outcome: "open", scene: "note-editor",
        rule: "note", params: id, action: "openWindow", value: id),
      NotesRecord(
        testDescription: "2 universal link, lowercase UUID captured uppercase", line: 2, event: "url", outcome: "open",
        scene: "note-editor", rule: "note", params: id, action: "openWindow", value: id),
      NotesRecord(
        testDescription: "3 catch-all attachment path", line: 3, event: "url", outcome: "open", scene: "note-editor",
        rule: "note-attachment", params: #"{"id":"\#(noteID)","path":"images/cat.png"}"#, action: "openWindow",
        value: id),
      NotesRecord(
        testDescription: "4 close with no window open dismisses nothing (W21)", line: 4, event: "url",
        outcome: "ignore",
        rule: "close-note", params: id, action: "dismissWindow", value: id, reason: "no-window-to-dismiss"),
      NotesRecord(
        testDescription: "5 new note without a value", line: 5, event: "url", outcome: "open", scene: "note-editor",
        rule: "new-note", params: #"{"title":"Groceries"}"#, action: "openWindow"),
      NotesRecord(
        testDescription: "6 search query decoded once", line: 6, event: "url", outcome: "open", scene: "main",
        rule: "search", params: #"{"query":"meeting notes"}"#, action: "deliver", value: #"{"search":"meeting notes"}"#),
      NotesRecord(
        testDescription: "7 tag", line: 7, event: "url", outcome: "open", scene: "main", rule: "tag",
        params: #"{"name":"work"}"#, action: "deliver", value: #"{"tag":"work"}"#),
      NotesRecord(
        testDescription: "8 no route is a drop", line: 8, event: "url", outcome: "drop", reason: "no-route"),
      NotesRecord(
        testDescription: "9 handoff activity", line: 9, event: "activity", outcome: "open", scene: "note-editor",
        rule: "edit-handoff", params: id, action: "openWindow", value: id),
      NotesRecord(
        testDescription: "10 browsing-web activity routed by URL routes", line: 10, event: "activity", outcome: "open",
        scene: "note-editor", rule: "note", params: id, action: "openWindow", value: id),
      NotesRecord(
        testDescription: "11 backslash in the authority is an error", line: 11, outcome: "error",
        error:
          #"{"code":"ambiguous-url","reason":"backslash","column":26,"message":"a backslash in the authority: browsers read it as '/', Foundation refuses it"}"#
      ),
    ]
  }()

  @Test(arguments: notesRecords)
  func jsonRecordOfEachNotesEvent(_ expected: NotesRecord) throws {
    let events = try FixturePaths.notesEventLines()
    let run = runRouteCLI(["route", Self.table, "--json"] + events)
    #expect(run.status == .success)
    #expect(run.stderr == "")
    try #require(run.stdoutLines.count == events.count)
    let record = try parseJSONObject(run.stdoutLines[expected.line - 1])
    #expect(record["line"] as? Int == expected.line)
    #expect(record["input"] as? String == events[expected.line - 1])
    #expect(record["event"] as? String == expected.event)
    #expect(record["outcome"] as? String == expected.outcome)
    #expect(record["scene"] as? String == expected.scene)
    #expect(record["rule"] as? String == expected.rule)
    #expect(try canonicalJSON(record["params"]) == canonicalJSON(literal: expected.params))
    #expect(record["action"] as? String == expected.action)
    #expect(try canonicalJSON(record["value"]) == canonicalJSON(literal: expected.value))
    #expect(record["reason"] as? String == expected.reason)
    #expect(try canonicalJSON(record["error"]) == canonicalJSON(literal: expected.error))
    #expect(record["trace"] == nil)
    if expected.outcome == "error" {
      #expect(record["appleRules"] == nil)
    } else {
      let rules = try #require(record["appleRules"] as? [String])
      let identifier = rules.first { $0.hasPrefix("E") } ?? ""
      #expect(["E1", "E2", "E3"].contains(identifier), "an identifier rule: \(rules)")
      #expect(
        rules.prefix { $0.hasPrefix("L") }.count == rules.firstIndex(of: identifier),
        "only link rules before it: \(rules)")
      #expect(rules.contains("S4"), "a cold launch instantiates the first unmodified declaration: \(rules)")
      #expect(record["message"] == nil, "messages come with --explain")
    }
  }

  @Test func jsonFieldsComeInTheDocumentedOrder() throws {
    let documented = [
      "line", "id", "input", "event", "outcome", "scene", "session", "receiver", "rule", "params", "action", "value",
      "closed", "opened", "handlers", "identifier", "appleRules", "reason", "message", "error", "trace",
    ]
    let events = try FixturePaths.notesEventLines() + [#"{"id":"a","url":"notes://tag/x"}"#, #"{"id":"b","url":7}"#]
    let run = runRouteCLI(["route", Self.table, "--json", "--explain"] + events)
    try #require(run.stdoutLines.count == events.count)
    for line in run.stdoutLines {
      let keys = topLevelKeys(ofJSONLine: line)
      let positions = keys.map { documented.firstIndex(of: $0) }
      #expect(!positions.contains(nil), "undocumented field in \(line)")
      let known = positions.compactMap { $0 }
      #expect(known == known.sorted(), "fields out of order: \(keys)")
      #expect(Set(keys) == Set(try parseJSONObject(line).keys), "the key scanner disagrees with Foundation")
    }
  }

  /// The two example records of docs/output-format.md, byte for byte.
  @Test func theDocumentedExamplesAreExact() {
    let run = runRouteCLI([
      "route", Self.table, "--json", "notes://note/\(Self.noteID)", #"https://notes.example.com\evil.com/"#,
    ])
    let expected = """
      {"line":1,"input":"notes://note/\(Self.noteID)","event":"url","outcome":"open","scene":"note-editor","session":"s2","receiver":{"scene":"main","session":"s1","new":true},"rule":"note","params":{"id":"\(Self.noteID)"},"action":"openWindow","value":{"id":"\(Self.noteID)"},"appleRules":["E1","V3","S4","D1","D4","D6","W5","W8"]}
      {"line":2,"input":"https://notes.example.com\\\\evil.com/","outcome":"error","error":{"code":"ambiguous-url","reason":"backslash","column":26,"message":"a backslash in the authority: browsers read it as '/', Foundation refuses it"}}

      """
    #expect(run.stdout == expected)
    #expect(run.status == .success)
  }

  // MARK: - Events on standard input

  @Test func stdinGivesTheSameRecordsAsArguments() throws {
    let events = try FixturePaths.notesEventLines()
    let stdin = try FixturePaths.text(FixturePaths.notesEvents)
    for json in [false, true] {
      let flags = json ? ["--json"] : []
      let fromArguments = runRouteCLI(["route", Self.table] + flags + events)
      let fromStdin = runRouteCLI(["route", Self.table] + flags, stdin: stdin)
      #expect(fromStdin.stdout == fromArguments.stdout, "json: \(json)")
      #expect(fromStdin.stderr == "")
      #expect(fromStdin.status == .success)
    }
  }

  @Test func aBadLineInTheMiddleIsAnErrorRecordAndTheRunGoesOn() throws {
    let run = runRouteCLI(
      ["route", Self.table, "--json"], stdin: "notes://tag/a\n{\"url\": oops}\nnotes://tag/b\nnotes://tag/c\n")
    #expect(run.status == .success)
    #expect(run.stderr == "")
    let records = try run.stdoutLines.map(parseJSONObject)
    try #require(records.count == 4)
    #expect(records.map { $0["line"] as? Int } == [1, 2, 3, 4])
    #expect(records.map { $0["outcome"] as? String } == ["open", "error", "open", "open"])
    let error = try #require(records[1]["error"] as? [String: Any])
    #expect(error["code"] as? String == "json-syntax")
    #expect(error["column"] as? Int == 9)
    #expect(records[2]["rule"] as? String == "tag")
    #expect(try canonicalJSON(records[3]["params"]) == #"{"name":"c"}"#)
  }

  @Test func noInputLinesGiveNoRecords() {
    for stdin in ["", "\u{FEFF}"] {
      let run = runRouteCLI(["route", Self.table], stdin: stdin)
      #expect(run.stdout == "")
      #expect(run.stderr == "")
      #expect(run.status == .success)
    }
  }

  /// One stdin line that is not an event, and the error record it must give.
  struct BadLine: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var bytes: [UInt8]
    var code: String
    var column: Int?
  }

  static let badLines: [BadLine] = [
    BadLine(
      testDescription: "invalid UTF-8", bytes: Array("notes://tag/".utf8) + [0xFF, 0xFE], code: "invalid-utf8",
      column: 13),
    BadLine(testDescription: "a lone continuation byte", bytes: [0x80], code: "invalid-utf8", column: 1),
    BadLine(
      testDescription: "an overlong encoding of '/'", bytes: Array("notes://tag".utf8) + [0xC0, 0xAF],
      code: "invalid-utf8", column: 12),
    BadLine(testDescription: "an empty line", bytes: [], code: "invalid-url"),
    BadLine(testDescription: "a line of spaces", bytes: Array("   ".utf8), code: "ambiguous-url", column: 1),
    BadLine(testDescription: "a JSON array", bytes: Array("[1]".utf8), code: "invalid-url"),
    BadLine(testDescription: "a JSON object of no event", bytes: Array("{}".utf8), code: "invalid-event", column: 1),
    BadLine(
      testDescription: "an unknown event key", bytes: Array(#"{"uri": "notes://tag/a"}"#.utf8), code: "invalid-event",
      column: 2),
    BadLine(testDescription: "truncated JSON", bytes: Array(#"{"url": "#.utf8), code: "json-syntax", column: 9),
    BadLine(
      testDescription: "a lone CR stays in the line", bytes: Array("notes://tag/a\rnotes://tag/b".utf8),
      code: "ambiguous-url", column: 14),
  ]

  @Test(arguments: badLines)
  func aBadLineGivesAnErrorRecordWithItsLineNumber(_ bad: BadLine) throws {
    let stdin: [UInt8] = Array("notes://tag/first\n".utf8) + bad.bytes + Array("\nnotes://tag/last\n".utf8)
    let run = runRouteCLI(["route", Self.table, "--json"], stdin: [.bytes(stdin)])
    #expect(run.status == .success)
    #expect(run.stderr == "")
    let records = try run.stdoutLines.map(parseJSONObject)
    try #require(records.count == 3)
    #expect(records.map { $0["line"] as? Int } == [1, 2, 3])
    #expect(records[1]["outcome"] as? String == "error")
    #expect(records[1]["input"] as? String == String(decoding: bad.bytes, as: UTF8.self))
    let error = try #require(records[1]["error"] as? [String: Any])
    #expect(error["code"] as? String == bad.code)
    if let column = bad.column { #expect(error["column"] as? Int == column) }
    #expect((error["message"] as? String)?.isEmpty == false)
    #expect(records[2]["rule"] as? String == "tag")

    let text = runRouteCLI(["route", Self.table], stdin: [.bytes(stdin)])
    try #require(text.stdoutLines.count == 3)
    #expect(text.stdoutLines[1].hasPrefix("2: error [\(bad.code)"))
  }

  /// One input line, named for the test report.
  struct NamedLine: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var line: String
  }

  /// A URL inside a JSON event: the error column counts from the start of the line.

  static let urlsInJSON: [NamedLine] = [
    NamedLine(testDescription: "url", line: #"{"url": "https://notes.example.com\\evil.com/"}"#),
    NamedLine(
      testDescription: "webpageURL",
      line:
        #"{"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://notes.example.com\\evil.com/"}}"#
    ),
  ]

  @Test(arguments: urlsInJSON)
  func anErrorInAURLInsideJSONHasItsColumnInTheLine(_ test: NamedLine) throws {
    let run = runRouteCLI(["route", Self.table, "--json", test.line])
    let record = try parseJSONObject(try #require(run.stdoutLines.first))
    let error = try #require(record["error"] as? [String: Any])
    #expect(error["code"] as? String == "ambiguous-url")
    let backslash = try #require(test.line.utf8.firstIndex(of: UInt8(ascii: "\\")))
    #expect(error["column"] as? Int == test.line.utf8.distance(from: test.line.utf8.startIndex, to: backslash) + 1)
  }

  @Test func crlfEndsALineAndIsNotPartOfIt() throws {
    let run = runRouteCLI(
      ["route", Self.table, "--json"], stdin: "notes://tag/a\r\nnotes://tag/b\r\n\r\nnotes://tag/c")
    let records = try run.stdoutLines.map(parseJSONObject)
    try #require(records.count == 4)
    #expect(records.map { $0["input"] as? String } == ["notes://tag/a", "notes://tag/b", "", "notes://tag/c"])
    #expect(records.map { $0["outcome"] as? String } == ["open", "open", "error", "open"])
    #expect(try records.map { try canonicalJSON($0["params"]) }[...1] == [#"{"name":"a"}"#, #"{"name":"b"}"#])
  }

  @Test func aByteOrderMarkAtTheStartIsDropped() throws {
    let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("notes://tag/a\n".utf8)
    let run = runRouteCLI(["route", Self.table, "--json"], stdin: [.bytes(input)])
    let record = try parseJSONObject(try #require(run.stdoutLines.first))
    #expect(record["input"] as? String == "notes://tag/a")
    #expect(record["rule"] as? String == "tag")
  }

  /// Standard input with every kind of line the reader must handle: a byte-order mark, CRLF,
  /// invalid UTF-8, an empty line, multi-byte text, and a last line without a newline.
  static func mixedInput() throws -> [UInt8] {
    var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
    bytes += try FixturePaths.bytes(FixturePaths.notesEvents)
    bytes += Array("notes://tag/caf%C3%A9\r\n".utf8)
    bytes += Array("notes://tag/café\n".utf8)
    bytes += Array("notes://tag/".utf8) + [0xE2, 0x82] + Array("\n\n".utf8)
    bytes += Array(#"{"id": 7, "url": "notes://search?q=%E2%82%AC"}"#.utf8) + [0x0D, 0x0A]
    bytes += Array("notes://tag/last".utf8)
    return bytes
  }

  /// A seed for the chunking test; the seed is the case's name, so a failure can be replayed.
  struct Seed: CustomTestStringConvertible, Sendable {
    var value: UInt64
    var testDescription: String { "seed \(value)" }
  }

  static let seeds: [Seed] =
    [1, 2, 3, 42, 0xDEAD_BEEF, 20_250_101].map(Seed.init)
    + [Seed(value: UInt64.random(in: 0...UInt64.max))]

  @Test(arguments: seeds)
  func linesSplitAcrossRandomChunksGiveIdenticalOutput(_ seed: Seed) throws {
    print("RouteCommandTests.linesSplitAcrossRandomChunksGiveIdenticalOutput: seed \(seed.value)")
    let input = try Self.mixedInput()
    for flags in [["--json"], []] {
      let whole = runRouteCLI(["route", Self.table] + flags, stdin: [.bytes(input)])
      #expect(whole.stdoutLines.count == 17)
      var generator = SeededGenerator(seed: seed.value)
      var steps: [MemorySource.Step] = []
      var rest = input[...]
      while !rest.isEmpty {
        let size = Int.random(in: 1...23, using: &generator)
        steps.append(.bytes(Array(rest.prefix(size))))
        rest = rest.dropFirst(size)
        if Int.random(in: 0..<4, using: &generator) == 0 { steps.append(.wait) }
      }
      let chunked = runRouteCLI(["route", Self.table] + flags, stdin: steps)
      #expect(chunked.stdout == whole.stdout, "seed \(seed.value), \(steps.count) steps, flags \(flags)")
      #expect(chunked.stderr == "")
      #expect(chunked.status == .success)
    }
  }

  @Test func recordsAreFlushedBeforeWaitingForMoreInput() {
    // The coprocess rule: an answer is written before the command blocks on the next line.
    let memory = CommandContext.inMemory(stdin: [
      .bytes(Array("notes://tag/a\n".utf8)), .wait, .bytes(Array("notes://tag/b\n".utf8)), .wait,
    ])
    let status = CommandLineTool.routeCLI.run(arguments: ["route", FixturePaths.notesTable], context: memory.context)
    #expect(status == .success)
    let first = "1: open 'main' (s1) ← route 'tag' {\"name\":\"a\"} deliver value {\"tag\":\"a\"} [E1 V3 S4 D1 D4 D6]\n"
    #expect(memory.stdout.flushedByteCounts.first == first.utf8.count)
    #expect(memory.stdout.text.hasPrefix(first))
  }

  // MARK: - Correlation ids

  struct Correlation: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var id: String
  }

  static let correlations: [Correlation] = [
    Correlation(testDescription: "integer", id: "7"),
    Correlation(testDescription: "string", id: #""req-1""#),
    Correlation(testDescription: "negative decimal", id: "-1.5"),
    Correlation(testDescription: "null", id: "null"),
  ]

  @Test(arguments: correlations)
  func aJSONEventEchoesItsID(_ correlation: Correlation) throws {
    let event = #"{"id": \#(correlation.id), "url": "notes://tag/work"}"#
    let run = runRouteCLI(["route", Self.table, "--json"], stdin: event + "\n")
    let line = try #require(run.stdoutLines.first)
    #expect(line.hasPrefix(#"{"line":1,"id":\#(correlation.id),"input":"#))
    let record = try parseJSONObject(line)
    #expect(try canonicalJSON(record["id"]) == canonicalJSON(literal: correlation.id))
    #expect(record["rule"] as? String == "tag")
  }

  static let invalidEventsWithIDs: [NamedLine] = [
    NamedLine(testDescription: "url not a string", line: #"{"id": 3, "url": 5}"#),
    NamedLine(testDescription: "unknown key before the id", line: #"{"uri": "notes://tag/a", "id": 3}"#),
    NamedLine(testDescription: "refused URL", line: #"{"id": 3, "url": "https://a\\b/"}"#),
    NamedLine(testDescription: "activity without a type", line: #"{"id": 3, "activity": {"userInfo": {}}}"#),
  ]

  @Test(arguments: invalidEventsWithIDs)
  func aJSONObjectThatIsNoValidEventStillEchoesItsID(_ event: NamedLine) throws {
    let run = runRouteCLI(["route", Self.table, "--json"], stdin: event.line + "\n")
    let record = try #require(run.stdoutLines.first)
    #expect(record.hasPrefix(#"{"line":1,"id":3,"input":"#))
    #expect(try parseJSONObject(record)["outcome"] as? String == "error")
  }

  @Test func aLineThatIsNotJSONHasNoID() throws {
    let run = runRouteCLI(["route", Self.table, "--json"], stdin: #"{"id": 3, "url": "# + "\n")
    let record = try parseJSONObject(try #require(run.stdoutLines.first))
    #expect(record["id"] == nil)
    #expect((record["error"] as? [String: Any])?["code"] as? String == "json-syntax")
  }

  @Test func anEventWithoutAnIDHasNoIDField() throws {
    let run = runRouteCLI(["route", Self.table, "--json", #"{"url": "notes://tag/work"}"#, "notes://tag/x"])
    for line in run.stdoutLines { #expect(try parseJSONObject(line)["id"] == nil) }
  }

  // MARK: - --explain

  @Test func explainAddsATraceToEveryJSONRecord() throws {
    let run = runRouteCLI(["route", Self.table, "--json", "--explain", "notes://tag/work", "notes://nowhere"])
    #expect(run.status == .success)
    let records = try run.stdoutLines.map(parseJSONObject)
    try #require(records.count == 2)
    for record in records {
      let trace = try #require(record["trace"] as? [[String: Any]], "no trace in \(record)")
      #expect(!trace.isEmpty)
      for step in trace {
        for key in ["stage", "subject", "verdict", "detail"] { #expect(step[key] is String, "\(key) in \(step)") }
      }
    }
    let chosen = try #require(records[0]["trace"] as? [[String: Any]])
    #expect(chosen.contains { $0["verdict"] as? String == "chosen" && $0["subject"] as? String == "route 'tag'" })
    let dropped = try #require(records[1]["trace"] as? [[String: Any]])
    #expect(dropped.contains { $0["verdict"] as? String == "rejected" && $0["stage"] as? String == "route" })
  }

  @Test func explainIndentsTheTraceUnderEachTextRecord() {
    let run = runRouteCLI(["route", Self.table, "--explain", "notes://tag/work", "notes://nowhere"])
    Golden.expect(run.stdout, named: "route-explain.txt")
    #expect(run.stderr == "")
  }

  @Test func withoutExplainThereIsNoTrace() throws {
    let text = runRouteCLI(["route", Self.table, "notes://tag/work"])
    #expect(text.stdoutLines.count == 1)
    let json = runRouteCLI(["route", Self.table, "--json", "notes://tag/work"])
    #expect(try parseJSONObject(try #require(json.stdoutLines.first))["trace"] == nil)
  }

  // MARK: - A bad table, a bad command line

  static let tableWithAnError = """
    {
      "app": "Notes",
      "platform": "iPadOS",
      "scenes": [ { "id": "main" } ],
      "routes": [
        { "name": "tag", "url": "notes://tag/{name}", "deliver": { "scene": "mian" } }
      ]
    }
    """

  @Test func aTableWithErrorsIsStatus1WithDiagnosticsOnStderrOnly() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.routes.json", Self.tableWithAnError)
    let sourceLine = #"    { "name": "tag", "url": "notes://tag/{name}", "deliver": { "scene": "mian" } }"#
    let column = try #require(sourceLine.range(of: #""mian""#)).lowerBound.utf16Offset(in: sourceLine) + 1
    let expected = """
      bad.routes.json:6:\(column): error: no scene declaration has id 'mian'. Did you mean 'main'? Declared: main [unknown-scene]
      \(sourceLine)
      \(String(repeating: " ", count: column - 1))^

      """
    for flags in [[], ["--json"], ["--explain"]] {
      let run = runRouteCLI(
        ["route", "bad.routes.json", "notes://tag/a"] + flags, stdin: "notes://tag/b\n",
        currentDirectory: directory.path)
      #expect(run.status == .failure)
      #expect(run.stdout == "")
      #expect(run.stderr == expected)
    }
    // With events on stdin too: nothing is read or routed.
    let fromStdin = runRouteCLI(
      ["route", "bad.routes.json"], stdin: "notes://tag/b\n", currentDirectory: directory.path)
    #expect(fromStdin.status == .failure)
    #expect(fromStdin.stdout == "")
    #expect(fromStdin.stderr == expected)
  }

  @Test func aMissingTableIsStatus1() {
    let run = runRouteCLI(["route", "Fixtures/Notes/missing.routes.json", "notes://tag/a"])
    #expect(run.status == .failure)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("error: cannot read the route table"))
    #expect(run.stderr.contains("missing.routes.json"))
    #expect(run.stderr.hasSuffix("[unreadable-file]\n"))
  }

  @Test func theTableMayComeFromStdinWhenEventsAreArguments() throws {
    // A table read from stdin has no directory of its own: Mail references no other file.
    let table = try FixturePaths.text(FixturePaths.packageRoot + "/Fixtures/Mail/Mail.routes.json")
    let run = runRouteCLI(["route", "-", "mailapp://mailbox/inbox"], stdin: table)
    #expect(run.status == .success)
    #expect(run.stderr == "")
    #expect(
      run.stdout
        == "1: open 'mail-viewer' (s1) ← route 'mailbox' {\"name\":\"inbox\"} deliver value {\"mailbox\":\"inbox\"} [E1 V3 S4 D1 D4 D6]\n"
    )
  }

  @Test func tableAndEventsBothOnStdinIsAUsageError() {
    let run = runRouteCLI(["route", "-"], stdin: "notes://tag/a\n")
    #expect(run.status == .usageError)
    #expect(run.stdout == "")
    #expect(
      run.stderr == """
        Error: the table and the events cannot both come from standard input; name the table file or give events as arguments
        Usage: route-cli route <table> [<event> ...] [--json] [--explain] [--stats] [--no-line] [--sessions <file>] [--stateful] [--state <file>] [--color <when>]
          See 'route-cli route --help' for more information.

        """)
  }

  @Test func aMissingTableArgumentIsAUsageError() {
    let run = runRouteCLI(["route"])
    #expect(run.status == .usageError)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("Error: Missing expected argument '<table>'\n"))
  }

  // MARK: - Streams

  @Test func aReadErrorOnStdinKeepsTheRecordsSoFarAndIsStatus1() throws {
    let run = runRouteCLI(
      ["route", Self.table], stdin: [.bytes(Array("notes://tag/a\nnotes://tag/b\n".utf8)), .fail(EIO)])
    #expect(run.stdoutLines.count == 2)
    #expect(run.stderr == "error: cannot read standard input: \(SystemError(code: EIO))\n")
    #expect(run.status == .failure)
  }

  @Test func aClosedStdoutStopsTheRunQuietlyWithStatus141() throws {
    // `route-cli route … | head -1`: once stdout is broken, stdin is not read further.
    let out = MemorySink(breaksAfter: 10)
    let err = MemorySink()
    let lines = Array(repeating: "notes://tag/a\n", count: 10_000).joined()
    let source = MemorySource([.bytes(Array(lines.utf8))], output: out)
    let context = CommandContext(stdout: out, stderr: err, stdin: source)
    let status = CommandLineTool.routeCLI.run(arguments: ["route", FixturePaths.notesTable], context: context)
    #expect(status == .outputCut, "the status says the output was cut")
    #expect(err.text == "")
    #expect(out.bytes == Array("1: open 'm".utf8))
  }

  @Test func aLineOverTheLimitIsALineTooLongRecord() throws {
    var input = Array("notes://tag/a\n".utf8)
    input += Array("notes://tag/".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: LineReader.defaultLineLimit)
    input += Array("\nnotes://tag/b\n".utf8)
    let run = runRouteCLI(["route", Self.table, "--json"], stdin: [.bytes(input)])
    let records = try run.stdoutLines.map(parseJSONObject)
    try #require(records.count == 3)
    #expect(records.map { $0["line"] as? Int } == [1, 2, 3])
    let error = try #require(records[1]["error"] as? [String: Any])
    #expect(error["code"] as? String == "line-too-long")
    #expect(records[2]["rule"] as? String == "tag")
  }
}
