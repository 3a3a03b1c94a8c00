#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file, never more than the limit of its kind, and only a regular file: the one
/// way the router reads a file (tables, Info.plist, AASA, fixtures, sessions and state files).
///
/// - The file is opened with `O_NONBLOCK`, so a FIFO with no writer cannot hang the open, and
///   `fstat` must say it is a regular file: a FIFO, a device, a directory or a socket is
///   ``FileFailure/notRegular(kind:)``, never read. (Standard input, `-`, is read by the
///   command line tool with its own bound.)
/// - Its size, from `fstat`, must be within the limit before a byte is read; and the reading
///   stops at the limit plus one byte, so a file that grows meanwhile is refused too.
/// - The buffer is reserved once at the size `fstat` gave, so the peak memory is the file's size.
///
/// ```swift
/// switch BoundedFileReader.read("apple-app-site-association", kind: .aasa) {
/// case .success(let bytes): …
/// case .failure(let failure):
///   print("error: cannot read \(FileKind.aasa) 'apple-app-site-association': \(failure)")
///   // … it is larger than 131072 bytes (128 KiB)
/// }
/// ```
package enum BoundedFileReader {
  /// The bytes of `path`, a regular file of at most `kind.limit` bytes.
  package static func read(_ path: String, kind: FileKind) -> Result<[UInt8], FileFailure> {
    read(path, limit: kind.limit)
  }

  /// The bytes of `path`, a regular file of at most `limit` bytes.
  package static func read(_ path: String, limit: Int) -> Result<[UInt8], FileFailure> {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(.current("open")) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(.current("fstat")) }
    if let kind = FileFailure.kind(ofMode: info.st_mode) { return .failure(.notRegular(kind: kind)) }
    guard Int(info.st_size) <= limit else { return .failure(.tooLarge(limit: limit)) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size) + 1)
    let chunk = 64 * 1024
    while bytes.count <= limit {
      let start = bytes.count
      // Within the reserved buffer while it has room (the read that finds the end included):
      // a chunk appended past it would reallocate the buffer at twice the file's size.
      let room = bytes.capacity - start
      let want = room > 0 ? min(chunk, limit + 1 - start, room) : min(chunk, limit + 1 - start)
      bytes.append(contentsOf: repeatElement(0, count: want))
      let count = bytes.withUnsafeMutableBytes { buffer in
        systemRead(fd, buffer.baseAddress! + start, want)
      }
      if count < 0 {
        bytes.removeLast(want)
        if errno == EINTR || errno == EAGAIN { continue }
        return .failure(.current("read"))
      }
      bytes.removeLast(want - count)
      if count == 0 { return .success(bytes) }
    }
    return .failure(.tooLarge(limit: limit))
  }

  private static func systemRead(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.read(fd, pointer, count)
    #elseif canImport(Musl)
      Musl.read(fd, pointer, count)
    #else
      Glibc.read(fd, pointer, count)
    #endif
  }
}
