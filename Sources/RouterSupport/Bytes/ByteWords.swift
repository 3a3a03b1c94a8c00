/// Eight bytes at a time, once for the library: a word load with no alignment needed, and the
/// test that no byte of a range fails a word-wise byte rule (a "mark" function that sets the
/// high bit of each byte of a word that fails the rule, as ``PlainBytes``-style masks do).
///
/// Public and `@inlinable` so that callers in other modules inline both the loop and their mark
/// function (`package` functions are not inlined across modules).
///
/// ```swift
/// let bytes: [UInt8] = Array("abc def".utf8)
/// bytes.withUnsafeBufferPointer { b in
///   ByteWords.noneMarked(b, 0..<3) { $0 & 0x8080_8080_8080_8080 }   // true: all ASCII
/// }
/// ```
public enum ByteWords {
  /// Eight bytes at `p + i`, the first lowest, with no alignment needed (the eight must be
  /// readable).
  ///
  /// ```swift
  /// let bytes: [UInt8] = Array("abcdefgh".utf8)
  /// bytes.withUnsafeBufferPointer { ByteWords.load($0.baseAddress!, 0) & 0xFF }  // 0x61, "a"
  /// ```
  @inlinable @inline(__always)
  public static func load(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
  }

  /// Whether `marks` flags no byte of `range` (within `bytes`). `marks` returns the high bit of
  /// each byte of a word that fails the rule (other bits are ignored); it must treat each byte
  /// on its own, since the bytes around the range may be loaded with it and are then masked off.
  ///
  /// A range of eight bytes or more is read in words, the last one ending at the range's end
  /// (overlapping the one before); a shorter one in one word of the buffer that holds it, or
  /// gathered byte by byte when the whole buffer is shorter than eight. `range` must lie within
  /// `bytes` (checked in debug builds): every load is inside the buffer only then.
  ///
  /// ```swift
  /// let bytes: [UInt8] = Array("path?q".utf8)
  /// bytes.withUnsafeBufferPointer { b in
  ///   ByteWords.noneMarked(b, 0..<4) { $0 & 0x8080_8080_8080_8080 }  // true: "path" is ASCII
  /// }
  /// ```
  @inlinable @inline(__always)
  public static func noneMarked(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ marks: (UInt64) -> UInt64
  ) -> Bool {
    assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "the range lies within the bytes")
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = range.lowerBound
    let end = range.upperBound
    let count = end &- i
    guard count > 0, let p = bytes.baseAddress else { return true }
    if count >= 8 {
      while i &+ 8 <= end {
        if marks(load(p, i)) & high != 0 { return false }
        i &+= 8
      }
      return i == end || marks(load(p, end &- 8)) & high == 0
    }
    let shift = UInt64(truncatingIfNeeded: (8 &- count) &* 8)
    if end >= 8 {
      // The word that ends at `end`: the range is its high `count` bytes.
      return marks(load(p, end &- 8)) & high & ~(UInt64.max &>> UInt64(truncatingIfNeeded: count &* 8)) == 0
    }
    if i &+ 8 <= bytes.count {
      // The word that starts at the range: the range is its low `count` bytes.
      return marks(load(p, i)) & high & (UInt64.max &>> shift) == 0
    }
    var w: UInt64 = 0
    var k = 0
    while k < count {
      w |= UInt64(p[i &+ k]) &<< UInt64(truncatingIfNeeded: k &* 8)
      k &+= 1
    }
    return marks(w) & high & (UInt64.max &>> shift) == 0
  }
}
