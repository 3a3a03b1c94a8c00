import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteMatcher

/// `dead-pattern`: patterns the parser accepts but no URL can match, and the one rule routing
/// and reverse routing share for values (``ValueRules``).
@Suite struct DeadPatternTests {
  @Test(arguments: [
    ("an empty https host", "https:///x", "every URL with this scheme and host is refused"),
    ("an empty http host", "http:///", "every URL with this scheme and host is refused"),
    ("a dot segment", "https://example.com/a/./b", "dot segment"),
    ("a dot-dot segment", "myapp://h/..", "dot segment"),
    ("a dot segment in a group", "https://example.com[/..]/x", "dot segment"),
    ("a NUL in a literal", "myapp://h/a%00b", "U+0000"),
    ("a control character in a set", "myapp://h/{t:a|b%0A}", "U+000A"),
    ("a control character in a query value", "myapp://h/x?k=%1F", "U+001F"),
    ("a control character in the fragment", "myapp://h/x#%7F", "U+007F"),
    ("a control character in an affix", "myapp://h/{x}%01.json", "U+0001"),
  ])
  func isReported(_ name: String, _ pattern: String, _ why: String) throws {
    let json = TestTables.json(routes: [TestTables.route("dead", pattern), TestTables.route("live", "myapp://h/ok")])
    let diagnostics = try TestTables.compileDiagnostics(json)
    let dead = diagnostics.filter { $0.code == .deadPattern }
    #expect(dead.count == 1, "\(diagnostics)")
    #expect(dead.first?.severity == .error)
    #expect(dead.first?.message.contains("'dead'") == true, "\(dead)")
    #expect(dead.first?.message.contains(why) == true, "\(dead)")
    #expect(dead.first?.location?.line == 8, "\(dead)")  // the first route of the table
  }

  @Test(arguments: [
    "file:///Users/{name}", "myapp:///x", "myapp://h/%2E%2E%2Fx", "matrix:./x", "matrix:u/..",
    "https://example.com/a.b",
    "myapp://{screen}/x",
  ])
  func livePatternsAreNot(_ pattern: String) throws {
    let json = TestTables.json(routes: [TestTables.route("a", pattern)])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(!diagnostics.contains { $0.code == .deadPattern }, "\(diagnostics)")
  }

