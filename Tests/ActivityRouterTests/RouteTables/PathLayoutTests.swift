import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// The layout the parser gives a pattern (where its origin and segments are in its text) says
/// what the segments say, goes when a part it describes changes, and compiles to the same trie
/// as the segments themselves.
@Suite struct PathLayoutTests {
  @Test func layoutDescribesTheParsedPath() throws {
    let pattern = try URLPattern(parsing: "https://example.com:8443/users/{id:int}/*/files/{rest*}?tab={tab}")
    let layout = try #require(pattern.layout)
    let text = Array(pattern.text.utf8)
    #expect(String(decoding: text[..<Int(layout.originLength)], as: UTF8.self) == "https://example.com:8443")
    #expect(layout.count == 5)
    #expect((0..<5).map { layout.kind(at: $0) } == [.literal, .int, .wildcard, .literal, .catchAll])
    #expect(
      (0..<5).map { String(decoding: text[layout.range(at: $0)], as: UTF8.self) } == [
        "users", "{id:int}", "*", "files", "{rest*}",
      ])
    #expect(try URLPattern(parsing: "mailto:{address}").layout?.originLength == 7)
    // Paths a layout does not describe: an escape, an optional or affixed segment, a value set,
    // a group, a host value set, more than eight segments.
    for text in [
      "app://h/caf%C3%A9", "app://h/a/{b?}", "app://h/{name}.json", "app://h/{t:a|b}", "app://h[/en]/x",
      "app://{k:a|b}/x", "app://h/1/2/3/4/5/6/7/8/9",
    ] {
      #expect(try URLPattern(parsing: text).layout == nil, "\(text)")
    }
  }

  @Test func changingADescribedPartDropsTheLayout() throws {
    let parsed = try URLPattern(parsing: "https://example.com/a/{b}")
    #expect(parsed.layout != nil)
    var pattern = parsed
    pattern.text = "https://example.com/a/{b}"
    #expect(pattern.layout == nil)
    pattern = parsed
    pattern.scheme = "http"
    #expect(pattern.layout == nil)
    pattern = parsed
    pattern.host = .exact("other.example")
    #expect(pattern.layout == nil)
    pattern = parsed
    pattern.port = 8080
    #expect(pattern.layout == nil)
    pattern = parsed
    pattern.segments.append(.wildcard)
    #expect(pattern.layout == nil)
    // The other parts are read from the pattern itself; the layout stays, and equality ignores it.
    pattern = parsed
    pattern.query = [QueryConstraint(name: "q", value: .present)]
    pattern.trailingSlash = true
    #expect(pattern.layout != nil)
    var touched = parsed
    touched.text = parsed.text
    #expect(touched == parsed && touched.hashValue == parsed.hashValue)
  }

  /// Tables of many patterns (origins written in several ways, literals, typed parameters,
  /// wildcards, catch-alls, queries, patterns without a layout among them, dot segments in the
  /// second), compiled from their layouts and from their segments: the same trie and diagnostics.
  @Test func theTrieIsTheSameWithoutLayouts() {
    for (caseSensitive, dots) in [(true, false), (false, false), (true, true)] {
      let table = Self.table(caseSensitive: caseSensitive, dots: dots)
      var plain = table
      plain.routes = table.routes.map { route in
        var route = route
        route.trigger = .url(
          route.urlPatterns.map { pattern in
            var pattern = pattern
            pattern.text = pattern.text  // drops the layout
            return pattern
          })
        return route
      }
      #expect(table.routes.count { $0.urlPatterns[0].layout != nil } > table.routes.count / 2)
      #expect(!plain.routes.contains { $0.urlPatterns[0].layout != nil })
      let a = RouteCompiler.compile(table)
      let b = RouteCompiler.compile(plain)
      #expect(a.diagnostics == b.diagnostics)
      #expect(a.router?.trieDescription == b.router?.trieDescription)
      #expect((a.router == nil) == dots && (b.router == nil) == dots)
    }
  }

  /// 600 random patterns, each ending in a literal of its own (no two routes conflict).
  static func table(caseSensitive: Bool, dots: Bool) -> RouteTable {
    var rng = SeededGenerator(seed: dots ? 0xD075 : 0x1A7_0075)
    let origins = [
      "https://example.com", "HTTPS://Example.com", "https://example.com:8443", "app://h", "app://H", "app:",
      "https://*.example.com", "app://{screen}", "app://{n:int}",
    ]
    var segments = [
      "users", "Users", "repos", "a", "issues-1", "{id}", "{n:int}", "{u:uuid}", "*", "x.y", "caf%C3%A9",
      "{name}.json", "averyveryverylongsegmentname",
    ]
    if dots { segments += [".", ".."] }
    var routes: [Route] = []
    for index in 0..<600 {
      var text = origins[Int.random(in: 0..<origins.count, using: &rng)]
      for level in 0..<Int.random(in: 0..<5, using: &rng) {
        var segment = segments[Int.random(in: 0..<segments.count, using: &rng)]
        if segment.hasPrefix("{") { segment = "{p\(level)" + segment.dropFirst() }
        text += (text.hasSuffix(":") && level == 0 ? "" : "/") + segment
      }
      text += (text.hasSuffix(":") ? "" : "/") + "end\(index)"
      if Int.random(in: 0..<4, using: &rng) == 0 { text += "/{rest*}" }
      if Int.random(in: 0..<5, using: &rng) == 0 { text += "?q={q}" }
      guard let pattern = try? URLPattern(parsing: text) else { continue }
      routes.append(
        Route(name: "r\(index)", index: routes.count, trigger: .url([pattern]), target: RouteTarget(action: .deliver)))
    }
    var options = RoutingOptions()
    options.caseSensitivePaths = caseSensitive
    return RouteTable(
      app: "L", platform: .iPadOS, scenes: [SceneDeclaration(id: "main")], routes: routes, options: options)
  }
}
