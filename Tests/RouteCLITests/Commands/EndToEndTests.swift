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

/// A few runs of the built `route-cli` binary as a separate process: real descriptors, real
/// exit statuses, a real pipe into `head`, and a coprocess that answers line by line.
///
/// The binary is found once with `swift build --show-bin-path` (run from the package root);
/// `swift test` builds it together with the tests. When it cannot be found the tests fail,
/// saying why: they are never skipped silently.
@Suite struct EndToEndTests {
  /// A generous guard so a hung process fails the test instead of blocking the run. No test
  /// asserts how long anything takes.
  static let timeout: TimeInterval = 300

  /// The built `route-cli`, or why it could not be found.
  static let binary: Result<String, LocateError> = locateBinary()

  struct LocateError: Error, CustomStringConvertible {
    var description: String
  }

  static func locateBinary() -> Result<String, LocateError> {
    let bin: ProcessRun
    do {
      bin = try runProcess(
        "/usr/bin/env", ["swift", "build", "--show-bin-path"], currentDirectory: FixturePaths.packageRoot)
    } catch {
      return .failure(LocateError(description: "cannot run 'swift build --show-bin-path': \(error)"))
    }
    let lines = bin.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    guard bin.status == 0, let directory = lines.last else {
      return .failure(
        LocateError(
          description: "'swift build --show-bin-path' exited with \(bin.status): \(bin.stderr)"))
    }
    let path = directory + "/route-cli"
    guard FileManager.default.isExecutableFile(atPath: path) else {
      return .failure(LocateError(description: "no executable at \(path); run 'swift build' first"))
    }
    return .success(path)
  }

  /// The binary's path, failing the test (with the reason) when there is none.
  static func routeCLI() throws -> String {
    switch binary {
    case .success(let path): return path
    case .failure(let error):
      Issue.record("the route-cli binary is needed for end-to-end tests: \(error)")
      throw error
    }
  }

  // MARK: - Statuses and streams

