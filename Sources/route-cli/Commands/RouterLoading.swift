import ActivityRouter
import CommandSupport

/// Loads and compiles the table a command names, printing diagnostics to stderr.
struct RouterLoading {
  /// The table, its diagnostics (loading and compiling) and its source, for rendering.
  struct Loaded {
    var router: CompiledRouter?
    var table: RouteTable?
    var diagnostics: [Diagnostic]
    var source: SourceText
    /// The table and the files it references.
    var sources: [SourceText] = []
  }

  /// Reads `path` ('-' is stdin), loads and compiles it.
  static func load(_ path: String, context: CommandContext) -> Loaded {
    let loaded: LoadedTable
    if path == "-" {
      var input = context.stdin
      do {
        loaded = TableLoader.load(
          source: SourceText(file: "<stdin>", bytes: try input.readAll(limit: JSONLimits.default.maxBytes)))
      } catch {
        let d = Diagnostic(.error, .unreadableFile, "cannot read the route table from standard input: \(error)")
        return Loaded(router: nil, table: nil, diagnostics: [d], source: SourceText(file: "<stdin>", bytes: []))
      }
    } else {
      // Read with a bound: a path may name a file of any size.
      switch BoundedFileReader.read(context.resolve(path), kind: .table) {
      case .success(let bytes):
        loaded = TableLoader.load(source: SourceText(file: path, bytes: bytes))
      case .failure(let failure):
        let d = failure.diagnostic(reading: .table, path)
        return Loaded(router: nil, table: nil, diagnostics: [d], source: SourceText(file: path, bytes: []))
      }
    }
    var result = Loaded(
      router: nil, table: loaded.table, diagnostics: loaded.diagnostics, source: loaded.source,
      sources: loaded.sources)
    guard let table = loaded.table, !loaded.diagnostics.hasErrors else { return result }
    let compiled = RouteCompiler.compile(table)
    result.router = compiled.router
    result.diagnostics += compiled.diagnostics
    return result
  }

  /// Prints diagnostics in the compiler form, coloured when stderr is a terminal (or asked).
  static func printDiagnostics(
    _ diagnostics: [Diagnostic], _ source: SourceText, context: CommandContext, color: ColorChoice,
    more: [SourceText] = []
  ) {
    guard !diagnostics.isEmpty else { return }
    let style: DiagnosticRenderer.Style = context.usesColor(color, on: .stderr) ? .ansi : .plain
    context.stderr.write(DiagnosticRenderer(sources: [source] + more, style: style).render(diagnostics))
  }
}

extension CommandContext {
  /// A path relative to the current directory, as the user typed it.
  func resolve(_ path: String) -> String {
    path.hasPrefix("/") || currentDirectory.isEmpty ? path : currentDirectory + "/" + path
  }
}
