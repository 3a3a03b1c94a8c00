import RouterSupport

/// Foundation's "keep as written" test for a path, a query or a fragment, eight bytes at a time:
/// every byte is in Foundation's set for the component (``ByteSet/foundationPath``,
/// ``ByteSet/foundationQuery``) or is `%` (an escape, kept). `URLRecord.absoluteString` asks it of
/// every URL, so it is the common case that it answers in words; `URLWordScanTests` hold the word
/// test to the byte rule (every byte at every position, every short length and offset).
///
/// In the printable ASCII range (`!` to `~`) the bytes the two sets refuse are few: `"` `#` `<`
/// `>` `[` `\` `]` `^` `` ` `` `{` `|` `}`, and `?` in a path. Every other byte (controls, space,
/// DEL, non-ASCII) is refused, so the test is a handful of range checks in seven-bit lanes.
///
/// ```swift
/// bytes.withUnsafeBufferPointer { FoundationBytes.isValidPath($0, 0..<$0.count) }
/// ```
enum FoundationBytes {
  /// The high bit of every byte of `w` that is neither `%` nor in Foundation's path set (or its
  /// query set, which adds `?`, when `query` is set).
  @inline(__always)
  static func refusedMask(_ w: UInt64, query: Bool) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    // Per byte, in seven-bit lanes (no carry crosses a lane); the high bit of the non-ASCII
    // bytes is added at the end from `w`.
    let x = w & 0x7F7F_7F7F_7F7F_7F7F
    @inline(__always) func atLeast(_ c: UInt64) -> UInt64 { x &+ ones &* (0x80 &- c) }
    @inline(__always) func equal(_ c: UInt64) -> UInt64 { ~((x ^ (ones &* c)) &+ ones &* 0x7F) }
    let controls = ~atLeast(0x21)  // controls and space
    let quotes = atLeast(0x22) & ~atLeast(0x24)  // `"` `#`
    let angles = equal(0x3C) | (atLeast(0x3E) & ~atLeast(query ? 0x3F : 0x40))  // `<` `>` (`?`)
    let brackets = atLeast(0x5B) & ~atLeast(0x5F)  // `[` `\` `]` `^`
    let braces = atLeast(0x7B) & ~equal(0x7E)  // `{` `|` `}` DEL
    let refused = w | controls | quotes | angles | brackets | equal(0x60) | braces
    return refused & 0x8080_8080_8080_8080
  }

  /// Whether Foundation keeps the path bytes in `range` as written.
  @inline(__always)
  static func isValidPath(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    ByteWords.noneMarked(bytes, range) { refusedMask($0, query: false) }
  }

  /// Whether Foundation keeps the query (or fragment) bytes in `range` as written.
  @inline(__always)
  static func isValidQuery(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    ByteWords.noneMarked(bytes, range) { refusedMask($0, query: true) }
  }
}
