@testable import CommandSupport
@testable import route_cli

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe(2) pair for stream tests; close each end once.
struct TestPipe {
  var read: Int32
  var write: Int32

  /// Creates a pipe, or throws its errno.
  init() throws {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw SystemError.current }
    read = fds[0]
    write = fds[1]
  }
}

/// Writes all of `text` to `fd`.
func writeAll(_ fd: Int32, _ text: String) {
  var rest = Array(text.utf8)[...]
  while !rest.isEmpty {
    let written = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if written < 0 { if errno == EINTR { continue } else { return } }
    rest = rest.dropFirst(written)
  }
}

/// Reads from `fd` until a newline arrives, the pipe closes or `timeoutMilliseconds` pass
/// without data; the timeout only guards against hanging, and no test asserts durations.
func readLineFrom(_ fd: Int32, timeoutMilliseconds: Int32 = 60_000) -> String? {
  var bytes: [UInt8] = []
  var byte: UInt8 = 0
  while bytes.last != 0x0A {
    var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, timeoutMilliseconds) > 0 else { return nil }
    guard read(fd, &byte, 1) == 1 else { break }
    bytes.append(byte)
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// Whether `fd` has data (or end of file) to read right now.
func isReadable(_ fd: Int32) -> Bool {
  var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
  return poll(&request, 1, 0) > 0
}
