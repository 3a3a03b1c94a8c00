/// Text that is safe to print on a terminal: control characters made visible, long lines clipped.
///
/// Records and diagnostics for people quote what the input held (a JSON key, a session id, a
/// line of a table), and input comes from anywhere. Printed as is, an escape sequence would
/// drive the reader's terminal, a line feed would split one record over two lines, and a
/// bidirectional control would make a link display as another (`x\u{202E}gnp.exe` shows as
/// `xexe.png`). So the text forms write every C0 control character (except TAB where a caret
/// must line up), DEL, every C1 control, U+2028, U+2029 and the bidirectional controls
/// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as `\u{XX}`; the JSON forms escape
/// them as `\uXXXX` (``JSONWriter``).
///
/// ```swift
/// TerminalText.visible("key\u{1B}[31m")           // "key\u{1B}[31m", printed as `key\u{1B}[31m`
/// TerminalText.window("…a very long line…", column: 5000, width: 120)
/// ```
package enum TerminalText {
  /// `text` with C0 controls (TAB too unless `keepTabs`), DEL and C1 controls written as `\u{XX}`.
  package static func visible(_ text: String, keepTabs: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0, keepTabs: keepTabs) }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar, keepTabs: keepTabs) {
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Whether a scalar is a character to escape: a control, a line or paragraph separator, or a
  /// bidirectional control (which would reorder what the terminal shows: `x\u{202E}gnp.exe`
  /// displays as `xexe.png`).
  static func needsEscape(_ scalar: Unicode.Scalar, keepTabs: Bool) -> Bool {
    let v = scalar.value
    if v == 0x09 { return !keepTabs }
    if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
    guard v >= 0x061C else { return false }
    return v == 0x061C || v == 0x200E || v == 0x200F || (v >= 0x2028 && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
  }

  /// At most about `width` characters of `line` around the 1-based byte `column`, with `…` where
  /// text was cut, and the column within the result (1-based, in bytes).
  ///
  /// A line no longer than `width` bytes comes back whole. Cuts fall between characters.
  package static func window(_ line: String, column: Int, width: Int = 160) -> (text: String, column: Int) {
    let bytes = Array(line.utf8)
    guard bytes.count > width else { return (line, column) }
    let caret = max(0, min(column - 1, bytes.count))
    var start = max(0, caret - width / 2)
    var end = min(bytes.count, start + width)
    start = max(0, min(start, end - width))
    // Move the cuts off UTF-8 continuation bytes.
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    let prefix = start > 0 ? "…" : ""
    let suffix = end < bytes.count ? "…" : ""
    let text = prefix + String(decoding: bytes[start..<end], as: UTF8.self) + suffix
    return (text, caret - start + prefix.utf8.count + 1)
  }
}
