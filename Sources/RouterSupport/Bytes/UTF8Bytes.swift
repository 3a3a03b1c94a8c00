/// UTF-8 validation over raw bytes, once for the whole library: the URL reader, the percent
/// decoder, the JSON reader and the line reader all ask here (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF, no truncated sequence). No allocation.
///
/// ```swift
/// let bytes: [UInt8] = [0x61, 0xC3, 0xA9, 0xFF]
/// bytes.withUnsafeBufferPointer { UTF8Bytes.firstInvalidOffset($0) }   // 3
/// ```
package enum UTF8Bytes {
  /// What a lead byte asks of the bytes after it: how many continuation bytes, and the range
  /// the first of them must be in (the others are 0x80...0xBF); nil for a byte that cannot
  /// start a sequence of two or more bytes (ASCII, a continuation byte, 0xC0, 0xC1, 0xF5...).
  @inline(__always)
  package static func lead(_ byte: UInt8) -> (continuations: Int, lower: UInt8, upper: UInt8)? {
    switch byte {
    case 0xC2...0xDF: return (1, 0x80, 0xBF)
    case 0xE0: return (2, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: return (2, 0x80, 0xBF)
    case 0xED: return (2, 0x80, 0x9F)
    case 0xF0: return (3, 0x90, 0xBF)
    case 0xF1...0xF3: return (3, 0x80, 0xBF)
    case 0xF4: return (3, 0x80, 0x8F)
    default: return nil
    }
  }

  /// The length of the valid sequence that starts at `i` and ends before `end`: 1 for ASCII,
  /// 2 to 4 for a valid multi-byte sequence, 0 when the bytes there are not valid UTF-8.
  package static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Int {
    let first = bytes[i]
    if first < 0x80 { return 1 }
    guard let lead = lead(first), end &- i > lead.continuations else { return 0 }
    let second = bytes[i &+ 1]
    guard second >= lead.lower && second <= lead.upper else { return 0 }
    var k = 2
    while k <= lead.continuations {
      let b = bytes[i &+ k]
      guard b >= 0x80 && b <= 0xBF else { return 0 }
      k &+= 1
    }
    return lead.continuations &+ 1
  }

  /// The offset of the first byte that does not start a valid sequence, or nil when all the
  /// bytes are valid UTF-8.
  package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    if isASCII(bytes) { return nil }
    guard let base = bytes.baseAddress else { return nil }
    let n = bytes.count
    var i = 0
    while i < n {
      // ASCII between the other characters, eight bytes at a time.
      while i &+ 8 <= n && UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        i &+= 8
      }
      guard i < n else { return nil }
      let length = sequenceLength(bytes, at: i, end: n)
      if length == 0 { return i }
      i &+= length
    }
    return nil
  }

  /// Whether every byte is ASCII, sixteen bytes at a time (the last ones in the eight that end
  /// the bytes, which may overlap those before them).
  package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let n = bytes.count
    var high: UInt64 = 0
    guard n >= 8 else {
      for i in 0..<n { high |= UInt64(base[i]) }
      return high & 0x80 == 0
    }
    var i = 0
    while i &+ 16 <= n {
      high |=
        UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        | UnsafeRawPointer(base + (i &+ 8)).loadUnaligned(as: UInt64.self)
      i &+= 16
    }
    if i &+ 8 <= n { high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) }
    high |= UnsafeRawPointer(base + (n &- 8)).loadUnaligned(as: UInt64.self)
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// The same validation fed one byte at a time (for bytes that appear one by one, such as
  /// percent-decoded ones).
  package struct StreamValidator {
    private var need = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    package init() {}

    /// Whether the bytes fed so far end on a sequence boundary.
    package var isComplete: Bool { need == 0 }

    /// Feeds one byte; false when the stream is no longer valid UTF-8.
    package mutating func feed(_ b: UInt8) -> Bool {
      if need == 0 {
        if b < 0x80 { return true }
        guard let lead = UTF8Bytes.lead(b) else { return false }
        need = lead.continuations
        lower = lead.lower
        upper = lead.upper
        return true
      }
      guard b >= lower && b <= upper else { return false }
      lower = 0x80
      upper = 0xBF
      need &-= 1
      return true
    }
  }
}
