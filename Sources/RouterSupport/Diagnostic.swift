/// A problem found in an input, with a stable code, a message and where it is.
///
/// Diagnostics print like compiler errors (`file:line:col: error: message [code]`, then the
/// source line and a caret) through ``DiagnosticRenderer``, and encode to JSON for programs.
/// Programs and tests match on ``code``, never on the wording of ``message``.
///
/// ```swift
/// let d = Diagnostic(.error, .duplicateRoute,
///                    "route 'note-2' repeats the URL pattern of route 'note'",
///                    at: SourceLocation(file: "t.json", line: 9, column: 14, offset: 200),
///                    notes: [.init("'note' is declared here", at: first)])
/// ```
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
  /// How bad a diagnostic is.
  public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning, note
  }

  /// A secondary message pointing at a related place, such as the other rule of a conflict.
  public struct Note: Sendable, Hashable {
    public var message: String
    public var location: SourceLocation?
    /// Creates a note.
    public init(_ message: String, at location: SourceLocation? = nil) {
      self.message = message
      self.location = location
    }
  }

  public var severity: Severity
  public var code: DiagnosticCode
  public var message: String
  public var location: SourceLocation?
  public var notes: [Note]

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ code: DiagnosticCode, _ message: String,
    at location: SourceLocation? = nil, notes: [Note] = []
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.location = location
    self.notes = notes
  }

  /// One line: `file:line:col: severity: message [code]`.
  public var description: String {
    let prefix = location.map { "\($0): " } ?? ""
    return "\(prefix)\(severity.rawValue): \(message) [\(code.rawValue)]"
  }
}

extension Array where Element == Diagnostic {
  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { contains { $0.severity == .error } }
}