  @Test func aSuccessfulRouteWritesStdoutOnly() throws {
    let run = try runProcess(
      try Self.routeCLI(), ["route", FixturePaths.notesTableRelative, "notes://tag/work", "notes://nowhere"],
      currentDirectory: FixturePaths.packageRoot)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        1: open 'main' (s1) ← route 'tag' {"name":"work"} deliver value {"tag":"work"} [E1 V3 S4 D1 D4 D6]
        2: drop via new 'main' (s1) (no-route) [E1 V3 S4 D1 D4 D6 D3]

        """)
  }

  @Test func eventsFromAFileOnStdin() throws {
    let run = try runProcess(
      try Self.routeCLI(), ["route", FixturePaths.notesTableRelative], stdinFile: FixturePaths.notesEvents,
      currentDirectory: FixturePaths.packageRoot)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    Golden.expect(run.stdout, named: RouteCommandTests.notesGolden)
  }

  @Test func aBrokenTableWritesStderrOnlyAndExits1() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.routes.json", RouteCommandTests.tableWithAnError)
    let run = try runProcess(
      try Self.routeCLI(), ["route", "bad.routes.json", "notes://tag/a"], currentDirectory: directory.path)
    #expect(run.status == 1)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("bad.routes.json:6:"))
    #expect(run.stderr.contains("error: no scene declaration has id 'mian'. Did you mean 'main'?"))
    #expect(run.stderr.hasSuffix("^\n"))
    #expect(!run.stderr.contains("\u{1B}["), "no colour when stderr is not a terminal")
  }

  @Test func checkWritesTheSummaryToStdoutAndDiagnosticsToStderr() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.routes.json", RouteCommandTests.tableWithAnError)
    let run = try runProcess(try Self.routeCLI(), ["check", "bad.routes.json"], currentDirectory: directory.path)
    #expect(run.status == 1)
    #expect(run.stdout == "bad.routes.json: 1 scene, 1 route; 1 error, 0 warnings\n")
    #expect(run.stderr.contains("[unknown-scene]\n"))
  }

  @Test func aUsageErrorExits64() throws {
    let run = try runProcess(try Self.routeCLI(), ["rute"], currentDirectory: FixturePaths.packageRoot)
    #expect(run.status == 64)
    #expect(run.stdout == "")
    #expect(
      run.stderr == """
        Error: Unknown subcommand 'rute'. Did you mean 'route'?
        Usage: route-cli <subcommand>
          See 'route-cli --help' for more information.

        """)
  }

  @Test func versionExits0() throws {
    let run = try runProcess(try Self.routeCLI(), ["--version"], currentDirectory: FixturePaths.packageRoot)
    #expect(run.status == 0)
    #expect(run.stdout == ActivityRouterVersion.string + "\n")
    #expect(run.stderr == "")
  }

  @Test func schemaMatchesTheFile() throws {
    let run = try runProcess(try Self.routeCLI(), ["schema"], currentDirectory: FixturePaths.packageRoot)
    #expect(run.status == 0)
    #expect(run.stdout == (try FixturePaths.text(FixturePaths.schema)))
  }

  // MARK: - A reader that goes away

  @Test func pipedIntoHeadEndsQuietlyWithStatus141() throws {
    let binary = try Self.routeCLI()
    let directory = try TemporaryDirectory()
    // Enough events that the output overflows any pipe buffer long after head has gone.
    let events = try FixturePaths.text(FixturePaths.notesEvents)
    let eventsFile = try directory.write("events.txt", String(repeating: events, count: 5_000))
    let statusFile = directory.path + "/status"
    let script = #"("$1" route "$2" --json < "$3"; echo "$?" > "$4") | head -1"#
    let run = try runProcess(
      "/bin/sh", ["-c", script, "sh", binary, FixturePaths.notesTable, eventsFile, statusFile],
      currentDirectory: directory.path)
    #expect(run.status == 0)
    #expect(run.stderr == "", "no 'Broken pipe' message, no crash report")
    let first = try #require(run.stdout.split(separator: "\n").first.map(String.init))
    #expect(run.stdout == first + "\n")
    let record = try parseJSONObject(first)
    #expect(record["line"] as? Int == 1)
    #expect(record["rule"] as? String == "note")
    let status = try FixturePaths.text(statusFile)
    #expect(status == "141\n", "route-cli's own exit status: the output was cut (it ignores SIGPIPE)")
  }

  // MARK: - A coprocess

  @Test func answersEachLineBeforeReadingTheNext() throws {
    CommandContext.ignoreBrokenPipeSignal()  // a write to a dead child must fail, not kill the test runner
    let binary = try Self.routeCLI()
    let directory = try TemporaryDirectory()
    let errorFile = directory.path + "/stderr"
    _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
    let input = Pipe()
    let output = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["route", FixturePaths.notesTableRelative, "--json"]
    process.currentDirectoryURL = URL(fileURLWithPath: FixturePaths.packageRoot)
    process.standardInput = input
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    let toChild = input.fileHandleForWriting.fileDescriptor
    let fromChild = output.fileHandleForReading.fileDescriptor
    let timeoutMilliseconds = Int32(Self.timeout * 1000)

    writeAll(toChild, "notes://tag/one\n")
    let first = try #require(
      readLineFrom(fromChild, timeoutMilliseconds: timeoutMilliseconds), "no answer to the first line")
    let firstRecord = try parseJSONObject(first)
    #expect(firstRecord["line"] as? Int == 1)
    #expect(firstRecord["rule"] as? String == "tag")
    #expect(try canonicalJSON(firstRecord["params"]) == #"{"name":"one"}"#)

    writeAll(toChild, #"{"id": 2, "url": "notes://note/\#(RouteCommandTests.noteID)"}"# + "\n")
    let second = try #require(
      readLineFrom(fromChild, timeoutMilliseconds: timeoutMilliseconds), "no answer to the second line")
    #expect(second.hasPrefix(#"{"line":2,"id":2,"#))
    let secondRecord = try parseJSONObject(second)
    #expect(secondRecord["rule"] as? String == "note")
    #expect(secondRecord["scene"] as? String == "note-editor")

    try input.fileHandleForWriting.close()
    let finished = exited.wait(timeout: .now() + Self.timeout) == .success
    try #require(finished, "route-cli did not exit after its stdin was closed")
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(readLineFrom(fromChild, timeoutMilliseconds: timeoutMilliseconds) == "", "nothing after the two answers")
    #expect(try FixturePaths.text(errorFile) == "")
  }
}

// MARK: - Running a process

/// What a finished process wrote and how it ended.
struct ProcessRun {
  var stdout: String
  var stderr: String
  /// The exit status, or 128 + the signal number when a signal ended it.
  var status: Int32
}

/// Runs `executable` to the end, with stdout and stderr captured in files (so a large output
/// never blocks on a full pipe) and stdin from `stdinFile` or `/dev/null`.
func runProcess(
  _ executable: String, _ arguments: [String], stdinFile: String? = nil, currentDirectory: String,
  timeout: TimeInterval = EndToEndTests.timeout
) throws -> ProcessRun {
  let directory = try TemporaryDirectory()
  let outFile = directory.path + "/stdout"
  let errFile = directory.path + "/stderr"
  for file in [outFile, errFile] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
  process.standardInput =
    try stdinFile.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
  let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outFile))
  let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errFile))
  process.standardOutput = outHandle
  process.standardError = errHandle
  let exited = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in exited.signal() }
  try process.run()
  if exited.wait(timeout: .now() + timeout) == .timedOut {
    process.terminate()
    _ = exited.wait(timeout: .now() + 10)
    Issue.record("\(executable) \(arguments.joined(separator: " ")) did not finish; it was terminated")
  }
  try outHandle.close()
  try errHandle.close()
  let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
  return ProcessRun(
    stdout: try FixturePaths.text(outFile), stderr: String(decoding: try FixturePaths.bytes(errFile), as: UTF8.self),
    status: status)
}
