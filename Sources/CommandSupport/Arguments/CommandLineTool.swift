/// The root of `route-cli`: dispatches to subcommands, and answers help, version and mistakes.
///
/// It behaves like a swift-argument-parser root command without a default subcommand:
/// - no arguments: the root help on stdout, status 0;
/// - `--version`: the version on stdout, status 0 (also after a subcommand name);
/// - `help`, `help <sub>`, `<sub> --help`, or `-h` anywhere before `--`: help on stdout, status 0;
/// - an unknown subcommand or option, a missing or bad value: the error, the usage and a pointer
///   to help on stderr, status 64, with "Did you mean …?" when a name is close.
///
/// After the command runs, the tool flushes both streams. A broken pipe on stdout ends quietly,
/// and turns success into status 141 (``ExitStatus/outputCut``: the output was cut); any other
/// write error is reported on stderr and turns success into status 1.
///
/// ```swift
/// // main.swift, the only file that calls exit:
/// let tool = CommandLineTool(
///   name: "route-cli", version: "0.1.0", abstract: "Route URLs and user activities to scenes.",
///   discussion: ExitStatus.documentation, subcommands: [RouteCommand.self, CheckCommand.self])
/// let status = tool.run(arguments: CommandArgument.processArguments(), context: .standard())
/// exit(status.rawValue)
/// ```
package struct CommandLineTool: Sendable {
  /// The name users type, such as `route-cli`.
  var name: String
  /// What `--version` prints; empty for a tool without `--version`.
  var version: String
  /// The one-line summary after `OVERVIEW:`.
  var abstract: String
  /// Paragraphs after the abstract in the root help.
  var discussion: String
  /// The subcommands, in the order the root help lists them.
  var subcommands: [any Command.Type]

  /// Describes a tool.
  package init(
    name: String, version: String, abstract: String, discussion: String = "",
    subcommands: [any Command.Type]
  ) {
    self.name = name
    self.version = version
    self.abstract = abstract
    self.discussion = discussion
    self.subcommands = subcommands
  }

  /// Runs the command line `arguments` (argv without the program name) and flushes the streams.
  package func run(arguments: [String], context: CommandContext) -> ExitStatus {
    run(arguments: arguments.map { CommandArgument($0) }, context: context)
  }

  /// Runs the command line as bytes (``CommandArgument/processArguments()`` in `main.swift`):
  /// an argument that is not valid UTF-8 is never repaired.
  package func run(arguments: [CommandArgument], context: CommandContext) -> ExitStatus {
    var status = dispatch(arguments, context)
    context.stdout.flush()
    if let failure = context.stdout.failure {
      if failure.isBrokenPipe {
        // Quietly, but not as a success: the reader did not get the whole output.
        if status.isSuccess { status = .outputCut }
      } else {
        context.stderr.write("error: cannot write to standard output: \(failure)\n")
        if status.isSuccess { status = .failure }
      }
    }
    context.stderr.flush()
    return status
  }

  /// The root help screen.
  var rootHelp: String {
    var options: [HelpFormatter.Row] = []
    if !version.isEmpty { options.append(HelpFormatter.versionRow) }
    options.append(HelpFormatter.helpRow)
    let commands = subcommands.map {
      HelpFormatter.Row(label: $0.configuration.name, text: $0.configuration.abstract)
    }
    return HelpFormatter.page(
      abstract: abstract, discussion: discussion, usage: rootUsage,
      sections: [("OPTIONS", options), ("SUBCOMMANDS", commands)],
      footer: "See '\(name) help <subcommand>' for detailed help.")
  }

  /// The help screen of `command`.
  func help(for command: any Command.Type) -> String {
    HelpFormatter.help(for: command, toolName: name, hasVersion: !version.isEmpty)
  }

  /// The root's USAGE line.
  var rootUsage: String { "\(name) <subcommand>" }

  // MARK: - Dispatch

  private func dispatch(_ argumentBytes: [CommandArgument], _ context: CommandContext) -> ExitStatus {
    let arguments = argumentBytes.map(\.text)
    guard let first = arguments.first else {
      context.stdout.write(rootHelp)
      return .success
    }
    if first == "help" { return runHelp(arguments, context) }
    if first.hasPrefix("-"), first != "-" { return runRootOptions(arguments, context) }
    guard let command = subcommand(named: first) else {
      let error = UsageError.unknownSubcommand(first, at: 0, candidates: subcommandNames)
      return report(error, usage: rootUsage, path: name, context)
    }
    return run(command, argumentBytes, context)
  }

  /// Parses and runs one subcommand, or shows its help or the version.
  private func run(_ command: any Command.Type, _ arguments: [CommandArgument], _ context: CommandContext)
    -> ExitStatus
  {
    let tokens = ArgumentScanner.tokens(arguments, from: 1)
    if ArgumentScanner.requestsHelp(tokens) {
      context.stdout.write(help(for: command))
      return .success
    }
    if !version.isEmpty, ArgumentScanner.requestsVersion(tokens) {
      context.stdout.write(version + "\n")
      return .success
    }
    let instance: any Command
    do throws(UsageError) {
      let builtins = version.isEmpty ? ["--help"] : ["--help", "--version"]
      instance = try command.init(ArgumentScanner.parse(tokens, specs: command.options, builtins: builtins))
    } catch {
      let usage = HelpFormatter.usage(for: command, toolName: name)
      return report(error, usage: usage, path: "\(name) \(command.configuration.name)", context)
    }
    return instance.run(context)
  }

  /// `route-cli --help`, `route-cli --version`, or a mistake such as `route-cli --jsn`.
  private func runRootOptions(_ arguments: [String], _ context: CommandContext) -> ExitStatus {
    let tokens = ArgumentScanner.tokens(arguments)
    if ArgumentScanner.requestsHelp(tokens) {
      context.stdout.write(rootHelp)
      return .success
    }
    if !version.isEmpty, ArgumentScanner.requestsVersion(tokens) {
      context.stdout.write(version + "\n")
      return .success
    }
    do throws(UsageError) {
      let builtins = version.isEmpty ? ["--help"] : ["--version", "--help"]
      _ = try ArgumentScanner.parse(tokens, specs: [], builtins: builtins)
      return report(.validation("Missing required subcommand."), usage: rootUsage, path: name, context)
    } catch {
      return report(error, usage: rootUsage, path: name, context)
    }
  }

  /// `route-cli help [<subcommand>]`; flags after `help` are ignored, as in swift-argument-parser.
  private func runHelp(_ arguments: [String], _ context: CommandContext) -> ExitStatus {
    guard let index = arguments.indices.dropFirst().first(where: { !arguments[$0].hasPrefix("-") }) else {
      context.stdout.write(rootHelp)
      return .success
    }
    guard let command = subcommand(named: arguments[index]) else {
      let error = UsageError.unknownSubcommand(arguments[index], at: index, candidates: subcommandNames)
      return report(error, usage: rootUsage, path: name, context)
    }
    context.stdout.write(help(for: command))
    return .success
  }

  /// Prints a usage error on stderr and returns status 64.
  private func report(_ error: UsageError, usage: String, path: String, _ context: CommandContext) -> ExitStatus {
    context.stderr.write(error.rendered(usage: usage, commandPath: path))
    return .usageError
  }

  private var subcommandNames: [String] { subcommands.map { $0.configuration.name } }

  private func subcommand(named name: String) -> (any Command.Type)? {
    subcommands.first { $0.configuration.name == name }
  }
}
