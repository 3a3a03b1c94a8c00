import RouterSupport

/// Reading hand-written UIKit predicates in the subset UIKit allows (M8):
///
/// ```
/// predicate  = or
/// or         = and *(("OR" | "||") and)
/// and        = unary *(("AND" | "&&") unary)
/// unary      = ("NOT" | "!") unary | "(" predicate ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
/// comparison = "self" operator ["[" ("c" | "d" | "cd" | "dc") "]"] string
/// operator   = "==" | "=" | "BEGINSWITH" | "ENDSWITH" | "CONTAINS" | "LIKE"
/// string     = '…' | "…"          (backslash escapes \' \" \\)
/// ```
/// Keywords are case-insensitive. `MATCHES`, key paths other than `self`, blocks, selectors and
/// format arguments are refused with the reason (M8).
extension ActivationPredicate {
  /// Parses a predicate, or throws the first problem with its UTF-8 offset.
  public init(parsing text: String) throws(TemplateErrors) {
    var parser = PredicateParser(Array(text.utf8))
    let predicate = try parser.parseOr()
    parser.skipSpace()
    if parser.index < parser.bytes.count {
      throw parser.error("expected AND, OR or the end of the predicate")
    }
    self = predicate
  }
}

private struct PredicateParser {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func error(_ message: String) -> TemplateErrors {
    TemplateErrors([TemplateError(.invalidPredicate, message, at: index)])
  }

  mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
    {
      index += 1
    }
  }

  /// The next word (letters only), uppercased, without consuming it.
  func peekWord() -> String {
    var i = index
    while i < bytes.count, (bytes[i] | 0x20) >= 0x61, (bytes[i] | 0x20) <= 0x7A { i += 1 }
    return String(decoding: bytes[index..<i], as: UTF8.self).uppercased()
  }

  mutating func consume(_ text: String) -> Bool {
    skipSpace()
    let t = Array(text.utf8)
    if bytes[index...].starts(with: t) {
      index += t.count
      return true
    }
    return false
  }

  mutating func consumeWord(_ word: String) -> Bool {
    skipSpace()
    if peekWord() == word {
      index += word.utf8.count
      return true
    }
    return false
  }

  mutating func parseOr() throws(TemplateErrors) -> ActivationPredicate {
    var parts = [try parseAnd()]
    while consumeWord("OR") || consume("||") { parts.append(try parseAnd()) }
    return parts.count == 1 ? parts[0] : .or(parts)
  }

  mutating func parseAnd() throws(TemplateErrors) -> ActivationPredicate {
    var parts = [try parseUnary()]
    while consumeWord("AND") || consume("&&") { parts.append(try parseUnary()) }
    return parts.count == 1 ? parts[0] : .and(parts)
  }

  mutating func parseUnary() throws(TemplateErrors) -> ActivationPredicate {
    skipSpace()
    if consumeWord("NOT")
      || (index < bytes.count && bytes[index] == UInt8(ascii: "!")
        && !(index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "=")))
    {
      if index < bytes.count, bytes[index] == UInt8(ascii: "!") { index += 1 }
      return .not(try parseUnary())
    }
    if consume("(") {
      let inner = try parseOr()
      guard consume(")") else { throw error("expected ')'") }
      return inner
    }
    if consumeWord("TRUEPREDICATE") { return .always }
    if consumeWord("FALSEPREDICATE") { return .never }
    return try parseComparison()
  }

  mutating func parseComparison() throws(TemplateErrors) -> ActivationPredicate {
    skipSpace()
    let start = index
    let word = peekWord()
    guard word == "SELF" else {
      if index < bytes.count && (bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"")) {
        throw error("write the comparison as 'self <operator> <string>' (the string on the right)")
      }
      if index < bytes.count && (bytes[index] == UInt8(ascii: "%") || bytes[index] == UInt8(ascii: "$")) {
        throw error("format arguments and variables are not allowed; write the string literally")
      }
      throw error(
        word.isEmpty
          ? "expected 'self', TRUEPREDICATE, FALSEPREDICATE, NOT or '('"
          : "UIKit predicates may only use 'self', not the key path '\(word.lowercased())' (M8)")
    }
    index += 4
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      throw error("UIKit predicates may only use 'self', not a key path off it (M8)")
    }
    skipSpace()
    let op: ActivationPredicate.Comparison.Operator
    if consume("==") || consume("=") {
      op = .equals
    } else {
      let name = peekWord()
      switch name {
      case "BEGINSWITH": op = .beginsWith
      case "ENDSWITH": op = .endsWith
      case "CONTAINS": op = .contains
      case "LIKE": op = .like
      case "MATCHES": throw error("MATCHES is not allowed in scene activation conditions (M8)")
      default:
        let known = ActivationPredicate.Comparison.Operator.allCases.map(\.rawValue).joined(separator: ", ")
        throw error("expected an operator after 'self' (\(known))")
      }
      index += name.utf8.count
    }
    var caseInsensitive = false
    var diacriticInsensitive = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
        switch bytes[index] | 0x20 {
        case UInt8(ascii: "c"): caseInsensitive = true
        case UInt8(ascii: "d"): diacriticInsensitive = true
        default: throw error("expected the options c, d or cd inside '[…]'")
        }
        index += 1
      }
      guard index < bytes.count else { throw error("expected ']'") }
      index += 1
    }
    skipSpace()
    let value = try parseString()
    _ = start
    return .comparison(.init(op, value, caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive))
  }

  mutating func parseString() throws(TemplateErrors) -> String {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"") else {
      throw error("expected a quoted string")
    }
    let quote = bytes[index]
    index += 1
    var out: [UInt8] = []
    while index < bytes.count, bytes[index] != quote {
      if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
        index += 1
      }
      out.append(bytes[index])
      index += 1
    }
    guard index < bytes.count else { throw error("unterminated string") }
    index += 1
    return String(decoding: out, as: UTF8.self)
  }
}
