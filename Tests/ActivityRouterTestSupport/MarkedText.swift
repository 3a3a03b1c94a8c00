/// Text with position markers (1️⃣, 2️⃣, …) taken out, and the UTF-8 offset each marked.
///
/// ```swift
/// let marked = MarkedText(#"{ "id": 1️⃣"x" }"#)
/// marked.text            // { "id": "x" }
/// marked.offsets["1️⃣"]   // 8
/// ```
package struct MarkedText {
  package static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]
  package var text = ""
  package var offsets: [String: Int] = [:]

  package init(_ marked: String) {
    var rest = Substring(marked)
    while !rest.isEmpty {
      if let marker = MarkedText.markers.first(where: { rest.hasPrefix($0) }) {
        offsets[marker] = text.utf8.count
        rest = rest.dropFirst(marker.count)
      } else {
        text.append(rest.removeFirst())
      }
    }
  }

  /// The 1-based line and byte column of a marker.
  package func lineColumn(_ marker: String) -> (line: Int, column: Int)? {
    guard let offset = offsets[marker] else { return nil }
    let before = text.utf8.prefix(offset)
    let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
    let lastNewline =
      before.lastIndex(of: UInt8(ascii: "\n")).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0
    return (line, offset - lastNewline + 1)
  }
}
