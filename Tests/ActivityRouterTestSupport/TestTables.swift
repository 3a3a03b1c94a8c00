package import ActivityRouter
package import Testing

/// Test helpers that build tables and routers from short inline descriptions.
package enum TestTables {
  /// A table JSON with two scenes (`main`, and `detail` presenting `ID`) and the given routes.
  package static func json(routes: [String], extra: String = "") -> String {
    """
    {
      "app": "Test", "platform": "iPadOS", "multipleScenes": true,\(extra)
      "scenes": [
        { "id": "main" },
        { "id": "detail", "presents": "ID", "matching": ["detail"] }
      ],
      "routes": [
    \(routes.joined(separator: ",\n"))
      ]
    }
    """
  }

  /// A URL route JSON object that delivers to `main` with the given name and pattern(s).
  package static func route(_ name: String, _ url: String, priority: Int? = nil) -> String {
    let p = priority.map { #", "priority": \#($0)"# } ?? ""
    return #"    { "name": "\#(name)", "url": "\#(url)", "deliver": { "scene": "main" }\#(p) }"#
  }

  package static func load(_ json: String, file: String = "t.json") -> LoadedTable {
    TableLoader.load(source: SourceText(file: file, text: json))
  }

  /// Loads and compiles; records an issue for any error.
  package static func router(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> CompiledRouter
  {
    let loaded = load(json)
    #expect(!loaded.diagnostics.hasErrors, Comment(rawValue: "\(loaded.diagnostics)"), sourceLocation: sourceLocation)
    let table = try #require(loaded.table, sourceLocation: sourceLocation)
    let compiled = RouteCompiler.compile(table)
    #expect(
      !compiled.diagnostics.hasErrors, Comment(rawValue: "\(compiled.diagnostics)"), sourceLocation: sourceLocation)
    return try #require(compiled.router, sourceLocation: sourceLocation)
  }

  /// Routes (name, pattern) compiled into a router.
  package static func router(
    _ routes: [(String, String)], extra: String = "", sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> CompiledRouter {
    try router(json(routes: routes.map { route($0.0, $0.1) }, extra: extra), sourceLocation: sourceLocation)
  }

  /// The compile diagnostics of a table (after a clean load).
  package static func compileDiagnostics(_ json: String) throws -> [Diagnostic] {
    let loaded = load(json)
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    return RouteCompiler.compile(try #require(loaded.table)).diagnostics
  }
}

extension CompiledRouter {
  /// The name of the route a URL matches, "-" for none, or "invalid:<reason>".
  package func routeName(_ url: String) -> String {
    switch match(url: url) {
    case .success(let m?): return m.routeName
    case .success(nil): return "-"
    case .failure(let e): return "invalid:\(e.reason)"
    }
  }
}
