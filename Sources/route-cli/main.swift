#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import ActivityRouter

/// The tool: every subcommand, in the order the root help lists them.
let routeCLI = CommandLineTool(
  name: "route-cli",
  version: ActivityRouterVersion.string,
  abstract: "Dry-run Apple's scene routing and an app's deep-link routes.",
  discussion: ExitStatus.documentation,
  subcommands: [RouteCommand.self, CheckCommand.self, SchemaCommand.self])

exit(routeCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .standard()).rawValue)
