#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file, but never more than a limit: a table or session file named on the
/// command line may be anything, and reading it must not take unbounded memory.
///
/// ```swift
/// switch BoundedFile.read("t.json", limit: 16 << 20) {
/// case .success(let bytes): …
/// case .failure(.tooLarge): …        // more than 16 MiB; only limit + 1 bytes were read
/// case .failure(.failed(let error)): …
/// }
/// ```
package enum BoundedFile {
  /// Why a file could not be read.
  package enum Failure: Error, Hashable {
    /// It has more than `limit` bytes.
    case tooLarge(limit: Int)
    /// `open(2)` or `read(2)` failed (a missing file, a directory, no permission…).
    case failed(SystemError)
  }

  /// The bytes of `path`, reading at most `limit + 1` of them.
  package static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(.failed(.current)) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    let chunk = 64 * 1024
    while bytes.count <= limit {
      let start = bytes.count
      let want = min(chunk, limit + 1 - start)
      bytes.append(contentsOf: repeatElement(0, count: want))
      let count = bytes.withUnsafeMutableBytes { buffer in
        #if canImport(Darwin)
          Darwin.read(fd, buffer.baseAddress! + start, want)
        #elseif canImport(Musl)
          Musl.read(fd, buffer.baseAddress! + start, want)
        #else
          Glibc.read(fd, buffer.baseAddress! + start, want)
        #endif
      }
      if count < 0 {
        if errno == EINTR {
          bytes.removeLast(want)
          continue
        }
        return .failure(.failed(.current))
      }
      bytes.removeLast(want - count)
      if count == 0 { return .success(bytes) }
    }
    return .failure(.tooLarge(limit: limit))
  }
}
