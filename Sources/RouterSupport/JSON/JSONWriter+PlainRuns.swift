/// The bytes a JSON string holds as they are, found eight at a time: what `JSONWriter`, the
/// record writer and the plan writer all use to copy a string's plain runs and stop at the
/// first byte that needs an escape.
///
/// A byte is plain when it is ASCII and none of `"`, `\` or a control character (below 0x20).
/// A non-ASCII byte is not plain to the word test; the byte-by-byte rule then asks
/// ``JSONWriter/escapedSequenceLength(_:at:)`` whether its character is one the writer escapes.
///
/// Public and `@inlinable` so that the record writers of other modules inline them (`package`
/// functions are not inlined across modules).
///
/// ```swift
/// JSONWriter.escapeFlags(0x6574_6F6E_2F2F_3A73) == 0   // the bytes of "s://note": plain
/// Array(#"ab"c"#.utf8).withUnsafeBufferPointer { JSONWriter.skipUnescaped($0, from: 0) }   // 2
/// ```
extension JSONWriter {
  /// Nonzero when a byte of `word` is not plain (a `"`, a `\`, a control character or a
  /// non-ASCII byte); zero when all eight are.
  ///
  /// For an ASCII byte none of the three differences borrows unless the byte is below 0x20, a
  /// quote or a backslash, so a clean word sets no high bit; in a word that is not clean, the
  /// lowest byte that fails a test sets its own high bit in that test's difference (the bytes
  /// below it pass, and borrow nothing into it). A non-ASCII byte sets its high bit itself.
  ///
  /// ```swift
  /// JSONWriter.escapeFlags(0x6574_6F6E_2F2F_3A73) == 0   // "s://note", low byte first: plain
  /// JSONWriter.escapeFlags(0x6574_6F6E_2F22_3A73) != 0   // a quote in the third byte
  /// ```
  @inlinable @inline(__always)
  public static func escapeFlags(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    return ((word &- ones &* 0x20) | (quotes &- ones) | (backslashes &- ones) | word) & (ones &* 0x80)
  }

