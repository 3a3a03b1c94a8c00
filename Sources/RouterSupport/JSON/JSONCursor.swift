/// A read position in the JSON bytes of a deferred array (``JSONParser/parse(_:limits:deferring:checked:)``):
/// reads strings, numbers and containers where they are written, building nothing.
///
/// Its reads check what they read, so that a reader that takes only what they accept reads
/// JSON the parser accepts: a string read is plain printable ASCII without an escape or it is
/// flagged, a number is read by its text (check it with `JSONNumber(text:)`), a literal by
/// ``consume(literal:)``, a skipped value by ``skipCheckedValue(depth:)``. The bytes must be
/// balanced (the unchecked parse finds the array's end by its brackets): a string read runs to
/// its closing quote.
///
/// Its reads are `@inlinable`, the type and its stored properties `@usableFromInline`: the
/// table loader, in another module, reads a route with some forty of them, and a call each
/// cost more than the read. (`@inlinable` alone on a `package` member is not inlined into
/// another module: the type must be `@usableFromInline` too.)
///
/// ```swift
/// var cursor = JSONCursor(buffer, at: routes.lowerBound)
/// cursor.skipWhitespace()
/// if cursor.byte == UInt8(ascii: "[") { cursor.index += 1 }
/// ```
@usableFromInline
package struct JSONCursor {
  /// The whole document.
  @usableFromInline package let bytes: UnsafeBufferPointer<UInt8>
  /// The read position.
  @usableFromInline package var index: Int

  /// A cursor at `index` of `bytes`.
  @inlinable
  package init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
    self.bytes = bytes
    self.index = index
  }

  /// The byte at the read position (the end of the bytes reads as 0).
  @inlinable @inline(__always)
  package var byte: UInt8 { index < bytes.count ? bytes[index] : 0 }

  /// Moves past spaces, tabs and line ends.
  @inlinable @inline(__always)
  package mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// Skips whitespace, then consumes `byte` if it is next; whether it was.
  @inlinable @inline(__always)
  package mutating func consume(_ expected: UInt8) -> Bool {
    skipWhitespace()
    guard byte == expected else { return false }
    index += 1
    return true
  }

  /// Reads the string whose opening quote is at the read position: the range of its contents
  /// as written, and whether they hold anything but printable ASCII (an escape, then they are
  /// not the decoded text; a control byte, which JSON does not allow; a byte beyond ASCII, whose
  /// UTF-8 this read does not check), or the bytes end before its closing quote (then it
  /// ends with them): a reader takes only a string not `escaped`.
  /// Always inlined: the loader reads some twelve strings a route, and the call cost more
  /// than the read of a short key.
  @inlinable @inline(__always)
  package mutating func string() -> (range: Range<Int>, escaped: Bool) {
    let start = index + 1
    var cursor = start
    var escaped = false
    let count = bytes.count
    let base = bytes.baseAddress!
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while true {
      // Eight bytes at a time to the first quote, backslash, control byte or byte beyond ASCII
      // (the lowest byte the test marks is one: a false mark only follows a true one).
      while cursor + 8 <= count {
        let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let controls = (word &- ones &* 0x20) & ~word
        let found = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | controls | word) & highs
        if found != 0 {
          cursor += found.trailingZeroBitCount &>> 3
          break
        }
        cursor += 8
      }
      // The bytes end inside the string (read unchecked, as the loader reads a routes array
      // taken to end where the table does: the parser would refuse it): escaped, to the end.
      guard cursor < count else {
        index = count
        return (start..<count, true)
      }
      let b = bytes[cursor]
      if b == UInt8(ascii: "\"") { break }
      if b == UInt8(ascii: "\\") {
        escaped = true
        cursor += 2
      } else {
        if b < 0x20 || b >= 0x80 { escaped = true }
        cursor += 1
      }
    }
    index = cursor + 1
    return (start..<cursor, escaped)
  }

  /// Reads the number at the read position: the range of its text.
  package mutating func number() -> Range<Int> {
    let start = index
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        index += 1
      default: return start..<index
      }
    }
    return start..<index
  }

  /// Consumes `literal` (`true`, `false` or `null`) if it is written at the read position;
  /// whether it was.
  @inlinable
  package mutating func consume(literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let expected = literal.utf8Start
    for i in 0..<count where bytes[index + i] != expected[i] { return false }
    index += count
    return true
  }

  /// Skips the value at the read position (after whitespace) if the parser accepts it where
  /// `depth` arrays and objects are open around it (and the deferred array's check takes it:
  /// no key with an escape or beyond ASCII, no object of more than 64 members); whether it did
  /// (if not, the cursor has not moved past it).
  package mutating func skipCheckedValue(depth: Int) -> Bool {
    skipWhitespace()
    if byte == UInt8(ascii: "\"") {
      let start = index
      if !string().escaped { return true }
      index = start
    }
    guard let end = JSONParser.validatedEnd(in: bytes, at: index, depth: depth) else { return false }
    index = end
    return true
  }
}
