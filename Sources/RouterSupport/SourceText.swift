/// The bytes of one input file (or string) with its line table, kept so that diagnostics can
/// show the offending line with a caret.
///
/// ```swift
/// let source = SourceText(file: "t.json", text: "{\n  \"app\": 1\n}")
/// source.location(at: 4)   // t.json:2:3
/// source.line(2)           // "  \"app\": 1"
/// ```
public struct SourceText: Sendable {
  public let file: String
  public let bytes: [UInt8]
  public let lines: LineTable

  /// Wraps bytes read from `file`.
  public init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
    self.lines = LineTable(file: file, bytes: bytes)
  }

  /// Wraps a string.
  public init(file: String, text: String) {
    self.init(file: file, bytes: Array(text.utf8))
  }

  /// The location of a byte offset.
  public func location(at offset: Int) -> SourceLocation {
    lines.location(at: max(0, min(offset, bytes.count)))
  }

  /// The text of a 1-based line, without its line end.
  public func line(_ number: Int) -> String {
    guard number >= 1, number <= lines.lineStarts.count else { return "" }
    let start = lines.lineStarts[number - 1]
    var end = number < lines.lineStarts.count ? lines.lineStarts[number] : bytes.count
    while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
