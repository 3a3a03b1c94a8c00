// The reader's scans eight bytes at a time: runs of bytes that it would pass one by one without
// doing anything but move on (plain path bytes, plain host-name bytes). Each scan stops at the
// first byte that is not in its run, where the byte-by-byte reader takes over; so it may stop
// early (a byte it leaves to the byte reader) but never late. No allocation.

extension URLSyntax {
  /// Eight bytes at `p + i`, little-endian, no alignment needed.
  @inline(__always)
  static func word(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
  }

  /// The bytes from `i` to `n` (fewer than eight; `n` at least 8) in the low bytes of a word, the
  /// bytes above them zero: the word that ends at `n`, shifted.
  @inline(__always)
  static func lastWord(_ p: UnsafePointer<UInt8>, from i: Int, _ n: Int) -> UInt64 {
    word(p, n &- 8) &>> UInt64(truncatingIfNeeded: (i &- (n &- 8)) &* 8)
  }

  /// The high bit of the first byte of `w` (lowest first) that is not plain (``PlainBytes``), and
  /// perhaps of bytes above it; 0 when every byte is plain. Twelve operations where
  /// ``PlainBytes/nonPlainMask(_:)`` marks every byte exactly in sixteen.
  ///
  /// Each term is a byte test whose carry or borrow leaves a byte only at a byte that is not
  /// plain (an add carries out only from a byte of at least 0xA6 or of 0xFF, a subtract borrows
  /// only from the byte that equals the compared one): below the first such byte every test is
  /// exact, and that byte is marked by its own test. `URLWordScanTests` hold the first mark to
  /// ``PlainBytes/set`` for every byte at every position.
  @inline(__always)
  static func firstNonPlainMask(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let belowAmpersand = ~(w &+ ones &* (0x80 - 0x26))  // < '&' (an ASCII byte)
    let deleteOrAbove = w &+ ones | w  // DEL, or not ASCII
    let question = (w ^ ones &* 0x3F) &- ones  // '?' (or not ASCII)
    let backslash = (w ^ ones &* 0x5C) &- ones  // '\' (or not ASCII)
    return (belowAmpersand | deleteOrAbove | question | backslash) & 0x8080_8080_8080_8080
  }

  /// Where the run of plain bytes (``PlainBytes``) that starts at `start` ends: the first byte
  /// that is not plain, or `n`.
  @inline(__always)
  static func plainRunEnd(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Int {
    var i = start
    while i &+ 8 <= n {
      let mask = firstNonPlainMask(word(p, i))
      if mask != 0 { return i &+ mask.trailingZeroBitCount &>> 3 }
      i &+= 8
    }
    guard i < n else { return n }
    guard n >= 8 else {
      while i < n && PlainBytes.contains(p[i]) { i &+= 1 }
      return i
    }
    // The zero bytes shifted in are not plain: the run stops at `n` at the latest.
    return i &+ firstNonPlainMask(lastWord(p, from: i, n)).trailingZeroBitCount &>> 3
  }

  /// Where the run of plain host-name bytes (``HostNameBytes``) that starts at `start` ends (the
  /// first other byte, or `n`), and whether the run holds a `-`.
  @inline(__always)
  static func hostNameRun(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> (end: Int, hasHyphen: Bool) {
    var i = start
    var hyphens: UInt64 = 0
    while i &+ 8 <= n {
      let w = word(p, i)
      let mask = HostNameBytes.nonHostNameMask(w)
      if mask != 0 {
        // Only the hyphens below the first other byte count.
        let below = (mask & (0 &- mask)) &- 1
        hyphens |= HostNameBytes.hyphenMask(w) & below
        return (i &+ mask.trailingZeroBitCount &>> 3, hyphens != 0)
      }
      hyphens |= HostNameBytes.hyphenMask(w)
      i &+= 8
    }
    guard i < n else { return (n, hyphens != 0) }
    guard n >= 8 else {
      while i < n && HostNameBytes.set.contains(p[i]) {
        if p[i] == 0x2D { hyphens = 1 }
        i &+= 1
      }
      return (i, hyphens != 0)
    }
    // The zero bytes shifted in are not host-name bytes: the run stops at `n` at the latest.
    let w = lastWord(p, from: i, n)
    let mask = HostNameBytes.nonHostNameMask(w)
    hyphens |= HostNameBytes.hyphenMask(w) & ((mask & (0 &- mask)) &- 1)
    return (i &+ mask.trailingZeroBitCount &>> 3, hyphens != 0)
  }
}
