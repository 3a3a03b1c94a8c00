import ActivityRouter
import CommandSupport

/// `route-cli check TABLE`: load, validate and compile; compiler-style diagnostics.
struct CheckCommand: Command {
  static let configuration = CommandConfiguration(
    name: "check",
    abstract: "Check a route table and report every problem.",
    discussion: """
      Loads and compiles the table and prints every diagnostic as file:line:column: severity: \
      message [code], with the source line and a caret. The exit status is 1 when there are \
      errors (or warnings, with --strict).
      """)

  static let options: [OptionSpec] = [
    .argument("table", help: "The route table (JSON; '-' reads it from standard input)."),
    .flag("json", help: "Print one JSON document with the diagnostics instead."),
    .flag("strict", help: "Treat warnings as errors."),
    .color,
  ]

  var table: String
  var json: Bool
  var strict: Bool
  var color: ColorChoice

  init(_ parsed: ParsedArguments) throws(UsageError) {
    table = parsed.positional("table") ?? "-"
    json = parsed.flag("json")
    strict = parsed.flag("strict")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
  }

  func run(_ context: CommandContext) -> ExitStatus {
    var loaded = RouterLoading.load(table, context: context)
    if let router = loaded.router { loaded.diagnostics += AppFilesLinter.check(router) }
    let errors = loaded.diagnostics.filter { $0.severity == .error }.count
    let warnings = loaded.diagnostics.filter { $0.severity == .warning }.count
    let failed = errors > 0 || (strict && warnings > 0)
    if json {
      var document = JSONObject()
      document["schemaVersion"] = 1
      document["command"] = "check"
      document["file"] = .string(loaded.source.file)
      document["ok"] = .bool(!failed)
      if let table = loaded.table {
        document["scenes"] = .number(JSONNumber(table.scenes.count))
        document["routes"] = .number(JSONNumber(table.rules.count))
      }
      document["diagnostics"] = .array(loaded.diagnostics.map(\.json))
      var out: [UInt8] = []
      JSONWriter.appendPretty(.object(document), to: &out)
      out.append(UInt8(ascii: "\n"))
      context.stdout.write(out)
    } else {
      RouterLoading.printDiagnostics(
        loaded.diagnostics, loaded.source, context: context, color: color, more: loaded.sources)
      var summary = "\(loaded.source.file): "
      if let table = loaded.table {
        summary += "\(table.scenes.count) scene\(table.scenes.count == 1 ? "" : "s"), "
        summary += "\(table.rules.count) route\(table.rules.count == 1 ? "" : "s"); "
      }
      summary +=
        errors == 0 && warnings == 0
        ? "no problems" : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
      context.stdout.write(summary + "\n")
    }
    return failed ? .failure : .success
  }
}