  /// The offset of the first byte from `start` on that needs an escape in a JSON string (a `"`,
  /// a `\`, a control character, or the first byte of a character ``escapedSequenceLength(_:at:)``
  /// escapes), or `bytes.count`; `start` when it is at or past the end.
  ///
  /// Eight bytes at a time: whole words, then the last eight bytes (or, in a string shorter than
  /// that, the last bytes in two overlapping loads) as one more word; the bytes are looked at one
  /// by one only from a word that holds a byte that is not plain.
  ///
  /// ```swift
  /// Array(#"ab"c"#.utf8).withUnsafeBufferPointer { JSONWriter.skipUnescaped($0, from: 0) }   // 2
  /// ```
  @inlinable @inline(__always)
  public static func skipUnescaped(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let count = bytes.count
    guard let base = bytes.baseAddress, start < count else { return start }
    let raw = UnsafeRawPointer(base)
    var cursor = start
    while cursor &+ 8 <= count {
      guard escapeFlags(raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)) == 0 else {
        return skipUnescapedBytes(bytes, from: cursor)
      }
      cursor &+= 8
    }
    guard cursor < count else { return count }
    // The last one to seven bytes: the word that ends the string when it is that long (bytes
    // before `cursor` are looked at again), else the short rest.
    let last =
      count >= 8
      ? raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) : shortWord(raw + cursor, count &- cursor)
    return escapeFlags(last) == 0 ? count : skipUnescapedBytes(bytes, from: cursor)
  }

  /// Copies the bytes of `bytes` that need no escape, from the first on, to `target` (which has
  /// room for `bytes.count`), and returns how many it copied: `bytes.count` when the whole
  /// string is plain, else the offset of the first byte that needs an escape
  /// (``skipUnescaped(_:from:)``), a character boundary. Nothing past that offset is written.
  ///
  /// One load a word serves both the test and the copy; a string of at most 16 bytes is read
  /// and written in two overlapping loads and stores (``copyShortUnescaped(_:_:to:)``).
  ///
  /// ```swift
  /// let copied = JSONWriter.copyUnescaped(source, to: target)
  /// if copied < source.count { /* escape the rest, from `copied` on */ }
  /// ```
  @inlinable @inline(__always)
  public static func copyUnescaped(_ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> Int {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return 0 }
    let source = UnsafeRawPointer(base)
    let to = UnsafeMutableRawPointer(target)
    if count <= 16 {
      return copyShortUnescaped(source, count, to: to) ? count : copyUnescapedBytes(bytes, from: 0, to: target)
    }
    var cursor = 0
    while cursor &+ 16 <= count {
      let first = source.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
      let second = source.loadUnaligned(fromByteOffset: cursor &+ 8, as: UInt64.self)
      guard escapeFlags(first) | escapeFlags(second) == 0 else {
        return copyUnescapedBytes(bytes, from: cursor, to: target)
      }
      to.storeBytes(of: first, toByteOffset: cursor, as: UInt64.self)
      to.storeBytes(of: second, toByteOffset: cursor &+ 8, as: UInt64.self)
      cursor &+= 16
    }
    if cursor &+ 8 <= count {
      let word = source.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
      guard escapeFlags(word) == 0 else { return copyUnescapedBytes(bytes, from: cursor, to: target) }
      to.storeBytes(of: word, toByteOffset: cursor, as: UInt64.self)
      cursor &+= 8
    }
    if cursor < count {
      let word = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      guard escapeFlags(word) == 0 else { return copyUnescapedBytes(bytes, from: cursor, to: target) }
      to.storeBytes(of: word, toByteOffset: count &- 8, as: UInt64.self)
    }
    return count
  }

  /// Copies a string of 1 to 16 bytes to `target` when none of its bytes needs an escape, and
  /// returns true; writes nothing and returns false when one does (or is not ASCII). Two
  /// overlapping loads and stores of 8, 4, 2 bytes (one of 1), with plain `A`s where fewer than
  /// four bytes leave room in the word tested: the short strings of a record (keys, names,
  /// identifiers) without a loop.
  ///
  /// ```swift
  /// JSONWriter.copyShortUnescaped(source, 5, to: target)   // bytes 0-3 and 1-4, tested as one word
  /// ```
  @inlinable @inline(__always)
  public static func copyShortUnescaped(
    _ source: UnsafeRawPointer, _ count: Int, to target: UnsafeMutableRawPointer
  ) -> Bool {
    let plain: UInt64 = 0x4141_4141_4141_4141
    if count >= 8 {
      let first = source.loadUnaligned(as: UInt64.self)
      let last = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      guard escapeFlags(first) | escapeFlags(last) == 0 else { return false }
      target.storeBytes(of: first, as: UInt64.self)
      target.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
    } else if count >= 4 {
      let first = source.loadUnaligned(as: UInt32.self)
      let last = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      guard escapeFlags(UInt64(first) | UInt64(last) &<< 32) == 0 else { return false }
      target.storeBytes(of: first, as: UInt32.self)
      target.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
    } else if count >= 2 {
      let first = source.loadUnaligned(as: UInt16.self)
      let last = source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
      guard escapeFlags(UInt64(first) | UInt64(last) &<< 16 | plain &<< 32) == 0 else { return false }
      target.storeBytes(of: first, as: UInt16.self)
      target.storeBytes(of: last, toByteOffset: count &- 2, as: UInt16.self)
    } else {
      let byte = source.load(as: UInt8.self)
      guard escapeFlags(UInt64(byte) | plain &<< 8) == 0 else { return false }
      target.storeBytes(of: byte, as: UInt8.self)
    }
    return true
  }

  /// The `count` (1 to 7) bytes at `source` as one word: two overlapping loads, and plain bytes
  /// (`A`) where fewer than four leave room.
  @inlinable @inline(__always)
  static func shortWord(_ source: UnsafeRawPointer, _ count: Int) -> UInt64 {
    let plain: UInt64 = 0x4141_4141_4141_4141
    if count >= 4 {
      let low = UInt64(source.loadUnaligned(as: UInt32.self))
      return low | UInt64(source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) &<< 32
    }
    if count >= 2 {
      let low = UInt64(source.loadUnaligned(as: UInt16.self))
      return low | UInt64(source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)) &<< 16 | plain &<< 32
    }
    return UInt64(source.load(as: UInt8.self)) | plain &<< 8
  }

  /// Copies `count` (1 to 7) bytes in two overlapping loads and stores (one for a single byte):
  /// the short copy of the record writer's literals, without a `memcpy` call.
  ///
  /// ```swift
  /// JSONWriter.copyShort(source, 5, to: target)   // bytes 0-3, then 1-4
  /// ```
  @inlinable @inline(__always)
  public static func copyShort(_ source: UnsafeRawPointer, _ count: Int, to target: UnsafeMutableRawPointer) {
    if count >= 4 {
      let low = source.loadUnaligned(as: UInt32.self)
      let high = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      target.storeBytes(of: low, as: UInt32.self)
      target.storeBytes(of: high, toByteOffset: count &- 4, as: UInt32.self)
    } else if count >= 2 {
      let low = source.loadUnaligned(as: UInt16.self)
      let high = source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
      target.storeBytes(of: low, as: UInt16.self)
      target.storeBytes(of: high, toByteOffset: count &- 2, as: UInt16.self)
    } else {
      target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
    }
  }

  /// ``skipUnescaped(_:from:)`` byte by byte, from a word that holds a byte that is not plain:
  /// ASCII by the rule, a non-ASCII byte by the escape table.
  @usableFromInline @inline(never)
  static func skipUnescapedBytes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var cursor = start
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte < 0x80 {
        guard byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { return cursor }
      } else if escapedSequenceLength(bytes, at: cursor) > 0 {
        return cursor
      }
      cursor &+= 1
    }
    return cursor
  }

  /// ``copyUnescaped(_:to:)`` from `start` on, byte by byte: the bytes before `start` are copied.
  @usableFromInline @inline(never)
  static func copyUnescapedBytes(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let end = skipUnescapedBytes(bytes, from: start)
    if end > start, let base = bytes.baseAddress { (target + start).update(from: base + start, count: end &- start) }
    return end
  }
}
