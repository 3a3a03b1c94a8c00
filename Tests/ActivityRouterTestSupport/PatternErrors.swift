package import ActivityRouter
package import Testing

/// Expects `marked` (a pattern with a `1️⃣` marker where its first error must be) to be refused
/// with `code` at that offset. The pattern tests of every syntax share it.
///
/// ```swift
/// expectPatternError("a://h/x1️⃣{id", .invalidPattern)
/// ```
package func expectPatternError(
  _ marked: String, _ code: DiagnosticCode, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let text = MarkedText(marked)
  do {
    _ = try URLPattern(parsing: text.text)
    Issue.record("accepted \(text.text)", sourceLocation: sourceLocation)
  } catch {
    let first = error.errors.first
    #expect(first?.code == code, "\(error.errors)", sourceLocation: sourceLocation)
    #expect(first?.offset == text.offsets["1️⃣"], "\(error.errors)", sourceLocation: sourceLocation)
  }
}
