import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// The bounds of ``SessionLimits`` (docs/security.md, "Limits"): each at its value is accepted,
/// one past it is a `session-limit` error naming the place and the limit, and the rest of the
/// input is still processed.
@Suite struct SessionLimitTests {
  static let table = "Fixtures/Notes/Notes.routes.json"

  /// A JSON array of `count` distinct strings.
  static func strings(_ count: Int) -> String {
    "[" + (0..<count).map { "\"tag-\($0)\"" }.joined(separator: ",") + "]"
  }

  /// A JSON string literal of exactly `bytes` bytes, quotes included.
  static func literal(bytes: Int) -> String { "\"" + String(repeating: "x", count: bytes - 2) + "\"" }

  /// Routes `lines` statefully on the Notes table; the records, parsed.
  static func route(_ lines: [String], _ extra: [String] = []) throws -> [[String: Any]] {
    let run = runRouteCLI(
      ["route", table, "--json", "--stateful"] + extra, stdin: lines.joined(separator: "\n") + "\n")
    let records = try run.stdoutLines.map(parseJSONObject)
    try #require(records.count == lines.count, "\(run.stdout)\(run.stderr)")
    return records
  }

  /// Expects a `session-limit` error record at the 1-based byte `column` whose message names `limit`.
  static func expectLimit(_ record: [String: Any], column: Int, limit: Int, _ comment: Comment? = nil) {
    let error = record["error"] as? [String: Any]
    #expect(error?["code"] as? String == "session-limit", "\(record)")
    #expect(error?["column"] as? Int == column, "\(record)")
    #expect((error?["message"] as? String)?.contains("limit is \(limit)") == true, "\(record)")
  }

