import ActivityRouter
import AppProject
import CommandSupport

/// `route-cli check TABLE`: load, validate and compile; compiler-style diagnostics.
struct CheckCommand: Command {
  static let configuration = CommandConfiguration(
    name: "check",
    abstract: "Check a route table and report every problem.",
    discussion: """
      Loads and compiles the table and prints every diagnostic as file:line:column: severity: \
      message [code], with the source line and a caret. The exit status is 1 when there are \
      errors (or warnings, with --strict). With --project, it also compares the table with the \
      app's project, as 'route-cli init' reads it for the table's platform: schemes, domains, \
      activity types, scenes and configurations one declares and the other lacks or contradicts, \
      each with both places (docs/importing.md). --format sarif prints a SARIF 2.1.0 log for code \
      scanning; --format github also prints a GitHub Actions annotation (::error file=…,line=…,col=…::) \
      for each diagnostic (docs/ci.md).
      """,
    usage:
      "route-cli check <table> [--format <format>] [--strict] [--project <path> [--target <name>] [--configuration <name>] "
      + "[--setting <name=value> ...]] [--color <when>]")

  static let options: [OptionSpec] = [
    .argument("table", help: "The route table (JSON; '-' reads it from standard input)."),
    .option(
      "format", valueName: "format",
      help:
        "text (compiler-style; the default), json (one document), sarif (SARIF 2.1.0), github (text and annotations).",
      values: Self.formats.map(\.rawValue)),
    .flag("json", help: "The same as --format json."),
    .flag("strict", help: "Treat warnings as errors."),
    .option("project", valueName: "path", help: "Also compare with the app's project (as 'route-cli init' reads it)."),
    .option("target", valueName: "name", help: "With --project: the target (default: the first application target)."),
    .option("configuration", valueName: "name", help: "With --project: the build configuration."),
    .option(
      "setting", valueName: "name=value", help: "With --project: a build setting, as xcodebuild NAME=VALUE.",
      isRepeatable: true),
    .color,
  ]

  var table: String
  var format: ReportFormat
  var strict: Bool
  var color: ColorChoice
  var project: String?
  var projectOptions: AppImport.Options

  init(_ parsed: ParsedArguments) throws(UsageError) {
    table = parsed.positional("table") ?? "-"
    format = try ReportFormat.parse(parsed, allowed: Self.formats)
    strict = parsed.flag("strict")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
    project = parsed.value("project")
    projectOptions = try InitCommand.importOptions(parsed)
    if project == nil,
      projectOptions.target != nil || projectOptions.configuration != nil || !projectOptions.settings.isEmpty
    {
      throw .validation("'--target', '--configuration' and '--setting' go with '--project'")
    }
  }

  /// check's text is already in the compiler's form, which Xcode reads.
  static let formats: [ReportFormat] = [.text, .json, .sarif, .github]

  func run(_ context: CommandContext) -> ExitStatus {
    var loaded = RouterLoading.load(table, context: context)
    if let router = loaded.router { loaded.diagnostics += AppFilesLinter.check(router) + LostLinkCheck.check(router) }
    if let project, let table = loaded.table {
      // The project as init reads it, for the platform the table models.
      var options = projectOptions
      options.platform = table.platform
      options.environment = context.environment
      let imported = AppImport.load(project, options: options, currentDirectory: context.currentDirectory)
      loaded.sources += imported.files.sources
      loaded.diagnostics += imported.diagnostics
      if let usage = imported.usageError {
        loaded.diagnostics.append(Diagnostic(.error, .noProject, "cannot compare with '\(project)': \(usage)"))
      } else if let facts = imported.facts {
        loaded.diagnostics += ProjectDrift.check(table, source: loaded.source, facts: facts)
      }
    }
    let errors = loaded.diagnostics.filter { $0.severity == .error }.count
    let warnings = loaded.diagnostics.filter { $0.severity == .warning }.count
    let failed = errors > 0 || (strict && warnings > 0)
    switch format {
    case .sarif:
      var out: [UInt8] = []
      let log = SARIFLog.document(
        loaded.diagnostics, sources: [loaded.source] + loaded.sources, toolVersion: ActivityRouterVersion.string)
      JSONWriter.appendPretty(log, to: &out)
      out.append(UInt8(ascii: "\n"))
      context.stdout.write(out)
    case .json:
      var document = JSONObject()
      document["schemaVersion"] = 1
      document["command"] = "check"
      document["file"] = .string(loaded.source.file)
      document["ok"] = .bool(!failed)
      if let table = loaded.table {
        document["scenes"] = .number(JSONNumber(table.scenes.count))
        document["routes"] = .number(JSONNumber(table.routes.count))
      }
      document["diagnostics"] = .array(loaded.diagnostics.map(\.json))
      var out: [UInt8] = []
      JSONWriter.appendPretty(.object(document), to: &out)
      out.append(UInt8(ascii: "\n"))
      context.stdout.write(out)
    case .text, .github, .xcode:
      if format == .github {
        context.stdout.write(loaded.diagnostics.map { GitHubAnnotation($0).command + "\n" }.joined())
      }
      RouterLoading.printDiagnostics(
        loaded.diagnostics, loaded.source, context: context, color: color, more: loaded.sources)
      var summary = "\(loaded.source.file): "
      if let table = loaded.table {
        summary += "\(table.scenes.count) scene\(table.scenes.count == 1 ? "" : "s"), "
        summary += "\(table.routes.count) route\(table.routes.count == 1 ? "" : "s"); "
      }
      summary +=
        errors == 0 && warnings == 0
        ? "no problems" : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
      context.stdout.write(summary + "\n")
    }
    return failed ? .failure : .success
  }
}
