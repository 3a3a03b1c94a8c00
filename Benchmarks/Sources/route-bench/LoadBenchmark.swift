import ActivityRouter

/// `route-bench load --table ROUTES.json [--repeat N] [--compile]`: loading a table file (read,
/// parse the JSON, parse every pattern, validate), before compiling; the best and the worst of N
/// runs (a range: this machine's times move from run to run), and the number of URL patterns, so
/// that callgrind's count inside `loadOnce` divides into a cost per pattern. With `--compile`,
/// each run also compiles the table, and the times are those of loading and compiling. The heap
/// the loaded table holds (the first run's, file bytes freed) is `table_heap_mb`.
enum LoadBenchmark {
  static func run(_ options: Options) throws -> Int32 {
    let path = try options.required("table")
    let repeats = try options.int("repeat") ?? 3
    let compiles = options.flags.contains("compile")
    var best = UInt64.max
    var worst: UInt64 = 0
    var patterns = 0
    var tableHeap = 0
    for run in 0..<max(repeats, 1) {
      let heapBefore = run == 0 ? heapBytesInUse() : 0
      let start = nanoseconds()
      let table = try loadOnce(path)
      // The heap the table holds, off the clock.
      var untimed: UInt64 = 0
      if run == 0 {
        let pause = nanoseconds()
        tableHeap = heapBytesInUse() - heapBefore
        untimed = nanoseconds() - pause
      }
      if compiles, RouteCompiler.compile(table).router == nil { throw BenchError("'\(path)' does not compile") }
      let took = nanoseconds() - start - untimed
      best = min(best, took)
      worst = max(worst, took)
      patterns = table.routes.reduce(0) { $0 + $1.urlPatterns.count }
    }
    var json = JSONLine()
    json.add("table", path)
    json.add("patterns", patterns)
    json.add("repeats", repeats)
    json.add("compiled", compiles)
    json.add("best_ms", Double(best) / 1e6, digits: 2)
    json.add("worst_ms", Double(worst) / 1e6, digits: 2)
    json.add("table_heap_mb", Double(tableHeap) / 1_048_576, digits: 1)
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
