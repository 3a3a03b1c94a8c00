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

/// `--state` is written atomically: a run killed at any moment leaves the previous state file
/// intact (or the new one, whole), and a temporary file is never taken for it.
@Suite(.serialized) struct StateFileTests {
  static let events = "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11\nnotes://tag/work\n"

  /// A directory holding `state.json`, the state a first stateful run ended with.
  static func directoryWithState() throws -> (TemporaryDirectory, [UInt8]) {
    let directory = try TemporaryDirectory()
    let run = runRouteCLI(
      ["route", FixturePaths.notesTable, "--stateful", "--state", "state.json"], stdin: Self.events,
      currentDirectory: directory.path)
    try #require(run.status == .success, "\(run.stderr)")
    let state = try FixturePaths.bytes(directory.path + "/state.json")
    #expect(String(decoding: state, as: UTF8.self).contains(#""note-editor""#))
    return (directory, state)
  }

  static func files(in directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// Starts `route-cli route … --stateful --state state.json` on a pipe.
  static func start(in directory: TemporaryDirectory, extra: [String] = []) throws -> (Process, Pipe, Pipe) {
    CommandContext.ignoreBrokenPipeSignal()  // writing to a killed child must fail, not kill the runner
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try EndToEndTests.routeCLI())
    process.arguments = ["route", FixturePaths.notesTable, "--json", "--stateful", "--state", "state.json"] + extra
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, input, output)
  }

  @Test func aRunKilledHalfWayLeavesThePreviousStateIntact() throws {
    let (directory, before) = try Self.directoryWithState()
    let (process, input, output) = try Self.start(in: directory)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // A large stdin, written while the run routes it; the run is killed once it has answered.
    let toChild = input.fileHandleForWriting.fileDescriptor
    // The writer must be done before the descriptor is closed: a write after the close could land
    // in another test's pipe that reused the number. Once the child is killed, writes fail at once.
    let writerDone = DispatchSemaphore(value: 0)
    let writer = Thread {
      let block = String(repeating: "notes://tag/a\n{\"session\": {\"activate\": \"s1\"}}\n", count: 1_000)
      for _ in 0..<200 { writeAll(toChild, block) }
      writerDone.signal()
    }
    writer.start()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      _ = writerDone.wait(timeout: .now() + 60)
      try? input.fileHandleForWriting.close()
    }
    let fromChild = output.fileHandleForReading.fileDescriptor
    for _ in 0..<100 {
      _ = try #require(readLineFrom(fromChild, timeoutMilliseconds: 300_000), "no answer from route-cli")
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try FixturePaths.bytes(directory.path + "/state.json") == before, "the previous state is intact")
    // A killed run leaves its lock file, unlocked: the next run takes it (and removes it).
    #expect(
      try Self.files(in: directory).filter { $0 != "state.json.lock" } == ["state.json"], "nothing else was written")
  }

  /// Kills runs at many moments, some of them after (or while) the state is written: each run
  /// continues from the state the last one left, and `state.json` is always that state or the
  /// new one, whole, never anything else.
  @Test func runsKilledAtAnyMomentNeverLeaveAHalfWrittenState() throws {
    let (directory, _) = try Self.directoryWithState()
    var rng = SeededGenerator(seed: 0x5747_E000)
    var (kept, replaced, leftovers) = (0, 0, 0)
    let events = "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11\n{\"session\": {\"activate\": \"s1\"}}\n"
    for round in 0..<16 {
      let before = try FixturePaths.bytes(directory.path + "/state.json")
      // The state a complete run would leave, computed in-process from a copy.
      let copy = try TemporaryDirectory()
      try copy.write("state.json", before)
      let complete = runRouteCLI(
        ["route", FixturePaths.notesTable, "--sessions", "state.json", "--stateful", "--state", "state.json"],
        stdin: events, currentDirectory: copy.path)
      try #require(complete.status == .success, "\(complete.stderr)")
      let after = try FixturePaths.bytes(copy.path + "/state.json")
      try #require(after != before)

      let (process, input, output) = try Self.start(in: directory, extra: ["--sessions", "state.json"])
      writeAll(input.fileHandleForWriting.fileDescriptor, events)
      try input.fileHandleForWriting.close()
      // Any moment: before the run reads, while it routes, writes the state, or after it ended.
      usleep(UInt32.random(in: 0...600_000, using: &rng))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      _ = try? output.fileHandleForReading.readToEnd()
      let state = try FixturePaths.bytes(directory.path + "/state.json")
      if state == before { kept += 1 } else if state == after { replaced += 1 }
      #expect(state == before || state == after, "round \(round): state.json is neither the old state nor the new one")
      // Leftovers can only be temporary files of killed runs, and they are never read.
      for file in try Self.files(in: directory) where file != "state.json" && file != "state.json.lock" {
        leftovers += 1
        #expect(file.hasPrefix("state.json.tmp-"), "round \(round): unexpected file \(file)")
      }
    }
    print(
      "state file: 16 runs killed at random moments; \(kept) left the previous state, \(replaced) the new one, "
        + "\(leftovers) temporary files left behind (never read)")
    #expect(kept + replaced == 16)
  }

  @Test func aLeftoverTemporaryFileIsNeitherReadNorReplaced() throws {
    let (directory, _) = try Self.directoryWithState()
    let leftover = try directory.write("state.json.tmp-1-0", "{ half a file")
    let run = runRouteCLI(
      [
        "route", FixturePaths.notesTable, "--sessions", "state.json", "--stateful", "--state", "state.json",
        "notes://tag/again",
      ], currentDirectory: directory.path)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(try FixturePaths.text(leftover) == "{ half a file")
    #expect(try Self.files(in: directory) == ["state.json", "state.json.tmp-1-0"])
  }

  @Test func aStateFileThatIsASymbolicLinkIsWrittenThroughIt() throws {
    let (directory, _) = try Self.directoryWithState()
    let target = try directory.write("real.json", "{}")
    try FileManager.default.removeItem(atPath: directory.path + "/state.json")
    try FileManager.default.createSymbolicLink(atPath: directory.path + "/state.json", withDestinationPath: target)
    let run = runRouteCLI(
      ["route", FixturePaths.notesTable, "--stateful", "--state", "state.json", "notes://tag/a"],
      currentDirectory: directory.path)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(try FixturePaths.text(target).contains(#""sessions""#))
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/state.json")
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
  }

  @Test func aStateThatCannotBeWrittenIsAnErrorAndLeavesNothing() throws {
    let directory = try TemporaryDirectory()
    let run = runRouteCLI(
      ["route", FixturePaths.notesTable, "--stateful", "--state", "missing/state.json", "notes://tag/a"],
      currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(run.stderr.hasPrefix("error: cannot write the session state to 'missing/state.json': "))
    #expect(try Self.files(in: directory) == [])
  }
}
