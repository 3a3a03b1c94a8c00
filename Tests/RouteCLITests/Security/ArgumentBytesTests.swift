import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// The argument channel applies the UTF-8 policy of standard input: an event given as an
/// argument that is not valid UTF-8 is an `invalid-utf8` error record, the same record byte for
/// byte as the same bytes on stdin give, never a URL repaired with U+FFFD; any other argument
/// that is not valid UTF-8 (a path, an option value) is a usage error, status 64.
@Suite struct ArgumentBytesTests {
  static let badEvents: [[UInt8]] = [
    Array("notes://tag/".utf8) + [0xFF],
    Array("notes://tag/".utf8) + [0xC3],  // a truncated sequence at the end
    Array("notes://tag/".utf8) + [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
    Array("notes://tag/".utf8) + [0xC0, 0xAF],  // an overlong '/'
    [0xEF, 0xBB] + Array("notes://notes".utf8),
  ]

  /// Runs `route-cli` in-process with arguments given as bytes.
  static func run(_ arguments: [[UInt8]], stdin: [UInt8] = []) -> RouteCLIRun {
    let memory = CommandContext.inMemory(stdin: stdin.isEmpty ? [] : [.bytes(stdin)])
    var context = memory.context
    context.currentDirectory = FixturePaths.packageRoot
    let status = CommandLineTool.routeCLI.run(arguments: arguments.map { CommandArgument(bytes: $0) }, context: context)
    return RouteCLIRun(stdoutBytes: memory.stdout.bytes, stderr: memory.stderr.text, status: status)
  }

  @Test(arguments: badEvents, [["--json"], []])
  func anEventArgumentIsCheckedAsAStdinLineIs(event: [UInt8], format: [String]) throws {
    let prefix = (["route", FixturePaths.notesTableRelative] + format).map { Array($0.utf8) }
    let fromArguments = Self.run(prefix + [event])
    let fromStdin = Self.run(prefix, stdin: event + [0x0A])
    #expect(fromArguments.status == .success)
    #expect(fromArguments.stdout.contains("invalid-utf8"), "\(fromArguments.stdout)")
    #expect(fromArguments.stdoutBytes == fromStdin.stdoutBytes, "\(fromArguments.stdout) vs \(fromStdin.stdout)")
    // The decision is never a route for the repaired text.
    #expect(!fromArguments.stdout.contains("\"rule\""))
  }

  @Test func aValidEventArgumentIsRoutedAsBefore() {
    let run = Self.run([Array("route".utf8), Array(FixturePaths.notesTableRelative.utf8), Array("notes://tag/é".utf8)])
    #expect(run.status == .success)
    #expect(run.stdout.contains("tag"), "\(run.stdout)")
    #expect(!run.stdout.contains("error"), "\(run.stdout)")
  }

  @Test(arguments: [
    ["route", "Fixtures/Notes/Notes.routes.json", "--sessions", "s\u{FFFD}.json", "notes://notes"],
    ["route", "Fixtures/Notes/Notes.routes.json", "--sessions=s\u{FFFD}.json", "notes://notes"],
    ["route", "Fixtures/Notes/Notes\u{FFFD}.routes.json", "notes://notes"],
    ["test", "Fixtures/\u{FFFD}"],
    ["check", "Fixtures/Notes/Notes.routes.json", "--color", "ne\u{FFFD}ver"],
  ])
  func anyOtherArgumentMustBeUTF8(arguments: [String]) {
    // U+FFFD stands for the byte 0xFF here.
    let bytes = arguments.map {
      Array($0.replacingOccurrences(of: "\u{FFFD}", with: "\u{1}").utf8).map { $0 == 1 ? 0xFF : $0 }
    }
    let run = Self.run(bytes)
    #expect(run.status == .usageError, "\(run.stderr)")
    #expect(run.stderr.contains("is not valid UTF-8: byte 0xFF at offset"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  /// The real process: `main.swift` reads argv as bytes (a shell makes the byte, which
  /// `Process` cannot pass).
  @Test func theProcessReadsItsArgumentsAsBytes() throws {
    let script = #"exec "$0" route "$1" --json "$(printf 'notes://tag/\377')" notes://tag/work"#
    let run = try runProcess(
      "/bin/sh", ["-c", script, try EndToEndTests.routeCLI(), FixturePaths.notesTable],
      currentDirectory: FixturePaths.packageRoot)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(#""code":"invalid-utf8","column":13"#) == true, "\(run.stdout)")
    #expect(
      lines.last?.contains(#""outcome":"deliver""#) == true || lines.last?.contains("tag") == true, "\(run.stdout)")
  }
}
