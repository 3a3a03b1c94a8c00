/// Somewhere a command writes bytes: standard output or error, or memory in tests.
///
/// Sinks are classes because one sink is shared: the command writes to it, the input source
/// flushes it before blocking on stdin, and the tool flushes it at the end. Once a write fails
/// the sink is broken: it drops later writes and keeps the first ``failure``. A broken pipe
/// (`EPIPE`, as in `route-cli … | head -1`) is the normal way for a reader to say it has had
/// enough; commands check ``isBroken`` to stop early, and the tool exits quietly with the
/// status the command returned.
///
/// ```swift
/// context.stdout.write("note-editor\n")
/// line.bytes.withUnsafeBytes { context.stdout.write($0) }   // no copy
/// if context.stdout.isBroken { return .success }
/// ```
package protocol OutputSink: AnyObject {
  /// Appends `bytes`; may hold them in a buffer until ``flush()``.
  func write(_ bytes: UnsafeRawBufferPointer)

  /// Hands buffered bytes to the destination.
  func flush()

  /// The first write error, or `nil` while writes succeed.
  var failure: SystemError? { get }
}

extension OutputSink {
  /// Whether a write has failed, so further output goes nowhere.
  package var isBroken: Bool { failure != nil }

  /// Appends the UTF-8 bytes of `string`.
  package func write(_ string: String) {
    var string = string
    string.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `bytes`, without copying when they are contiguous (arrays, buffer pointers).
  package func write(_ bytes: some Collection<UInt8>) {
    let written: Void? = bytes.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0)) }
    if written == nil { Array(bytes).withUnsafeBytes { write($0) } }
  }
}

/// An output sink that keeps everything in memory, for tests.
///
/// It records how many bytes had been written at each ``flush()``, so a test can check that
/// output was flushed before the command blocked on input. `breaksAfter` simulates a reader
/// that goes away (`head -c N`): writes beyond it fail with `EPIPE`.
///
/// ```swift
/// let out = MemorySink()
/// out.write("a\n")
/// out.flush()
/// out.text                  // "a\n"
/// out.flushedByteCounts     // [2]
/// ```
final class MemorySink: OutputSink {
  /// Everything written so far.
  private(set) var bytes: [UInt8] = []
  /// The value of `bytes.count` at each call of ``flush()``.
  private(set) var flushedByteCounts: [Int] = []
  /// The simulated write error, once `breaksAfter` bytes have been written.
  private(set) var failure: SystemError?
  /// The number of bytes accepted before writes fail with `EPIPE`; `nil` for no limit.
  let breaksAfter: Int?

  /// Creates an empty sink; `breaksAfter` makes it fail like a closed pipe after that many bytes.
  init(breaksAfter: Int? = nil) {
    self.breaksAfter = breaksAfter
  }

  /// What was written, decoded as UTF-8 (invalid bytes become U+FFFD).
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `bytes`, or fails once `breaksAfter` is reached.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    if let breaksAfter, self.bytes.count + bytes.count > breaksAfter {
      self.bytes.append(contentsOf: bytes.prefix(breaksAfter - self.bytes.count))
      failure = SystemError.brokenPipe
      return
    }
    self.bytes.append(contentsOf: bytes)
  }

  /// Records the flush.
  func flush() {
    flushedByteCounts.append(bytes.count)
  }
}
