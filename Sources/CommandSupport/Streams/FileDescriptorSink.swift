#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A buffered writer straight on a file descriptor with `write(2)`, for stdout and stderr.
///
/// Bytes collect in a fixed buffer (64 KiB by default) and go out in large writes, which is
/// what makes a million output lines cheap. Partial writes are continued, `EINTR` is retried,
/// and a non-blocking descriptor is waited on with `poll(2)`. The first error breaks the sink:
/// the buffer is dropped and later writes are ignored. `EPIPE` needs `SIGPIPE` ignored, or the
/// process dies before it sees the error; ``CommandContext/standard()`` does that.
///
/// It is a final class rather than a struct because its buffer is shared state: the command,
/// the input source that flushes before blocking, and the tool all use the same one. It is not
/// `Sendable`: use one sink from one thread at a time.
///
/// ```swift
/// let stdout = FileDescriptorSink(fd: 1)
/// stdout.write("hello\n")
/// stdout.flush()
/// ```
final class FileDescriptorSink: OutputSink {
  /// The default buffer size.
  static let defaultCapacity = 64 * 1024

  /// The descriptor written to; the sink never closes it.
  let fd: Int32
  /// Whether a write that contains a newline flushes at once (for stderr, read by people).
  let flushesAtNewline: Bool
  /// The first write error; `nil` while writes succeed.
  private(set) var failure: SystemError?

  /// The buffer size in bytes.
  let capacity: Int
  private let storage: UnsafeMutableRawPointer
  private var count = 0

  /// Creates a sink on `fd` with a buffer of `capacity` bytes.
  init(fd: Int32, capacity: Int = FileDescriptorSink.defaultCapacity, flushesAtNewline: Bool = false) {
    self.fd = fd
    self.flushesAtNewline = flushesAtNewline
    self.capacity = max(capacity, 1)
    self.storage = .allocate(byteCount: self.capacity, alignment: 1)
  }

  deinit {
    flush()
    storage.deallocate()
  }

  /// The number of bytes waiting in the buffer.
  var bufferedByteCount: Int { count }

  /// Appends `bytes` to the buffer, writing first when they do not fit.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil, let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if bytes.count > capacity - count {
      flush()
      guard failure == nil else { return }
      if bytes.count >= capacity {
        writeAll(bytes)
        return
      }
    }
    (storage + count).copyMemory(from: source, byteCount: bytes.count)
    count += bytes.count
    if flushesAtNewline, memchr(source, 0x0A, bytes.count) != nil { flush() }
  }

  /// Writes out everything buffered.
  func flush() {
    guard count > 0 else { return }
    let pending = UnsafeRawBufferPointer(start: storage, count: count)
    count = 0
    guard failure == nil else { return }
    writeAll(pending)
  }

  /// Writes every byte, continuing partial writes; records the first error.
  private func writeAll(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
      let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
      #if canImport(Darwin)
        let written = Darwin.write(fd, rest.baseAddress, rest.count)
      #elseif canImport(Musl)
        let written = Musl.write(fd, rest.baseAddress, rest.count)
      #else
        let written = Glibc.write(fd, rest.baseAddress, rest.count)
      #endif
      if written >= 0 {
        offset += written
        continue
      }
      let error = SystemError.current
      if error.code == EINTR { continue }
      if error.code == EAGAIN || error.code == EWOULDBLOCK {
        // A non-blocking descriptor that is full: wait until it takes more.
        var request = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&request, 1, -1)
        continue
      }
      failure = error
      return
    }
  }
}
