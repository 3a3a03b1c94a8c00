public import RouterSupport

/// Prints diagnostics like a compiler: `file:line:col: error: message [code]`, the source line,
/// and a caret under the column; notes follow the same way.
///
/// ```swift
/// let text = DiagnosticRenderer(sources: [loaded.source]).render(loaded.diagnostics)
/// // Notes.routes.json:14:22: error: no scene declaration has id 'note-editr'. Did you mean 'note-editor'? [unknown-scene]
/// //       "openWindow": { "id": "note-editr", "value": "{id}" }
/// //                             ^
/// ```
public struct DiagnosticRenderer: Sendable {
  /// Optional ANSI styling.
  public struct Style: Sendable {
    public var error = "", warning = "", note = "", bold = "", reset = ""
    /// No colour.
    public static let plain = Style()
    /// ANSI colours, as clang and swiftc use them on a terminal.
    public static let ansi = Style(
      error: "\u{1B}[1;31m", warning: "\u{1B}[1;35m", note: "\u{1B}[1;36m",
      bold: "\u{1B}[1m", reset: "\u{1B}[0m")
  }

  public var sources: [String: SourceText]
  public var style: Style

  /// Creates a renderer over the sources the diagnostics point into.
  public init(sources: [SourceText], style: Style = .plain) {
    self.sources = Dictionary(sources.map { ($0.file, $0) }, uniquingKeysWith: { a, _ in a })
    self.style = style
  }

  /// Renders every diagnostic, each followed by its source line and caret.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined()
  }

  /// Renders one diagnostic and its notes.
  public func render(_ d: Diagnostic) -> String {
    var out = header(d.location, d.severity.rawValue, color(for: d.severity), "\(d.message) [\(d.code.rawValue)]")
    out += excerpt(d.location)
    for note in d.notes {
      out += header(note.location, "note", style.note, note.message)
      out += excerpt(note.location)
    }
    return out
  }

  private func color(for severity: Diagnostic.Severity) -> String {
    switch severity {
    case .error: return style.error
    case .warning: return style.warning
    case .note: return style.note
    }
  }

  private func header(_ location: SourceLocation?, _ label: String, _ color: String, _ message: String) -> String {
    let place = location.map { "\(style.bold)\(TerminalText.visible("\($0)")):\(style.reset) " } ?? ""
    return "\(place)\(color)\(label):\(style.reset) \(style.bold)\(TerminalText.visible(message))\(style.reset)\n"
  }

  /// The source line and a caret under the location's column (tabs kept, so it lines up).
  ///
  /// Control characters are made visible, and a line longer than 160 bytes (a minified table)
  /// is cut to a window around the column, so that output stays proportional to the number of
  /// diagnostics, never to their number times the line's length.
  private func excerpt(_ location: SourceLocation?) -> String {
    guard let location, let source = sources[location.file] else { return "" }
    let full = source.line(location.line)
    guard !full.isEmpty || location.column == 1 else { return "" }
    let (line, column) = TerminalText.window(full, column: location.column)
    let bytes = Array(line.utf8)
    let before = String(decoding: bytes.prefix(max(0, min(column - 1, bytes.count))), as: UTF8.self)
    let pad = TerminalText.visible(before, keepTabs: true).map { $0 == "\t" ? "\t" : " " }.joined()
    return "\(TerminalText.visible(line, keepTabs: true))\n\(pad)\(style.note)^\(style.reset)\n"
  }
}
