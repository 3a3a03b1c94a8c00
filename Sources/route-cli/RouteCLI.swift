import ActivityRouter
import CommandSupport

extension CommandLineTool {
  /// `route-cli`: every subcommand, in the order the root help lists them.
  ///
  /// A static rather than a top-level constant in `main.swift`, so tests run the real tool
  /// in-process (top-level code in `main.swift` never runs inside a test bundle).
  ///
  /// ```swift
  /// let (context, out, _) = CommandContext.inMemory()
  /// let status = CommandLineTool.routeCLI.run(arguments: ["--version"], context: context)
  /// ```
  static let routeCLI = CommandLineTool(
    name: "route-cli",
    version: ActivityRouterVersion.string,
    abstract: "Dry-run Apple's scene routing and an app's deep-link routes.",
    discussion: ExitStatus.documentation,
    subcommands: [
      InitCommand.self, RouteCommand.self, CheckCommand.self, TestCommand.self, URLCommand.self, AASACommand.self,
      StatsCommand.self, BundleCommand.self, SchemaCommand.self, CompletionsCommand.self,
    ])
}
