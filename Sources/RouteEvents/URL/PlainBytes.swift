/// The "plain byte" rule the fast matcher and the URL reader share: the bytes of a path that
/// the reader passes through as they are, so that the fast path may compare and capture them
/// raw, from the URL's bytes, and still agree with the reader.
///
/// A plain byte is printable ASCII from `&` (0x26) to `~` (0x7E) that the reader does not treat
/// specially in a path: not `?` (the query starts), not `#` (the fragment starts), not `%` (an
/// escape to decode and check), not `\` (which browsers read as `/`; the reader refuses it).
/// A space, `!`, `"` and `$` pass through the reader too, but are below `&`: leaving them out
/// keeps the test a range check, eight bytes at a time; a URL that holds them takes the general
/// path, which is always right. `URLAuthorityTests` derive every table below from `set` and hold both to
/// what the reader does with each byte.
///
/// Public and `@inlinable` so that the fast path, in another module, inlines these tests:
/// `package` functions are not inlined across modules (measured: 22 instructions a match).
///
/// ```swift
/// PlainBytes.contains(UInt8(ascii: "a"))   // true
/// PlainBytes.contains(UInt8(ascii: "%"))   // false: an escape, decoded by the reader
/// ```
public enum PlainBytes {
  /// What the reader treats specially in a path.
  package static let readerSpecial = ByteSet("?#%\\")

  /// The plain bytes, as a set: the definition.
  package static let set = ByteSet(0x26...0x7E).subtracting(readerSpecial)

  /// Whether a byte is plain (`set`), with no table: a range check and two compares.
  @inlinable @inline(__always)
  public static func contains(_ b: UInt8) -> Bool {
    b &- 0x26 < 0x59 && b != 0x3F && b != 0x5C
  }

  /// The high bit of every byte of `w` that is not plain, eight bytes at once.
  @inlinable @inline(__always)
  public static func nonPlainMask(_ w: UInt64) -> UInt64 {
    // Per byte, in seven-bit lanes (no carry crosses a lane): the high bit of each sum says
    // whether the low seven bits are at least '&', are DEL, differ from '?', differ from '\'.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low7 = w & 0x7F7F_7F7F_7F7F_7F7F
    let atLeastAmpersand = low7 &+ ones &* (0x80 - 0x26)
    let isDelete = low7 &+ ones
    let notQuestion = (low7 ^ (ones &* 0x3F)) &+ ones &* 0x7F
    let notBackslash = (low7 ^ (ones &* 0x5C)) &+ ones &* 0x7F
    let plain = atLeastAmpersand & notQuestion & notBackslash & ~(isDelete | w)
    return ~plain & 0x8080_8080_8080_8080
  }

  /// Whether the low `count` bytes of `w` (1 to 8) are all plain.
  @inlinable @inline(__always)
  public static func allPlain(_ w: UInt64, count: Int) -> Bool {
    let mask = 0x8080_8080_8080_8080 as UInt64 &>> UInt64(truncatingIfNeeded: 64 &- count &* 8)
    return nonPlainMask(w) & mask == 0
  }

  /// Whether a segment is `.` or `..`, which the reader resolves (it removes itself, or the
  /// segment before it), so that it can never be compared or captured as it is.
  @inlinable @inline(__always)
  public static func isDotSegment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    (bytes.count == 1 && bytes[0] == 0x2E) || (bytes.count == 2 && bytes[0] == 0x2E && bytes[1] == 0x2E)
  }

  /// Whether the fast path may compare or capture a whole segment raw: not empty, not a dot
  /// segment, only plain bytes.
  package static func isPlainSegment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !bytes.isEmpty, !isDotSegment(bytes) else { return false }
    for b in bytes where !contains(b) { return false }
    return true
  }
}
