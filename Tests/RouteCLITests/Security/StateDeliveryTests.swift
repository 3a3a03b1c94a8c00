import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Synchronization
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

/// `route --stateful --state FILE` keeps the decisions it delivered, whatever ends it
/// (docs/security.md#state-files): SIGTERM, SIGINT and SIGHUP finish the line and write the
/// state (status 128 + the signal); a reader of the output that goes away leaves a state of the
/// lines whose records were written (status 141); a second writer of the same file is refused.
/// Each test runs route-cli as a child process.
@Suite(.serialized) struct StateDeliveryTests {
  /// A note link that opens a window of its own: one more session in the state for each.
  static func noteLink(_ n: Int) -> String {
    "notes://note/6F0E4F5A-6A57-4B55-9B0A-\(String(format: "%012d", n))"
  }

  /// The note ids the sessions of a state file show, in order.
  static func noteValues(_ path: String) throws -> [String] {
    let state = try parseJSONObject(try FixturePaths.text(path))
    let sessions = try #require(state["sessions"] as? [[String: Any]])
    return sessions.compactMap { ($0["value"] as? [String: Any])?["id"] as? String }
  }

  static func files(_ directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// A child `route-cli route NOTES --json --stateful --state state.json` on pipes.
  final class Child {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let errorFile: String
    let exited = DispatchSemaphore(value: 0)

    init(in directory: TemporaryDirectory, extra: [String] = []) throws {
      CommandContext.ignoreBrokenPipeSignal()  // a write to a dead child must fail, not kill the runner
      errorFile = directory.path + "/../stderr-\(UUID().uuidString)"
      _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
      process.executableURL = URL(fileURLWithPath: try EndToEndTests.routeCLI())
      process.arguments =
        ["route", FixturePaths.notesTable, "--json", "--stateful", "--state", "state.json"] + extra
      process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
      process.standardInput = input
      process.standardOutput = output
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
      process.terminationHandler = { [exited] _ in exited.signal() }
      try process.run()
    }

    deinit {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      unlink(errorFile)
    }

    /// Writes one line and waits for its record.
    func ask(_ line: String) throws -> [String: Any] {
      writeAll(input.fileHandleForWriting.fileDescriptor, line + "\n")
      let answer = try #require(
        readLineFrom(output.fileHandleForReading.fileDescriptor, timeoutMilliseconds: 300_000), "no answer")
      return try parseJSONObject(answer)
    }

    /// Waits for the exit; the status, or 128 + the signal that ended it.
    func wait() throws -> (status: Int32, bySignal: Bool) {
      let finished = exited.wait(timeout: .now() + EndToEndTests.timeout) == .success
      try #require(finished, "route-cli did not exit")
      return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    var stderr: String { (try? FixturePaths.text(errorFile)) ?? "" }
  }

  // MARK: - Stop signals

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aStopSignalFinishesTheLineWritesTheStateAndExitsWith128PlusIt(signal: Int32) throws {
    let directory = try TemporaryDirectory()
    let child = try Child(in: directory)
    for n in 1...3 { _ = try child.ask(Self.noteLink(n)) }
    // The run now waits for input; the signal ends the wait.
    kill(child.process.processIdentifier, signal)
    let end = try child.wait()
    #expect(!end.bySignal, "route-cli caught the signal instead of dying of it")
    #expect(end.status == 128 + signal)
    #expect(child.stderr == "")
    let ids = try Self.noteValues(directory.path + "/state.json")
    #expect(ids == (1...3).map { String(Self.noteLink($0).dropFirst("notes://note/".count)) })
    #expect(try Self.files(directory) == ["state.json"], "no lock file, no temporary file left")
  }

  /// A signal while the run is busy routing a large input: the state holds exactly the lines
  /// whose records came out, and nothing is cut in the middle of a record.
  @Test func aSignalWhileRoutingKeepsEveryDeliveredLine() throws {
    let directory = try TemporaryDirectory()
    let child = try Child(in: directory)
    let toChild = child.input.fileHandleForWriting.fileDescriptor
    let writerDone = DispatchSemaphore(value: 0)
    let writer = Thread {
      let block = (1...2_000).map { Self.noteLink($0) + "\n" }.joined()
      writeAll(toChild, block)
      writerDone.signal()
    }
    writer.start()
    defer {
      if child.process.isRunning { kill(child.process.processIdentifier, SIGKILL) }
      _ = writerDone.wait(timeout: .now() + 60)
    }
    let fromChild = child.output.fileHandleForReading.fileDescriptor
    for _ in 0..<20 { _ = try #require(readLineFrom(fromChild, timeoutMilliseconds: 300_000)) }
    kill(child.process.processIdentifier, SIGTERM)
    var records = 20
    while let line = readLineFrom(fromChild, timeoutMilliseconds: 300_000), !line.isEmpty {
      #expect(line.hasSuffix("}\n"), "a whole record")
      records += 1
    }
    let end = try child.wait()
    #expect(!end.bySignal && end.status == 128 + SIGTERM)
    let ids = try Self.noteValues(directory.path + "/state.json")
    #expect(ids.count == records, "one session for each record delivered")
    #expect(records < 2_000, "the run stopped before the end of its input")
  }

  // MARK: - A reader that goes away

  @Test func aCutOutputKeepsTheLinesWhoseRecordsWereWrittenAndIsStatus141() throws {
    let directory = try TemporaryDirectory()
    let child = try Child(in: directory)
    for n in 1...2 { _ = try child.ask(Self.noteLink(n)) }
    try child.output.fileHandleForReading.close()
    // Line 3's record cannot be written: its decision is not kept, and the run stops.
    writeAll(child.input.fileHandleForWriting.fileDescriptor, Self.noteLink(3) + "\n" + Self.noteLink(4) + "\n")
    let end = try child.wait()
    #expect(!end.bySignal, "no death by SIGPIPE")
    #expect(end.status == 141)
    #expect(child.stderr == "", "quietly")
    let ids = try Self.noteValues(directory.path + "/state.json")
    #expect(ids == (1...2).map { String(Self.noteLink($0).dropFirst("notes://note/".count)) })
  }

  /// In-process, with a sink that breaks in the middle of a record: the state is the one of
  /// the records before it, exactly.
  @Test(arguments: [0, 1, 2, 5])
  func aRecordCutInTheMiddleIsNotApplied(wholeRecords: Int) throws {
    let events = (1...8).map { Self.noteLink($0) }
    let full = runRouteCLI(["route", FixturePaths.notesTable, "--json", "--stateful"] + events)
    try #require(full.status == .success)
    let lengths = full.stdoutLines.map { $0.utf8.count + 1 }
    let cut = lengths.prefix(wholeRecords).reduce(0, +) + lengths[wholeRecords] / 2
    let directory = try TemporaryDirectory()
    let out = MemorySink(breaksAfter: cut)
    let err = MemorySink()
    var context = CommandContext(stdout: out, stderr: err, stdin: MemorySource([], output: out))
    context.currentDirectory = directory.path
    let status = CommandLineTool.routeCLI.run(
      arguments: ["route", FixturePaths.notesTable, "--json", "--stateful", "--state", "state.json"] + events,
      context: context)
    #expect(status == .outputCut)
    #expect(err.text == "")
    let ids = try Self.noteValues(directory.path + "/state.json")
    #expect(ids == events.prefix(wholeRecords).map { String($0.dropFirst("notes://note/".count)) })
  }

  // MARK: - One writer

  @Test func aSecondWriterOfTheSameStateIsRefusedWithTheHoldersPID() throws {
    let directory = try TemporaryDirectory()
    let first = try Child(in: directory)
    _ = try first.ask(Self.noteLink(1))
    let second = try runProcess(
      try EndToEndTests.routeCLI(),
      ["route", FixturePaths.notesTable, "--stateful", "--state", "state.json", Self.noteLink(2)],
      currentDirectory: directory.path)
    #expect(second.status == 1)
    #expect(second.stdout == "", "refused before routing anything")
    #expect(
      second.stderr.contains("another run (process \(first.process.processIdentifier)) is writing it"),
      "\(second.stderr)")
    #expect(second.stderr.contains("state.json.lock"))
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/state.json"), "nothing written")
    try first.input.fileHandleForWriting.close()
    #expect(try first.wait().status == 0)
    #expect(try Self.noteValues(directory.path + "/state.json").count == 1)
    #expect(try Self.files(directory) == ["state.json"], "the lock file goes with its holder")
    let third = try runProcess(
      try EndToEndTests.routeCLI(),
      [
        "route", FixturePaths.notesTable, "--sessions", "state.json", "--stateful", "--state", "state.json",
        Self.noteLink(3),
      ], currentDirectory: directory.path)
    #expect(third.status == 0, "\(third.stderr)")
    #expect(try Self.noteValues(directory.path + "/state.json").count == 2)
  }

  /// Eight runs at once, each adding one session to the same state: no update is lost
  /// silently. Each run either added its session or said it was refused.
  @Test func concurrentWritersNeverLoseAnUpdateSilently() throws {
    let directory = try TemporaryDirectory()
    try directory.write("state.json", #"{"sessions": []}"#)
    let binary = try EndToEndTests.routeCLI()
    let path = directory.path
    let statuses = Mutex<[Int: Int32]>([:])
    DispatchQueue.concurrentPerform(iterations: 8) { n in
      let run = try? runProcess(
        binary,
        [
          "route", FixturePaths.notesTable, "--sessions", "state.json", "--stateful", "--state", "state.json",
          Self.noteLink(n),
        ], currentDirectory: path)
      statuses.withLock { $0[n] = run?.status ?? -1 }
    }
    let all = statuses.withLock { $0 }
    #expect(all.values.allSatisfy { $0 == 0 || $0 == 1 }, "\(all)")
    let succeeded = Set(all.filter { $0.value == 0 }.keys.map { String(Self.noteLink($0).dropFirst(13)) })
    let kept = Set(try Self.noteValues(directory.path + "/state.json"))
    #expect(kept == succeeded, "every run that succeeded kept its session; no other did")
    #expect(!succeeded.isEmpty)
  }
}
