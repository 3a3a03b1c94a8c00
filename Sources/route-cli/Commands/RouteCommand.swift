import ActivityRouter
import CommandSupport

/// `route-cli route TABLE [EVENT...]`: one decision per event, in input order.
struct RouteCommand: Command {
  static let configuration = CommandConfiguration(
    name: "route",
    abstract: "Decide where URLs and user activities go.",
    discussion: """
      Events come from the arguments, or else from standard input, one per line: a bare URL, or \
      a JSON object such as {"url": "..."} or {"activity": {"activityType": "...", "userInfo": {...}}}. \
      Every input line yields exactly one record, in input order; a bad line yields an error \
      record with its line number and the run goes on. With --json the records are NDJSON \
      (docs/output-format.md). Decisions start from the open sessions of --sessions (none: a cold \
      launch); with --stateful each decision is applied before the next event, and --state writes \
      the final sessions: it locks FILE.lock for the run (a second writer is refused), applies a \
      decision only once its record is written, and on SIGTERM, SIGINT or SIGHUP finishes the \
      line, writes the state and exits with 128 + the signal (docs/security.md#state-files). The \
      exit status is 0 when the table loads, whatever the decisions; 141 when the reader of the \
      output went away before its end.
      """)

  static let options: [OptionSpec] = [
    .argument("table", help: "The route table (JSON; '-' reads it from standard input)."),
    .argument(
      "event", help: "Events to route; standard input when none are given.", arity: .variadic, acceptsBytes: true),
    .flag("json", help: "Write one JSON object per line (NDJSON)."),
    .flag("explain", help: "Add every step of each decision: candidates, and why they won or lost."),
    .flag(
      "stats",
      help:
        "Print a summary instead of records: lines, errors by code, and the lines each route takes (no scene selection; fast)."
    ),
    .flag("no-line", help: "Leave out the line number: a record then depends only on its line (docs/scale-out.md)."),
    .option("sessions", valueName: "file", help: "The open sessions to start from (JSON, docs/sessions.md)."),
    .flag("stateful", help: "Apply each decision before the next event (new windows stay open)."),
    .option("state", valueName: "file", help: "With --stateful, write the final sessions here (atomically)."),
    .color,
  ]

  var table: String
  /// The events as given: bytes, checked for UTF-8 as a line of standard input is.
  var events: [[UInt8]]
  var json: Bool
  var explain: Bool
  /// Whether records leave out their line number (`--no-line`).
  var noLine: Bool
  /// Whether to print a summary of routes instead of records (`--stats`).
  var stats: Bool
  var color: ColorChoice
  var sessions: String?
  var stateful: Bool
  var stateFile: String?

  init(_ parsed: ParsedArguments) throws(UsageError) {
    sessions = parsed.value("sessions")
    stateful = parsed.flag("stateful")
    stateFile = parsed.value("state")
    if stateFile != nil && !stateful {
      throw .validation("'--state' writes the sessions a stateful run ends with; add '--stateful'")
    }
    table = parsed.positional("table") ?? "-"
    events = parsed.byteValues("event")
    json = parsed.flag("json")
    explain = parsed.flag("explain")
    noLine = parsed.flag("no-line")
    stats = parsed.flag("stats")
    if stats,
      let other = ["explain", "stateful"].first(where: { parsed.flag($0) })
        ?? (sessions != nil ? "sessions" : nil)
    {
      throw .validation(
        "'--stats' counts the routes lines take, without deciding scenes; it cannot be combined with '--\(other)'")
    }
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
    if table == "-" && events.isEmpty {
      throw .validation(
        "the table and the events cannot both come from standard input; name the table file or give events as arguments"
      )
    }
  }

  func run(_ context: CommandContext) -> ExitStatus {
    let loaded = RouterLoading.load(table, context: context)
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    guard let router = loaded.router, errors.isEmpty else {
      RouterLoading.printDiagnostics(errors, loaded.source, context: context, color: color, more: loaded.sources)
      return .failure
    }
    if stats { return runStats(router, context) }
    // The state file is checked and locked before any state is read (docs/security.md#state-files).
    var lock: FileLock?
    if let stateFile {
      guard let taken = SessionFiles.lock(stateFile, context: context) else { return .failure }
      lock = taken
      if context.catchesStopSignals { StopSignals.install() }
    }
    defer { lock?.release() }
    var initial = SessionState()
    if let sessions {
      guard let loadedState = SessionFiles.load(sessions, table: router.table, context: context, color: color) else {
        return .failure
      }
      initial = loadedState
    }
    let options = LineRouter.Options(
      format: json ? .json : .text, explains: explain, stateful: stateful, includesLineNumber: !noLine)
    var writer = RecordWriter(
      router: router, sessions: initial, options: options, sink: context.stdout, deliversEachRecord: stateFile != nil)
    var status = ExitStatus.success
    if !events.isEmpty {
      for (index, event) in events.enumerated() {
        if context.stdout.isBroken || StopSignals.received != nil { break }
        event.withUnsafeBufferPointer { writer.route(line: index + 1, bytes: $0) }
      }
    } else {
      var reader = LineReader(source: context.stdin)
      // Stop before a line, never inside one: at a stop signal, and once the output is cut. A run
      // that keeps no state (no --state: no signal is caught, nothing is kept for lines after a
      // cut) looks at its output every 256 lines: a look at every line cost more than a tenth of
      // a planned record, and a few more lines routed into a closed pipe change nothing.
      let everyLine = stateFile != nil
      reader.readLines { line in
        if everyLine || line.number & 255 == 0, context.stdout.isBroken || StopSignals.received != nil {
          return false
        }
        if line.isTooLong {
          writer.tooLong(line: line.number, length: line.length, limit: LineReader.defaultLineLimit)
        } else {
          writer.route(line: line.number, bytes: line.bytes)
        }
        return true
      }
      if let failure = reader.readFailure {
        context.stderr.write("error: cannot read standard input: \(failure)\n")
        status = .failure
      }
    }
    if let signal = StopSignals.received { status = .interrupted(by: signal) }
    if let stateFile {
      // The sessions of the lines whose records were delivered, whatever ended the run.
      do {
        try SessionFiles.writeAtomically(writer.sessions.jsonText(), to: context.resolve(stateFile))
      } catch {
        context.stderr.write("error: cannot write the session state to '\(stateFile)': \(error)\n")
        return .failure
      }
    }
    return status
  }

  /// `--stats`: every line counted, one summary at the end.
  private func runStats(_ router: CompiledRouter, _ context: CommandContext) -> ExitStatus {
    var lines = LineRouter(router: router)
    if !events.isEmpty {
      for event in events {
        event.withUnsafeBufferPointer { lines.count(utf8: $0) }
      }
    } else {
      var reader = LineReader(source: context.stdin)
      reader.forEachLine { line in
        if line.isTooLong { lines.countTooLong() } else { lines.count(utf8: line.bytes) }
      }
      if let failure = reader.readFailure {
        context.stderr.write("error: cannot read standard input: \(failure)\n")
        return .failure
      }
    }
    context.stdout.write(json ? lines.summary.json : lines.summary.text)
    return .success
  }
}
