import ActivityRouter
import CommandSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading session state files, and writing them so that a reader never sees half a file.
enum SessionFiles {
  /// Loads `path` against the table; prints diagnostics and returns nil on errors.
  static func load(_ path: String, table: RouteTable, context: CommandContext, color: ColorChoice) -> SessionState? {
    let data: [UInt8]
    switch BoundedFile.read(context.resolve(path), limit: JSONLimits.default.maxBytes) {
    case .success(let bytes):
      data = bytes
    case .failure(.tooLarge(let limit)):
      context.stderr.write("error: the session state '\(path)' is larger than \(limit) bytes\n")
      return nil
    case .failure(.failed(let error)):
      context.stderr.write("error: cannot read the session state '\(path)': \(error)\n")
      return nil
    }
    let source = SourceText(file: path, bytes: data)
    let (state, diagnostics) = SessionState.load(source: source, table: table)
    RouterLoading.printDiagnostics(diagnostics, source, context: context, color: color)
    return diagnostics.hasErrors ? nil : state
  }

  /// Writes `text` to a temporary file beside `path`, flushes it to disk, then renames it over
  /// `path` and flushes the directory: a run killed at any moment leaves either the previous file
  /// or the new one, whole, at `path`.
  ///
  /// The temporary file is `path.tmp-<pid>-<random>`, created exclusively (`O_EXCL`, never through
  /// a symbolic link), so it can neither be a leftover of a killed run nor a planted link; a
  /// leftover is never read, since only `path` is.
  static func writeAtomically(_ text: String, to path: String) throws {
    var temporary = ""
    var fd: Int32 = -1
    for _ in 0..<16 {
      temporary = path + ".tmp-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
      fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if fd >= 0 || errno != EEXIST { break }
    }
    guard fd >= 0 else { throw SystemError(code: errno) }
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress.map { $0 + written }, $0.count - written) }
      if n < 0 {
        if errno == EINTR { continue }
        let error = SystemError(code: errno)
        close(fd)
        unlink(temporary)
        throw error
      }
      written += n
    }
    bytes.removeAll()
    guard fsync(fd) == 0, close(fd) == 0 else {
      let error = SystemError(code: errno)
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = SystemError(code: errno)
      unlink(temporary)
      throw error
    }
    // The rename itself is durable only once the directory is flushed.
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
      _ = fsync(directoryFD)
      close(directoryFD)
    }
  }
}
