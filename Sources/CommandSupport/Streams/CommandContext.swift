#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a command's `run` may touch in the outside world: streams, environment, directory.
///
/// Commands read stdin, write results to ``stdout`` and messages to ``stderr`` only through the
/// context, so tests run them in-process with memory streams (``inMemory(stdin:environment:)``)
/// and the tool uses the real descriptors (``standard()``).
///
/// ```swift
/// func run(_ context: CommandContext) -> ExitStatus {
///   let color = context.usesColor(colorChoice, on: .stderr)
///   var reader = LineReader(source: context.stdin)
///   reader.forEachLine { line in
///     context.stdout.write(line.bytes)
///     context.stdout.write("\n")
///   }
///   return .success
/// }
/// ```
package struct CommandContext {
  /// Where results go: decisions, matches, dumps, JSON documents.
  package var stdout: any OutputSink
  /// Where everything addressed to a person goes: diagnostics, warnings, progress.
  package var stderr: any OutputSink
  /// The input lines come from; it flushes ``stdout`` and ``stderr`` before it would block.
  package var stdin: any InputSource
  /// The environment variables.
  package var environment: [String: String]
  /// Whether standard output is a terminal.
  var stdoutIsTerminal: Bool
  /// Whether standard error is a terminal.
  package var stderrIsTerminal: Bool
  /// The absolute path of the current directory, for resolving relative paths in messages.
  package var currentDirectory: String
  /// Whether a command may catch SIGTERM, SIGINT and SIGHUP (``StopSignals``) to save before it
  /// stops: true for the process's own streams, false in memory, so tests never change the
  /// signal handling of the process that runs them.
  package var catchesStopSignals = false

  /// Creates a context from its parts.
  init(
    stdout: any OutputSink, stderr: any OutputSink, stdin: any InputSource,
    environment: [String: String] = [:], stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
    currentDirectory: String = "/"
  ) {
    self.stdout = stdout
    self.stderr = stderr
    self.stdin = stdin
    self.environment = environment
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.currentDirectory = currentDirectory
  }

  /// Whether `stream` is a terminal.
  func isTerminal(_ stream: StandardStream) -> Bool {
    switch stream {
    case .stdout: stdoutIsTerminal
    case .stderr: stderrIsTerminal
    }
  }

  /// Whether output on `stream` should use ANSI colour under `choice`.
  ///
  /// `auto` means: the stream is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not `dumb`.
  package func usesColor(_ choice: ColorChoice, on stream: StandardStream) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
      return isTerminal(stream) && !noColor && environment["TERM"] != "dumb"
    }
  }
}

// MARK: - The real streams

extension CommandContext {
  /// The process's own streams: buffered sinks on descriptors 1 and 2, and descriptor 0.
  ///
  /// It also ignores `SIGPIPE`, so a closed pipe shows up as a write error (`EPIPE`) that
  /// ends the command quietly, instead of killing the process. Call it once, at startup.
  package static func standard() -> CommandContext {
    ignoreBrokenPipeSignal()
    let stdout = FileDescriptorSink(fd: 1)
    let stderr = FileDescriptorSink(fd: 2, flushesAtNewline: true)
    var context = CommandContext(
      stdout: stdout, stderr: stderr,
      stdin: FileDescriptorSource(fd: 0, output: stdout, diagnostics: stderr),
      environment: processEnvironment(), stdoutIsTerminal: isatty(1) != 0,
      stderrIsTerminal: isatty(2) != 0, currentDirectory: processDirectory())
    context.catchesStopSignals = true
    return context
  }

  /// Makes writes to a closed pipe fail with `EPIPE` instead of killing the process.
  static func ignoreBrokenPipeSignal() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// A context on memory streams for tests, returning the sinks to inspect afterwards.
  ///
  /// ```swift
  /// let (context, out, err) = CommandContext.inMemory(stdin: [.bytes(Array("a\n".utf8))])
  /// ```
  static func inMemory(
    stdin: [MemorySource.Step] = [], environment: [String: String] = [:]
  ) -> (context: CommandContext, stdout: MemorySink, stderr: MemorySink) {
    let stdout = MemorySink()
    let stderr = MemorySink()
    let context = CommandContext(
      stdout: stdout, stderr: stderr, stdin: MemorySource(stdin, output: stdout), environment: environment)
    return (context, stdout, stderr)
  }

  /// The environment as a dictionary; a name given twice keeps its first value, as `getenv` does.
  private static func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "="), result[String(text[..<equals])] == nil {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return result
  }

  /// The current directory, or `"."` when it cannot be determined.
  private static func processDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
  }
}
