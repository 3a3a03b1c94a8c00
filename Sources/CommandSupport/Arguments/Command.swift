/// A `route-cli` subcommand: what it is called, what it accepts, and what it does.
///
/// A command declares its flags, options and arguments once in ``options``; the parser and
/// the help screen both read that list. ``CommandLineTool`` parses the command line, calls
/// `init(_:)` to read and check the values, then ``run(_:)``. Commands never call `exit`:
/// they return an ``ExitStatus``, so tests run them in-process.
///
/// ```swift
/// struct CheckCommand: Command {
///   static let configuration = CommandConfiguration(
///     name: "check", abstract: "Load, validate and lint a route table.")
///   static let options: [OptionSpec] = [
///     .argument("table", help: "Path to the route table ('-' for stdin)."),
///     .flag("json", help: "Print the diagnostics as one JSON document."),
///   ]
///
///   var table: String
///   var json: Bool
///
///   init(_ parsed: ParsedArguments) throws(UsageError) {
///     table = parsed.positional("table") ?? "-"
///     json = parsed.flag("json")
///   }
///
///   func run(_ context: CommandContext) -> ExitStatus {
///     context.stdout.write("ok\n")
///     return .success
///   }
/// }
/// ```
package protocol Command: Sendable {
  /// The name, one-line abstract and discussion shown in help.
  static var configuration: CommandConfiguration { get }

  /// The flags, options and positional arguments, in the order help lists them.
  ///
  /// `--help`/`-h` (and `--version` when the tool has one) are added by the tool; do not
  /// declare them.
  static var options: [OptionSpec] { get }

  /// Reads the parsed values, converts them and checks combinations, throwing
  /// ``UsageError/validation(_:)`` for values that do not go together.
  init(_ parsed: ParsedArguments) throws(UsageError)

  /// Does the work, writing results to `context.stdout` and messages to `context.stderr`.
  func run(_ context: CommandContext) -> ExitStatus
}

/// How a command presents itself in help and errors.
package struct CommandConfiguration: Sendable {
  /// The kebab-case subcommand name, such as `route`.
  var name: String
  /// One sentence, shown after `OVERVIEW:` and in the parent's SUBCOMMANDS list.
  var abstract: String
  /// Paragraphs shown after the abstract in the command's own help; empty for none.
  var discussion: String
  /// The whole USAGE text to show instead of the generated one, or `nil`; for example
  /// `route-cli route <table> [<event> ...] [<options>]`.
  var usage: String?

  /// Describes a command.
  package init(name: String, abstract: String, discussion: String = "", usage: String? = nil) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.usage = usage
  }
}
