import ActivityRouter

/// `route-cli schema`: print a JSON Schema.
struct SchemaCommand: Command {
  static let configuration = CommandConfiguration(
    name: "schema",
    abstract: "Print the JSON Schema of the route table.",
    discussion: "Point an editor at it (\"$schema\" in the table) for completion and validation.")

  static let options: [OptionSpec] = []

  init(_ parsed: ParsedArguments) throws(UsageError) {}

  func run(_ context: CommandContext) -> ExitStatus {
    context.stdout.write(TableSchema.routeTable + "\n")
    return .success
  }
}
