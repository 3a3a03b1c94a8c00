// Byte-level helpers shared by the URL reader and the percent decoder: UTF-8 validation (whole
// sequences, and a streaming validator for percent-decoded bytes) and hex digits. No allocation.

extension URLSyntax {
  /// The length of the valid UTF-8 sequence that starts at `i` (a byte >= 0x80), or 0 when the bytes
  /// there are not valid UTF-8 (overlong forms, surrogates, code points above U+10FFFF, truncation).
  static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Int {
    let lead = bytes[i]
    var need = 0
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: need = 1
    case 0xE0:
      need = 2
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: need = 2
    case 0xED:
      need = 2
      upper = 0x9F
    case 0xF0:
      need = 3
      lower = 0x90
    case 0xF1...0xF3: need = 3
    case 0xF4:
      need = 3
      upper = 0x8F
    default: return 0
    }
    guard end &- i > need else { return 0 }
    let second = bytes[i &+ 1]
    guard second >= lower && second <= upper else { return 0 }
    var k = 2
    while k <= need {
      let b = bytes[i &+ k]
      guard b >= 0x80 && b <= 0xBF else { return 0 }
      k &+= 1
    }
    return need &+ 1
  }

  /// The value of a hex digit, or nil.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte &- 0x30
    case 0x41...0x46: return byte &- 0x37
    case 0x61...0x66: return byte &- 0x57
    default: return nil
    }
  }

  /// Whether `byte` is a control character: U+0000–U+001F or U+007F.
  @inline(__always)
  static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
}

/// A streaming UTF-8 validator, fed one byte at a time (used on percent-decoded bytes).
struct UTF8StreamValidator {
  private var need = 0
  private var lower: UInt8 = 0x80
  private var upper: UInt8 = 0xBF

  /// Whether the bytes fed so far end on a sequence boundary.
  var isComplete: Bool { need == 0 }

  /// Feeds one byte; false when the stream is no longer valid UTF-8.
  mutating func feed(_ b: UInt8) -> Bool {
    if need == 0 {
      lower = 0x80
      upper = 0xBF
      switch b {
      case 0x00...0x7F: return true
      case 0xC2...0xDF: need = 1
      case 0xE0:
        need = 2
        lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: need = 2
      case 0xED:
        need = 2
        upper = 0x9F
      case 0xF0:
        need = 3
        lower = 0x90
      case 0xF1...0xF3: need = 3
      case 0xF4:
        need = 3
        upper = 0x8F
      default: return false
      }
      return true
    }
    guard b >= lower && b <= upper else { return false }
    lower = 0x80
    upper = 0xBF
    need &-= 1
    return true
  }
}
