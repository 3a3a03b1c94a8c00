import ActivityRouter

/// `route-bench records --table ROUTES.json --lines FILE [--limit N] [--path bulk|full|stateful]`: the
/// decision and its NDJSON record for every line, in process (no I/O in the timed loop), the
/// way `route-cli route --json` makes them.
///
/// `full` reads and decides each line and writes its record from the decision
/// (`DecisionRecord.appendJSON(line:utf8:router:state:explains:scratch:to:)`, without
/// explanations); `bulk` hands the lines to a `LineRouter`, which
/// writes the same records from plans; `stateful` applies each decision to the sessions before
/// the next line (`route-cli route --stateful --json`). Each prints one JSON line: lines, bytes written,
/// ns_per_line, lines_per_s, and for bulk the lines written from plans; and the FNV-1a hash of
/// all the output, which is the same for `bulk` and `full` (the check that they agree).
enum RecordBenchmark {
  static func run(_ options: Options) throws -> Int32 {
    let tablePath = try options.required("table")
    let limit = try options.int("limit") ?? .max
    let path = options.string("path") ?? "bulk"
    guard ["bulk", "full", "stateful"].contains(path) else {
      throw BenchError("--path is bulk, full or stateful, not '\(path)'")
    }

    let router = try loadRouter(tablePath)
    // One buffer for all the lines: no allocation a line outside the measured functions.
    let lines = try LineBuffer(reading: options.required("lines"), limit: limit)

    var sink = Sink()
    var planned = 0
    // Timed in batches of 1,000 lines; the hash is taken between batches, outside the clock.
    // Each batch is one call of `routeBatch` or `decideBatch`, the functions callgrind counts
    // (scripts/bench-engine.sh).
    var elapsed: UInt64 = 0
    let batch = 1000
    if path == "full" {
      for first in stride(from: 0, to: lines.count, by: batch) {
        let start = nanoseconds()
        decideBatch(router, lines, first..<min(first + batch, lines.count), &sink.out)
        elapsed &+= nanoseconds() - start
        sink.absorb()
      }
    } else {
      var lineRouter = LineRouter(router: router, options: .init(format: .json, stateful: path == "stateful"))
      for first in stride(from: 0, to: lines.count, by: batch) {
        let start = nanoseconds()
        routeBatch(&lineRouter, lines, first..<min(first + batch, lines.count), &sink.out)
        elapsed &+= nanoseconds() - start
        sink.absorb()
      }
      planned = lineRouter.plannedLines
    }
    var json = JSONLine()
    json.add("path", path)
    json.add("lines", lines.count)
    json.add("planned", planned)
    json.add("bytes", sink.bytes)
    json.add("ns_per_line", Double(elapsed) / Double(max(lines.count, 1)), digits: 0)
    json.add("lines_per_s", Int(Double(lines.count) / (Double(elapsed) / 1e9)))
    json.add("output_fnv1a", String(sink.hash, radix: 16))
    print(json.text)
    return 0
  }

  /// The records of `range`'s lines through a line router (its plans, or a stateful run).
  @inline(never)
  static func routeBatch(
    _ lineRouter: inout LineRouter, _ lines: LineBuffer, _ range: Range<Int>, _ out: inout [UInt8]
  ) {
    for n in range {
      lines.withLine(n) { lineRouter.route(line: n + 1, utf8: $0, into: &out) }
    }
  }

  /// The records of `range`'s lines, each read and decided in full against no open window,
  /// matched in one scratch for the batch (as a `LineRouter` keeps one for all its lines).
  @inline(never)
  static func decideBatch(_ router: CompiledRouter, _ lines: LineBuffer, _ range: Range<Int>, _ out: inout [UInt8]) {
    let state = SessionState()
    var scratch = MatchScratch()
    for n in range {
      lines.withLine(n) {
        DecisionRecord.appendJSON(line: n + 1, utf8: $0, router: router, state: state, scratch: &scratch, to: &out)
      }
    }
  }

  /// The records written so far: their FNV-1a hash and byte count.
  struct Sink {
    var out: [UInt8] = []
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var bytes = 0

    init() { out.reserveCapacity(1 << 16) }

    mutating func absorb() {
      for b in out { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
      bytes &+= out.count
      out.removeAll(keepingCapacity: true)
    }
  }
}
