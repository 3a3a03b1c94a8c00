/// The bytes of a plain host name: ASCII letters, digits, `-` and `.`, the reader's test for a
/// host it may take without reading it byte by byte.
///
/// An authority that holds only these bytes has no userinfo, no port, no IP literal, no escape
/// and no character to map through IDNA; the reader checks what is left of it (its `xn--` labels,
/// an IPv4 form) on the bytes, eight at a time. Any other byte sends the authority through the
/// byte-by-byte reader, which is always right. `URLWordScanTests` derive the word test from
/// `set`, for every byte at every position.
///
/// ```swift
/// HostNameBytes.set.contains(UInt8(ascii: "a"))   // true
/// HostNameBytes.set.contains(UInt8(ascii: ":"))   // false: a port follows
/// ```
package enum HostNameBytes {
  /// The plain host-name bytes, as a set: the definition.
  package static let set = ByteSet.alpha.union(ByteSet.digit).union(ByteSet("-."))

  /// The high bit of every byte of `w` that is not a plain host-name byte, eight bytes at once.
  @inline(__always)
  package static func nonHostNameMask(_ w: UInt64) -> UInt64 {
    // Per byte, in seven-bit lanes (no carry crosses a lane): a letter is one whose low seven
    // bits, with 0x20 set, are 'a'...'z'; a digit, '-' or '.' is one in '-'...'9' that is not '/'.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low7 = w & 0x7F7F_7F7F_7F7F_7F7F
    let folded = low7 | ones &* 0x20
    let letter = (folded &+ ones &* (0x80 - 0x61)) & ~(folded &+ ones &* (0x80 - 0x7B))
    let inDashToNine = (low7 &+ ones &* (0x80 - 0x2D)) & ~(low7 &+ ones &* (0x80 - 0x3A))
    let notSlash = (low7 ^ ones &* 0x2F) &+ ones &* 0x7F
    let plain = (letter | inDashToNine & notSlash) & ~w
    return ~plain & 0x8080_8080_8080_8080
  }

  /// The high bit of every byte of `w` that is `-`, eight bytes at once.
  @inline(__always)
  package static func hyphenMask(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let notHyphen = ((w & 0x7F7F_7F7F_7F7F_7F7F) ^ ones &* 0x2D) &+ ones &* 0x7F
    return ~(notHyphen | w) & 0x8080_8080_8080_8080
  }
}
