import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Every documented limit, at the limit and one past it: the limit is accepted, one past gives
/// the documented error (never a crash, a hang or unbounded memory). The limits are listed in
/// `docs/security.md`; the line-length limit of `route-cli` is tested in `RouteCLITests`.
@Suite struct LimitTests {
  /// A table with one route of each kind the limits need.
  static let router = Result {
    try TestTables.router([
      ("files", "app://h/files/{path*}"),
      ("search", "app://h/search?q={q}"),
    ])
  }

  // MARK: - URL length: 65,536 bytes

  @Test(arguments: [(URLSyntax.maxLength, true), (URLSyntax.maxLength + 1, false)])
  func urlLength(_ length: Int, _ accepted: Bool) throws {
    let prefix = "app://h/files/"
    let url = prefix + String(repeating: "x", count: length - prefix.utf8.count)
    #expect(url.utf8.count == length)
    let router = try Self.router.get()
    if accepted {
      #expect(router.routeName(url) == "files")
    } else {
      #expect(router.routeName(url) == "invalid:too-long")
      #expect(throws: URLReadError.self) { try URLRecord(parsing: url) }
    }
  }

  // MARK: - Path segments: 256

  static func path(segments: Int) -> String {
    "app://h/files" + String(repeating: "/s", count: segments - 1)
  }

  @Test(arguments: [(PathSegments.maxCount, true), (PathSegments.maxCount + 1, false)])
  func pathSegments(_ count: Int, _ accepted: Bool) throws {
    let url = Self.path(segments: count)
    let router = try Self.router.get()
    if accepted {
      let record = try URLRecord(parsing: url)
      #expect(record.pathSegments.count == count)
      let match = try #require(try router.match(url: url).get())
      #expect(match.parameters["path"]?.stringValue?.split(separator: "/").count == count - 1)
    } else {
      #expect(throws: URLReadError.self) { try URLRecord(parsing: url) }
      // The allocation-free matcher reads the path once and finds no rule.
      #expect(router.routeName(url) == "-")
      var scratch = MatchScratch()
      #expect(router.matchRoute(url: url, scratch: &scratch) == nil)
    }
  }

  /// Dot segments do not count once resolved: the limit is on the segments held at any moment.
  @Test func dotSegmentsDoNotCountOnceResolved() throws {
    let url = "app://h/files" + String(repeating: "/s/..", count: 1_000) + "/end"
    let record = try URLRecord(parsing: url)
    #expect(record.pathSegments == ["files", "end"])
    #expect(try Self.router.get().routeName(url) == "files")
  }

  // MARK: - Query items the matcher reads: 128

  @Test(arguments: [(128, true), (129, false)])
  func queryItems(_ position: Int, _ seen: Bool) throws {
    let filler = (1..<position).map { "k\($0)=v" }.joined(separator: "&")
    let url = "app://h/search?\(filler)&q=found"
    let router = try Self.router.get()
    #expect(router.routeName(url) == (seen ? "search" : "-"))
    // The URL itself is fine; only the matcher stops reading.
    #expect(try URLRecord(parsing: url).queryItems.count == position)
  }

  // MARK: - Hosts: a `*.domain` rule for a host of any number of labels

  /// The host is written once and each `*.domain` key only puts `scheme://*.` before its domain,
  /// so work stays linear in the host (`scripts/linearity.sh host-labels`).
  @Test(arguments: [1, 100, 250, 500])
  func subdomainsOfAnyDepthMatchTheirDomain(_ labels: Int) throws {
    let router = try TestTables.router([
      ("wild", "app://*.example.com/w"), ("wild-port", "app://*.example.com:8443/w"),
      ("deep", "app://*.b.example.com/w"),
    ])
    let host = String(repeating: "a.", count: labels)
    #expect(router.routeName("app://\(host)example.com/w") == "wild")
    #expect(router.routeName("app://\(host)example.com:8443/w") == "wild-port")
    #expect(router.routeName("app://\(host)b.example.com/w") == "deep")
    #expect(router.routeName("app://\(host)example.org/w") == "-")
    #expect(router.routeName("APP://\(host.uppercased())EXAMPLE.COM:08443/w") == "wild-port")
  }

