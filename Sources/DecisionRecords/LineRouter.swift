public import RouteEvents
public import RouteMatcher
import RouteTables
import RouterSupport
public import SceneDecision

/// The form of a decision record: NDJSON for programs, or the text form for people.
public enum RecordFormat: Sendable, Hashable {
  /// One JSON object per line (docs/output-format.md), as `route-cli route --json` writes.
  case json
  /// `N: outcome 'scene' …`, as `route-cli route` writes without `--json`.
  case text
}

/// Turns input lines into decision records: the one way a line becomes a record.
///
/// It reads each line (its UTF-8 bytes, without the line end), decides it against the open
/// sessions, applies the decision to them in a stateful run, and writes the record in the
/// format asked for, with or without its line number. `route-cli route`, its `--stats`, the
/// fixture runner and the link-resolver example are loops over it.
///
/// ```swift
/// var lines = LineRouter(router: router, options: .init(format: .json, stateful: true))
/// var out: [UInt8] = []
/// for (n, line) in input.enumerated() {
///   lines.route(line: n + 1, text: line, into: &out)
/// }
/// // out: one NDJSON record per line, as `route-cli route TABLE --json --stateful` writes them
/// lines.sessions   // the open sessions after the last line
/// ```
///
/// Without `stateful` and `explains`, lines of a route pattern already seen are written from
/// the record of its first line (a plan: docs/performance.md), with the same bytes as a full
/// decision, many times faster. One value per thread: it holds the matcher's scratch space and
/// the plans it has made.
public struct LineRouter: ~Copyable {
  /// How lines are decided and written.
  public struct Options: Sendable, Hashable {
    /// The record form.
    public var format: RecordFormat
    /// Whether records carry the trace of every candidate and a sentence (`--explain`).
    public var explains: Bool
    /// Whether each decision is applied to the sessions before the next line (`--stateful`).
    public var stateful: Bool
    /// Whether records start with their line number; without it (`--no-line`) a record depends
    /// only on its line, the table and the sessions, so sharded runs concatenate to the output
    /// of one run (docs/scale-out.md).
    public var includesLineNumber: Bool
    /// The most sessions a stateful run keeps open (`SessionLimits.openSessions` by default):
    /// a line whose decision would open more gets a `session-limit` error record instead, and
    /// the sessions stay as they were.
    ///
    /// ```swift
    /// var options = LineRouter.Options(stateful: true)
    /// options.openSessionLimit = 8
    /// ```
    public var openSessionLimit: Int = SessionLimits.openSessions

    /// Options; by default NDJSON with line numbers, no explanations, the sessions fixed.
    public init(
      format: RecordFormat = .json, explains: Bool = false, stateful: Bool = false, includesLineNumber: Bool = true
    ) {
      self.format = format
      self.explains = explains
      self.stateful = stateful
      self.includesLineNumber = includesLineNumber
    }
  }

  /// The router lines are matched and decided with.
  public let router: CompiledRouter
  public let options: Options
  /// The open sessions the next line is decided against: the initial ones, and in a stateful
  /// run every decision applied since.
  public private(set) var sessions: SessionState
  /// What the lines counted with ``count(utf8:)`` took.
  public private(set) var summary: RouteSummary

  private var scratch = MatchScratch()
  /// The plan cache, used when the sessions stay the same and nothing is explained.
  private var plans: RecordPlans
  private let usesPlans: Bool
  /// The effects of the decision of the last line routed by
  /// ``routeHoldingDecision(line:utf8:into:)``, not yet applied.
  private var heldEffects: SessionEffects?

  /// A line router over `router`, starting from `sessions` (none by default: a cold launch).
  public init(router: CompiledRouter, sessions: SessionState = SessionState(), options: Options = Options()) {
    self.router = router
    self.options = options
    self.sessions = sessions
    self.sessions.indexSessions(for: router.table.policies)
    summary = RouteSummary(router: router)
    usesPlans = !options.stateful && !options.explains
    plans = RecordPlans(
      router: router, state: sessions, format: options.format, includesLine: options.includesLineNumber)
  }

  /// Lines written from a plan, the record of an earlier line of the same route pattern.
  public var plannedLines: Int { plans.plannedLines }
  /// Lines decided in full, through every stage of the engine.
  public var decidedLines: Int { plans.decidedLines + fullLines }
  private var fullLines = 0

  /// Decides one line (its UTF-8, without the line end) and appends its record to `out`.
  public mutating func route(line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    if usesPlans {
      plans.appendRecord(line: line, utf8: bytes, to: &out, scratch: &scratch)
      return
    }
    fullLines += 1
    if options.format == .json {
      // Written straight from the decision (no record made); a stateful run gets the decision
      // back to apply.
      guard options.stateful else { return appendJSON(line: line, utf8: bytes, to: &out, kept: nil) }
      var kept = DecisionRecord.KeptDecision(open: sessions.sessionCount, limit: options.openSessionLimit)
      withUnsafeMutablePointer(to: &kept) { appendJSON(line: line, utf8: bytes, to: &out, kept: $0) }
      // In place: the record holds no reference to the sessions, so nothing is copied. Read
      // where they are, not taken (the optional `take()` returned was destroyed through the
      // runtime's generic witnesses: about 140 instructions a line).
      if let effects = kept.effects { sessions.apply(effects) }
      return
    }
    var record = DecisionRecord(
      line: line, utf8: bytes, router: router, state: sessions, explains: options.explains, scratch: &scratch)
    // In place: the record holds no reference to the sessions, so nothing is copied.
    if options.stateful, case .success(let (_, decision)) = record.result {
      if let error = overSessionLimit(decision) { record.result = .failure(error) } else { sessions.apply(decision) }
    }
    append(record, to: &out)
  }

