/// Strings of at most 15 ASCII bytes made straight in the standard library's small form (the
/// bytes held in the string value itself), without `String(decoding:as:)`'s general path: a
/// table's names, keys, scene ids and path literals are such strings, and decoding each cost
/// about 150 to 200 instructions where this costs a few dozen.
///
/// The small form on 64-bit little-endian platforms is the bytes in two words, zero after the
/// last, the second word's top four bits `1110` (immortal, ASCII, small) and the next four the
/// count (`CompiledRouter.smallASCII` reads it the same way). On any other platform, and for
/// bytes over 15 or beyond ASCII, ``make(_:)`` gives nil and the caller decodes.
/// `SmallASCIIStringTests` holds it to `String(decoding:as:)` for every length and byte.
///
/// ```swift
/// let bytes: [UInt8] = Array("note".utf8)
/// bytes.withUnsafeBufferPointer { SmallASCIIString.make($0) }   // "note"
/// ```
@usableFromInline
package enum SmallASCIIString {
  /// The string of `bytes` when they are 15 ASCII bytes or fewer (the same string
  /// `String(decoding: bytes, as: UTF8.self)` gives), else nil.
  ///
  /// ```swift
  /// let bytes: [UInt8] = [0x69, 0x64]
  /// bytes.withUnsafeBufferPointer { SmallASCIIString.make($0) }   // "id"
  /// ```
  @inlinable @inline(__always)
  package static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let words = words(bytes) else { return nil }
    return unsafeBitCast(words, to: String.self)
  }

  /// The string of `count` bytes held in two words (the first eight in `low`, zero after the
  /// last) when they are 15 ASCII bytes or fewer, else nil: a matcher's parameter value, kept
  /// in two words, made a string without reading it back from memory.
  ///
  /// ```swift
  /// SmallASCIIString.make(low: 0x6469, high: 0, count: 2)   // "id"
  /// ```
  @inlinable @inline(__always)
  package static func make(low: UInt64, high: UInt64, count: Int) -> String? {
    #if _pointerBitWidth(_64) && _endian(little)
      guard count <= 15, (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
      return unsafeBitCast((low, high | (0xE0 | UInt64(truncatingIfNeeded: count)) &<< 56), to: String.self)
    #else
      return nil
    #endif
  }

  /// The two words of the small string of `bytes` when they are 15 ASCII bytes or fewer (the
  /// words a small ASCII string of these bytes holds, its flags and count included), else nil.
  ///
  /// ```swift
  /// let bytes: [UInt8] = [0x69, 0x64]
  /// bytes.withUnsafeBufferPointer { SmallASCIIString.words($0) }   // (0x6469, 0xE200_0000_0000_0000)
  /// ```
  @inlinable @inline(__always)
  package static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
    #if _pointerBitWidth(_64) && _endian(little)
      let count = bytes.count
      guard count <= 15 else { return nil }
      guard let base = bytes.baseAddress else { return (0, 0xE0 &<< 56) }
      let raw = UnsafeRawPointer(base)
      var low: UInt64 = 0
      var high: UInt64 = 0
      if count >= 8 {
        low = raw.loadUnaligned(as: UInt64.self)
        // The last eight bytes, shifted so that byte 8 is the lowest (none when count is 8).
        high = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) >> UInt64((16 &- count) &* 8)
      } else if count >= 4 {
        // Two overlapping words of four: the bytes they share are the same in both.
        low =
          UInt64(raw.loadUnaligned(as: UInt32.self))
          | UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) &<< UInt64((count &- 4) &* 8)
      } else {
        for i in 0..<count { low |= UInt64(base[i]) &<< UInt64(i &* 8) }
      }
      guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
      return (low, high | (0xE0 | UInt64(truncatingIfNeeded: count)) &<< 56)
    #else
      return nil
    #endif
  }

  /// The two words of `string` when it is held in the small ASCII form (15 ASCII bytes or
  /// fewer, in the value itself): the words ``words(_:)`` gives for its bytes; else nil.
  ///
  /// ```swift
  /// SmallASCIIString.words(of: "id")   // (0x6469, 0xE200_0000_0000_0000)
  /// ```
  @inlinable @inline(__always)
  package static func words(of string: String) -> (UInt64, UInt64)? {
    #if _pointerBitWidth(_64) && _endian(little)
      let words = unsafeBitCast(string, to: (UInt64, UInt64).self)
      return words.1 &>> 60 == 0xE ? words : nil
    #else
      return nil
    #endif
  }
}
