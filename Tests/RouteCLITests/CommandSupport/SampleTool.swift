@testable import CommandSupport
@testable import route_cli

// Test-only commands and a tool built from them, so CommandSupport is tested without the
// real subcommands. Their help screens are the goldens in `HelpFormatterTests`.

/// A test-only `route`: every kind of spec, a cross-check, and stdin lines when no events are given.
struct SampleRouteCommand: Command {
  static let configuration = CommandConfiguration(
    name: "route", abstract: "Decide where each event goes.")

  static let options: [OptionSpec] = [
    .argument("table", help: "Path to the route table ('-' for stdin)."),
    .argument("event", help: "Events to route; read from stdin when absent.", arity: .variadic),
    .option("sessions", short: "s", valueName: "file", help: "JSON file with the open sessions."),
    .option("scenes", valueName: "file", help: "JSON file with the scene declarations."),
    .option("tag", help: "A tag to attach; repeat for more.", isRepeatable: true),
    .option("limit", valueName: "n", help: "Stop after this many events.", default: "100"),
    .flag("json", help: "Print one JSON object per line."),
    .flag(
      "explain-every-candidate-considered",
      help: "Print the full decision trace, listing every candidate the selector considered and why it lost."),
    .color,
  ]

  var table: String
  var events: [String]
  var sessions: String?
  var tags: [String]
  var limit: Int
  var json: Bool
  var color: ColorChoice

  init(_ parsed: ParsedArguments) throws(UsageError) {
    table = parsed.positional("table") ?? ""
    events = parsed.values("event")
    sessions = parsed.value("sessions")
    tags = parsed.values("tag")
    limit = try parsed.converted("limit", reason: "expected a whole number") { Int($0) } ?? 0
    json = parsed.flag("json")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
    if parsed.value("scenes") != nil && sessions == nil {
      throw .validation("'--scenes' requires '--sessions'")
    }
  }

  func run(_ context: CommandContext) -> ExitStatus {
    let summary = [
      "table=\(table)", "events=\(events.joined(separator: ","))", "sessions=\(sessions ?? "none")",
      "tags=\(tags.joined(separator: ","))", "limit=\(limit)", "json=\(json)", "color=\(color)",
    ]
    context.stdout.write(summary.joined(separator: " ") + "\n")
    guard events.isEmpty else { return .success }
    var reader = LineReader(source: context.stdin)
    reader.forEachLine { line in
      context.stdout.write("\(line.number): ")
      context.stdout.write(line.bytes)
      context.stdout.write("\n")
    }
    return .success
  }
}

/// A test-only `check` with one argument and one flag.
struct SampleCheckCommand: Command {
  static let configuration = CommandConfiguration(
    name: "check", abstract: "Load, validate and lint a route table.",
    discussion: "Prints compiler-style diagnostics on stderr. Exits with status 1 when the table has errors.")
  static let options: [OptionSpec] = [
    .argument("table", help: "Path to the route table ('-' for stdin)."),
    .flag("strict", help: "Treat warnings as errors."),
  ]

  var table: String

  init(_ parsed: ParsedArguments) throws(UsageError) {
    table = parsed.positional("table") ?? ""
  }

  func run(_ context: CommandContext) -> ExitStatus {
    context.stdout.write("checked \(table)\n")
    return table == "bad.json" ? .failure : .success
  }
}

/// A test-only command that writes `count` numbered lines, stopping once stdout is broken.
struct SampleFloodCommand: Command {
  static let configuration = CommandConfiguration(name: "flood", abstract: "Write many lines.")
  static let options: [OptionSpec] = [.argument("count", help: "How many lines.")]

  var count: Int

  init(_ parsed: ParsedArguments) throws(UsageError) {
    count = try parsed.converted("count") { Int($0) } ?? 0
  }

  func run(_ context: CommandContext) -> ExitStatus {
    for number in 1...max(count, 1) {
      if context.stdout.isBroken { break }
      context.stdout.write("line \(number)\n")
    }
    return .success
  }
}

/// The tool the CLI tests run.
let sampleTool = CommandLineTool(
  name: "sample-cli", version: "1.2.3", abstract: "Route URLs and user activities to scenes.",
  discussion:
    "Reads a route table, then decides which scene handles each event given on the command line or read from stdin.",
  subcommands: [SampleRouteCommand.self, SampleCheckCommand.self, SampleFloodCommand.self])

/// What one in-process run of the sample tool produced.
struct SampleRun: Equatable {
  var stdout: String
  var stderr: String
  var status: ExitStatus
}

/// Runs the sample tool in-process with memory streams.
func runSample(_ arguments: [String], stdin: String = "") -> SampleRun {
  let (context, out, err) = CommandContext.inMemory(stdin: [.bytes(Array(stdin.utf8))])
  let status = sampleTool.run(arguments: arguments, context: context)
  return SampleRun(stdout: out.text, stderr: err.text, status: status)
}
