/// A strict RFC 8259 JSON parser over UTF-8 bytes that keeps the source position of every value.
///
/// Whitespace is space, tab, LF and CR; a UTF-8 byte order mark at the very start is skipped
/// (offsets still count it). Strings must be valid UTF-8 and are never repaired; `\u` escapes
/// must pair surrogates. A key may appear once per object (keys compare as Swift strings).
/// Numbers follow the RFC grammar exactly and keep their text. Exactly one value per document.
/// The parser is iterative, so nesting is bounded by ``JSONLimits/maxDepth`` alone, never by the
/// stack. The first error stops the parse.
///
/// ```swift
/// let bytes = Array("{\n  \"path\": \"/notes/{id}\"\n}".utf8)
/// do {
///   let root = try JSONParser.parse(bytes)
///   let path = root.member("path")         // value.start == 12
/// } catch {
///   print(error.diagnostic(in: LineTable(file: "t.json", bytes: bytes)))
/// }
/// ```
public enum JSONParser {
  /// Parses one JSON document from `bytes`.
  public static func parse(_ bytes: [UInt8], limits: JSONLimits = .default) throws(JSONParseError) -> JSONNode {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONNode in
      try parse(buffer, limits: limits)
    }
  }

  /// Parses one JSON document from the bytes in `buffer`.
  public static func parse(
    _ buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default
  ) throws(JSONParseError) -> JSONNode {
    var reader = JSONReader(bytes: buffer, limits: limits)
    return try reader.parseDocument()
  }

  /// The byte offset in `source` of UTF-8 offset `utf8Index` inside the decoded string whose opening
  /// quote is at `quoteOffset`.
  ///
  /// Escapes are accounted for: an index that falls inside the bytes an escape decodes to (`\n`,
  /// `\u00e9`, a surrogate pair) maps to the escape's backslash. An index at or past the end of the
  /// string maps to the closing quote. Use it to point a caret at a part of a string value.
  public static func sourceOffset(
    in source: UnsafeBufferPointer<UInt8>, stringAt quoteOffset: Int, utf8Index: Int
  ) -> Int {
    let count = source.count
    guard quoteOffset >= 0, quoteOffset < count else { return max(0, min(quoteOffset, count)) }
    var index = quoteOffset + 1
    var decoded = 0
    while index < count {
      let byte = source[index]
      if decoded >= utf8Index || byte == UInt8(ascii: "\"") { return index }
      guard byte == UInt8(ascii: "\\") else {
        decoded += 1
        index += 1
        continue
      }
      var length = 2
      var produced = 1
      if index + 1 < count, source[index + 1] == UInt8(ascii: "u"), let scalar = hexQuad(source, at: index + 2) {
        length = 6
        produced = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : 3
        if (0xD800...0xDBFF).contains(scalar), index + 7 < count,
          source[index + 6] == UInt8(ascii: "\\"), source[index + 7] == UInt8(ascii: "u"),
          let low = hexQuad(source, at: index + 8), (0xDC00...0xDFFF).contains(low)
        {
          length = 12
          produced = 4
        }
      }
      if utf8Index < decoded + produced { return index }
      decoded += produced
      index += length
    }
    return count
  }

  /// The byte offset in `source` of UTF-8 offset `utf8Index` inside the decoded string whose opening
  /// quote is at `quoteOffset`; see the `UnsafeBufferPointer` form.
  public static func sourceOffset(in source: [UInt8], stringAt quoteOffset: Int, utf8Index: Int) -> Int {
    source.withUnsafeBufferPointer { sourceOffset(in: $0, stringAt: quoteOffset, utf8Index: utf8Index) }
  }

  /// The value of the four hex digits at `offset`, or `nil` if they are not four hex digits.
  static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32? {
    guard offset >= 0, offset + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for index in offset..<(offset + 4) {
      guard let digit = hexDigit(bytes[index]) else { return nil }
      value = value << 4 | digit
    }
    return value
  }

  @inline(__always)
  static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte &- UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte &- UInt8(ascii: "a") &+ 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte &- UInt8(ascii: "A") &+ 10)
    default: nil
    }
  }
}
