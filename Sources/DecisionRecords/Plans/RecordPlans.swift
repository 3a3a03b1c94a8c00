import RouteMatcher
import RouteTables
import SceneDecision

/// The records of many lines decided against the same open sessions, reused per route pattern:
/// the plan cache ``LineRouter`` uses when the sessions stay the same and nothing is explained.
///
/// When the sessions do not change between lines, a URL's decision depends on the route
/// pattern that takes it and, through the parameters and the value, on what the pattern
/// captured, unless the decision reads more of the URL (a link gate, `handlesExternalEvents`
/// sets, document types, windows to compare values with; the engine says when it does). So the
/// first line of each route pattern is decided in full and its record is kept as a plan, cut
/// where lines differ; the later lines of that pattern are matched by the allocation-free
/// matcher and written by splicing their captures into the plan. Everything else (JSON events,
/// URLs the fast matcher leaves to the general path, decisions that read the URL) is decided in
/// full, line by line. docs/performance.md has the design and its figures.

struct RecordPlans: ~Copyable {
  /// The router lines are matched and decided with.
  let router: CompiledRouter
  /// Its fast path, small to pass (a call through `router` copies the router and its table).
  private let finder: CompiledRouter.PatternFinder
  /// The open sessions every line is decided against (never changed by a decision).
  let state: SessionState
  let format: RecordFormat
  /// Whether records start with their line number.
  let includesLine: Bool
  /// Lines written from a plan.
  private(set) var plannedLines = 0
  /// Lines decided in full.
  private(set) var decidedLines = 0

  private var writer = PlanWriter()
  /// The plans, flat: each one's steps are a run of `ops`, its constants bytes of `pool`.
  private var ops: [PlanOp] = []
  private var pool: [UInt8] = []
  private var plans: [Entry] = []
  /// By terminal of the URL trie: an index in `plans`, `unseen`, or `decideInFull`.
  private var planOfTerminal: [Int32]
  /// By host key of the URL trie: the plan of valid URLs of that scheme and host that no route
  /// matches (the link gate reads the scheme and the host: one plan would not do for all).
  private var missPlanOfHost: [Int32]
  private static let unseen: Int32 = -1
  private static let decideInFull: Int32 = -2
  /// URL lines in a row whose lookup found no plan to write and made none (decided in full).
  /// From ``skipsAfter`` of them on, only every ``probesEvery``-th line is looked up: a table
  /// whose decisions all read the URL (a `handlesExternalEvents` set tested on every line, an
  /// AASA file that reads every path) has no plan to find, and the lookup was about 520
  /// instructions a Notes line. A probe that writes or makes a plan looks up every line again.
  /// Records are the same either way: a plan writes what the full decision writes.
  private var unplannedRun = 0
  private static let skipsAfter = 64
  private static let probesEvery = 32

  /// Where a plan is in the flat arrays, and what bounds the length of its records.
  private struct Entry {
    var opsStart: Int
    var opsCount: Int
    var constantBytes: Int
    var captureSteps: Int
  }

  /// The plans of `router`'s patterns, for lines decided against `state`.
  init(router: CompiledRouter, state: SessionState, format: RecordFormat, includesLine: Bool) {
    self.router = router
    finder = router.patternFinder
    self.state = state
    self.format = format
    self.includesLine = includesLine
    planOfTerminal = [Int32](repeating: RecordPlans.unseen, count: router.patternCount)
    missPlanOfHost = [Int32](repeating: RecordPlans.unseen, count: router.hostKeyCount)
  }

