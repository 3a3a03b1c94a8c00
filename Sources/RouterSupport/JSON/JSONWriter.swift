/// Writes JSON text into a byte buffer: compact for NDJSON records, indented for single documents.
///
/// Strings escape `"`, `\` and control characters (`\n`, `\r`, `\t`, `\b`, `\f`, others as `\u00XX`),
/// and, as `\uXXXX`, the characters that could deceive a reader of the raw text: U+2028 and
/// U+2029 (as `JSON.stringify` does: JavaScript before ES2019 ends a line there), the C1
/// controls U+0080–U+009F and the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069), which would reorder what a terminal shows. `/` and every other non-ASCII
/// character are written as they are, in UTF-8. Numbers are written as their
/// literal text. Appending to a caller-owned buffer lets a caller reuse one buffer per output line.
///
/// ```swift
/// var line: [UInt8] = []
/// JSONWriter.append(["route": "note", "id": 42], to: &line)   // {"route":"note","id":42}
/// line.append(UInt8(ascii: "\n"))
///
/// var document: [UInt8] = []
/// JSONWriter.appendPretty(["b": [], "a": [1, 2]], to: &document)
/// // {
/// //   "a": [
/// //     1,
/// //     2
/// //   ],
/// //   "b": []
/// // }
/// ```
public enum JSONWriter {
  /// Appends `s` as a quoted, escaped JSON string.
  public static func appendString(_ s: String, to out: inout [UInt8]) {
    // A native string lends its UTF-8 in place; only a bridged or lazy one is copied first.
    if s.utf8.withContiguousStorageIfAvailable({ appendString(utf8: $0, to: &out) }) != nil { return }
    var string = s
    string.withUTF8 { appendString(utf8: $0, to: &out) }
  }

  /// Appends already valid UTF-8 `bytes` as a quoted, escaped JSON string.
  public static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    appendEscaped(utf8: bytes, to: &out)
    out.append(UInt8(ascii: "\""))
  }

  /// Appends the escaped inside of a JSON string, without its quotes (escaping is character by
  /// character, so the pieces of a string cut between characters escape to the pieces of its
  /// escaped form).
  package static func appendEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    let count = bytes.count
    var runStart = 0
    var cursor = 0
    while true {
      cursor = skipUnescaped(bytes, from: cursor)
      guard cursor < count else { break }
      if runStart < cursor { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<cursor])) }
      let length = escapedSequenceLength(bytes, at: cursor)
      if length > 0 {
        appendUnicodeEscape(for: bytes, at: cursor, length: length, to: &out)
        cursor += length
      } else {
        appendEscape(for: bytes[cursor], to: &out)
        cursor += 1
      }
      runStart = cursor
    }
    if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
  }

  /// Appends `value` as compact JSON (no spaces); with `sortedKeys`, object members in key order.
  public static func append(_ value: JSONValue, to out: inout [UInt8], sortedKeys: Bool = false) {
    switch value {
    case .null: append("null", to: &out)
    case .bool(let bool): append(bool ? "true" : "false", to: &out)
    case .number(let number): out.append(contentsOf: number.text.utf8)
    case .string(let string): appendString(string, to: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        append(element, to: &out, sortedKeys: sortedKeys)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      out.append(UInt8(ascii: "{"))
      for (position, member) in ordered(object, sortedKeys: sortedKeys).enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        appendString(member.key, to: &out)
        out.append(UInt8(ascii: ":"))
        append(member.value, to: &out, sortedKeys: sortedKeys)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `value` as indented JSON, formatted like `python3 -m json.tool --sort-keys`.
  ///
  /// One element or member per line, `": "` after keys, `[]` and `{}` for empty containers,
  /// `indent` spaces per level, no final newline. Unlike Python, non-ASCII is written as UTF-8.
  public static func appendPretty(
    _ value: JSONValue, to out: inout [UInt8], sortedKeys: Bool = true, indent: Int = 2
  ) {
    appendPretty(value, to: &out, sortedKeys: sortedKeys, indent: max(0, indent), level: 0)
  }

  private static func appendPretty(
    _ value: JSONValue, to out: inout [UInt8], sortedKeys: Bool, indent: Int, level: Int
  ) {
    switch value {
    case .array(let elements) where !elements.isEmpty:
      out.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        appendNewline(indent: indent * (level + 1), to: &out)
        appendPretty(element, to: &out, sortedKeys: sortedKeys, indent: indent, level: level + 1)
      }
      appendNewline(indent: indent * level, to: &out)
      out.append(UInt8(ascii: "]"))
    case .object(let object) where !object.isEmpty:
      out.append(UInt8(ascii: "{"))
      for (position, member) in ordered(object, sortedKeys: sortedKeys).enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        appendNewline(indent: indent * (level + 1), to: &out)
        appendString(member.key, to: &out)
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
        appendPretty(member.value, to: &out, sortedKeys: sortedKeys, indent: indent, level: level + 1)
      }
      appendNewline(indent: indent * level, to: &out)
      out.append(UInt8(ascii: "}"))
    default:
      append(value, to: &out)
    }
  }

  // MARK: - Helpers

  /// The members of `object`, in stored order or sorted by key (by Unicode code point, like Python).
  private static func ordered(_ object: JSONObject, sortedKeys: Bool) -> [JSONObject.Member] {
    guard sortedKeys, object.members.count > 1 else { return object.members }
    return object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  }

  private static func append(_ text: StaticString, to out: inout [UInt8]) {
    text.withUTF8Buffer { out.append(contentsOf: $0) }
  }

  private static func appendNewline(indent: Int, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
  }

  /// The length in bytes (2 or 3) of the character at `index` when it is one a JSON string
  /// escapes although JSON allows it raw: a C1 control (U+0080–U+009F), U+2028, U+2029 or a
  /// bidirectional control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069); else 0.
  @inlinable @inline(never)
  public static func escapedSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let count = bytes.count
    switch bytes[index] {
    case 0xC2:
      return index + 1 < count && bytes[index + 1] & 0xE0 == 0x80 ? 2 : 0
    case 0xD8:
      return index + 1 < count && bytes[index + 1] == 0x9C ? 2 : 0
    case 0xE2:
      guard index + 2 < count else { return 0 }
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      if second == 0x80, third == 0x8E || third == 0x8F || (third >= 0xA8 && third <= 0xAE) { return 3 }
      if second == 0x81, third >= 0xA6 && third <= 0xA9 { return 3 }
      return 0
    default:
      return 0
    }
  }

  /// Appends `\uxxxx` (lower-case hex) for the 2- or 3-byte character at `index`.
  private static func appendUnicodeEscape(
    for bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, to out: inout [UInt8]
  ) {
    let value: UInt32 =
      length == 2
      ? UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
      : UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
    out.append(UInt8(ascii: "\\"))
    out.append(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8((value >> UInt32(shift)) & 0xF)
      out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }

  /// Appends the escape for `byte` (a quote, backslash or control character).
  private static func appendEscape(for byte: UInt8, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
    case 0x08: out.append(UInt8(ascii: "b"))
    case 0x0C: out.append(UInt8(ascii: "f"))
    case 0x0A: out.append(UInt8(ascii: "n"))
    case 0x0D: out.append(UInt8(ascii: "r"))
    case 0x09: out.append(UInt8(ascii: "t"))
    default:
      // Lower-case hex, as Python writes it; only bytes below 0x20 get here.
      out.append(UInt8(ascii: "u"))
      out.append(UInt8(ascii: "0"))
      out.append(UInt8(ascii: "0"))
      out.append(UInt8(ascii: "0") + byte >> 4)
      let low = byte & 0x0F
      out.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
    }
  }
}
