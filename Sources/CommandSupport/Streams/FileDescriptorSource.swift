#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor (stdin) with `read(2)`, flushing the output before it would block.
///
/// Before each read it asks `poll(2)`, with a timeout of zero, whether input is ready. If not,
/// the read would block, so it flushes `output` (and `diagnostics`) first, then blocks. A
/// process driving `route-cli` as a coprocess therefore gets each answer as soon as it waits for
/// it, while input from a file or a fast pipe is always ready and output leaves in large blocks.
/// `EINTR` is retried; a non-blocking descriptor is waited on with `poll`. Once `output` is
/// broken, reads report the end of input: nobody is reading the results any more. Once
/// ``StopSignals`` are installed, a wait for input also ends at a stop signal, as the end of
/// input does.
///
/// ```swift
/// var stdin = FileDescriptorSource(fd: 0, output: stdoutSink, diagnostics: stderrSink)
/// ```
struct FileDescriptorSource: InputSource {
  /// The descriptor read from; the source never closes it.
  let fd: Int32
  /// Flushed before a blocking read; when it is broken, the input ends.
  let output: (any OutputSink)?
  /// Also flushed before a blocking read, after `output`.
  let diagnostics: (any OutputSink)?
  /// The read error that ended the input, if any.
  private(set) var failure: SystemError?

  /// A source on `fd` that flushes `output` and `diagnostics` before it blocks.
  init(fd: Int32, output: (any OutputSink)? = nil, diagnostics: (any OutputSink)? = nil) {
    self.fd = fd
    self.output = output
    self.diagnostics = diagnostics
  }

  /// Reads the next chunk, flushing first if the read would block.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard failure == nil, output?.isBroken != true, !buffer.isEmpty, StopSignals.received == nil else { return 0 }
    if output != nil || diagnostics != nil, !hasInputReady() {
      output?.flush()
      diagnostics?.flush()
      if output?.isBroken == true { return 0 }
    }
    // With stop signals caught, wait for input or a signal, whichever comes first.
    if StopSignals.isInstalled, !waitForInputOrStop() { return 0 }
    while true {
      #if canImport(Darwin)
        let count = Darwin.read(fd, buffer.baseAddress, buffer.count)
      #elseif canImport(Musl)
        let count = Musl.read(fd, buffer.baseAddress, buffer.count)
      #else
        let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
      #endif
      if count >= 0 { return count }
      let error = SystemError.current
      if error.code == EINTR { continue }
      if error.code == EAGAIN || error.code == EWOULDBLOCK {
        wait(for: Int16(POLLIN), timeout: -1)
        continue
      }
      failure = error
      return 0
    }
  }

  /// Waits until a read would not block; false when a stop signal came first (``StopSignals``).
  private func waitForInputOrStop() -> Bool {
    var requests = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: StopSignals.wakeDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    while StopSignals.received == nil {
      let result = poll(&requests, 2, -1)
      if result > 0, requests[0].revents != 0 { return StopSignals.received == nil }
      if result < 0, errno != EINTR { return true }  // let the read report it
    }
    return false
  }

  /// Whether a read would return at once (data, end of file or an error is pending).
  func hasInputReady() -> Bool {
    wait(for: Int16(POLLIN), timeout: 0)
  }

  /// Polls `fd` for `events`; `true` when anything is reported before the timeout.
  @discardableResult
  private func wait(for events: Int16, timeout: Int32) -> Bool {
    var request = pollfd(fd: fd, events: events, revents: 0)
    while true {
      let result = poll(&request, 1, timeout)
      if result >= 0 { return result > 0 }
      if errno != EINTR { return false }
    }
  }
}
