#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGTERM, SIGINT and SIGHUP as a request to stop after the current line, for a command that
/// has something to save (`route-cli route --stateful --state FILE`).
///
/// Once ``install()`` has run, the first of these signals is only recorded: the handler writes
/// its number, as one byte, to a pipe, which wakes ``FileDescriptorSource`` if it is waiting for
/// input (it waits with `poll(2)` on stdin and that pipe, so a signal that arrives just before
/// the wait is never missed), and ``received`` reads it from there. The command finishes the
/// line it is on, saves, and exits with ``ExitStatus/interrupted(by:)`` (128 + the signal). The handler then gives the signal back its
/// default action: a second one (of any of the three) ends the process at once, as if nothing were installed.
///
/// A signal the process inherited as ignored (`nohup` ignores SIGHUP) stays ignored; the three
/// are unblocked, since a signal mask is inherited through `exec` and a parent that spawned
/// route-cli from a thread blocking every signal would otherwise leave them pending forever.
///
/// ```swift
/// if context.catchesStopSignals { StopSignals.install() }
/// reader.forEachLine { line in
///   if StopSignals.received != nil { … stop … }
/// }
/// ```
package enum StopSignals {
  /// The signals that ask for a stop.
  package static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

  /// The pipe the handler writes to: read end, write end; -1 before ``install()``.
  nonisolated(unsafe) static var wakePipe: (read: Int32, write: Int32) = (-1, -1)
  /// The first stop signal read from the pipe; 0 while none was.
  nonisolated(unsafe) static var firstReceived: Int32 = 0

  /// The first stop signal received, or nil. Read on the thread that runs the command (the
  /// handler only writes to the pipe, which is why this needs no atomic: `Atomic` is not there
  /// before macOS 15, and route-cli builds for SwiftPM's default deployment targets).
  package static var received: Int32? {
    if firstReceived == 0 && wakePipe.read >= 0 {
      var byte: UInt8 = 0
      if read(wakePipe.read, &byte, 1) == 1 { firstReceived = Int32(byte) }
    }
    return firstReceived == 0 ? nil : firstReceived
  }

  /// Whether ``install()`` has run, so input waits also watch the wake pipe.
  static var isInstalled: Bool { wakePipe.read >= 0 }

  /// The descriptor readable once a stop signal arrived (for `poll`), or -1.
  static var wakeDescriptor: Int32 { wakePipe.read }

  /// Installs the handlers (once; later calls do nothing). Returns false when the wake pipe
  /// cannot be made, in which case the signals keep their default action.
  @discardableResult
  package static func install() -> Bool {
    if isInstalled { return true }
    // Touch the lazily made global before a handler can: its first use is not signal-safe.
    _ = wakePipe
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return false }
    for fd in descriptors {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    wakePipe = (descriptors[0], descriptors[1])
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in signals {
      // A signal the parent ignores stays ignored (`nohup` ignores SIGHUP): nothing to catch.
      let previous = signal(number, stopSignalHandler)
      if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        _ = signal(number, SIG_IGN)
        continue
      }
      sigaddset(&unblocked, number)
    }
    // A blocked mask is inherited through exec (a parent's thread that spawned us may block
    // everything): unblock the three, or a stop signal would stay pending forever.
    _ = sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    return true
  }
}

/// Records the signal (its number, one byte on the pipe: the three are below 256), wakes a
/// waiting read, and restores the default action of all three so that a second stop signal ends
/// the process. Only async-signal-safe calls: `write`, `signal`.
private func stopSignalHandler(_ number: Int32) {
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(StopSignals.wakePipe.write, &byte, 1)
  _ = signal(SIGTERM, SIG_DFL)
  _ = signal(SIGINT, SIG_DFL)
  _ = signal(SIGHUP, SIG_DFL)
  errno = saved
}
