import CommandSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The tool itself is `CommandLineTool.routeCLI` (RouteCLI.swift), so tests can run it in-process.
// Arguments are read as bytes: `CommandLine.arguments` would repair invalid UTF-8 with U+FFFD.
exit(CommandLineTool.routeCLI.run(arguments: CommandArgument.processArguments(), context: .standard()).rawValue)
