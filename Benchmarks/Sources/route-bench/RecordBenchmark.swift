import ActivityRouter

/// `route-bench records --table ROUTES.json --lines FILE [--limit N] [--path bulk|full]`: the
/// decision and its NDJSON record for every line, in process (no I/O in the timed loop), the
/// way `route-cli route --json` makes them.
///
/// `full` reads and decides each line (`DecisionRecord(line:utf8:router:state:explains:)`,
/// without explanations) and writes its record; `bulk` hands the lines to a `LineRouter`, which
/// writes the same records from plans. Both print one JSON line: lines, bytes written,
/// ns_per_line, lines_per_s, and for bulk the lines written from plans; and the FNV-1a hash of
/// all the output, which is the same for both paths (the check that they agree).
enum RecordBenchmark {
  static func run(_ options: Options) throws -> Int32 {
    let tablePath = try options.required("table")
    let limit = try options.int("limit") ?? .max
    let path = options.string("path") ?? "bulk"
    guard path == "bulk" || path == "full" else { throw BenchError("--path is bulk or full, not '\(path)'") }

    let router = try loadRouter(tablePath)
    let lines = try readLines(options.required("lines"), limit: limit).map { Array($0.utf8) }

    var out: [UInt8] = []
    out.reserveCapacity(1 << 16)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var bytes = 0
    func absorb(_ out: inout [UInt8]) {
      for b in out { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
      bytes &+= out.count
      out.removeAll(keepingCapacity: true)
    }
    var planned = 0
    // Timed in batches of 1,000 lines; the hash is taken between batches, outside the clock.
    var elapsed: UInt64 = 0
    let batch = 1000
    if path == "bulk" {
      var lineRouter = LineRouter(router: router)
      for first in stride(from: 0, to: lines.count, by: batch) {
        let start = nanoseconds()
        for n in first..<min(first + batch, lines.count) {
          lines[n].withUnsafeBufferPointer { lineRouter.route(line: n + 1, utf8: $0, into: &out) }
        }
        elapsed &+= nanoseconds() - start
        absorb(&out)
      }
      planned = lineRouter.plannedLines
    } else {
      let state = SessionState()
      for first in stride(from: 0, to: lines.count, by: batch) {
        let start = nanoseconds()
        for n in first..<min(first + batch, lines.count) {
          lines[n].withUnsafeBufferPointer {
            DecisionRecord(line: n + 1, utf8: $0, router: router, state: state).appendJSON(to: &out)
          }
        }
        elapsed &+= nanoseconds() - start
        absorb(&out)
      }
    }
    var json = JSONLine()
    json.add("path", path)
    json.add("lines", lines.count)
    json.add("planned", planned)
    json.add("bytes", bytes)
    json.add("ns_per_line", Double(elapsed) / Double(max(lines.count, 1)), digits: 0)
    json.add("lines_per_s", Int(Double(lines.count) / (Double(elapsed) / 1e9)))
    json.add("output_fnv1a", String(hash, radix: 16))
    print(json.text)
    return 0
  }
}
