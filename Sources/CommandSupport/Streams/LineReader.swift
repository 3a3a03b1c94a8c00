#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into numbered lines, without copying and with bounded memory.
///
/// The rules, which never depend on how the input is split into chunks:
/// - LF and CRLF end a line; the terminator is not part of the line. A lone CR, U+0085,
///   U+2028 and U+2029 do not end a line: they stay in it, to be judged with it.
/// - A UTF-8 byte-order mark at the very start of the stream is dropped.
/// - A last line without a newline is still a line; a final newline does not start another
///   one; an empty stream has no lines. Lines are numbered from 1.
/// - Bytes are never decoded or repaired: NUL and invalid UTF-8 are handed on as they are.
/// - A line longer than `lineLimit` bytes is reported with ``Line/isTooLong`` and its length,
///   without its bytes: it is skipped up to its newline and never held whole, so the buffer
///   never exceeds `lineLimit + chunkSize` bytes. The caller emits an error record and goes on.
///
/// ```swift
/// var reader = LineReader(source: context.stdin)
/// reader.forEachLine { line in
///   if line.isTooLong { report(line.number, line.length); return }
///   route(line.bytes)   // valid only during this call
/// }
/// ```
package struct LineReader: ~Copyable {
  /// One line, valid only during the callback that receives it.
  package struct Line {
    /// The 1-based line number.
    package var number: Int
    /// The line without its terminator; empty when the line is too long. The memory belongs
    /// to the reader and is reused after the callback returns: copy what you keep.
    package var bytes: UnsafeBufferPointer<UInt8>
    /// Whether the line exceeded the limit, so ``bytes`` is empty.
    package var isTooLong: Bool
    /// The length of the line in bytes, without its terminator (also when it is too long).
    package var length: Int

    /// The line as a `String`, or `nil` if it is not valid UTF-8 (never repaired).
    var string: String? { String(validating: bytes, as: UTF8.self) }
  }

  /// The default longest line, 16 MiB.
  package static let defaultLineLimit = 16 * 1024 * 1024
  /// The default read size, 64 KiB.
  static let defaultChunkSize = 64 * 1024

  /// The longest line handed out, in bytes.
  let lineLimit: Int
  /// The most bytes requested from the source by one read (at least 4).
  let chunkSize: Int
  /// The number of lines handed out so far.
  private(set) var lineCount = 0

  private var source: any InputSource
  private var storage: UnsafeMutablePointer<UInt8>
  /// The allocated size of the internal buffer; it never exceeds `lineLimit + chunkSize`.
  private(set) var bufferCapacity: Int
  private var start = 0  // the first byte not yet handed out
  private var end = 0  // one past the last byte read
  private var scanned = 0  // bytes before this offset hold no LF
  private var atEnd = false
  private var byteOrderMarkPending = true
  private var skipped: (length: Int, endsWithCR: Bool)?  // an over-long line being skipped

  /// A reader over `source`.
  package init(source: any InputSource, lineLimit: Int = defaultLineLimit, chunkSize: Int = defaultChunkSize) {
    self.source = source
    self.lineLimit = max(lineLimit, 0)
    // At least 4, so a pending byte-order mark (3 bytes) always leaves room to read.
    self.chunkSize = max(chunkSize, 4)
    self.bufferCapacity = min(2 * self.chunkSize, self.lineLimit + self.chunkSize)
    self.storage = .allocate(capacity: bufferCapacity)
  }

  deinit { storage.deallocate() }

  /// The read error that ended the input early, or `nil`.
  package var readFailure: SystemError? { source.failure }

  /// The most bytes the buffer may ever hold.
  var maximumBufferCapacity: Int { lineLimit + chunkSize }

  /// Calls `body` with each line in order, until the end of the input.
  ///
  /// If `body` throws, the error propagates and a later call resumes with the next line.
  /// Calls `body` with each line, in order, while it returns true: the loop of a run that may
  /// stop early (a cut output, a stop signal) without the cost of a throwing closure per line.
  package mutating func readLines(while body: (Line) -> Bool) {
    while true {
      if let line = nextBufferedLine() {
        guard body(line) else { return }
      } else if atEnd {
        if let line = lastLine() { _ = body(line) }
        return
      } else {
        fill()
      }
    }
  }

  package mutating func forEachLine(_ body: (Line) throws -> Void) rethrows {
    while true {
      if let line = nextBufferedLine() {
        try body(line)
      } else if atEnd {
        if let line = lastLine() { try body(line) }
        return
      } else {
        fill()
      }
    }
  }

  // MARK: - Splitting

  /// The next complete line in the buffer, or `nil` when more input is needed.
  private mutating func nextBufferedLine() -> Line? {
    guard resolveByteOrderMark() else { return nil }
    let from = max(scanned, start)
    guard from < end, let found = memchr(storage + from, 0x0A, end - from) else {
      scanned = end
      setAsideIfTooLong()
      return nil
    }
    let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
    defer {
      start = newline + 1
      scanned = start
    }
    if let skipped {
      self.skipped = nil
      let endsWithCR = newline > start ? storage[newline - 1] == 0x0D : skipped.endsWithCR
      return makeLine(bytes: nil, length: skipped.length + newline - start - (endsWithCR ? 1 : 0))
    }
    let lineEnd = newline > start && storage[newline - 1] == 0x0D ? newline - 1 : newline
    return makeLine(bytes: UnsafeBufferPointer(start: storage + start, count: lineEnd - start), length: lineEnd - start)
  }

  /// The final line when the input ends without a newline, or `nil` when nothing is left.
  private mutating func lastLine() -> Line? {
    guard resolveByteOrderMark() else { return nil }
    defer { start = end }
    if let skipped {
      self.skipped = nil
      return makeLine(bytes: nil, length: skipped.length + end - start)
    }
    guard end > start else { return nil }
    return makeLine(bytes: UnsafeBufferPointer(start: storage + start, count: end - start), length: end - start)
  }

  /// Numbers a line and applies the length limit.
  private mutating func makeLine(bytes: UnsafeBufferPointer<UInt8>?, length: Int) -> Line {
    lineCount += 1
    guard let bytes, length <= lineLimit else {
      return Line(number: lineCount, bytes: UnsafeBufferPointer(start: nil, count: 0), isTooLong: true, length: length)
    }
    return Line(number: lineCount, bytes: bytes, isTooLong: false, length: length)
  }

  /// Drops the bytes of a line that is certainly too long, remembering only its length so far.
  ///
  /// A pending line of `lineLimit + 1` bytes may still be within the limit (if its last byte is
  /// the CR of a CRLF), so lines are set aside only beyond that.
  private mutating func setAsideIfTooLong() {
    let pending = end - start
    guard pending > 0, skipped != nil || pending > lineLimit + 1 else { return }
    skipped = (length: (skipped?.length ?? 0) + pending, endsWithCR: storage[end - 1] == 0x0D)
    start = end
  }

  /// Drops a UTF-8 byte-order mark at the start of the stream; `false` while it cannot be told yet.
  private mutating func resolveByteOrderMark() -> Bool {
    guard byteOrderMarkPending else { return true }
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let available = min(end - start, 3)
    for offset in 0..<available where storage[start + offset] != mark[offset] {
      byteOrderMarkPending = false
      return true
    }
    if available == 3 {
      start += 3
    } else if !atEnd {
      return false  // "EF" or "EF BB" so far: wait for more bytes
    }
    byteOrderMarkPending = false
    return true
  }

  // MARK: - Reading

  /// Makes room (compacting, then growing up to the limit) and reads one chunk.
  private mutating func fill() {
    if start == end {
      start = 0
      end = 0
      scanned = 0
    } else if start > 0, bufferCapacity - end < chunkSize {
      memmove(storage, storage + start, end - start)
      end -= start
      scanned -= min(scanned, start)
      start = 0
    }
    if bufferCapacity - end < chunkSize, bufferCapacity < maximumBufferCapacity {
      grow(to: min(max(2 * bufferCapacity, end + chunkSize), maximumBufferCapacity))
    }
    let room = UnsafeMutableRawBufferPointer(start: storage + end, count: min(chunkSize, bufferCapacity - end))
    assert(!room.isEmpty, "a pending line never fills the buffer")
    let count = source.read(into: room)
    if count == 0 { atEnd = true }
    end += count
  }

  /// Moves the buffer to a larger allocation.
  private mutating func grow(to capacity: Int) {
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    larger.update(from: storage + start, count: end - start)
    storage.deallocate()
    storage = larger
    end -= start
    scanned -= min(scanned, start)
    start = 0
    bufferCapacity = capacity
  }
}
