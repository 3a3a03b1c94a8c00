#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole file atomically and honestly: the one way `route-cli` writes a file
/// (`--state`, `--junit`, `test --update`, `init -o`).
///
/// - A symbolic link at the path is followed to the file it names, which is replaced: the link
///   stays a link, the real file gets the new content.
/// - What the path names must be a regular file or not exist: a FIFO, a device, a directory or
///   a socket is refused with ``FileFailure/notRegular(kind:)``, never replaced.
/// - The content goes to a temporary file beside the real target (`NAME.tmp-<pid>-<random>`,
///   created with `O_EXCL | O_NOFOLLOW`), is flushed with `fsync`, takes the mode (and, where
///   allowed, the owner) of the file it replaces, and is renamed over it; the directory is
///   flushed. A reader sees the old file or the new one, whole.
/// - Any failure throws, and the temporary file is removed. Temporary files that runs killed
///   before their rename left (their process is gone) are removed by the next write.
///
/// ```swift
/// try AtomicFile.write(Array("{}\n".utf8), to: "state.json")
/// ```
package enum AtomicFile {
  /// Writes `bytes` to `path` as described above.
  package static func write(_ bytes: [UInt8], to path: String) throws(FileFailure) {
    let target = try resolve(path)
    var existing = stat()
    var replaces = false
    if stat(target, &existing) == 0 {
      if let kind = FileFailure.kind(ofMode: existing.st_mode) { throw .notRegular(kind: kind) }
      replaces = true
    } else if errno != ENOENT {
      throw .current("stat")
    }
    let (directory, name) = split(target)
    removeStaleTemporaries(in: directory, name: name)
    var temporary = ""
    var fd: Int32 = -1
    for _ in 0..<16 {
      temporary = target + ".tmp-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
      // A new file gets 0666 less the umask, as any; a replacement gets the old mode below.
      fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, replaces ? 0o600 : 0o666)
      if fd >= 0 || errno != EEXIST { break }
    }
    guard fd >= 0 else { throw .current("open") }
    func fail(_ failure: FileFailure) -> FileFailure {
      if fd >= 0 { close(fd) }
      unlink(temporary)
      return failure
    }
    if replaces {
      // The mode and owner of the file replaced (changing the owner is allowed to root only).
      _ = fchown(fd, existing.st_uid, existing.st_gid)
      guard fchmod(fd, existing.st_mode & 0o7777) == 0 else { throw fail(.current("fchmod")) }
    }
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, $0.count - written) }
      if n < 0 {
        if errno == EINTR { continue }
        throw fail(.current("write"))
      }
      written += n
    }
    guard fsync(fd) == 0 else { throw fail(.current("fsync")) }
    let closed = close(fd)
    fd = -1
    guard closed == 0 else { throw fail(.current("close")) }
    guard rename(temporary, target) == 0 else { throw fail(.current("rename")) }
    // The rename itself is durable only once the directory is flushed.
    let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
      _ = fsync(directoryFD)
      close(directoryFD)
    }
  }

  /// Throws what ``write(_:to:)`` would throw for the path before writing anything: the path
  /// (links followed) names something that is not a regular file, or cannot be examined.
  /// A command checks its output file this way before it does the work whose result it writes.
  package static func checkReplaceable(_ path: String) throws(FileFailure) {
    let target = try resolve(path)
    var existing = stat()
    if stat(target, &existing) == 0 {
      if let kind = FileFailure.kind(ofMode: existing.st_mode) { throw .notRegular(kind: kind) }
    } else if errno != ENOENT {
      throw .current("stat")
    }
  }

  /// The file `path` names once symbolic links are followed (at most 32 of them, each
  /// relative to the directory of the link); `path` itself when it is no link.
  package static func resolve(_ path: String) throws(FileFailure) -> String {
    var current = path
    for _ in 0..<32 {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        if errno == ENOENT { return current }
        throw .current("lstat")
      }
      guard info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw .current("readlink") }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = link.hasPrefix("/") ? link : split(current).directory + "/" + link
    }
    throw .system(call: "readlink", code: ELOOP)
  }

  /// The directory and the last component of a path.
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    return (directory, String(path[path.index(after: slash)...]))
  }

  /// Removes `name.tmp-<pid>-<hex>` files in `directory` whose process no longer exists: what
  /// a run killed between creating its temporary file and renaming it leaves.
  static func removeStaleTemporaries(in directory: String, name: String) {
    guard let dir = opendir(directory) else { return }
    defer { closedir(dir) }
    let prefix = name + ".tmp-"
    while let entry = readdir(dir) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard entryName.hasPrefix(prefix) else { continue }
      let rest = entryName.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
      guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0, UInt32(rest[1], radix: 16) != nil else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + entryName) }
    }
  }

  private static func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.write(fd, pointer, count)
    #elseif canImport(Musl)
      Musl.write(fd, pointer, count)
    #else
      Glibc.write(fd, pointer, count)
    #endif
  }
}
