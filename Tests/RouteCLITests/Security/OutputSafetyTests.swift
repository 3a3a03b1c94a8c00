import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// What `route-cli` prints for people stays inert and bounded, whatever the input holds: control
/// characters are written as `\u{XX}` (an escape sequence never reaches the terminal, a line feed
/// never splits a record), a source excerpt is cut around its column, and a table or session
/// file is read with a bound.
@Suite struct OutputSafetyTests {
  static let table = FixturePaths.notesTableRelative

  /// Input lines that quote hostile text back in their record.
  static let hostileLines: [(String, String)] = [
    ("an escape sequence in an unknown key", #"{"\u001b[31mRED": 1}"#),
    ("a line feed in an unknown key", #"{"a\nb": 1}"#),
    ("a carriage return in a session id", #"{"session": {"activate": "s1\rX"}}"#),
    ("C1 controls in an activity type", #"{"activity": {"activityType": "a\u009b31mb"}}"#),
    ("a bell in a notification id", #"{"notification": {"targetContentIdentifier": "x\u0007"}}"#),
  ]

  @Test(arguments: hostileLines, [false, true])
  func aTextRecordIsOneLineWithoutControlCharacters(_ line: (String, String), explain: Bool) throws {
    let run = runRouteCLI(["route", Self.table] + (explain ? ["--explain"] : []), stdin: line.1 + "\nnotes://tag/a\n")
    #expect(run.status == .success)
    let bytes = run.stdoutBytes
    #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A }, "\(line.0): \(run.stdout.debugDescription)")
    #expect(!run.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "\(line.0)")
    // Without --explain, one line per record; with it, each record starts a line "N: ".
    let records = run.stdoutLines.filter { $0.first?.isNumber == true }
    #expect(records.map { $0.prefix(3) } == ["1: ", "2: "], "\(run.stdout.debugDescription)")
    if !explain { #expect(run.stdoutLines.count == 2) }
  }

  @Test func diagnosticsShowControlCharactersAndCutLongLines() throws {
    let directory = try TemporaryDirectory()
    // A minified table (one line) with an unknown key holding an escape sequence, far into the line.
    let padding = (0..<2_000).map { #"{ "id": "s\#($0)", "title": "padding" }, "# }.joined()
    let table =
      #"{"app": "T", "platform": "iOS", "scenes": [\#(padding){ "id": "main", "\u001b[2Jwipe": 1 }], "routes": []}"#
    try directory.write("min.routes.json", table)
    let run = runRouteCLI(["check", "min.routes.json"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(!run.stderr.utf8.contains(0x1B), "no raw ESC on stderr")
    #expect(run.stderr.contains(#"\u{1B}[2Jwipe"#))
    let longest = run.stderrLines.map(\.utf8.count).max() ?? 0
    #expect(longest < 400, "a source excerpt of a \(table.utf8.count)-byte line is cut (longest line \(longest))")
    // The caret still points at the key.
    let lines = run.stderrLines
    let message = try #require(lines.firstIndex { $0.contains("wipe") && $0.contains("error:") }, "\(lines)")
    let caretLine = message + 2
    try #require(lines.count > caretLine && lines[caretLine].trimmingCharacters(in: .whitespaces) == "^")
    let excerpt = Array(lines[caretLine - 1])
    let caret = Array(lines[caretLine]).count - 1
    #expect(excerpt.count > caret && excerpt[caret] == "\"", "\(lines[caretLine - 1])")
  }

  @Test(arguments: [(JSONLimits.default.maxBytes, true), (JSONLimits.default.maxBytes + 1, false)])
  func aTableFileIsReadWithABound(_ size: Int, _ loads: Bool) throws {
    let directory = try TemporaryDirectory()
    // The Notes table without its app files (their paths are relative to Fixtures/Notes).
    let notes = try FixturePaths.text(FixturePaths.notesTable).split(separator: "\n", omittingEmptySubsequences: false)
    let selfContained = notes.filter { !$0.contains("\"../Apps/") }.joined(separator: "\n")
    var bytes = Array(selfContained.utf8)
    bytes += [UInt8](repeating: 0x20, count: size - bytes.count)
    try directory.write("big.routes.json", bytes)
    let run = runRouteCLI(["route", "big.routes.json", "notes://tag/a"], currentDirectory: directory.path)
    if loads {
      #expect(run.status == .success)
      #expect(run.stdout.hasPrefix("1: open 'main'"))
    } else {
      #expect(run.status == .failure)
      #expect(run.stdout == "")
      #expect(
        run.stderr
          == "error: cannot read the route table 'big.routes.json': it is larger than \(JSONLimits.default.maxBytes) bytes (16 MiB) [json-too-large]\n"
      )
    }
  }

  @Test func anUnreadableTableSaysWhy() throws {
    let directory = try TemporaryDirectory()
    let run = runRouteCLI(["check", "."], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(
      run.stderr.hasPrefix(
        "error: cannot read the route table '.': it is a directory, not a regular file [unreadable-file]\n"))
  }

  @Test func aSessionFileIsReadWithABound() throws {
    let directory = try TemporaryDirectory()
    try directory.write("huge.sessions.json", [UInt8](repeating: 0x20, count: JSONLimits.default.maxBytes + 1))
    let run = runRouteCLI(
      ["route", FixturePaths.notesTable, "--sessions", "huge.sessions.json", "notes://tag/a"],
      currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(
      run.stderr
        == "error: cannot read the session state 'huge.sessions.json': it is larger than \(JSONLimits.default.maxBytes) bytes (16 MiB)\n"
    )
  }
}
