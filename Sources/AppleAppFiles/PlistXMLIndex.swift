/// The byte offset of every value of an XML property list, by key path, found by scanning the text.
///
/// `PropertyListSerialization` reads the values but gives no positions, so this small scanner
/// walks the same XML and records, for each value, the offset of its `<key>` (inside a `<dict>`)
/// or of its start tag (inside an `<array>`, and for the root). It understands exactly what plist
/// XML uses: the `<?xml?>` declaration, `<!DOCTYPE>`, comments, `<plist>`, `<dict>`, `<array>`,
/// `<key>`, the scalar elements, empty elements (`<dict/>`), the five named entities, numeric
/// character references and CDATA in keys. It never fails: on text it does not understand it stops
/// and keeps what it found, and callers fall back to the nearest recorded ancestor.
/// Cost: one pass, O(n) in the size of the file.
///
/// ```swift
/// let index = PlistXMLIndex(bytes: Array(xml.utf8))
/// index.offset(of: [.key("NSUserActivityTypes"), .index(0)])   // offset of "<string>" of the first type
/// ```
package struct PlistXMLIndex: Sendable {
  /// One step of a path from the root value.
  package enum Step: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// Value offsets by path; the root is `[]`.
  private(set) var offsets: [[Step]: Int] = [:]

  /// Scans `bytes` (UTF-8 XML).
  package init(bytes: [UInt8]) {
    var scanner = Scanner(bytes: bytes)
    scanner.run()
    offsets = scanner.offsets
  }

  /// The offset recorded for `path`, or for its longest recorded prefix, or nil.
  package func offset(of path: [Step]) -> Int? {
    var path = path
    while true {
      if let offset = offsets[path] { return offset }
      if path.isEmpty { return nil }
      path.removeLast()
    }
  }
}

extension PlistXMLIndex {
  /// The scanner's state: a cursor and a stack of open containers.
  private struct Scanner {
    enum Frame {
      case dict(path: [Step], pendingKey: String?, keyOffset: Int)
      case array(path: [Step], next: Int)
    }

    let bytes: [UInt8]
    var i = 0
    var stack: [Frame] = []
    var offsets: [[Step]: Int] = [:]
    var sawRoot = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() {
      while i < bytes.count {
        guard bytes[i] == UInt8(ascii: "<") else {
          i += 1
          continue
        }
        let start = i
        if starts(with: "<?") {
          guard skip(past: "?>") else { return }
        } else if starts(with: "<!--") {
          guard skip(past: "-->") else { return }
        } else if starts(with: "<!") {
          guard skipDeclaration() else { return }
        } else if starts(with: "</") {
          i += 2
          let name = readName()
          guard skip(past: ">") else { return }
          if name == "dict" || name == "array" { _ = stack.popLast() }
        } else {
          i += 1
          let name = readName()
          guard let selfClosing = skipTagRest() else { return }
          guard element(name, start: start, selfClosing: selfClosing) else { return }
        }
      }
    }

    /// Handles a start tag; false stops the scan.
    mutating func element(_ name: String, start: Int, selfClosing: Bool) -> Bool {
      switch name {
      case "plist":
        return true
      case "key":
        guard !selfClosing else { return setKey("", at: start) }
        guard let text = readText(until: "key") else { return false }
        return setKey(text, at: start)
      default:
        guard let path = valuePath(start: start) else { return true }
        if name == "dict" || name == "array" {
          if !selfClosing {
            stack.append(
              name == "dict" ? .dict(path: path, pendingKey: nil, keyOffset: start) : .array(path: path, next: 0))
          }
          return true
        }
        return selfClosing || skipElementBody(name)
      }
    }

    /// Records a key for the innermost dict.
    mutating func setKey(_ key: String, at offset: Int) -> Bool {
      guard case .dict(let path, _, _) = stack.last else { return true }
      stack[stack.count - 1] = .dict(path: path, pendingKey: key, keyOffset: offset)
      return true
    }

