#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock that makes one run the only writer of a file: `route-cli route --state FILE`
/// holds one on `FILE.lock` from before it reads any state until it has written `FILE`.
///
/// - The lock is `flock(2)` (`LOCK_EX | LOCK_NB`) on a lock file beside the target, never on the
///   target itself: ``AtomicFile`` replaces the target by a rename, and a lock on the replaced
///   file would lock nothing.
/// - A second writer does not wait: ``acquire(beside:)`` throws ``Refusal/held(by:)`` with the
///   process id the holder wrote into the lock file, so a coprocess holding the lock for hours
///   never makes another run hang without a word.
/// - The lock goes with its process: a run that is killed leaves at most an unlocked lock file,
///   which the next run takes. ``release()`` removes the file while still holding it, and
///   ``acquire(beside:)`` checks, once locked, that its descriptor is still the file at that path
///   (else it lost a race with a release and tries again).
///
/// ```swift
/// let lock = try FileLock.acquire(beside: "state.json")   // holds state.json.lock
/// defer { lock.release() }
/// ```
package final class FileLock: Sendable {
  /// Why a lock was not taken.
  package enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another process holds the lock; its id when it wrote one.
    case held(by: Int32?)
    /// The lock file could not be made or locked.
    case failed(FileFailure)

    /// The refusal as a clause: "another run (process 812) is writing it".
    package var description: String {
      switch self {
      case .held(let pid?): return "another run (process \(pid)) is writing it"
      case .held(nil): return "another run is writing it"
      case .failed(let failure): return "\(failure)"
      }
    }
  }

  /// The lock file's path: the target's with `.lock` added.
  package let path: String
  private let fd: Int32

  private init(path: String, fd: Int32) {
    self.path = path
    self.fd = fd
  }

  /// The lock file of `target`: `target.lock`, beside the file symbolic links lead to.
  package static func lockPath(for target: String) throws(FileFailure) -> String {
    try AtomicFile.resolve(target) + ".lock"
  }

  /// Takes the lock of `target` or throws at once.
  package static func acquire(beside target: String) throws(Refusal) -> FileLock {
    let path: String
    do { path = try lockPath(for: target) } catch { throw .failed(error) }
    for _ in 0..<16 {
      let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
      guard fd >= 0 else { throw .failed(.current("open")) }
      if flock(fd, LOCK_EX | LOCK_NB) != 0 {
        let code = errno
        let holder = code == EWOULDBLOCK ? readPID(fd) : nil
        close(fd)
        throw code == EWOULDBLOCK ? .held(by: holder) : .failed(.system(call: "flock", code: code))
      }
      // Still the file at `path`? A holder that released removed it after we opened it.
      var opened = stat()
      var named = stat()
      if fstat(fd, &opened) == 0, stat(path, &named) == 0, opened.st_dev == named.st_dev,
        opened.st_ino == named.st_ino
      {
        writePID(fd)
        return FileLock(path: path, fd: fd)
      }
      close(fd)
    }
    throw .failed(.system(call: "flock", code: EAGAIN))
  }

  /// Removes the lock file and gives the lock up.
  package func release() {
    unlink(path)
    close(fd)
  }

  /// The holder's process id, from the lock file's text.
  private static func readPID(_ fd: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return Int32(String(decoding: buffer[..<count], as: UTF8.self).prefix { $0 != "\n" })
  }

  /// Writes this process's id into the lock file, for the message of a refused writer.
  private static func writePID(_ fd: Int32) {
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(fd, 0)
    _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
  }
}
