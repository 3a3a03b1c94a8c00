import ActivityRouter

/// `route-bench compile`: the time to compile an already-parsed table, and the memory the
/// compiled router holds.
enum CompileBenchmark {
  static func run(_ options: Options) throws -> Int32 {
    let routes = try RouteList(path: try options.required("routes"))
    let repeats = max(try options.int("repeat") ?? 5, 1)
    let table = try routes.routeTable()

    // Memory: what the allocator holds after compiling, while the router is alive, minus what
    // it held before (the table is shared with the router, not copied).
    let before = heapBytesInUse()
    var compiled: CompileResult? = RouteCompiler.compile(table)
    let after = heapBytesInUse()
    guard compiled?.router != nil else { throw BenchError("the table does not compile") }

    var best = UInt64.max
    var total: UInt64 = 0
    for _ in 0..<repeats {
      compiled = nil
      let start = nanoseconds()
      compiled = RouteCompiler.compile(table)
      let elapsed = nanoseconds() - start
      best = min(best, elapsed)
      total += elapsed
    }
    var line = JSONLine()
    line.add("routes", routes.templates.count)
    line.add("repeats", repeats)
    line.add("compile_ms", Double(best) / 1e6, digits: 3)
    line.add("compile_ms_mean", Double(total) / Double(repeats) / 1e6, digits: 3)
    line.add("heap_bytes", after - before)
    line.add("heap_mb", Double(after - before) / 1_048_576, digits: 2)
    line.add("warnings", compiled?.diagnostics.count ?? 0)
    print(line.text)
    return 0
  }
}
