package import RouterSupport

/// One GitHub Actions workflow command that annotates a file in a pull request
/// (`::error file=…,line=…,col=…,title=…::message`), what `--format github` prints for each
/// diagnostic of `route-cli check` and each failing step of `route-cli test`.
///
/// The runner reads these lines from a step's output and shows each on the line it names in
/// the pull request's diff. Properties escape `%`, CR, LF, `:` and `,`; the message escapes
/// `%`, CR and LF, as the runner expects, so a message of any text stays one command.
///
/// ```swift
/// GitHubAnnotation(.error, file: "Routes/app.routes.json", line: 9, column: 14,
///                  title: "duplicate-route", message: "route 'b' repeats route 'a'").command
/// // "::error file=Routes/app.routes.json,line=9,col=14,title=duplicate-route::route 'b' repeats route 'a'"
/// ```
package struct GitHubAnnotation: Sendable, Hashable {
  package var severity: Diagnostic.Severity
  package var file: String?
  package var line: Int?
  package var column: Int?
  package var title: String?
  package var message: String

  /// Creates an annotation.
  package init(
    _ severity: Diagnostic.Severity, file: String? = nil, line: Int? = nil, column: Int? = nil, title: String? = nil,
    message: String
  ) {
    self.severity = severity
    self.file = file
    self.line = line
    self.column = column
    self.title = title
    self.message = message
  }

  /// A diagnostic's annotation: its place, its code as the title, its message and notes.
  package init(_ diagnostic: Diagnostic) {
    let location = diagnostic.location
    var message = diagnostic.message
    for note in diagnostic.notes {
      message += "\nnote: " + (note.location.map { "\($0): " } ?? "") + note.message
    }
    self.init(
      diagnostic.severity, file: location?.file, line: location.flatMap { $0.line > 0 ? $0.line : nil },
      column: location.flatMap { $0.line > 0 ? $0.column : nil }, title: diagnostic.code.rawValue, message: message)
  }

  /// The workflow command, one line.
  package var command: String {
    let name =
      switch severity {
      case .error: "error"
      case .warning: "warning"
      case .note: "notice"
      }
    var properties: [String] = []
    if let file { properties.append("file=" + Self.escapeProperty(file)) }
    if let line { properties.append("line=\(line)") }
    if let column { properties.append("col=\(column)") }
    if let title { properties.append("title=" + Self.escapeProperty(title)) }
    let head = properties.isEmpty ? "::\(name)" : "::\(name) " + properties.joined(separator: ",")
    return head + "::" + Self.escapeData(message)
  }

  static func escapeData(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingColonsAndCommas()
  }
}

extension String {
  fileprivate func replacingColonsAndCommas() -> String {
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case ":": out += "%3A"
      case ",": out += "%2C"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
