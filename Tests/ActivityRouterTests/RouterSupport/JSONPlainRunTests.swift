import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// The word-at-a-time escape rule (`JSONWriter.escapeFlags`, `skipUnescaped`, `copyUnescaped`,
/// `copyShortUnescaped`) against the byte-by-byte rule: every byte value at every position of a
/// word, strings of every length with an escape, a non-ASCII character or an escaped character
/// across a word boundary, and random words and strings.
@Suite struct JSONPlainRunTests {
  /// The byte rule of the word test: a byte is plain when it is ASCII, not a control, `"` or `\`.
  static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }

  /// The offset of the first byte that needs an escape, byte by byte (as `JSONWriter` defines
  /// it: a byte that is not plain and ASCII, or the first byte of a character it escapes).
  static func referenceSkip(_ bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var i = start
      while i < buffer.count {
        let byte = buffer[i]
        if byte < 0x80 {
          if !isPlain(byte) { return i }
        } else if JSONWriter.escapedSequenceLength(buffer, at: i) > 0 {
          return i
        }
        i += 1
      }
      return max(start, buffer.count)
    }
  }

  static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
  }

  @Test func everyByteAtEveryPositionOfAWord() {
    for position in 0..<8 {
      for value in 0...255 {
        var bytes = Array(repeating: UInt8(ascii: "a"), count: 8)
        bytes[position] = UInt8(value)
        let flags = JSONWriter.escapeFlags(Self.word(bytes))
        #expect((flags == 0) == Self.isPlain(UInt8(value)), "byte \(value) at \(position)")
      }
    }
  }

  @Test func everyPairOfBytesAroundAPlainOne() {
    // Two bytes that are not plain, or one next to a byte just above or below a boundary
    // (0x1F/0x20, 0x21/0x22/0x23, 0x5B/0x5C/0x5D, 0x7F/0x80), in every pair of positions.
    let edges: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xFF]
    for first in 0..<8 {
      for second in 0..<8 where second != first {
        for a in edges {
          for b in edges {
            var bytes = Array(repeating: UInt8(ascii: "m"), count: 8)
            bytes[first] = a
            bytes[second] = b
            let flags = JSONWriter.escapeFlags(Self.word(bytes))
            #expect((flags == 0) == bytes.allSatisfy(Self.isPlain), "\(bytes)")
          }
        }
      }
    }
  }

  @Test func randomWords() {
    var rng = SeededGenerator(seed: 0x57E1)
    for _ in 0..<20_000 {
      // Bytes drawn mostly from around the boundaries, so that words with one or two bytes to
      // escape are common.
      let bytes = (0..<8).map { _ -> UInt8 in
        Bool.random(using: &rng) ? UInt8.random(in: 0x1C...0x24, using: &rng) : UInt8.random(in: 0...255, using: &rng)
      }
      #expect((JSONWriter.escapeFlags(Self.word(bytes)) == 0) == bytes.allSatisfy(Self.isPlain), "\(bytes)")
    }
  }

  /// Strings of 0 to 40 bytes with one special byte or character at every position, and
  /// characters that straddle a word boundary.
  static let strings: [[UInt8]] = {
    var all: [[UInt8]] = [[]]
    let specials: [[UInt8]] = [
      [0x22], [0x5C], [0x0A], [0x00], [0x1F], [0x7F], [0xC3, 0xA9], [0xC2, 0x85], [0xE2, 0x80, 0xA8],
      [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6], [0xD8, 0x9C], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x98, 0x80],
    ]
    for length in 0...40 {
      all.append(Array(repeating: UInt8(ascii: "x"), count: length))
      for special in specials where special.count <= length {
        for position in 0...(length - special.count) {
          var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
          bytes.replaceSubrange(position..<position + special.count, with: special)
          all.append(bytes)
        }
      }
    }
    return all
  }()

  @Test func skipUnescapedMatchesTheByteRule() {
    for bytes in Self.strings {
      for start in [0, 1, 7, 8, 9] where start <= bytes.count + 1 {
        let skipped = bytes.withUnsafeBufferPointer { JSONWriter.skipUnescaped($0, from: start) }
        #expect(skipped == Self.referenceSkip(bytes, from: start), "\(bytes) from \(start)")
      }
    }
  }

  @Test func copyUnescapedCopiesExactlyThePlainPrefix() {
    for bytes in Self.strings {
      let expected = Self.referenceSkip(bytes, from: 0)
      var target = Array(repeating: UInt8(0xEE), count: bytes.count + 8)
      let copied = bytes.withUnsafeBufferPointer { source in
        target.withUnsafeMutableBufferPointer { JSONWriter.copyUnescaped(source, to: $0.baseAddress!) }
      }
      #expect(copied == expected, "\(bytes)")
      #expect(Array(target[..<copied]) == Array(bytes[..<copied]), "\(bytes)")
      #expect(target[copied...].allSatisfy { $0 == 0xEE }, "nothing past the plain prefix: \(bytes)")
    }
  }

  @Test func copyShortUnescapedTakesOnlyPlainASCII() {
    for length in 1...16 {
      for position in 0..<length {
        for value in 0...255 {
          var bytes = Array(repeating: UInt8(ascii: "q"), count: length)
          bytes[position] = UInt8(value)
          var target = Array(repeating: UInt8(0xEE), count: 24)
          let copied = bytes.withUnsafeBytes { source in
            target.withUnsafeMutableBytes {
              JSONWriter.copyShortUnescaped(source.baseAddress!, length, to: $0.baseAddress!)
            }
          }
          #expect(copied == Self.isPlain(UInt8(value)), "byte \(value) at \(position) of \(length)")
          let expected = copied ? bytes : []
          #expect(Array(target[..<expected.count]) == expected)
          #expect(target[expected.count...].allSatisfy { $0 == 0xEE })
        }
      }
    }
  }

  @Test func randomStringsEscapeAsTheReferenceDoes() throws {
    var rng = SeededGenerator(seed: 0xE5C)
    let pieces: [String] = [
      "a", "Z", "0", "/", " ", "\"", "\\", "\n", "\u{1}", "\u{7F}", "é", "\u{85}", "\u{2028}", "\u{202E}", "日", "😀",
    ]
    for _ in 0..<3_000 {
      let string = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
      var out: [UInt8] = []
      JSONWriter.appendString(string, to: &out)
      #expect(String(decoding: out, as: UTF8.self) == Self.referenceEscape(string), "\(string.debugDescription)")
    }
  }

  /// JSONWriter's escapes, scalar by scalar: `JSONWriterTests.referenceEscape` and the
  /// characters that deceive a reader (C1 controls, line and paragraph separators,
  /// bidirectional controls) as `\uxxxx`.
  static func referenceEscape(_ string: String) -> String {
    let deceiving = Set<UInt32>([0x61C, 0x200E, 0x200F, 0x2028, 0x2029] + Array(0x202A...0x202E))
      .union(0x2066...0x2069).union(0x80...0x9F)
    var result = ""
    for scalar in string.unicodeScalars {
      if deceiving.contains(scalar.value) {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result += JSONWriterTests.referenceEscape(String(scalar)).dropFirst().dropLast()
      }
    }
    return "\"" + result + "\""
  }
}
