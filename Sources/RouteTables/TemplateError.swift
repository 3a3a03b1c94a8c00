public import RouterSupport

/// A problem inside a pattern or value template string, at a UTF-8 offset of that string.
///
/// The table loader turns the offset into a file position (accounting for JSON escapes), so a
/// caret points at the exact character.
///
/// ```swift
/// do { _ = try URLPattern(parsing: "notes://note/{id:uid}") }
/// catch { error.errors[0].offset }  // 17, the start of "uid"
/// ```
public struct TemplateError: Sendable, Hashable {
  public var code: DiagnosticCode
  public var message: String
  /// UTF-8 offset into the template text.
  public var offset: Int

  /// Creates an error.
  public init(_ code: DiagnosticCode, _ message: String, at offset: Int) {
    self.code = code
    self.message = message
    self.offset = offset
  }
}

/// All the problems found in one template string.
public struct TemplateErrors: Error, Sendable, Hashable {
  public var errors: [TemplateError]
  /// Wraps a list of errors.
  public init(_ errors: [TemplateError]) { self.errors = errors }
}
