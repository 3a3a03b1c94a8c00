/// A read position in JSON bytes that the parser has already checked (a deferred array of
/// ``JSONParser/parse(_:limits:deferring:)``): reads strings, numbers and containers where
/// they are written, building nothing, and checks nothing the parser checked.
///
/// Its reads assume valid JSON: give it only bytes the parser accepted.
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
  /// as written, and whether they hold an escape (then they are not the decoded text).
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
      // Eight bytes at a time to the first quote or backslash (the lowest byte the test marks
      // is one: a false mark only follows a true one).
      while cursor + 8 <= count {
        let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let found = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
        if found != 0 {
          cursor += found.trailingZeroBitCount &>> 3
          break
        }
        cursor += 8
      }
      let b = bytes[cursor]
      if b == UInt8(ascii: "\"") { break }
      if b == UInt8(ascii: "\\") {
        escaped = true
        cursor += 2
      } else {
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

  /// Skips the value at the read position (after whitespace), whatever it is.
  package mutating func skipValue() {
    skipWhitespace()
    switch byte {
    case UInt8(ascii: "\""):
      _ = string()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      repeat {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          _ = string()
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
        index += 1
      } while depth > 0
    case UInt8(ascii: "t"), UInt8(ascii: "n"): index += 4
    case UInt8(ascii: "f"): index += 5
    default: _ = number()
    }
  }
}
