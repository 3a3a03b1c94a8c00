/// The documented bounds on what the open sessions hold, so that no input makes every later
/// decision slower: a decision reads each candidate session's sets and may compare its value.
///
/// Each is checked where the sessions come from: a session file (`--sessions`, a state file, a
/// fixture's sessions), a JSON event line (`session` updates, `openWindow` values) and, for the
/// number of open sessions, a stateful run. Past a limit the line gets a `session-limit` error
/// record (the run goes on with the next line); a file gets a positioned diagnostic.
///
/// ```swift
/// SessionLimits.setCount        // 64 strings in a preferring or allowing set
/// SessionLimits.openSessions    // 250,000 sessions open at once
/// ```
public enum SessionLimits {
  /// The most strings of a `preferring` or `allowing` set (`handlesExternalEvents` sets in real
  /// apps hold a few).
  public static let setCount = 64
  /// The most bytes (UTF-8) of one string of such a set.
  public static let stringBytes = 1024
  /// The most bytes of a session's presented value, as its JSON text is written in the input.
  public static let valueBytes = 65_536
  /// The most sessions open at once: a stateful run refuses a line whose decision would open
  /// more, and a session file may hold no more.
  public static let openSessions = 250_000
}
