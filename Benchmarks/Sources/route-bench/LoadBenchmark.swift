import ActivityRouter

/// `route-bench load --table ROUTES.json [--repeat N]`: loading a table file (read, parse the
/// JSON, parse every pattern, validate), before compiling; the best of N runs, and the number of
/// URL patterns, so that callgrind's count inside `loadOnce` divides into a cost per pattern.
enum LoadBenchmark {
  static func run(_ options: Options) throws -> Int32 {
    let path = try options.required("table")
    let repeats = try options.int("repeat") ?? 3
    var best = UInt64.max
    var patterns = 0
    for _ in 0..<max(repeats, 1) {
      let start = nanoseconds()
      let table = try loadOnce(path)
      best = min(best, nanoseconds() - start)
      patterns = table.routes.reduce(0) { $0 + $1.urlPatterns.count }
    }
    var json = JSONLine()
    json.add("table", path)
    json.add("patterns", patterns)
    json.add("repeats", repeats)
    json.add("best_ms", Double(best) / 1e6, digits: 2)
    json.add("peak_rss_mb", Double(peakResidentBytes()) / 1e6, digits: 1)
    print(json.text)
    return 0
  }

  /// One load of the table file, the function callgrind counts.
  @inline(never)
  static func loadOnce(_ path: String) throws -> RouteTable {
    try loadTable(path)
  }
}
