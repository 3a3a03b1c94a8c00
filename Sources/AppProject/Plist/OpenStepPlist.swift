package import RouterSupport

/// A positioned reader of old-style (OpenStep) property lists: the format of `project.pbxproj`.
///
/// Foundation's `PropertyListSerialization` reads this format on Linux too (a test holds the two
/// to the same values), but it gives no positions and stops at the first error with a line
/// number at best. This reader keeps the offset of every key and value, so a build setting can
/// say which line set it, and it recovers from an error at the next `;` (in a dictionary) or `,`
/// (in an array) of the same level: one malformed object costs that object, not the project.
///
/// The grammar: `//` and `/* */` comments; strings quoted (`"…"` with `\"`, `\\`, `\n`, `\t`,
/// `\r`, `\U0041` and octal escapes) or bare (letters, digits and `_$+/:.-~`); data `<0fbd 77>`;
/// arrays `( a, b, )`; dictionaries `{ key = value; }`. Cost: one pass, O(n).
///
/// ```swift
/// let parsed = OpenStepPlist.parse(SourceText(file: "p.pbxproj", text: "{ a = (1, 2); }"))
/// parsed.root?["a"]?.strings   // ["1", "2"]
/// parsed.diagnostics           // []
/// ```
package enum OpenStepPlist {
  /// The root value (nil when nothing could be read) and every syntax error.
  package struct Parsed: Sendable {
    package var root: PlistNode?
    package var diagnostics: [Diagnostic]
  }

  /// Reads `source`; errors are `plist-syntax` diagnostics at the offending byte.
  package static func parse(_ source: SourceText) -> Parsed {
    var parser = Parser(source: source)
    parser.skipTrivia()
    guard parser.i < parser.bytes.count else {
      parser.error("the file is empty; expected a property list", at: 0)
      return Parsed(root: nil, diagnostics: parser.diagnostics)
    }
    let root = parser.value()
    parser.skipTrivia()
    if parser.i < parser.bytes.count, root != nil {
      parser.error("unexpected text after the end of the property list", at: parser.i)
    }
    return Parsed(root: root, diagnostics: parser.diagnostics)
  }
}

extension OpenStepPlist {
  private struct Parser {
    let source: SourceText
    let bytes: [UInt8]
    var i = 0
    var diagnostics: [Diagnostic] = []

    init(source: SourceText) {
      self.source = source
      self.bytes = source.bytes
    }

    mutating func error(_ message: String, at offset: Int, notes: [Diagnostic.Note] = []) {
      diagnostics.append(
        Diagnostic(.error, .plistSyntax, message, at: source.location(at: offset), notes: notes))
    }

