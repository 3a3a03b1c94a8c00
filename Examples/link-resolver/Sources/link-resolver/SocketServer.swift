import Glibc
import Synchronization

/// Set by SIGINT and SIGTERM; the accept loop checks it a few times a second.
let stopRequested = Atomic<Bool>(false)

/// A Unix-domain stream socket server: one thread per connection, each answering request lines
/// with records as soon as it has read them.
///
/// Every connection is a conversation: the client writes lines (a URL or a JSON event each) and
/// reads one NDJSON record per line, in order; it may write one line and wait, or many at once.
/// When the client shuts down its side, the server answers a last line that had no newline and
/// closes. A line longer than ``Limits/maxLineBytes`` gets a `line-too-long` record and the
/// connection is closed; so is a connection idle for ``Limits/idleTimeoutSeconds``.
final class SocketServer: Sendable {
  struct Limits: Sendable {
    var maxConnections = 32
    var maxLineBytes = 64 * 1024
    var idleTimeoutSeconds = 30
  }

  let path: String
  let resolver: Resolver
  let limits: Limits
  private let listener: Int32
  private let active = Atomic<Int>(0)

  /// Binds and listens on `path`. A socket file left by a server that is gone is replaced; a
  /// live one, or a file that is not a socket, is an error.
  init(path: String, resolver: Resolver, limits: Limits) throws(ServerError) {
    self.path = path
    self.resolver = resolver
    self.limits = limits
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw ServerError("the socket path must be 1 to \(MemoryLayout.size(ofValue: address.sun_path) - 1) bytes long")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFSOCK else { throw ServerError("'\(path)' exists and is not a socket") }
      guard !Self.someoneListens(at: address) else { throw ServerError("another server is listening on '\(path)'") }
      unlink(path)
    }
    listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw ServerError("cannot create a socket", errno: errno) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(listener, 64) == 0 else {
      let error = ServerError("cannot listen on '\(path)'", errno: errno)
      close(listener)
      throw error
    }
  }

  /// Accepts connections until SIGINT or SIGTERM, then removes the socket file.
  func run() {
    defer {
      close(listener)
      unlink(path)
    }
    while !stopRequested.load(ordering: .relaxed) {
      if active.load(ordering: .relaxed) >= limits.maxConnections {
        _ = poll(nil, 0, 20)  // at the limit, new clients wait in the listen queue
        continue
      }
      var request = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, 200) > 0 else { continue }  // a timeout or a signal: check the flag
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if errno == EMFILE || errno == ENFILE { _ = poll(nil, 0, 100) }
        continue
      }
      setTimeouts(client)
      active.add(1, ordering: .relaxed)
      startThread { [self] in
        serve(client)
        close(client)
        active.subtract(1, ordering: .relaxed)
      }
    }
  }

  /// Answers one connection's lines until it ends, breaks, idles or sends a line too long.
  private func serve(_ fd: Int32) {
    var conversation = resolver.startConversation()
    var line: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        // The end of the requests (or an error, or the idle timeout): a last line without a
        // newline is still a request.
        if count == 0, !line.isEmpty { _ = send(fd, resolver.answer(line, in: &conversation)) }
        return
      }
      var answers: [UInt8] = []
      var start = 0
      for index in 0..<count where chunk[index] == 0x0A {
        line += chunk[start..<index]
        start = index + 1
        if line.last == 0x0D { line.removeLast() }
        if line.count > limits.maxLineBytes { break }
        answers += resolver.answer(line, in: &conversation)
        line.removeAll(keepingCapacity: true)
      }
      if line.count <= limits.maxLineBytes { line += chunk[start..<count] }
      if line.count > limits.maxLineBytes {
        answers += resolver.tooLong(limit: limits.maxLineBytes, in: &conversation)
        _ = send(fd, answers)
        return
      }
      // Everything read so far is answered before the next read can block: a client that
      // writes one line and waits gets its answer at once.
      guard answers.isEmpty || send(fd, answers) else { return }
    }
  }

  /// Writes all of `bytes`; false when the client has gone.
  private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Reads and writes that wait longer than the idle timeout fail, so a silent client cannot
  /// hold a thread for ever.
  private func setTimeouts(_ fd: Int32) {
    var timeout = timeval(tv_sec: limits.idleTimeoutSeconds, tv_usec: 0)
    for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
      _ = setsockopt(fd, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// Whether a server accepts connections at `address`.
  private static func someoneListens(at address: sockaddr_un) -> Bool {
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard probe >= 0 else { return false }
    defer { close(probe) }
    var address = address
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    } == 0
  }
}

/// A setup or socket error, with the `errno` text when there is one.
struct ServerError: Error, CustomStringConvertible {
  var description: String
  init(_ message: String, errno code: Int32? = nil) {
    description = message + (code.map { ": " + String(cString: strerror($0)) } ?? "")
  }
}

/// Runs `body` on a new detached POSIX thread.
private func startThread(_ body: @escaping @Sendable () -> Void) {
  final class Job {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
  let job = Unmanaged.passRetained(Job(body)).toOpaque()
  var thread = pthread_t()
  let created = pthread_create(
    &thread, nil,
    { raw in
      Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().body()
      return nil
    }, job)
  if created == 0 {
    pthread_detach(thread)
  } else {
    Unmanaged<Job>.fromOpaque(job).takeRetainedValue().body()  // no thread to be had: serve it here
  }
}
