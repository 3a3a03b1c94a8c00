/// Why a JSON document could not be read, and the byte offset of the problem.
///
/// The parser stops at the first error: JSON has no reliable way to recover. Turn the error
/// into a ``Diagnostic`` with the source's ``LineTable`` to report `file:line:column`.
///
/// ```swift
/// do {
///   let root = try JSONParser.parse(bytes)
/// } catch {
///   let diagnostic = error.diagnostic(in: LineTable(file: "Notes.routes.json", bytes: bytes))
///   print(diagnostic)
///   // Notes.routes.json:3:14: error: expected ',' or '}' after an object member, found 'x' [json-syntax]
/// }
/// ```
public struct JSONParseError: Error, Sendable, Hashable {
  /// `.jsonSyntax`, `.jsonTooDeep`, `.jsonTooLarge` or `.jsonDuplicateKey`.
  public var code: DiagnosticCode
  /// What was expected and what was found, for people; match on ``code``, not on this text.
  public var message: String
  /// The byte offset of the problem in the source.
  public var offset: Int
  /// The byte offset of a related place, if any: for a duplicate key, the first occurrence of the key.
  public var relatedOffset: Int?

  /// Creates an error.
  public init(_ code: DiagnosticCode, _ message: String, at offset: Int, relatedOffset: Int? = nil) {
    self.code = code
    self.message = message
    self.offset = offset
    self.relatedOffset = relatedOffset
  }

  /// The error as a diagnostic of severity error, located with `lines` (plus a note at ``relatedOffset``).
  public func diagnostic(in lines: LineTable) -> Diagnostic {
    var notes: [Diagnostic.Note] = []
    if let relatedOffset {
      let what = code == .jsonDuplicateKey ? "the key first appears here" : "related location"
      notes.append(Diagnostic.Note(what, at: lines.location(at: relatedOffset)))
    }
    return Diagnostic(.error, code, message, at: lines.location(at: offset), notes: notes)
  }
}
