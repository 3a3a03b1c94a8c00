import Synchronization

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
  /// Where there is no `Atomic` (before macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2): the
  /// first stop signal read from the pipe; 0 while none was.
  nonisolated(unsafe) static var firstReceived: Int32 = 0

  /// The first stop signal received, or nil.
  ///
  /// An atomic load where the platform has `Atomic` (every line of `route --state` asks);
  /// before those versions (route-cli builds for SwiftPM's default deployment targets) the
  /// number is read from the pipe, a system call each time until it is there, and this must
  /// then be read on one thread only, the one that runs the command, as route-cli does.
  package static var received: Int32? {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      let number = ReceivedSignal.number.load(ordering: .acquiring)
      return number == 0 ? nil : number
    }
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
    // Touch the lazily made globals (and the availability check) before a handler can: their
    // first use is not signal-safe.
    _ = wakePipe
    _ = received
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

/// The first stop signal's number, where the platform has `Atomic`; 0 while none was received.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private enum ReceivedSignal {
  static let number = Atomic<Int32>(0)
}

/// Records the signal (in the atomic where there is one, and as one byte on the pipe: the three
/// are below 256), wakes a waiting read, and restores the default action of all three so that a
/// second stop signal ends the process. Only async-signal-safe calls: an atomic exchange, `write`,
/// `signal` (the availability check was made once in ``StopSignals/install()``).
private func stopSignalHandler(_ number: Int32) {
  let saved = errno
  if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
    _ = ReceivedSignal.number.compareExchange(expected: 0, desired: number, ordering: .releasing)
  }
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(StopSignals.wakePipe.write, &byte, 1)
  _ = signal(SIGTERM, SIG_DFL)
  _ = signal(SIGINT, SIG_DFL)
  _ = signal(SIGHUP, SIG_DFL)
  errno = saved
}
