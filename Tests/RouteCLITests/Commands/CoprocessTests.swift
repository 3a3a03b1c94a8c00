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

/// `route-cli route` as a coprocess (docs/embedding.md): the built binary behind two pipes, driven
/// the way another program drives it, writing one line and reading its answer before it writes
/// the next. An answer can only arrive if route-cli flushed it before blocking on its input, so
/// every `ask` below is a check of the coprocess rule; the end-to-end suite has the first such
/// run, these cover stateful runs, error records, the text form and long conversations.
///
/// Timeouts only keep a hung child from blocking the run; nothing asserts how long anything takes.
@Suite struct CoprocessTests {
  static let noteID = RouteCommandTests.noteID

  @Test func aStatefulConversationCarriesItsSessionsFromAnswerToAnswer() throws {
    let child = try Coprocess(["route", FixturePaths.notesTableRelative, "--json", "--stateful"])
    let opened = try child.askJSON("notes://note/\(Self.noteID)")
    #expect(opened["outcome"] as? String == "open")
    #expect(opened["session"] as? String == "s2")

    // The window that the first answer opened is still open: the same link brings it forward.
    let again = try child.askJSON(#"{"id": "again", "url": "notes://note/\#(Self.noteID)"}"#)
    #expect(again["id"] as? String == "again")
    #expect(again["outcome"] as? String == "front")
    #expect(again["session"] as? String == "s2")

    let closed = try child.askJSON(#"{"id": 3, "url": "notes://note/\#(Self.noteID)/close"}"#)
    #expect(closed["id"] as? Int == 3)
    #expect(closed["outcome"] as? String == "dismiss")
    #expect(try canonicalJSON(closed["closed"]) == #"["s2"]"#)

    let reopened = try child.askJSON("notes://note/\(Self.noteID)")
    #expect(reopened["outcome"] as? String == "open", "s2 was closed, so a new window opens")
    #expect(try child.finish() == 0)
  }

  @Test func badLinesAreAnsweredAtOnceAndTheConversationGoesOn() throws {
    let child = try Coprocess(["route", FixturePaths.notesTableRelative, "--json"])

    let badURL = try child.askJSON(#"https://notes.example.com\evil.com/"#)
    #expect(badURL["line"] as? Int == 1)
    #expect(badURL["outcome"] as? String == "error")
    #expect(try canonicalJSON((badURL["error"] as? [String: Any])?["code"]) == #""ambiguous-url""#)

    // An invalid event that is still a JSON object keeps its id, so the caller can match it.
    let badEvent = try child.askJSON(#"{"id": "req-7", "url": 5}"#)
    #expect(badEvent["id"] as? String == "req-7")
    #expect(try canonicalJSON((badEvent["error"] as? [String: Any])?["code"]) == #""invalid-event""#)

    // Broken JSON has no id to echo: the caller matches it by its line number.
    let brokenJSON = try child.askJSON(#"{"id": 8,"#)
    #expect(brokenJSON["id"] == nil)
    #expect(brokenJSON["line"] as? Int == 3)
    #expect(try canonicalJSON((brokenJSON["error"] as? [String: Any])?["code"]) == #""json-syntax""#)

    let empty = try child.askJSON("")
    #expect(empty["outcome"] as? String == "error")

    let good = try child.askJSON(#"{"id": 9, "url": "notes://tag/work"}"#)
    #expect(good["line"] as? Int == 5)
    #expect(good["id"] as? Int == 9)
    #expect(good["rule"] as? String == "tag")
    #expect(try child.finish() == 0)
  }

  @Test func theTextFormIsAnsweredLineByLineToo() throws {
    let child = try Coprocess(["route", FixturePaths.notesTableRelative])
    #expect(try child.ask("notes://tag/one").hasPrefix("1: open 'main' (s1) ← route 'tag'"))
    #expect(try child.ask("notes://nowhere").hasPrefix("2: drop"))
    #expect(try child.finish() == 0)
  }

  @Test func anExplainedAnswerArrivesWholeOnOneLine() throws {
    let child = try Coprocess(["route", FixturePaths.notesTableRelative, "--json", "--explain"])
    let record = try child.askJSON("notes://tag/one")
    let trace = try #require(record["trace"] as? [Any])
    #expect(!trace.isEmpty)
    #expect(try child.finish() == 0)
  }

  /// A long conversation: every answer comes back before the next question, with its own line
  /// number and id, and nothing arrives that was not asked for.
  @Test func aHundredQuestionsOneAtATime() throws {
    let child = try Coprocess(["route", FixturePaths.notesTableRelative, "--json", "--no-line"])
    for n in 1...100 {
      let question =
        n % 10 == 0 ? #"{"id": \#(n), "url": "not a url"}"# : #"{"id": \#(n), "url": "notes://tag/t\#(n)"}"#
      let answer = try child.askJSON(question)
      #expect(answer["id"] as? Int == n)
      #expect(answer["line"] == nil)
      #expect(answer["outcome"] as? String == (n % 10 == 0 ? "error" : "open"))
      #expect(!isReadable(child.fromChild), "answer \(n) came alone")
    }
    #expect(try child.finish() == 0)
  }
}

/// The built `route-cli` running behind two pipes.
final class Coprocess {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  let exited = DispatchSemaphore(value: 0)
  let directory: TemporaryDirectory
  let errorFile: String
  var fromChild: Int32 { output.fileHandleForReading.fileDescriptor }
  private var toChild: Int32 { input.fileHandleForWriting.fileDescriptor }
  private var timeoutMilliseconds: Int32 { Int32(EndToEndTests.timeout * 1000) }

  /// Starts `route-cli arguments` in the package root.
  init(_ arguments: [String]) throws {
    CommandContext.ignoreBrokenPipeSignal()  // a write to a dead child must fail, not kill the test runner
    directory = try TemporaryDirectory()
    errorFile = directory.path + "/stderr"
    _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
    process.executableURL = URL(fileURLWithPath: try EndToEndTests.routeCLI())
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: FixturePaths.packageRoot)
    process.standardInput = input
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
    let exited = self.exited
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
  }

  deinit { if process.isRunning { process.terminate() } }

  /// Writes one line and waits for one line of answer (without its newline).
  func ask(_ line: String) throws -> String {
    writeAll(toChild, line + "\n")
    let answer = try #require(readLineFrom(fromChild, timeoutMilliseconds: timeoutMilliseconds), "no answer to \(line)")
    try #require(answer.hasSuffix("\n"), "the answer to \(line) is not a whole line: \(answer)")
    return String(answer.dropLast())
  }

  /// ``ask(_:)``, the answer parsed as one JSON object.
  func askJSON(_ line: String) throws -> [String: Any] {
    try parseJSONObject(try ask(line))
  }

  /// Closes route-cli's input and returns its exit status, checking that it wrote nothing more
  /// and nothing to stderr.
  func finish() throws -> Int32 {
    try input.fileHandleForWriting.close()
    let finished = exited.wait(timeout: .now() + EndToEndTests.timeout) == .success
    try #require(finished, "route-cli did not exit after its stdin was closed")
    #expect(readLineFrom(fromChild, timeoutMilliseconds: timeoutMilliseconds) == "", "nothing after the answers")
    #expect(try FixturePaths.text(errorFile) == "")
    return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
  }
}