    /// The path of a value starting at `start`, recording its offset; nil for a value with no place.
    mutating func valuePath(start: Int) -> [Step]? {
      switch stack.last {
      case nil:
        guard !sawRoot else { return nil }
        sawRoot = true
        offsets[[]] = start
        return []
      case .dict(let path, let key, let keyOffset):
        guard let key else { return nil }
        let child = path + [.key(key)]
        offsets[child] = keyOffset
        stack[stack.count - 1] = .dict(path: path, pendingKey: nil, keyOffset: keyOffset)
        return child
      case .array(let path, let next):
        let child = path + [.index(next)]
        offsets[child] = start
        stack[stack.count - 1] = .array(path: path, next: next + 1)
        return child
      }
    }

    func starts(with text: String) -> Bool {
      let t = Array(text.utf8)
      return i + t.count <= bytes.count && Array(bytes[i..<i + t.count]) == t
    }

    /// Moves past the next occurrence of `text`; false when there is none.
    mutating func skip(past text: String) -> Bool {
      let t = Array(text.utf8)
      while i + t.count <= bytes.count {
        if bytes[i] == t[0], Array(bytes[i..<i + t.count]) == t {
          i += t.count
          return true
        }
        i += 1
      }
      i = bytes.count
      return false
    }

    /// Skips `<!DOCTYPE …>` including an internal subset in brackets.
    mutating func skipDeclaration() -> Bool {
      var depth = 0
      while i < bytes.count {
        let b = bytes[i]
        i += 1
        if b == UInt8(ascii: "[") { depth += 1 }
        if b == UInt8(ascii: "]") { depth -= 1 }
        if b == UInt8(ascii: ">") && depth <= 0 { return true }
      }
      return false
    }

    mutating func readName() -> String {
      let start = i
      while i < bytes.count, !Self.isNameEnd(bytes[i]) { i += 1 }
      return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    static func isNameEnd(_ b: UInt8) -> Bool {
      b == UInt8(ascii: ">") || b == UInt8(ascii: "/") || b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
    }

    /// Skips attributes to the end of a start tag; whether it was `/>`, or nil at the end of input.
    mutating func skipTagRest() -> Bool? {
      var quote: UInt8?
      while i < bytes.count {
        let b = bytes[i]
        i += 1
        if let q = quote {
          if b == q { quote = nil }
        } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
          quote = b
        } else if b == UInt8(ascii: ">") {
          return i >= 2 && bytes[i - 2] == UInt8(ascii: "/")
        }
      }
      return nil
    }

    /// Skips to the end of `</name>`.
    mutating func skipElementBody(_ name: String) -> Bool {
      skip(past: "</\(name)") && skip(past: ">")
    }

    /// The text up to `</name>`, with entities and CDATA decoded.
    mutating func readText(until name: String) -> String? {
      var out: [UInt8] = []
      while i < bytes.count {
        if starts(with: "<![CDATA[") {
          i += 9
          let start = i
          guard skip(past: "]]>") else { return nil }
          out += bytes[start..<(i - 3)]
        } else if starts(with: "</") {
          guard skipElementBody(name) else { return nil }
          return String(decoding: out, as: UTF8.self)
        } else if bytes[i] == UInt8(ascii: "&") {
          out += readEntity()
        } else {
          out.append(bytes[i])
          i += 1
        }
      }
      return nil
    }

    /// Decodes one entity at the cursor (`&amp;`, `&#65;`, `&#x41;`); an unknown one stays as written.
    mutating func readEntity() -> [UInt8] {
      var end = i + 1
      while end < bytes.count, end - i < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
      guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
        i += 1
        return [UInt8(ascii: "&")]
      }
      let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
      let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
      var replacement: String?
      if let text = named[name] {
        replacement = text
      } else if name.hasPrefix("#x") || name.hasPrefix("#X") {
        replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
      } else if name.hasPrefix("#") {
        replacement = UInt32(name.dropFirst(1)).flatMap(Unicode.Scalar.init).map { String($0) }
      }
      guard let replacement else {
        i += 1
        return [UInt8(ascii: "&")]
      }
      i = end + 1
      return Array(replacement.utf8)
    }
  }
}
