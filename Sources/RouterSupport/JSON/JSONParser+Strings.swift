// Strings: validation of UTF-8, escapes and the fast path for strings without escapes.
extension JSONReader {
  /// Parses the string whose opening quote is at `index`; leaves `index` just past the closing quote.
  mutating func parseString() throws(JSONParseError) -> String {
    let quote = index
    let contentStart = quote + 1
    let count = bytes.count
    var cursor = contentStart
    while true {
      cursor = skipPlainASCII(from: cursor)
      guard cursor < count else { throw syntax("unterminated string", at: quote) }
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") { return try parseEscapedString(quote: quote, firstEscape: cursor) }
      if byte < 0x20 { throw controlCharacter(at: cursor) }
      if byte < 0x80 {
        cursor += 1
      } else {
        cursor = try validateUTF8(at: cursor)
      }
    }
    try checkStringLength(cursor - contentStart, quote: quote)
    index = cursor + 1
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<cursor]), as: UTF8.self)
  }

  /// Skips bytes that need no attention (printable ASCII other than `"` and `\`), eight at a time.
  @inline(__always)
  func skipPlainASCII(from start: Int) -> Int {
    var cursor = start
    let count = bytes.count
    if let base = bytes.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while cursor + 8 <= count {
        let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasControl = (word &- ones &* 0x20) & ~word
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let found = (word | hasControl | hasQuote | hasBackslash) & highs
        if found != 0 {
          // The lowest byte marked is one to stop at (a false mark only follows a true one).
          return cursor + found.trailingZeroBitCount &>> 3
        }
        cursor += 8
      }
    }
    while cursor < count {
      let byte = bytes[cursor]
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
      cursor += 1
    }
    return cursor
  }

  /// Parses the rest of a string that has an escape at `firstEscape`, decoding into `scratch`.
  mutating func parseEscapedString(quote: Int, firstEscape: Int) throws(JSONParseError) -> String {
    let count = bytes.count
    scratch.removeAll(keepingCapacity: true)
    var runStart = quote + 1
    var cursor = firstEscape
    while true {
      cursor = skipPlainASCII(from: cursor)
      guard cursor < count else { throw syntax("unterminated string", at: quote) }
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw controlCharacter(at: cursor) }
      if byte >= 0x80 {
        cursor = try validateUTF8(at: cursor)
        continue
      }
      // A backslash: copy the run before it, then decode the escape.
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<cursor]))
      guard cursor + 1 < count else { throw syntax("unterminated string", at: quote) }
      let escaped = bytes[cursor + 1]
      var length = 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"):
        let (scalar, escapeLength) = try unicodeEscape(at: cursor)
        appendUTF8(scalar)
        length = escapeLength
      default:
        let shown =
          escaped > 0x20 && escaped < 0x7F
          ? "'\\\(String(UnicodeScalar(escaped)))'" : "'\\' followed by \(describe(at: cursor + 1))"
        throw syntax(
          "invalid escape \(shown); the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: cursor)
      }
      cursor += length
      runStart = cursor
    }
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<cursor]))
    try checkStringLength(scratch.count, quote: quote)
    index = cursor + 1
    return String(decoding: scratch, as: UTF8.self)
  }

  /// Decodes the `\uXXXX` escape (or surrogate pair of escapes) at `backslash`: the scalar and the escape's
  /// length in bytes.
  func unicodeEscape(at backslash: Int) throws(JSONParseError) -> (scalar: UInt32, length: Int) {
    guard let value = JSONParser.hexQuad(bytes, at: backslash + 2) else {
      throw syntax("invalid escape '\\u': expected four hex digits", at: backslash)
    }
    switch value {
    case 0xD800...0xDBFF:
      let next = backslash + 6
      if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") {
        guard let low = JSONParser.hexQuad(bytes, at: next + 2) else {
          throw syntax("invalid escape '\\u': expected four hex digits", at: next)
        }
        if (0xDC00...0xDFFF).contains(low) {
          return (0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00), 12)
        }
      }
      throw syntax(
        "lone surrogate \(Self.scalarName(value)): a high surrogate escape must be followed by a low one"
          + " (\\uDC00–\\uDFFF)",
        at: backslash)
    case 0xDC00...0xDFFF:
      throw syntax(
        "lone surrogate \(Self.scalarName(value)): a low surrogate escape must follow a high one (\\uD800–\\uDBFF)",
        at: backslash)
    default:
      return (value, 6)
    }
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value to `scratch`.
  mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// Checks the non-ASCII UTF-8 sequence at `offset`; returns the offset just past it.
  @inline(__always)
  func validateUTF8(at offset: Int) throws(JSONParseError) -> Int {
    guard let end = Self.validUTF8SequenceEnd(bytes, at: offset) else {
      let byte = Self.hex(UInt32(bytes[offset]), digits: 2, prefix: "0x")
      throw syntax("invalid UTF-8 in a string (byte \(byte))", at: offset)
    }
    return end
  }

  /// The end of the well-formed UTF-8 sequence that starts with the byte at `offset`, or `nil`
  /// if it is not one (``UTF8Bytes``).
  static func validUTF8SequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    let length = UTF8Bytes.sequenceLength(bytes, at: offset, end: bytes.count)
    return length == 0 ? nil : offset + length
  }

  /// The error for an unescaped control character at `offset`.
  func controlCharacter(at offset: Int) -> JSONParseError {
    syntax("control character \(Self.scalarName(UInt32(bytes[offset]))) in a string must be escaped", at: offset)
  }

  /// Throws if a decoded string of `length` bytes exceeds ``JSONLimits/maxStringBytes``.
  @inline(__always)
  func checkStringLength(_ length: Int, quote: Int) throws(JSONParseError) {
    if let limit = limits.maxStringBytes, length > limit {
      throw JSONParseError(.jsonTooLarge, "the string is \(length) bytes; the limit is \(limit) bytes", at: quote)
    }
  }
}