  /// `scheme://host[:port]` is looked up as one key of at most 1,024 bytes: a longer host (DNS
  /// allows 253) matches no rule, not even a `*.domain` one.
  @Test(arguments: [(1_024, true), (1_025, false)])
  func hostKeyLength(_ keyLength: Int, _ matches: Bool) throws {
    let router = try TestTables.router([("wild", "app://*.example.com/w"), ("exact", "app://h/w")])
    let domain = "example.com"
    let labels = String(repeating: "a.", count: (keyLength - "app://".count - domain.count) / 2)
    let host = String(repeating: "b", count: keyLength - "app://".count - domain.count - labels.count) + labels + domain
    #expect("app://\(host)".utf8.count == keyLength)
    #expect(router.routeName("app://\(host)/w") == (matches ? "wild" : "-"))
  }

  // MARK: - Table limits: optional segments (4) and constraints (64) per pattern

  @Test(arguments: [(URLPattern.maxOptionalSegments, true), (URLPattern.maxOptionalSegments + 1, false)])
  func optionalSegmentsPerPattern(_ count: Int, _ accepted: Bool) throws {
    // Optionals separated by literals, so that no two can match one URL two ways.
    let pattern = "app://h" + (0..<count).map { "/l\($0)/{o\($0)?}" }.joined()
    let loaded = TestTables.load(TestTables.json(routes: [TestTables.route("r", pattern)]))
    let codes = loaded.diagnostics.map(\.code)
    if accepted {
      #expect(codes.isEmpty, "\(loaded.diagnostics)")
      let table = try #require(loaded.table)
      let compiled = RouteCompiler.compile(table)
      #expect(!compiled.diagnostics.hasErrors, "\(compiled.diagnostics)")
    } else {
      #expect(codes.contains(.tableLimit), "\(loaded.diagnostics)")
    }
  }

