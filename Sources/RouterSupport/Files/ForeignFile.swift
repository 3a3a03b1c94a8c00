/// A file that is not of the kind it was named as (a fixture's `table` naming `/etc/passwd`),
/// reported without quoting it: a short, escaped excerpt of its start, never a line of it.
///
/// A table, a fixture, a session file and an AASA file are JSON objects, so a file of one of
/// those kinds starts with `{` (after white space and a byte-order mark); an Info.plist starts
/// with `<` (XML), `bplist` (binary) or `{` / `(` (OpenStep). A file that does not, and does not
/// parse, is another kind of file: its error names the file and quotes at most its first
/// ``excerptBytes`` bytes, escaped, and has no position (so no source line is shown under it).
///
/// ```swift
/// ForeignFile.isForeign(Array("root:x:0:0".utf8), as: .table)   // true
/// ForeignFile.excerpt(Array("root:x:0:0:root:/root:/bin/bash\n".utf8))  // "\"root:x:0:0:root:/root:/b\"…"
/// ```
package enum ForeignFile {
  /// The most bytes of a foreign file an error quotes.
  package static let excerptBytes = 24

  /// Whether `bytes`, which did not parse as `kind`, are not a file of that kind at all.
  package static func isForeign(_ bytes: [UInt8], as kind: FileKind) -> Bool {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    guard start < bytes.count else { return false }  // empty: an ordinary syntax error
    let first = bytes[start]
    switch kind {
    case .infoPlist:
      return
        !(first == UInt8(ascii: "<") || first == UInt8(ascii: "{") || first == UInt8(ascii: "(")
        || bytes[start...].starts(with: Array("bplist".utf8)) || first == UInt8(ascii: "/"))
    case .projectFile:
      return false
    case .table, .fixture, .sessions, .aasa, .summary:
      return first != UInt8(ascii: "{")
    }
  }

  /// The first ``excerptBytes`` bytes, cut between characters, as a quoted Swift string
  /// literal (controls escaped), with `…` when the file has more.
  package static func excerpt(_ bytes: [UInt8]) -> String {
    var end = min(bytes.count, excerptBytes)
    while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    let text = String(decoding: bytes[..<end], as: UTF8.self)
    var quoted = text.debugDescription
    // debugDescription leaves the bidirectional controls and separators raw: escape them too.
    quoted = String(
      quoted.unicodeScalars.map { scalar -> String in
        let v = scalar.value
        let deceiving =
          (v >= 0x80 && v <= 0x9F) || v == 0x061C || v == 0x200E || v == 0x200F || (v >= 0x2028 && v <= 0x202E)
          || (v >= 0x2066 && v <= 0x2069)
        return deceiving ? "\\u{\(String(v, radix: 16, uppercase: true))}" : String(scalar)
      }.joined())
    return quoted + (end < bytes.count ? "…" : "")
  }

  /// The error for `file`, which is not `kind`: `'x' cannot be the route table: it is not a
  /// JSON object; it starts with "root:x:0:0:root:/root:/b"…`.
  package static func diagnostic(_ code: DiagnosticCode, file: String, kind: FileKind, bytes: [UInt8]) -> Diagnostic {
    let format = kind == .infoPlist ? "in a property list format" : "a JSON object"
    return Diagnostic(
      .error, code, "'\(file)' cannot be \(kind): it is not \(format); it starts with \(excerpt(bytes))")
  }
}
