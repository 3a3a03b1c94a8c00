import ActivityRouter

/// `route-bench match`: compile a route list, match a URL file once, print one JSON line.
enum MatchBenchmark {
  enum Mode: String { case trie, linear, split }

  struct Tally {
    var hits = 0
    var checksum = 0
    /// The sum of the byte lengths of every captured value, so that the captures are read.
    var captureBytes = 0
  }

  static func run(_ options: Options) throws -> Int32 {
    if let tablePath = options.string("table") { return try runTable(tablePath, options) }
    let routesPath = try options.required("routes")
    let urlsPath = try options.required("urls")
    let limit = try options.int("limit") ?? .max
    guard let mode = Mode(rawValue: options.string("mode") ?? "trie") else {
      throw BenchError("--mode expects trie, linear or split")
    }
    let routes = try RouteList(path: routesPath)
    var urls = try readURLs(urlsPath, limit: limit)
    guard !urls.isEmpty else { throw BenchError("'\(urlsPath)' holds no URLs") }

    let parseStart = nanoseconds()
    let table = try routes.routeTable()
    let parseNanos = nanoseconds() - parseStart

    var tally = Tally()
    var compileNanos: UInt64 = 0
    var matchNanos: UInt64 = 0
    switch mode {
    case .trie:
      let compileStart = nanoseconds()
      let compiled = RouteCompiler.compile(table)
      compileNanos = nanoseconds() - compileStart
      guard let router = compiled.router else {
        throw BenchError(
          "the table does not compile: \(compiled.diagnostics.filter { $0.severity == .error }.prefix(3))")
      }
      var scratch = MatchScratch()
      let start = nanoseconds()
      tally = matchAll(router, &urls, &scratch)
      matchNanos = nanoseconds() - start
    case .linear:
      let compileStart = nanoseconds()
      let router = LinearRouter(scheme: "https", host: "example.com", templates: routes.templates)
      compileNanos = nanoseconds() - compileStart
      let start = nanoseconds()
      tally = matchAllLinear(router, urls)
      matchNanos = nanoseconds() - start
    case .split:
      let ranges = UnsafeMutablePointer<Range<Int>>.allocate(capacity: 4096)
      defer { ranges.deallocate() }
      let start = nanoseconds()
      tally = splitAll(urls, ranges)
      matchNanos = nanoseconds() - start
    }

    var line = JSONLine()
    line.add("mode", mode.rawValue)
    line.add("routes", routes.templates.count)
    line.add("urls", urls.count)
    line.add("hits", tally.hits)
    line.add("checksum", tally.checksum)
    if mode != .split { line.add("capture_bytes", tally.captureBytes) }
    line.add("parse_ms", Double(parseNanos) / 1e6, digits: 3)
    line.add("compile_ms", Double(compileNanos) / 1e6, digits: 3)
    line.add("ns_per_match", Double(matchNanos) / Double(urls.count), digits: 1)
    line.add("matches_per_s", Int(Double(urls.count) * 1e9 / Double(max(matchNanos, 1))))

    // The benchmark checks its own answers against the generator's.
    var status: Int32 = 0
    if mode != .split {
      switch try expectedChecksum(urlsPath: urlsPath, lines: urls.count) {
      case (let hits, let checksum)?:
        let ok = hits == tally.hits && checksum == tally.checksum
        line.add("checked", ok)
        if !ok {
          printError(
            "checksum mismatch: expected hits \(hits) checksum \(checksum), got hits \(tally.hits) checksum \(tally.checksum)"
          )
          status = 1
        }
      case nil:
        line.add("checked", false)
        printError(
          "note: no expected answers for \(urls.count) lines (NAME.expect or NAME.idx); the answers are unchecked")
      }
    }
    print(line.text)
    return status
  }

  /// `route-bench match --table FILE --urls FILE [--api rule|match]`: a real route table (JSON),
  /// full URLs. `rule` is `matchRoute(url:scratch:)` (allocation-free, captures as byte ranges);
  /// `match` is `match(url:)`, what an app calls: a `RouteMatch` with decoded parameter strings.
  /// There are no expected answers for such a file: the line reports hits and a checksum only.
  static func runTable(_ tablePath: String, _ options: Options) throws -> Int32 {
    let urlsPath = try options.required("urls")
    let limit = try options.int("limit") ?? .max
    let api = options.string("api") ?? "rule"
    guard api == "rule" || api == "match" else { throw BenchError("--api expects rule or match") }
    let table = try loadTable(tablePath)
    let compileStart = nanoseconds()
    guard let router = RouteCompiler.compile(table).router else { throw BenchError("'\(tablePath)' does not compile") }
    let compileNanos = nanoseconds() - compileStart
    var urls = try readLines(urlsPath, limit: limit)
    guard !urls.isEmpty else { throw BenchError("'\(urlsPath)' holds no URLs") }
    var tally = Tally()
    let start = nanoseconds()
    if api == "rule" {
      var scratch = MatchScratch()
      tally = matchAll(router, &urls, &scratch)
    } else {
      tally = matchAllFull(router, urls)
    }
    let matchNanos = nanoseconds() - start
    var line = JSONLine()
    line.add("table", tablePath)
    line.add("api", api)
    line.add("rules", table.routes.count)
    line.add("urls", urls.count)
    line.add("hits", tally.hits)
    line.add("checksum", tally.checksum)
    line.add("compile_ms", Double(compileNanos) / 1e6, digits: 3)
    line.add("ns_per_match", Double(matchNanos) / Double(urls.count), digits: 1)
    line.add("matches_per_s", Int(Double(urls.count) * 1e9 / Double(max(matchNanos, 1))))
    print(line.text)
    return 0
  }

