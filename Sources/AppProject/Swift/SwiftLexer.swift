package import RouterSupport

/// A small Swift lexer of our own: enough of the language to find scenes, modifiers and calls,
/// never enough to type-check.
///
/// It knows line comments and nested block comments; string literals, single-line and
/// multi-line (`"""`), raw (`#"…"#`, any number of `#`), with escapes and `\(…)` interpolation
/// (an interpolated literal has no value); numbers; identifiers, backticked ones and `$0`;
/// operators; and the `#if`/`#elseif`/`#else`/`#endif` directives, whose conditions it keeps for
/// ``CompilationConditions``. A regex literal (`/…/`) is read as operators and names, which is
/// harmless unless it holds a `"`. A source that ends inside a comment or a string is a
/// `swift-syntax` error at its start; the tokens before it are kept.
///
/// ```swift
/// let lexed = SwiftLexer.tokens(of: SourceText(file: "A.swift", text: "#if os(visionOS)\nImmersiveSpace {}\n#endif"))
/// lexed.tokens.first?.kind                       // .directive
/// lexed.tokens.first?.condition.map(\.text)      // ["os", "(", "visionOS", ")"]
/// ```
package enum SwiftLexer {
  package struct Lexed: Sendable {
    package var tokens: [SwiftToken]
    package var diagnostics: [Diagnostic]
  }

  package static func tokens(of source: SourceText) -> Lexed {
    var lexer = Lexer(source: source)
    lexer.run()
    return Lexed(tokens: lexer.tokens, diagnostics: lexer.diagnostics)
  }
}

extension SwiftLexer {
  private struct Lexer {
    let source: SourceText
    let b: [UInt8]
    var i = 0
    var tokens: [SwiftToken] = []
    var diagnostics: [Diagnostic] = []
    var sawNewline = true
    /// The directive whose condition is being read (its index in `tokens`), until the line ends.
    var directive: Int?

    init(source: SourceText) {
      self.source = source
      self.b = source.bytes
    }

    mutating func error(_ message: String, at offset: Int) {
      diagnostics.append(Diagnostic(.error, .swiftSyntax, message, at: source.location(at: offset)))
    }

    func peek(_ k: Int = 0) -> UInt8? { i + k < b.count ? b[i + k] : nil }

    mutating func emit(_ token: SwiftToken) {
      var token = token
      token.newlineBefore = sawNewline
      sawNewline = false
      if let d = directive {
        tokens[d].condition.append(token)
      } else {
        tokens.append(token)
      }
    }

    mutating func newline() {
      sawNewline = true
      directive = nil
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
      (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == UInt8(ascii: "_") || c >= 0x80
    }

    static func isIdentifierPart(_ c: UInt8) -> Bool { isIdentifierStart(c) || (c >= 0x30 && c <= 0x39) }

    static let operatorCharacters = Set("/=-+*%<>&|^~".utf8)
    static let punctuationCharacters = Set("(){}[],:;@\\?!".utf8)

    mutating func run() {
      while i < b.count {
        let c = b[i]
        switch c {
        case 0x0A:
          newline()
          i += 1
        case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
          i += 1
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
          while i < b.count, b[i] != 0x0A { i += 1 }
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
          guard blockComment() else { return }
        case UInt8(ascii: "\""):
          guard string(hashes: 0) else { return }
        case UInt8(ascii: "#"):
          var hashes = 0
          while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
          if peek(hashes) == UInt8(ascii: "\"") {
            let start = i
            i += hashes
            guard string(hashes: hashes, start: start) else { return }
          } else {
            pound()
          }
        case UInt8(ascii: "`"):
          let start = i
          i += 1
          while i < b.count, b[i] != UInt8(ascii: "`"), b[i] != 0x0A { i += 1 }
          emit(SwiftToken(.identifier, String(decoding: b[(start + 1)..<i], as: UTF8.self), at: start))
          if peek() == UInt8(ascii: "`") { i += 1 }
        case UInt8(ascii: "$"):
          let start = i
          i += 1
          while let n = peek(), Self.isIdentifierPart(n) { i += 1 }
          emit(SwiftToken(.identifier, String(decoding: b[start..<i], as: UTF8.self), at: start))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
          let start = i
          while let n = peek(),
            Self.isIdentifierPart(n) || (n == UInt8(ascii: ".") && (peek(1).map { $0 >= 0x30 && $0 <= 0x39 } ?? false))
          {
            i += 1
          }
          emit(SwiftToken(.number, String(decoding: b[start..<i], as: UTF8.self), at: start))
        case UInt8(ascii: "."):
          let start = i
          if peek(1) == UInt8(ascii: ".") {
            while let n = peek(), n == UInt8(ascii: ".") || n == UInt8(ascii: "<") { i += 1 }
            emit(SwiftToken(.operator, String(decoding: b[start..<i], as: UTF8.self), at: start))
          } else {
            i += 1
            emit(SwiftToken(.punctuation, ".", at: start))
          }
        default:
          if Self.isIdentifierStart(c) {
            let start = i
            while let n = peek(), Self.isIdentifierPart(n) { i += 1 }
            emit(SwiftToken(.identifier, String(decoding: b[start..<i], as: UTF8.self), at: start))
          } else if Self.punctuationCharacters.contains(c) {
            emit(SwiftToken(.punctuation, String(UnicodeScalar(c)), at: i))
            i += 1
          } else if Self.operatorCharacters.contains(c) {
            let start = i
            while let n = peek(), Self.operatorCharacters.contains(n) {
              if n == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*"), i > start {
                break
              }
              i += 1
            }
            emit(SwiftToken(.operator, String(decoding: b[start..<i], as: UTF8.self), at: start))
          } else {
            i += 1  // a character Swift does not use outside strings; skipped
          }
        }
      }
    }