  /// Decides one line (its UTF-8, without the line end) and appends its record; `scratch` is
  /// the caller's, for the matcher.
  mutating func appendRecord(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], scratch: inout MatchScratch
  ) {
    // A line longer than the echo limit is decided in full: its record says its input was cut.
    if bytes.count > 0, bytes.count <= DecisionRecord.echoLimit, bytes[0] != UInt8(ascii: "{"),
      lookUpsPlan()
    {
      let plan: Int32
      let lookup = finder.lookUp(utf8: bytes, scratch: &scratch)
      switch lookup {
      case .pattern(let terminal): plan = planOfTerminal[terminal]
      // A valid URL that no route takes: its plan has a line and an input, nothing else.
      case .noRoute(let hostKey): plan = missPlanOfHost[hostKey]
      case .needsGeneralPath: plan = RecordPlans.decideInFull
      }
      if plan >= 0, write(plan: Int(plan), line: line, bytes, to: &out, scratch) {
        plannedLines += 1
        unplannedRun = 0
        return
      }
      if plan == RecordPlans.unseen { return makePlan(line: line, bytes, for: lookup, to: &out, scratch) }
      unplannedRun &+= 1
    }
    // No plan reads the scratch after this decision: it matches in the caller's scratch.
    var layout = RecordLayout()
    withUnsafeMutablePointer(to: &scratch) { scratch in
      _ = decideInFull(line: line, bytes, to: &out, layout: &layout, scratch: scratch)
    }
  }

  /// The first line of a terminal (or of a host key's misses) decided in full, its plan made
  /// and kept when the decision allows one. Out of line: it runs once per terminal, and inlined
  /// it made ``appendRecord(line:utf8:to:scratch:)`` too large to be inlined in its caller
  /// (about 26 instructions a planned line).
  @inline(never)
  private mutating func makePlan(
    line: Int, _ bytes: UnsafeBufferPointer<UInt8>, for lookup: CompiledRouter.PatternLookup,
    to out: inout [UInt8], _ scratch: borrowing MatchScratch
  ) {
    let made: Int32
    switch lookup {
    case .pattern(let terminal):
      made = makePlan(line: line, bytes, terminal: terminal, to: &out, scratch)
      planOfTerminal[terminal] = made
    case .noRoute(let hostKey):
      made = makePlan(line: line, bytes, terminal: nil, to: &out, scratch)
      missPlanOfHost[hostKey] = made
    case .needsGeneralPath: made = RecordPlans.decideInFull
    }
    unplannedRun = made >= 0 ? 0 : unplannedRun &+ 1
  }

  /// Whether a URL line is looked up for a plan: always, until ``skipsAfter`` lines in a row
  /// found none; then one line in ``probesEvery`` (the others counted, and decided in full).
  @inline(__always)
  private mutating func lookUpsPlan() -> Bool {
    guard unplannedRun >= RecordPlans.skipsAfter else { return true }
    unplannedRun &+= 1
    return unplannedRun % RecordPlans.probesEvery == 0
  }

  /// Writes a line's record from a plan; false, having written nothing, when it cannot.
  private mutating func write(
    plan index: Int, line: Int, _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8],
    _ scratch: borrowing MatchScratch
  ) -> Bool {
    let plan = plans[index]
    writer.reset()
    let written = ops.withUnsafeBufferPointer { ops in
      pool.withUnsafeBufferPointer { pool in
        writer.write(
          UnsafeBufferPointer(rebasing: ops[plan.opsStart..<plan.opsStart + plan.opsCount]), pool: pool.baseAddress!,
          constantBytes: plan.constantBytes, captureSteps: plan.captureSteps, line: line, bytes, scratch)
      }
    }
    guard written else { return false }
    out.append(contentsOf: writer.bytes)
    return true
  }

  /// Decides a line in full and appends its record; tells where its parts are, and whether the
  /// decision read more of the line than its route and parameters.
  @discardableResult
  private mutating func decideInFull(
    line: Int, _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], layout: inout RecordLayout,
    scratch: UnsafeMutablePointer<MatchScratch>? = nil
  ) -> Bool {
    decidedLines += 1
    var reads = true
    if format == .json {
      DecisionRecord.appendJSON(
        line: line, utf8: bytes, router: router, state: state, explains: false, includesLine: includesLine,
        readsEventDetails: &reads, scratch: scratch, to: &out, layout: &layout)
      return reads
    }
    let record = DecisionRecord(
      line: line, utf8: bytes, router: router, state: state, explains: false, readsEventDetails: &reads,
      scratch: scratch)
    switch format {
    case .json: record.appendJSON(to: &out, explain: false, includesLine: includesLine, layout: &layout)
    case .text: record.appendText(to: &out, explain: false, includesLine: includesLine, layout: &layout)
    }
    return reads
  }

  /// Decides the first line of a terminal (nil: of the misses) in full, appends its record, and
  /// makes the plan for the terminal's later lines when the decision allows one: its index, or
  /// ``decideInFull``.
  private mutating func makePlan(
    line: Int, _ bytes: UnsafeBufferPointer<UInt8>, terminal: Int?, to out: inout [UInt8],
    _ scratch: borrowing MatchScratch
  ) -> Int32 {
    let start = out.count
    var layout = RecordLayout()
    guard !decideInFull(line: line, bytes, to: &out, layout: &layout) else { return RecordPlans.decideInFull }
    var captures: [(name: String, type: ParameterType)] = []
    var value: ValueTemplate?
    if let terminal {
      let pattern = router.captures(ofPattern: terminal)
      // Query and fragment values are not in the plan's captures: such patterns are decided in full.
      guard !pattern.hasConstraints else { return RecordPlans.decideInFull }
      guard Set(pattern.captures.map(\.name)).count == pattern.captures.count else { return RecordPlans.decideInFull }
      captures = pattern.captures
      value = router.table.routes[pattern.route].target.value
    } else if layout.params != nil || layout.value != nil {
      return RecordPlans.decideInFull
    }
    let record = Array(out[start...])
    guard let plan = RecordPlan(record: record[...], layout: layout, captures: captures, value: value) else {
      return RecordPlans.decideInFull
    }
    let entry = Entry(
      opsStart: ops.count, opsCount: plan.ops.count, constantBytes: plan.pool.count, captureSteps: plan.captureSteps)
    let poolBase = Int32(pool.count)
    ops.append(
      contentsOf: plan.ops.map { op in
        var op = op
        if op.kind == .constant { op.start += poolBase }
        return op
      })
    pool.append(contentsOf: plan.pool)
    plans.append(entry)
    // The plan must write this very line as the engine and the writer did.
    var check: [UInt8] = []
    guard write(plan: plans.count - 1, line: line, bytes, to: &check, scratch), check == record else {
      plans.removeLast()
      ops.removeLast(plan.ops.count)
      pool.removeLast(plan.pool.count)
      return RecordPlans.decideInFull
    }
    return Int32(plans.count - 1)
  }
}
