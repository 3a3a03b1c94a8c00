public import RouterSupport

/// Why an input line is not an event the router accepts, and where in the line.
///
/// ```swift
/// if case .failure(let e) = EventReader.read(line: "https://h.com\\evil.com/") {
///   print(e.code, e.reason?.rawValue ?? "", e.column)   // ambiguous-url backslash 14
/// }
/// ```
public struct EventError: Error, Sendable, Hashable {
  /// `invalid-url`, `ambiguous-url`, `invalid-event`, `json-syntax`, `line-too-long`, `invalid-utf8`, ...
  public var code: DiagnosticCode
  /// A finer, stable reason: for a URL the reader refuses, its reason (such as `backslash`).
  public var reason: URLReadError.Reason?
  /// What was expected, for people.
  public var message: String
  /// The 1-based byte column in the line.
  public var column: Int
  /// The `id` of a JSON event that could not be read, echoed in its error record.
  public var correlation: JSONValue?

  /// Creates an error.
  public init(
    code: DiagnosticCode, reason: URLReadError.Reason? = nil, message: String, column: Int,
    correlation: JSONValue? = nil
  ) {
    self.code = code
    self.reason = reason
    self.message = message
    self.column = column
    self.correlation = correlation
  }
}
