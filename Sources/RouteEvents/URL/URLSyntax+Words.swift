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

  /// Where the run of plain bytes (``PlainBytes``) that starts at `start` ends: the first byte
  /// that is not plain, or `n`.
  @inline(__always)
  static func plainRunEnd(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Int {
    var i = start
    while i &+ 8 <= n {
      let mask = PlainBytes.nonPlainMask(word(p, i))
      if mask != 0 { return i &+ mask.trailingZeroBitCount &>> 3 }
      i &+= 8
    }
    guard i < n else { return n }
    guard n >= 8 else {
      while i < n && PlainBytes.contains(p[i]) { i &+= 1 }
      return i
    }
    // The zero bytes shifted in are not plain: the run stops at `n` at the latest.
    return i &+ PlainBytes.nonPlainMask(lastWord(p, from: i, n)).trailingZeroBitCount &>> 3
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