    /// `/* … */`, nested; false (after an error) when it is not closed.
    mutating func blockComment() -> Bool {
      let start = i
      var depth = 0
      while i < b.count {
        if b[i] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
          depth += 1
          i += 2
        } else if b[i] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
          depth -= 1
          i += 2
          if depth == 0 { return true }
        } else {
          if b[i] == 0x0A { newline() }
          i += 1
        }
      }
      error("the comment is not closed with '*/'; the rest of the file is not read", at: start)
      return false
    }

    /// `#word`: a directive at the start of a line, else a pound word (`#available`, `#Preview`).
    mutating func pound() {
      let start = i
      i += 1
      let nameStart = i
      while let n = peek(), Self.isIdentifierPart(n) { i += 1 }
      let name = String(decoding: b[nameStart..<i], as: UTF8.self)
      if ["if", "elseif", "else", "endif"].contains(name) {
        emit(SwiftToken(.directive, name, at: start))
        directive = name == "if" || name == "elseif" ? tokens.count - 1 : nil
      } else {
        emit(SwiftToken(.pound, "#" + name, at: start))
      }
    }

    /// A string literal at the cursor (after `hashes` `#`s, the literal starting at `start`);
    /// false (after an error) when it is not closed.
    mutating func string(hashes: Int, start: Int? = nil) -> Bool {
      let start = start ?? i
      let multiline = peek(0) == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
      i += multiline ? 3 : 1
      var value: [UInt8] = []
      var interpolated = false
      while i < b.count {
        let c = b[i]
        if c == UInt8(ascii: "\""), closes(multiline: multiline, hashes: hashes) {
          i += (multiline ? 3 : 1) + hashes
          var token = SwiftToken(
            .string, interpolated ? "" : String(decoding: multiline ? trimmedMultiline(value) : value, as: UTF8.self),
            at: start)
          token.isInterpolated = interpolated
          emit(token)
          return true
        }
        if c == 0x0A {
          guard multiline else { break }
          value.append(c)
          i += 1
          continue
        }
        if c == UInt8(ascii: "\\"), escapeFollows(hashes: hashes) {
          i += 1 + hashes
          guard let e = peek() else { break }
          if e == UInt8(ascii: "(") {
            interpolated = true
            guard interpolation() else { return false }
            continue
          }
          i += 1
          switch e {
          case UInt8(ascii: "n"): value.append(0x0A)
          case UInt8(ascii: "t"): value.append(0x09)
          case UInt8(ascii: "r"): value.append(0x0D)
          case UInt8(ascii: "0"): value.append(0)
          case UInt8(ascii: "u"):
            if peek() == UInt8(ascii: "{") {
              let digitsStart = i + 1
              while let d = peek(), d != UInt8(ascii: "}") { i += 1 }
              let digits = String(decoding: b[digitsStart..<i], as: UTF8.self)
              i += 1
              let scalar = UInt32(digits, radix: 16).flatMap(UnicodeScalar.init) ?? "\u{FFFD}"
              value += Array(String(Character(scalar)).utf8)
            }
          case 0x0A: break  // a line continuation in a multi-line string
          default: value.append(e)
          }
          continue
        }
        value.append(c)
        i += 1
      }
      error("the string literal is not closed; the rest of the file is not read", at: start)
      i = b.count
      return false
    }

    /// Whether the `"` at the cursor closes the literal (followed by the closing `#`s).
    func closes(multiline: Bool, hashes: Int) -> Bool {
      if multiline, !(peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")) { return false }
      let after = multiline ? 3 : 1
      return (0..<hashes).allSatisfy { peek(after + $0) == UInt8(ascii: "#") }
    }

    /// Whether the `\` at the cursor starts an escape in a literal with `hashes` `#`s.
    func escapeFollows(hashes: Int) -> Bool {
      (0..<hashes).allSatisfy { peek(1 + $0) == UInt8(ascii: "#") }
    }

    /// Skips `( … )` of an interpolation, nested parentheses and strings included.
    mutating func interpolation() -> Bool {
      let start = i
      var depth = 0
      while i < b.count {
        let c = b[i]
        if c == UInt8(ascii: "(") {
          depth += 1
        } else if c == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 {
            i += 1
            return true
          }
        } else if c == UInt8(ascii: "\"") {
          let saved = tokens.count
          let savedDirective = directive
          directive = nil
          guard string(hashes: 0) else { return false }
          tokens.removeSubrange(saved...)
          directive = savedDirective
          continue
        }
        i += 1
      }
      error("the interpolation is not closed with ')'", at: start)
      return false
    }

    /// A multi-line literal's value without its first line break and the last line's indentation
    /// taken from every line (the closing delimiter's indentation, as Swift does).
    func trimmedMultiline(_ value: [UInt8]) -> [UInt8] {
      var lines = value.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
      if lines.first?.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) == true { lines.removeFirst() }
      guard let last = lines.last, last.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
        return Array(lines.joined(separator: [0x0A]))
      }
      lines.removeLast()
      let indent = last.count
      return Array(
        lines.map { Array($0.dropFirst(min(indent, $0.prefix { $0 == 0x20 || $0 == 0x09 }.count))) }
          .joined(separator: [0x0A]))
    }
  }
}