  /// The verdict on a scheme and host is read once and kept: every pattern of a dead origin is
  /// reported, however the table interleaves origins, and the byte test of literals agrees with
  /// the scalar rule on text beyond ASCII (U+0085 and U+00E9 are not control characters here).
  @Test func everyPatternOfADeadOriginIsReportedWhereverItIs() throws {
    let json = TestTables.json(routes: [
      TestTables.route("dead1", "https:///a"),
      TestTables.route("live1", "https://example.com/b"),
      TestTables.route("dead2", "https:///c"),
      TestTables.route("dead3", "https:///d"),
      TestTables.route("live2", "myapp://h/caf%C3%A9/%C2%85"),
      TestTables.route("dead4", "myapp://h/caf%C3%A9/x%7F"),
      TestTables.route("live3", "https://example.com/e"),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    let dead = diagnostics.filter { $0.code == .deadPattern }
    let named = dead.map { d in ["dead1", "dead2", "dead3", "dead4"].first { d.message.contains("'\($0)'") } }
    #expect(named == ["dead1", "dead2", "dead3", "dead4"], "\(dead)")
    #expect(dead.last?.message.contains("U+007F") == true, "\(dead)")
  }

  /// The check runs inside the compiler's insertion (literal bytes tested as they are inserted,
  /// an origin compared once by the host lookup): it reports what the check's own pass over the
  /// table reports, error for error and in the same order, whatever kinds of patterns and
  /// origins the table interleaves (expanded patterns, affixes, query and fragment literals,
  /// hosts without an authority, host parameters, a dead origin after a live run of its scheme).
  @Test(arguments: [true, false])
  func theCheckInsideCompilingReportsWhatItsOwnPassReports(_ caseSensitive: Bool) throws {
    let patterns = [
      "https://example.com/a", "https://example.com/b/%01", "https:///c", "https:///d/{x}",
      "https://example.com/e/./f", "https://example.com/{p?}/%02", "https:///g[/en]", "https://example.com/h[/..]",
      "https://example.com/{x}%03.json", "https://example.com/i?k=%04", "https://example.com/j#%05",
      "https://example.com/k", "matrix:u/..", "matrix:u/%06", "myapp://{screen}/..", "myapp://{screen}/%07",
      "https://*.example.com/l/%08", "https://*.example.com/m", "http:///n", "http://example.com:8080/o/%09",
      "https://example.com/p/{t:a|b%0A}", "https://example.com/q/%7F/{rest*}", "https://example.com/r/ok",
      "https:///s", "https://example.com/t", "https:///u?x={x}", "https://example.com/v/%C2%85/%C3%A9",
    ]
    let json = TestTables.json(
      routes: patterns.enumerated().map { TestTables.route("r\($0.offset)", $0.element) },
      extra: caseSensitive ? "" : #" "options": { "caseSensitivePaths": false },"#)
    let loaded = TestTables.load(json)
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let table = try #require(loaded.table)
    let own = DeadPatterns.diagnostics(table).map { "\($0)" }
    let compiled = RouteCompiler.compile(table).diagnostics.filter { $0.code == .deadPattern }.map { "\($0)" }
    #expect(compiled == own)
    // Every pattern above with a dead part, and only those.
    #expect(own.count == 20, "\(own)")
  }

  /// The compiler's test of a literal's bytes, eight at a time, against the rule byte by byte:
  /// every byte value at every position of segments 1 to 24 bytes long (the words overlap at
  /// the end), and the dot segments with and without a host.
  @Test func theWordAtATimeByteTestIsTheRule() {
    for length in 1...24 {
      for position in 0..<length {
        for value in 0...255 {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[position] = UInt8(value)
          let expected = value < 0x20 || value == 0x7F
          let found = bytes.withUnsafeBufferPointer { DeadPatterns.mayBeDeadSegment($0, resolvesDots: false) }
          if found != expected { Issue.record("length \(length), byte \(value) at \(position): \(found)") }
        }
      }
    }
    for (text, dot) in [(".", true), ("..", true), ("...", false), (".a", false), ("", false)] {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBufferPointer { DeadPatterns.mayBeDeadSegment($0, resolvesDots: true) } == dot, "\(text)")
      #expect(bytes.withUnsafeBufferPointer { DeadPatterns.mayBeDeadSegment($0, resolvesDots: false) } == false)
    }
  }

  /// The same test read from a literal's key (``EdgeKey``), as the compiler makes it for
  /// literals of at most 16 bytes: every byte value at every position of literals 0 to 16 bytes
  /// long, the filler plain or a control byte, and the dot segments.
  @Test func theTestOnTheKeyIsTheRule() {
    for length in 0...16 {
      for filler in [UInt8(ascii: "a"), 0x00, 0x7F] {
        for position in 0..<max(length, 1) {
          for value in 0...255 {
            var bytes = [UInt8](repeating: filler, count: length)
            if length > 0 { bytes[position] = UInt8(value) }
            for dots in [false, true] {
              let expected = bytes.withUnsafeBufferPointer { DeadPatterns.mayBeDeadSegment($0, resolvesDots: dots) }
              let key = bytes.withUnsafeBufferPointer { EdgeKey($0) }
              let found = DeadPatterns.mayBeDeadKey(key, length: length, resolvesDots: dots)
              if found != expected { Issue.record("\(bytes), dots \(dots): \(found)") }
            }
          }
        }
      }
    }
    for text in [".", "..", "...", ".a", ""] {
      let bytes = Array(text.utf8)
      let key = bytes.withUnsafeBufferPointer { EdgeKey($0) }
      for dots in [false, true] {
        let expected = bytes.withUnsafeBufferPointer { DeadPatterns.mayBeDeadSegment($0, resolvesDots: dots) }
        #expect(DeadPatterns.mayBeDeadKey(key, length: bytes.count, resolvesDots: dots) == expected, "\(text)")
      }
    }
  }

  /// The one-load key of a short segment, read from a buffer with bytes after it, is the key
  /// read byte by byte: whatever follows the segment is masked off.
  @Test func theOneLoadKeyIsTheByteByByteKey() {
    let buffer: [UInt8] = (0..<24).map { UInt8(truncatingIfNeeded: 0xF1 &* ($0 &+ 1)) }
    buffer.withUnsafeBufferPointer { all in
      for start in 0...8 {
        for length in 0...16 where start + length <= all.count {
          let segment = UnsafeBufferPointer(rebasing: all[start..<(start + length)])
          let expected = EdgeKey(segment)
          let found = EdgeKey(segment, readable: all.count - start)
          #expect(found.head == expected.head && found.tail == expected.tail, "start \(start), length \(length)")
        }
      }
    }
  }

  static let routes: [(String, String)] = [
    ("search", "myapp://h/search?q={query}"),
    ("maybe", "myapp://h/maybe?q={query?}"),
    ("count", "myapp://h/count?n={n:int}"),
    ("anchor", "myapp://h/doc#{anchor}"),
    ("page", "myapp://h/p/{id}"),
    ("opaque", "matrix:u/{user}"),
  ]

  /// Every value routing captures, `url` writes, and the URL comes back with it.
  @Test(arguments: [
    ("search", ["query": ""], "myapp://h/search?q="),
    ("maybe", ["query": ""], "myapp://h/maybe?q="),
    ("anchor", ["anchor": ""], "myapp://h/doc#"),
    ("search", ["query": "a b+c"], "myapp://h/search?q=a%20b%2Bc"),
    ("opaque", ["user": ".."], "matrix:u/.."),
  ])
  func routingAndReverseRoutingAgree(_ route: String, _ parameters: [String: String], _ expected: String) throws {
    let router = try TestTables.router(Self.routes)
    let url = try router.url(for: route, parameters: parameters)
    #expect(url == expected)
    guard case .success(let m?) = router.match(url: url) else {
      Issue.record("\(url) matched nothing")
      return
    }
    #expect(m.routeName == route)
    for (name, value) in parameters { #expect(m.parameters[name] == .string(value), "\(name)") }
    #expect(m.parameters.count == parameters.count)
  }

  @Test func anEmptyQueryValueIsCapturedBothWays() throws {
    let router = try TestTables.router(Self.routes)
    for url in ["myapp://h/search?q=", "myapp://h/search?q"] {
      guard case .success(let m?) = router.match(url: url) else {
        Issue.record("\(url) matched nothing")
        continue
      }
      #expect(m.parameters["query"] == "")
      #expect(try router.url(for: "search", parameters: ["query": ""]) == "myapp://h/search?q=")
    }
  }

  /// Values routing can never give back are refused with the reason, not built.
  @Test(arguments: [
    ("page", ["id": ""], "a path segment cannot be empty"),
    ("page", ["id": "."], "dot segment"),
    ("page", ["id": ".."], "dot segment"),
    ("page", ["id": "a\u{0}b"], "control character"),
    ("search", ["query": "a\nb"], "control character"),
    ("count", ["n": ""], "not a valid int"),
  ])
  func refusesWhatRoutingCannotCapture(_ route: String, _ parameters: [String: String], _ why: String) throws {
    let router = try TestTables.router(Self.routes)
    do {
      let url = try router.url(for: route, parameters: parameters)
      Issue.record("built \(url)")
    } catch {
      #expect(error.code == .invalidParameter, "\(error)")
      #expect(error.message.contains(why), "\(error)")
    }
  }
}