  @Test func aSessionUpdateIsBoundedInItsSetsAndItsValue() throws {
    func update(_ fields: String) -> String { #"{"session": {"update": "s1", \#(fields)}}"# }
    let atSet = update(#""preferring": \#(Self.strings(SessionLimits.setCount))"#)
    let overSet = update(#""allowing": \#(Self.strings(SessionLimits.setCount + 1))"#)
    let longString = String(repeating: "a", count: SessionLimits.stringBytes)
    let atString = update(#""preferring": ["\#(longString)"]"#)
    let overString = update(#""preferring": ["b", "\#(longString)a"]"#)
    let atValue = update(#""value": \#(Self.literal(bytes: SessionLimits.valueBytes))"#)
    let overValue = update(#""value": \#(Self.literal(bytes: SessionLimits.valueBytes + 1))"#)
    let lines = ["notes://tag/a", atSet, overSet, atString, overString, atValue, overValue, "notes://tag/b"]
    let records = try Self.route(lines)
    for i in [1, 3, 5] {
      #expect(records[i]["outcome"] as? String == "update", "\(lines[i].prefix(80)): \(records[i])")
    }
    // The column of the first string past the limit: the 65th of the array.
    let column =
      try #require(overSet.range(of: "\"tag-\(SessionLimits.setCount)\"")).lowerBound.utf16Offset(in: overSet) + 1
    Self.expectLimit(records[2], column: column, limit: SessionLimits.setCount)
    let stringColumn = try #require(overString.range(of: "\"aaa")).lowerBound.utf16Offset(in: overString) + 1
    Self.expectLimit(records[4], column: stringColumn, limit: SessionLimits.stringBytes)
    let valueColumn = try #require(overValue.range(of: "\"xxx")).lowerBound.utf16Offset(in: overValue) + 1
    Self.expectLimit(records[6], column: valueColumn, limit: SessionLimits.valueBytes)
    #expect(records[7]["rule"] as? String == "tag", "the line after them is routed: \(records[7])")
  }

  @Test func anOpenWindowValueIsBounded() throws {
    func open(_ bytes: Int) -> String {
      #"{"openWindow": {"id": "note-editor", "value": \#(Self.literal(bytes: bytes))}}"#
    }
    let lines = ["notes://tag/a", open(SessionLimits.valueBytes), open(SessionLimits.valueBytes + 1), "notes://tag/b"]
    let records = try Self.route(lines)
    #expect(records[1]["outcome"] as? String != "error", "\(records[1]["error"] ?? "")")
    let column = try #require(lines[2].range(of: "\"xxx")).lowerBound.utf16Offset(in: lines[2]) + 1
    Self.expectLimit(records[2], column: column, limit: SessionLimits.valueBytes)
    #expect(records[3]["rule"] as? String == "tag")
  }

  /// A session file with one session whose extra fields are `fields`.
  static func sessionFile(_ fields: String, in directory: TemporaryDirectory) throws -> String {
    try directory.write(
      "s.json", "{\n  \"sessions\": [\n    {\"id\": \"s1\", \"scene\": \"main\", \(fields)}\n  ]\n}\n")
  }

  @Test(arguments: [
    (
      #""preferring": \#(strings(SessionLimits.setCount))"#, #""preferring": \#(strings(SessionLimits.setCount + 1))"#,
      "\"tag-\(SessionLimits.setCount)\"", SessionLimits.setCount
    ),
    (
      #""allowing": ["\#(String(repeating: "a", count: SessionLimits.stringBytes))"]"#,
      #""allowing": ["\#(String(repeating: "a", count: SessionLimits.stringBytes + 1))"]"#, "\"aaa",
      SessionLimits.stringBytes
    ),
    (
      #""value": \#(literal(bytes: SessionLimits.valueBytes))"#,
      #""value": \#(literal(bytes: SessionLimits.valueBytes + 1))"#,
      "\"xxx", SessionLimits.valueBytes
    ),
  ])
  func aSessionFileIsBounded(_ at: String, _ over: String, _ place: String, _ limit: Int) throws {
    let directory = try TemporaryDirectory()
    let accepted = try Self.sessionFile(at, in: directory)
    let ok = runRouteCLI(["route", Self.table, "--json", "--sessions", accepted, "notes://tag/a"])
    #expect(ok.status == .success, "\(ok.stderr)")
    let refused = try Self.sessionFile(over, in: directory)
    let run = runRouteCLI(["route", Self.table, "--json", "--sessions", refused, "notes://tag/a"])
    #expect(run.status != .success)
    let line = "    {\"id\": \"s1\", \"scene\": \"main\", \(over)}"
    let column = try #require(line.range(of: place)).lowerBound.utf16Offset(in: line) + 1
    #expect(run.stderr.contains("s.json:3:\(column)"), "\(run.stderr.prefix(300))")
    #expect(
      run.stderr.contains("session-limit") && run.stderr.contains("limit is \(limit)"), "\(run.stderr.prefix(300))")
  }

  @Test func aSessionFileHoldsAtMostTheOpenSessionLimit() throws {
    let directory = try TemporaryDirectory()
    func file(_ count: Int) throws -> String {
      let items = (0..<count).map { #"{"id":"w\#($0)","scene":"main"}"# }.joined(separator: ",\n")
      return try directory.write("many.json", "{\"sessions\": [\n\(items)\n]}\n")
    }
    let atLimit = try file(SessionLimits.openSessions)
    let ok = runRouteCLI(["route", Self.table, "--json", "--sessions", atLimit, "notes://tag/a"])
    #expect(ok.status == .success, "\(ok.stderr.prefix(300))")
    let over = try file(SessionLimits.openSessions + 1)
    let run = runRouteCLI(["route", Self.table, "--json", "--sessions", over, "notes://tag/a"])
    #expect(run.status != .success)
    // The first session past the limit is on line 2 + the limit.
    #expect(run.stderr.contains("many.json:\(SessionLimits.openSessions + 2):1"), "\(run.stderr.prefix(300))")
    #expect(run.stderr.contains("limit is \(SessionLimits.openSessions)"), "\(run.stderr.prefix(300))")
  }

  @Test(arguments: [false, true])
  func aStatefulRunKeepsAtMostTheOpenSessionLimit(holding: Bool) throws {
    let table = try #require(TableLoader.load(contentsOf: FixturePaths.notesTable).table)
    let router = try #require(RouteCompiler.compile(table).router)
    var options = LineRouter.Options(format: .json, stateful: true)
    options.openSessionLimit = 2
    var lines = LineRouter(router: router, options: options)
    let input = [
      "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11",  // main and an editor: 2 open, at the limit
      "notes://note/7F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11",  // a second editor: one past it
      "notes://tag/a",  // delivered to the open main window
    ]
    var out: [UInt8] = []
    for (n, line) in input.enumerated() { lines.route(line: n + 1, text: line, into: &out, holding: holding) }
    let records = try String(decoding: out, as: UTF8.self).split(separator: "\n").map {
      try parseJSONObject(String($0))
    }
    try #require(records.count == 3)
    #expect(records[0]["outcome"] as? String == "open")
    Self.expectLimit(records[1], column: 1, limit: 2)
    #expect(records[2]["rule"] as? String == "tag", "\(records[2])")
    #expect(lines.sessions.sessions.count == 2)
  }
}
