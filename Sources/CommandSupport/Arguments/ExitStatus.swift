#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The status `route-cli` exits with: the one place that defines what each number means.
///
/// Commands return an `ExitStatus` instead of calling `exit`, so tests check it in-process;
/// only the tool's `main.swift` turns it into a process exit. The numbers follow
/// swift-argument-parser (`ExitCode.success`, `.failure`, `.validationFailure`):
///
/// | Status | Meaning |
/// | --- | --- |
/// | 0 | Success, including outcomes such as "no route matched": outcomes are data. |
/// | 1 | The command ran, but an input was bad or a check failed. |
/// | 64 | The command line was wrong (`EX_USAGE`). |
/// | 128 + N | `route --state` stopped by signal N (SIGHUP 129, SIGINT 130, SIGTERM 143), state saved. |
/// | 141 | Standard output was cut: its reader went away (`EPIPE`) before the output ended. |
///
/// ```swift
/// func run(_ context: CommandContext) -> ExitStatus {
///   guard let table = load(context) else { return .failure }
///   return .success
/// }
/// ```
package struct ExitStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The number handed to `exit(3)`.
  package var rawValue: Int32

  /// Wraps a raw exit status.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// 0: the command did what was asked. A decision of "no route matched" or "rejected" is a
  /// successful run: the output says what happened.
  package static let success = ExitStatus(rawValue: 0)

  /// 1: the command ran, but an input was bad or a check failed: a route table with errors, an
  /// unreadable file, a failing fixture, or warnings under `--strict`.
  package static let failure = ExitStatus(rawValue: 1)

  /// 64 (`EX_USAGE`): the command line was wrong: an unknown option or subcommand, a missing or
  /// extra argument, an invalid value, or options that do not go together.
  package static let usageError = ExitStatus(rawValue: 64)

  /// 141 (128 + `SIGPIPE`): the reader of standard output went away (`EPIPE`, as in
  /// `route-cli … | head -1`) before the output ended. It is the status a shell reports for a
  /// tool that `SIGPIPE` ended, so `set -o pipefail` scripts treat route-cli as they treat
  /// `cat`; route-cli itself ignores `SIGPIPE`, stops quietly, and (with `route --state`) saves.
  package static let outputCut = ExitStatus(rawValue: 128 + SIGPIPE)

  /// 128 + `signal`: the run stopped because of a stop signal (``StopSignals``), after finishing
  /// its line and saving its state: 129 for SIGHUP, 130 for SIGINT, 143 for SIGTERM, the status a
  /// shell reports for a process the signal ended.
  package static func interrupted(by signal: Int32) -> ExitStatus { ExitStatus(rawValue: 128 + signal) }

  /// Whether this is ``success``.
  var isSuccess: Bool { self == .success }

  /// The number, as `exit` receives it.
  package var description: String { String(rawValue) }

  /// The exit statuses as a table for help discussions and the README; lines fit 80 columns.
  package static let documentation = """
    EXIT STATUS:
      0   Success, including outcomes such as "no route matched": outcomes are
          data, and the output says what happened.
      1   The command ran, but an input was bad or a check failed (errors in a
          route table, an unreadable file, a failing fixture).
      64  The command line was wrong: an unknown option or subcommand, a missing
          or extra argument, or an invalid value.
      141 Standard output was cut: its reader went away (as in '| head -1').
      129, 130, 143
          'route --state' stopped on SIGHUP, SIGINT or SIGTERM after its line,
          with the state written.
    """
}
