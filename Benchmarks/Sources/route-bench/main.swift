// route-bench: the benchmarks of ActivityRouter. See Benchmarks/README.md.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: route-bench match --routes FILE --urls FILE [--limit N] [--mode trie|linear|split]
         route-bench match --table ROUTES.json --urls FILE [--limit N] [--api rule|match]
         route-bench compile --routes FILE [--repeat N]
         route-bench scenes --sessions N [--events N]
         route-bench records --table ROUTES.json --lines FILE [--limit N] [--path bulk|full|stateful]
         route-bench load --table ROUTES.json [--repeat N] [--compile]

  match    compile the route list into the real CompiledRouter, match every URL once (paths get
           the prefix https://example.com) and print one JSON line; the checksum is checked
           against the generator's NAME.expect / NAME.idx next to the URL file (exit 1 on a mismatch).
  compile  compile a route list (already parsed) and print the time and the memory it holds.
  scenes   the scene-selection step with N open sessions.
  records  decide every line and write its NDJSON record in process: through LineRouter and its plans (bulk)
           or line by line in full (full); the output's hash is the same for both; stateful applies each
           decision before the next line.
  load     load (read, parse, validate) a route table file N times, before compiling it (with --compile,
           load and compile it); the best and the worst time, the peak memory.
  """

func main() -> Int32 {
  let arguments = CommandLine.arguments.dropFirst()
  guard let command = arguments.first else {
    printError(usage)
    return 2
  }
  do {
    switch command {
    case "match": return try MatchBenchmark.run(Options(arguments.dropFirst()))
    case "compile": return try CompileBenchmark.run(Options(arguments.dropFirst()))
    case "scenes": return try SceneBenchmark.run(Options(arguments.dropFirst()))
    case "records": return try RecordBenchmark.run(Options(arguments.dropFirst()))
    case "load": return try LoadBenchmark.run(Options(arguments.dropFirst(), flags: ["compile"]))
    case "-h", "--help", "help":
      print(usage)
      return 0
    default:
      printError("unknown command '\(command)'\n" + usage)
      return 2
    }
  } catch {
    printError("route-bench: \(error)")
    return 2
  }
}

exit(main())
