#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call's `errno`, with the C library's description.
///
/// ```swift
/// SystemError(code: EPIPE).description   // "Broken pipe"
/// ```
package struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The `errno` value.
  var code: Int32

  /// Wraps an `errno` value.
  package init(code: Int32) { self.code = code }

  /// `EPIPE`: the reading end of a pipe was closed.
  static let brokenPipe = SystemError(code: EPIPE)

  /// The current thread's `errno`.
  static var current: SystemError { SystemError(code: errno) }

  /// Whether the reader of a pipe or socket went away (`EPIPE`): not worth a message.
  var isBrokenPipe: Bool { code == EPIPE }

  /// `strerror(3)`'s text, such as `No space left on device`.
  package var description: String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
