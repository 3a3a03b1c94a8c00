import CommandSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The tool itself is `CommandLineTool.routeCLI` (RouteCLI.swift), so tests can run it in-process.
exit(CommandLineTool.routeCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .standard()).rawValue)
