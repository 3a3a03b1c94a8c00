/// Prints diagnostics on stderr in the compiler form, with ANSI colour only when asked.
///
/// The library renders a diagnostic into parts (location, severity, message, code, and the
/// source excerpt with its caret); the printer only assembles them and adds colour: bold
/// location and message, red `error:`, yellow `warning:`, bold `note:`. Each diagnostic is
/// written with one call, so a line-buffered stderr flushes it whole.
///
/// ```swift
/// let printer = DiagnosticPrinter(context.stderr, color: context.usesColor(choice, on: .stderr))
/// printer.print(.init(
///   location: "Notes.json:12:9", severity: .error, message: "unknown scene 'editor'",
///   code: "unknown-scene", excerpt: ["    \"scene\": \"editor\"", "             ^"]))
/// // Notes.json:12:9: error: unknown scene 'editor' [unknown-scene]
/// //     "scene": "editor"
/// //              ^
/// ```
struct DiagnosticPrinter {
  /// How bad a diagnostic is; the raw values are the words printed.
  enum Severity: String, Sendable, Hashable {
    case error, warning, note
  }

  /// A diagnostic already rendered into its parts.
  struct Parts: Sendable, Hashable {
    /// `file:line:column`, or `nil` for a problem with no place (such as an unreadable file).
    var location: String?
    /// How bad it is.
    var severity: Severity
    /// The sentence.
    var message: String
    /// The stable code shown in brackets, or `nil`.
    var code: String?
    /// Lines printed after the first, unchanged: the source line and the caret line.
    var excerpt: [String]

    /// Creates the parts of one diagnostic.
    init(location: String? = nil, severity: Severity, message: String, code: String? = nil, excerpt: [String] = []) {
      self.location = location
      self.severity = severity
      self.message = message
      self.code = code
      self.excerpt = excerpt
    }
  }

  /// Where diagnostics go, normally stderr.
  let sink: any OutputSink
  /// Whether to add ANSI colour and bold.
  let color: Bool

  /// A printer writing to `sink`, coloured when `color` is true.
  init(_ sink: any OutputSink, color: Bool) {
    self.sink = sink
    self.color = color
  }

  /// Writes one diagnostic, with its excerpt, in a single write.
  func print(_ parts: Parts) {
    sink.write(render(parts))
  }

  /// Writes `error: message` with no location.
  func error(_ message: String) {
    print(Parts(severity: .error, message: message))
  }

  /// Writes `warning: message` with no location.
  func warning(_ message: String) {
    print(Parts(severity: .warning, message: message))
  }

  /// The text ``print(_:)`` writes, newline-terminated.
  func render(_ parts: Parts) -> String {
    var line = ""
    if let location = parts.location { line += style("\(location): ", .bold) }
    line += style("\(parts.severity.rawValue):", severityStyle(parts.severity)) + " "
    line += style(parts.message, .bold)
    if let code = parts.code { line += " [\(code)]" }
    return ([line] + parts.excerpt).map { $0 + "\n" }.joined()
  }

  /// ANSI select-graphic-rendition codes.
  private enum Style: String {
    case bold = "1"
    case boldRed = "1;31"
    case boldYellow = "1;33"
  }

  private func severityStyle(_ severity: Severity) -> Style {
    switch severity {
    case .error: .boldRed
    case .warning: .boldYellow
    case .note: .bold
    }
  }

  /// Wraps `text` in an escape sequence when colour is on.
  private func style(_ text: String, _ style: Style) -> String {
    color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}