  /// Captures in a pattern's host and path (256, the matcher's room for them): affixed segments
  /// hold up to eight each, so a host parameter and 32 segments of eight are one too many. At
  /// the limit a URL that fills every capture matches, with every value; past it the pattern is
  /// refused.
  @Test(arguments: [(URLPattern.maxPathCaptures, true), (URLPattern.maxPathCaptures + 1, false)])
  func capturesPerPattern(_ count: Int, _ accepted: Bool) throws {
    // The host is capture 0; then segments of eight captures (`{s0c0}.{s0c1}…`), the last one
    // holding what is left.
    var sizes = Array(repeating: 8, count: (count - 1) / 8)
    if (count - 1) % 8 > 0 { sizes.append((count - 1) % 8) }
    let pattern =
      "app://{h}"
      + sizes.enumerated().map { k, n in "/" + (0..<n).map { "{s\(k)c\($0)}" }.joined(separator: ".") }.joined()
    let url = "app://host" + sizes.map { n in "/" + (1...n).map(String.init).joined(separator: ".") }.joined()
    let loaded = TestTables.load(TestTables.json(routes: [TestTables.route("r", pattern)]))
    guard accepted else {
      let limit = loaded.diagnostics.first { $0.code == .tableLimit }
      #expect(
        limit?.message.contains("at most 256 captures in a pattern's host and path") == true, "\(loaded.diagnostics)")
      return
    }
    let router = try TestTables.router([("r", pattern)])
    let match = try #require(try router.match(url: url).get(), "\(url)")
    #expect(match.parameters.count == count)
    #expect(match.parameters["s0c7"] == "8")
    var scratch = MatchScratch()
    #expect(router.matchRoute(url: url, scratch: &scratch) == match.route)
  }

  /// The same limit for a pattern built in code, which no parser saw: the compiler refuses it
  /// (with or without an optional segment, which makes it an expansion).
  @Test(arguments: [(URLPattern.maxPathCaptures, true), (URLPattern.maxPathCaptures + 1, false)])
  func capturesPerPatternBuiltInCode(_ count: Int, _ accepted: Bool) throws {
    for optional in [false, true] {
      var table = try #require(TestTables.load(TestTables.json(routes: [TestTables.route("r", "app://h/x")])).table)
      var segments = (0..<(count - 1)).map { PathSegmentPattern.parameter(Parameter(name: "p\($0)")) }
      segments.append(optional ? .optional(Parameter(name: "last")) : .parameter(Parameter(name: "last")))
      let pattern = URLPattern(text: "app://h/…", scheme: "app", host: .exact("h"), segments: segments)
      table.routes[0].trigger = .url([pattern])
      let diagnostics = RouteCompiler.compile(table).diagnostics
      let limit = diagnostics.first { $0.code == .tableLimit }
      #expect((limit == nil) == accepted, "optional \(optional): \(diagnostics)")
      if !accepted { #expect(limit?.message.contains("found 257") == true, "\(String(describing: limit))") }
    }
  }

  @Test(arguments: [
    (RouteCompiler.maxConstraintsPerPattern, true), (RouteCompiler.maxConstraintsPerPattern + 1, false),
  ])
  func constraintsPerPattern(_ count: Int, _ accepted: Bool) throws {
    let query = (0..<count).map { "k\($0)=v" }.joined(separator: "&")
    let loaded = TestTables.load(TestTables.json(routes: [TestTables.route("r", "app://h/x?\(query)")]))
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let compiled = RouteCompiler.compile(try #require(loaded.table))
    if accepted {
      #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
      let router = try #require(compiled.router)
      #expect(router.routeName("app://h/x?\(query)") == "r")
    } else {
      #expect(compiled.diagnostics.map(\.code).contains(.tableLimit), "\(compiled.diagnostics)")
    }
  }

  // MARK: - JSON: event lines (1 MiB, depth 32) and tables (16 MiB, depth 64)

  /// A JSON event of exactly `size` bytes (padded with spaces) that routes `app://h/files/x`.
  static func event(size: Int) -> [UInt8] {
    let body = #"{"url": "app://h/files/x"}"#
    return Array(body.utf8) + [UInt8](repeating: 0x20, count: size - body.utf8.count)
  }

  @Test(arguments: [(JSONLimits.eventLine.maxBytes, true), (JSONLimits.eventLine.maxBytes + 1, false)])
  func eventLineSize(_ size: Int, _ accepted: Bool) throws {
    let bytes = Self.event(size: size)
    #expect(bytes.count == size)
    let result = bytes.withUnsafeBufferPointer { EventReader.read(utf8: $0) }
    if accepted {
      #expect(throws: Never.self) { try result.get() }
    } else {
      #expect(result.failureCode == .jsonTooLarge)
    }
  }

  /// An activity event whose `userInfo` holds arrays nested to reach `depth` in all.
  static func activity(depth: Int) -> String {
    // The event object, "activity" and "userInfo" are three levels; the arrays make the rest.
    let arrays = depth - 3
    return #"{"activity": {"activityType": "x", "userInfo": {"k": "# + String(repeating: "[", count: arrays)
      + String(repeating: "]", count: arrays) + "}}}"
  }

  @Test(arguments: [(JSONLimits.eventLine.maxDepth, true), (JSONLimits.eventLine.maxDepth + 1, false)])
  func eventLineDepth(_ depth: Int, _ accepted: Bool) throws {
    let result = EventReader.read(line: Self.activity(depth: depth))
    if accepted {
      #expect(throws: Never.self) { try result.get() }
    } else {
      #expect(result.failureCode == .jsonTooDeep)
    }
  }

  @Test(arguments: [(JSONLimits.default.maxBytes, true), (JSONLimits.default.maxBytes + 1, false)])
  func tableSize(_ size: Int, _ accepted: Bool) throws {
    var bytes = Array(TestTables.json(routes: [TestTables.route("r", "app://h/x")]).utf8)
    bytes += [UInt8](repeating: 0x20, count: size - bytes.count)
    let loaded = TableLoader.load(source: SourceText(file: "t.json", bytes: bytes))
    if accepted {
      #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    } else {
      #expect(loaded.diagnostics.map(\.code) == [.jsonTooLarge])
    }
  }

  @Test(arguments: [(JSONLimits.default.maxDepth, true), (JSONLimits.default.maxDepth + 1, false)])
  func tableDepth(_ depth: Int, _ accepted: Bool) throws {
    // The table object, "routes", the route and "comment" are 3 levels of containers.
    let arrays = depth - 3
    let comment = String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
    let route = #"    { "name": "r", "url": "app://h/x", "deliver": {}, "comment": \#(comment) }"#
    let loaded = TestTables.load(TestTables.json(routes: [route]))
    if accepted {
      #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    } else {
      #expect(loaded.diagnostics.map(\.code) == [.jsonTooDeep])
    }
  }
}

extension Result where Failure == EventError {
  /// The error's code, or nil on success.
  var failureCode: DiagnosticCode? {
    if case .failure(let error) = self { return error.code }
    return nil
  }
}
