import ActivityRouter
import CommandSupport

/// `route-cli stats merge TABLE SUMMARY...`: the `--stats --json` summaries of shards, added up.
struct StatsCommand: Command {
  static let configuration = CommandConfiguration(
    name: "stats",
    abstract: "Merge the --stats --json summaries of shards into the summary of the whole input.",
    discussion: """
      Reads the summaries that 'route-cli route TABLE --stats --json' wrote for shards of one \
      input (files, or '-' for standard input; one summary a line, so concatenated outputs are \
      fine) and writes the summary one run over the whole input gives, byte for byte: text, or \
      JSON with --json. The table names the routes and their order. A count that is not a whole \
      number, a route the table does not have, or a line that is not a summary is an error at \
      its file:line:column; every file is read, and nothing is written when one has an error. \
      Example: route-cli stats merge Fixtures/Notes/Notes.routes.json shard-*.json --json
      """,
    usage: "route-cli stats merge <table> <summary> ... [--json]")

  static let options: [OptionSpec] = [
    .argument("action", help: "merge: add up the summaries.", values: ["merge"]),
    .argument("table", help: "The route table the summaries were counted with."),
    .argument("summary", help: "The summary files ('-': standard input).", arity: .oneOrMore),
    .flag("json", help: "Write the merged summary as JSON, as --stats --json does."),
    .color,
  ]

  var table: String
  var summaries: [String]
  var json: Bool
  var color: ColorChoice

  init(_ parsed: ParsedArguments) throws(UsageError) {
    table = parsed.positional("table") ?? ""
    summaries = parsed.values("summary")
    json = parsed.flag("json")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
    if table == "-" {
      throw .validation("the table cannot come from standard input here; name the table file")
    }
    if summaries.filter({ $0 == "-" }).count > 1 {
      throw .validation("standard input ('-') can be named once")
    }
  }

  func run(_ context: CommandContext) -> ExitStatus {
    let loaded = RouterLoading.load(table, context: context)
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    guard let router = loaded.router, errors.isEmpty else {
      RouterLoading.printDiagnostics(errors, loaded.source, context: context, color: color, more: loaded.sources)
      return .failure
    }
    var total = RouteSummary(router: router)
    var failed = false
    for path in summaries {
      let source: SourceText
      switch read(path, context) {
      case .success(let text): source = text
      case .failure(let diagnostic):
        RouterLoading.printDiagnostics([diagnostic], SourceText(file: path, bytes: []), context: context, color: color)
        failed = true
        continue
      }
      let (read, diagnostics) = RouteSummary.read(source, router: router)
      RouterLoading.printDiagnostics(diagnostics, source, context: context, color: color)
      failed = failed || diagnostics.hasErrors
      for summary in read { total.merge(summary) }
    }
    // A merge with a summary left out would be a wrong total: nothing is written.
    guard !failed else { return .failure }
    context.stdout.write(json ? total.json : total.text)
    return .success
  }

  /// A summary file's bytes, bounded; '-' is standard input.
  private func read(_ path: String, _ context: CommandContext) -> Result<SourceText, Diagnostic> {
    if path == "-" {
      var input = context.stdin
      do {
        return .success(SourceText(file: "<stdin>", bytes: try input.readAll(limit: FileKind.summary.limit)))
      } catch {
        return .failure(Diagnostic(.error, .unreadableFile, "cannot read the summaries from standard input: \(error)"))
      }
    }
    switch BoundedFileReader.read(context.resolve(path), kind: .summary) {
    case .success(let bytes): return .success(SourceText(file: path, bytes: bytes))
    case .failure(let failure): return .failure(failure.diagnostic(reading: .summary, path))
    }
  }
}