  @inline(never)
  static func matchAllFull(_ router: CompiledRouter, _ urls: [String]) -> Tally {
    var tally = Tally()
    for url in urls {
      if case .success(let match?) = router.match(url: url) {
        tally.hits &+= 1
        tally.checksum &+= match.route &+ 1
        for _ in match.parameters { tally.captureBytes &+= 1 }
      }
    }
    return tally
  }

  /// The measured loop: every URL once through the public API, `String` in, route and the byte
  /// ranges of every captured value out (their lengths are summed into `captureBytes`).
  ///
  /// Each `String` is moved out of the array for its call and back afterwards, so that the loop
  /// owns it during the call, as a caller that read or built the URL does. Passing `urls[i]`
  /// straight from the array instead makes Swift retain and release it around the call (one pair
  /// of atomic runtime calls per URL, about 45 instructions), a cost of the array, not of the router.
  static func matchAll(_ router: CompiledRouter, _ urls: inout [String], _ scratch: inout MatchScratch) -> Tally {
    urls.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return Tally() }
      return matchOwned(router, base, buffer.count, &scratch)
    }
  }

  /// The loop itself (what the callgrind script measures).
  @inline(never)
  static func matchOwned(
    _ router: CompiledRouter, _ base: UnsafeMutablePointer<String>, _ count: Int, _ scratch: inout MatchScratch
  ) -> Tally {
    var tally = Tally()
    for i in 0..<count {
      let url = (base + i).move()
      if let rule = router.matchRoute(url: url, scratch: &scratch) {
        tally.hits &+= 1
        tally.checksum &+= rule &+ 1
        for k in 0..<scratch.pathCaptureCount {
          let range = scratch.pathCapture(k)
          tally.captureBytes &+= range.upperBound &- range.lowerBound
        }
      }
      (base + i).initialize(to: url)
    }
    return tally
  }

  @inline(never)
  static func matchAllLinear(_ router: LinearRouter, _ urls: [String]) -> Tally {
    var tally = Tally()
    for url in urls {
      if let (route, parameters) = router.match(url) {
        tally.hits += 1
        tally.checksum += route + 1
        for value in parameters.values { tally.captureBytes += value.utf8.count }
      }
    }
    return tally
  }

  /// Reads every URL's bytes and records where its `/`-separated parts are; matches nothing.
  @inline(never)
  static func splitAll(_ urls: [String], _ ranges: UnsafeMutablePointer<Range<Int>>) -> Tally {
    var tally = Tally()
    for url in urls {
      var text = url
      let parts = text.withUTF8 { bytes -> Int in
        var count = 0
        var start = 0
        var i = 0
        while i < bytes.count {
          if bytes[i] == UInt8(ascii: "/") {
            ranges[count & 4095] = start..<i
            count &+= 1
            start = i &+ 1
          }
          i &+= 1
        }
        ranges[count & 4095] = start..<bytes.count
        return count &+ 1
      }
      tally.checksum &+= parts
    }
    return tally
  }

  /// The generator's answer for the first `lines` lines: from NAME.idx when present (any
  /// prefix), else from NAME.expect (the prefixes it lists).
  static func expectedChecksum(urlsPath: String, lines: Int) throws -> (hits: Int, checksum: Int)? {
    let base = urlsPath.hasSuffix(".urls") ? String(urlsPath.dropLast(5)) : urlsPath
    if fileExists(base + ".expect") {
      let text = String(decoding: try readFile(base + ".expect"), as: UTF8.self)
      if let entry = ExpectFile.entry(text, lines: lines) { return entry }
    }
    if fileExists(base + ".idx") {
      let idx = try readLines(base + ".idx", limit: lines)
      guard idx.count == lines else { return nil }
      var hits = 0
      var checksum = 0
      for line in idx {
        guard let i = Int(line) else { throw BenchError("bad line '\(line)' in \(base).idx") }
        if i >= 0 {
          hits += 1
          checksum += i + 1
        }
      }
      return (hits, checksum)
    }
    return nil
  }
}

/// The few fields route-bench reads from a generator `.expect` file (JSON written by gen.py).
enum ExpectFile {
  /// The entry whose `lines` equals `lines`: its hits and checksum.
  static func entry(_ text: String, lines: Int) -> (hits: Int, checksum: Int)? {
    // Objects are flat: {"lines": N, "hits": H, "misses": M, "checksum": C}.
    for object in text.split(separator: "{").dropFirst() {
      let body = object.prefix { $0 != "}" }
      var fields: [String: Int] = [:]
      for pair in body.split(separator: ",") {
        let kv = pair.split(separator: ":")
        guard kv.count == 2 else { continue }
        let key = kv[0].filter { $0 != "\"" && $0 != " " && $0 != "\n" }
        if let value = Int(kv[1].filter { $0 != " " && $0 != "\n" }) { fields[key] = value }
      }
      if fields["lines"] == lines, let hits = fields["hits"], let checksum = fields["checksum"] {
        return (hits, checksum)
      }
    }
    return nil
  }
}

func printError(_ text: String) {
  var stderr = StandardError()
  print(text, to: &stderr)
}

struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { _ = fwriteStderr($0) }
  }
}