  /// Reads, decides and writes a line's NDJSON record from its decision
  /// (`DecisionRecord.appendJSON(line:utf8:…)`); in a stateful run, `kept` gets the decision
  /// when it is within the session limit.
  private mutating func appendJSON(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8],
    kept: UnsafeMutablePointer<DecisionRecord.KeptDecision>?
  ) {
    DecisionRecord.appendJSON(
      line: line, utf8: bytes, router: router, state: sessions, explains: options.explains,
      includesLine: options.includesLineNumber, scratch: &scratch, to: &out, sessions: kept)
  }

  /// Decides one line and appends its record as ``route(line:utf8:into:)`` does, but in a
  /// stateful run holds its decision back until ``applyHeldDecision()``: for a caller that
  /// applies a decision only once its record has been delivered (`route-cli route --state`).
  ///
  /// ```swift
  /// lines.routeHoldingDecision(line: 1, utf8: bytes, into: &out)
  /// if deliver(out) { lines.applyHeldDecision() }   // else the sessions stay as they were
  /// ```
  public mutating func routeHoldingDecision(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]
  ) {
    guard options.stateful else { return route(line: line, utf8: bytes, into: &out) }
    fullLines += 1
    if options.format == .json {
      var kept = DecisionRecord.KeptDecision(open: sessions.sessionCount, limit: options.openSessionLimit)
      withUnsafeMutablePointer(to: &kept) { appendJSON(line: line, utf8: bytes, to: &out, kept: $0) }
      if let effects = kept.effects { heldEffects = effects }
      return
    }
    var record = DecisionRecord(
      line: line, utf8: bytes, router: router, state: sessions, explains: options.explains, scratch: &scratch)
    if case .success(let (_, decision)) = record.result {
      if let error = overSessionLimit(decision) {
        record.result = .failure(error)
      } else {
        heldEffects = decision.storedEffects
      }
    }
    append(record, to: &out)
  }

  /// Applies the decision ``routeHoldingDecision(line:utf8:into:)`` held back, if any.
  public mutating func applyHeldDecision() {
    guard let effects = heldEffects.take() else { return }
    sessions.apply(effects)
  }

  /// Decides one line given as text and appends its record to `out`.
  public mutating func route(line: Int, text: String, into out: inout [UInt8]) {
    var text = text
    text.withUTF8 { route(line: line, utf8: $0, into: &out) }
  }

  /// Appends the error record of line `line`, over the length `limit` (its bytes were not
  /// kept): `length` bytes long, or nil when the reader stopped before its end.
  public mutating func lineTooLong(line: Int, length: Int?, limit: Int, into out: inout [UInt8]) {
    let error = LineRouter.tooLong(length: length, limit: limit)
    append(DecisionRecord(line: line, input: "", result: .failure(error)), to: &out)
  }

  /// Counts one line for the ``summary`` instead of writing its record (`--stats`): read as
  /// ``route(line:utf8:into:)`` reads it, matched by route, no scene selected.
  public mutating func count(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    summary.count(bytes, router: router, scratch: &scratch)
  }

  /// Counts a line over the length limit for the ``summary``.
  public mutating func countTooLong() {
    summary.countTooLong()
  }

  private func append(_ record: DecisionRecord, to out: inout [UInt8]) {
    var layout = RecordLayout()
    switch options.format {
    case .json:
      record.appendJSON(
        to: &out, explain: options.explains, includesLine: options.includesLineNumber, layout: &layout)
    case .text:
      record.appendText(
        to: &out, explain: options.explains, includesLine: options.includesLineNumber, layout: &layout)
    }
  }

  /// The error of a stateful line whose decision would leave more than
  /// `openSessionLimit` sessions open, or nil.
  private func overSessionLimit(_ decision: Decision) -> EventError? {
    LineRouter.overSessionLimit(decision, open: sessions.sessionCount, limit: options.openSessionLimit)
  }

  /// The error of a stateful line whose decision would leave more than `limit` sessions open,
  /// `open` being open before it, or nil.
  static func overSessionLimit(_ decision: Decision, open: Int, limit: Int) -> EventError? {
    overSessionLimit(decision.storedEffects, open: open, limit: limit)
  }

  /// The error of a stateful line whose decision's `effects` would leave more than `limit`
  /// sessions open, `open` being open before it, or nil.
  static func overSessionLimit(_ effects: borrowing SessionEffects, open: Int, limit: Int) -> EventError? {
    // Counted on what the effects keep (a walk made each kept effect, and destroyed it).
    let before = open
    let open = open + effects.openedCount
    guard open > limit, open > before else { return nil }
    return EventError(
      code: .sessionLimit,
      message:
        "the decision would leave \(open) sessions open; the limit is \(limit) open at once"
        + " (SessionLimits.openSessions): the sessions stay as they were",
      column: 1)
  }

  /// The error of a line over the length limit.
  static func tooLong(length: Int?, limit: Int) -> EventError {
    let message =
      length.map { "the line is \($0) bytes long; the limit is \(limit) bytes" }
      ?? "the line is longer than \(limit) bytes"
    return EventError(code: .lineTooLong, message: message, column: limit + 1)
  }
}
