import ActivityRouter
import CommandSupport

/// `route-cli schema [table|fixture|sessions]`: print a JSON Schema.
struct SchemaCommand: Command {
  static let configuration = CommandConfiguration(
    name: "schema",
    abstract: "Print the JSON Schema of a file format.",
    discussion: "Point an editor at it (\"$schema\" in the file) for completion and validation.")

  static let options: [OptionSpec] = [
    .argument("format", help: "The format: table, fixture or sessions.", arity: .optional)
  ]

  var format: String

  init(_ parsed: ParsedArguments) throws(UsageError) {
    format = parsed.positional("format") ?? "table"
    guard ["table", "fixture", "sessions"].contains(format) else {
      throw parsed.invalidValue("format", format, reason: "expected one of: table, fixture, sessions")
    }
  }

  func run(_ context: CommandContext) -> ExitStatus {
    let text: String
    switch format {
    case "fixture": text = TableSchema.fixture
    case "sessions": text = TableSchema.sessions
    default: text = TableSchema.routeTable
    }
    context.stdout.write(text + "\n")
    return .success
  }
}
