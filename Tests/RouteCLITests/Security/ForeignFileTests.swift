import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// A file named as a table, an Info.plist, an AASA file, a fixture or a session file that is
/// another kind of file (`/etc/passwd`) is reported without quoting it: the error names it,
/// quotes at most its first 24 bytes escaped, and shows no line of it.
@Suite struct ForeignFileTests {
  /// A file that is no JSON and no property list, with a secret after its first 24 bytes and
  /// an escape sequence at its start.
  static let foreign = "\u{1B}[2Jroot:x:0:0:root:/root:SECRET-PART\nsecond:SECRET-LINE\n"

  enum Place: String, CaseIterable, CustomTestStringConvertible {
    case table, sessions, fixture, fixtureTable, fixtureSessions, infoPlist, aasa
    var testDescription: String { rawValue }
  }

  static func arguments(_ place: Place, in directory: TemporaryDirectory) throws -> [String] {
    try directory.write("passwd", Self.foreign)
    let step = #"{ "event": "notes://tag/a", "expect": { "outcome": "open" } }"#
    switch place {
    case .table: return ["route", "passwd", "notes://tag/a"]
    case .sessions: return ["route", FixturePaths.notesTable, "--sessions", "passwd", "notes://tag/a"]
    case .fixture: return ["test", "passwd"]
    case .fixtureTable:
      try directory.write("t.fixture.json", #"{ "table": "passwd", "steps": [\#(step)] }"#)
      return ["test", "t.fixture.json"]
    case .fixtureSessions:
      try directory.write(
        "t.fixture.json", #"{ "table": "\#(FixturePaths.notesTable)", "sessions": "passwd", "steps": [\#(step)] }"#)
      return ["test", "t.fixture.json"]
    case .infoPlist, .aasa:
      let table = try FixturePaths.text(FixturePaths.notesTable)
        .replacingOccurrences(
          of: place == .infoPlist ? "../Apps/Notes/Info.plist" : "../Apps/Notes/apple-app-site-association",
          with: directory.path + "/passwd"
        )
        .replacingOccurrences(of: "../Apps/", with: FixturePaths.path("Fixtures/Apps/"))
      try directory.write("notes.json", table)
      return ["check", "notes.json"]
    }
  }

  @Test(arguments: Place.allCases)
  func aFileOfAnotherKindIsNeverQuoted(place: Place) throws {
    let directory = try TemporaryDirectory()
    let run = runRouteCLI(try Self.arguments(place, in: directory), currentDirectory: directory.path)
    let output = run.stdout + run.stderr
    #expect(run.status == .failure, "\(place): \(output)")
    #expect(output.contains("passwd' cannot be"), "\(place): \(output)")
    #expect(output.contains(#"it starts with "\u{1B}[2Jroot:x:0:0:root:/roo"…"#), "\(place): \(output)")
    #expect(!output.contains("SECRET"), "\(place): \(output)")
    #expect(!output.unicodeScalars.contains("\u{1B}"), "\(place): \(output.debugDescription)")
  }

  /// A JSON file with a syntax error is still shown as before: its line and a caret.
  @Test func aBrokenJSONTableStillShowsItsLine() throws {
    let directory = try TemporaryDirectory()
    try directory.write("broken.json", "{ \"app\": \"Notes\",, }\n")
    let run = runRouteCLI(["check", "broken.json"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(run.stderr.contains("broken.json:1:"), "\(run.stderr)")
    #expect(run.stderr.contains("{ \"app\": \"Notes\",, }\n"), "\(run.stderr)")
  }

  @Test func theExcerptIsCutBetweenCharactersAndEscaped() {
    #expect(ForeignFile.excerpt(Array("short".utf8)) == #""short""#)
    #expect(
      ForeignFile.excerpt(Array((String(repeating: "a", count: 23) + "é").utf8)) == "\""
        + String(repeating: "a", count: 23) + "\"…")
    #expect(ForeignFile.excerpt(Array("a\u{202E}b\u{2028}c".utf8)) == #""a\u{202E}b\u{2028}c""#)
    #expect(ForeignFile.isForeign(Array("  \n{".utf8), as: .table) == false)
    #expect(ForeignFile.isForeign(Array("[1]".utf8), as: .fixture))
    #expect(ForeignFile.isForeign(Array("<?xml".utf8), as: .infoPlist) == false)
    #expect(ForeignFile.isForeign(Array("bplist00".utf8), as: .infoPlist) == false)
    #expect(ForeignFile.isForeign(Array("root:x".utf8), as: .infoPlist))
  }
}