    var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Skips white space and comments; an unterminated block comment is an error.
    mutating func skipTrivia() {
      while i < bytes.count {
        let b = bytes[i]
        if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
          i += 1
        } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
          while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
          let start = i
          i += 2
          while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
          if i + 1 >= bytes.count {
            i = bytes.count
            error("the comment is not closed with '*/'", at: start)
            return
          }
          i += 2
        } else {
          return
        }
      }
    }

    static func isBare(_ b: UInt8) -> Bool {
      (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b >= 0x80
        || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b == UInt8(ascii: "+") || b == UInt8(ascii: "/")
        || b == UInt8(ascii: ":") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "~")
    }

    /// A value at the cursor (trivia already skipped), or nil after reporting an error.
    mutating func value() -> PlistNode? {
      guard let b = current else {
        error("the file ends where a value was expected", at: bytes.count)
        return nil
      }
      let start = i
      switch b {
      case UInt8(ascii: "{"): return dictionary()
      case UInt8(ascii: "("): return array()
      case UInt8(ascii: "<"): return data()
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        return quoted().map { PlistNode(.string($0), at: start) }
      default:
        guard Self.isBare(b) else {
          error("unexpected '\(Self.describe(b))'; expected a string, '{', '(' or '<'", at: i)
          return nil
        }
        while let c = current, Self.isBare(c) { i += 1 }
        return PlistNode(.string(String(decoding: bytes[start..<i], as: UTF8.self)), at: start)
      }
    }

    static func describe(_ b: UInt8) -> String {
      b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
    }

    /// `{ key = value; … }`; recovers at the next `;` of this level after an error.
    mutating func dictionary() -> PlistNode {
      let open = i
      i += 1
      var entries: [PlistNode.Entry] = []
      while true {
        skipTrivia()
        guard let b = current else {
          error(
            "the dictionary is not closed: expected '}'", at: bytes.count,
            notes: [.init("the dictionary opens here", at: source.location(at: open))])
          break
        }
        if b == UInt8(ascii: "}") {
          i += 1
          break
        }
        if b == UInt8(ascii: ")") {
          strayCloser()
          continue
        }
        let keyOffset = i
        guard let key = keyString() else {
          recover(to: UInt8(ascii: ";"))
          continue
        }
        skipTrivia()
        guard current == UInt8(ascii: "=") else {
          error("expected '=' after the key '\(key)'", at: i)
          recover(to: UInt8(ascii: ";"))
          continue
        }
        i += 1
        skipTrivia()
        guard let value = value() else {
          recover(to: UInt8(ascii: ";"))
          continue
        }
        skipTrivia()
        if current == UInt8(ascii: ";") {
          i += 1
        } else {
          error("expected ';' after the value of '\(key)'", at: i)
          recover(to: UInt8(ascii: ";"))
        }
        entries.append(PlistNode.Entry(key: key, keyOffset: keyOffset, value: value))
      }
      return PlistNode(.dictionary(entries), at: open)
    }

    /// Skips a `)` in a dictionary or a `}` in an array, reporting it unless the error just
    /// reported is already at it.
    mutating func strayCloser() {
      if diagnostics.last?.location?.offset != i {
        error("unexpected '\(Self.describe(bytes[i]))'", at: i)
      }
      i += 1
    }

    /// A dictionary key: a quoted or bare string.
    mutating func keyString() -> String? {
      guard let b = current else { return nil }
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { return quoted() }
      guard Self.isBare(b) else {
        error("unexpected '\(Self.describe(b))'; expected a key", at: i)
        return nil
      }
      let start = i
      while let c = current, Self.isBare(c) { i += 1 }
      return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// `( a, b, )`; recovers at the next `,` of this level after an error.
    mutating func array() -> PlistNode {
      let open = i
      i += 1
      var elements: [PlistNode] = []
      while true {
        skipTrivia()
        guard let b = current else {
          error(
            "the array is not closed: expected ')'", at: bytes.count,
            notes: [.init("the array opens here", at: source.location(at: open))])
          break
        }
        if b == UInt8(ascii: ")") {
          i += 1
          break
        }
        if b == UInt8(ascii: "}") {
          strayCloser()
          continue
        }
        guard let element = value() else {
          recover(to: UInt8(ascii: ","))
          continue
        }
        elements.append(element)
        skipTrivia()
        if current == UInt8(ascii: ",") {
          i += 1
        } else if current != UInt8(ascii: ")") {
          if current == nil { continue }
          error("expected ',' or ')' in the array", at: i)
          recover(to: UInt8(ascii: ","))
        }
      }
      return PlistNode(.array(elements), at: open)
    }

    /// `<0fbd77 1a>`.
    mutating func data() -> PlistNode? {
      let open = i
      i += 1
      var out: [UInt8] = []
      var high: UInt8?
      while let b = current, b != UInt8(ascii: ">") {
        i += 1
        if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { continue }
        guard let nibble = Self.hex(b) else {
          error("'\(Self.describe(b))' is not a hexadecimal digit in data", at: i - 1)
          while let c = current, c != UInt8(ascii: ">") { i += 1 }
          if current != nil { i += 1 }
          return nil
        }
        if let h = high {
          out.append(h << 4 | nibble)
          high = nil
        } else {
          high = nibble
        }
      }
      guard current == UInt8(ascii: ">") else {
        error("the data is not closed: expected '>'", at: open)
        return nil
      }
      i += 1
      if high != nil { error("data has an odd number of hexadecimal digits", at: open) }
      return PlistNode(.data(out), at: open)
    }

    static func hex(_ b: UInt8) -> UInt8? {
      switch b {
      case 0x30...0x39: return b - 0x30
      case 0x41...0x46: return b - 0x41 + 10
      case 0x61...0x66: return b - 0x61 + 10
      default: return nil
      }
    }

    /// A quoted string with its escapes decoded; nil (after an error) when it is not closed.
    mutating func quoted() -> String? {
      let open = i
      let quote = bytes[i]
      i += 1
      var out: [UInt8] = []
      while let b = current {
        i += 1
        if b == quote { return String(decoding: out, as: UTF8.self) }
        guard b == UInt8(ascii: "\\"), let e = current else {
          out.append(b)
          continue
        }
        i += 1
        switch e {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "a"): out.append(0x07)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "v"): out.append(0x0B)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
          var code: UInt32 = 0
          var digits = 0
          while digits < 4, let d = current, let n = Self.hex(d) {
            code = code << 4 | UInt32(n)
            i += 1
            digits += 1
          }
          out += Array(String(UnicodeScalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
        case 0x30...0x37:
          var code = UInt32(e - 0x30)
          var digits = 1
          while digits < 3, let d = current, d >= 0x30, d <= 0x37 {
            code = code << 3 | UInt32(d - 0x30)
            i += 1
            digits += 1
          }
          out.append(UInt8(truncatingIfNeeded: code))
        default: out.append(e)
        }
      }
      error("the string is not closed with \(quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\"")", at: open)
      return nil
    }

    /// After an error: moves past the next `separator` at this nesting level, or stops before
    /// the `}` or `)` that ends the enclosing container, or at the end of the file. Strings and
    /// comments are skipped whole, so a `;` inside them does not count.
    mutating func recover(to separator: UInt8) {
      var depth = 0
      while let b = current {
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
          let saved = diagnostics.count
          if quoted() == nil {
            diagnostics.removeSubrange(saved...)
            return
          }
          continue
        }
        if b == UInt8(ascii: "/"), i + 1 < bytes.count,
          bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*")
        {
          skipTrivia()
          continue
        }
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "(") {
          depth += 1
        } else if b == UInt8(ascii: "}") || b == UInt8(ascii: ")") {
          if depth == 0 { return }
          depth -= 1
        } else if depth == 0, b == separator {
          i += 1
          return
        }
        i += 1
      }
    }
  }
}
