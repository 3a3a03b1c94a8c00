public import RouteTables
public import RouterSupport

/// The result of compiling a table: the router (nil when there are errors) and every
/// diagnostic, errors and warnings.
///
/// ```swift
/// let result = RouteCompiler.compile(table)
/// result.diagnostics.filter { $0.code == .duplicateRoute }
/// ```
public struct CompileResult: Sendable {
  public var router: CompiledRouter?
  public var diagnostics: [Diagnostic]
}

/// Compiles a ``RouteTable`` into an immutable ``CompiledRouter``: expands optional segments,
/// builds the segment trie, orders every node's candidates by ``Precedence``, rejects routes
/// that precedence cannot tell apart, and flattens the trie into arrays.
///
/// ```swift
/// let result = RouteCompiler.compile(table)
/// if let router = result.router { _ = router.match(url: "notes://note/…") }
/// for d in result.diagnostics { print(d) }  // t.json:9:14: error: ... [duplicate-route]
/// ```
public enum RouteCompiler {
  /// The most query and fragment constraints one pattern may have.
  public static let maxConstraintsPerPattern = 64

  /// Compiles a table; never throws: problems are diagnostics.
  public static func compile(_ table: RouteTable) -> CompileResult {
    var diagnostics: [Diagnostic] = []
    let caseSensitive = table.options.caseSensitivePaths
    var builder = TrieBuilder(
      expectedEdges: table.routes.count + table.routes.count / 2, expectedNodes: 2 * table.routes.count + 16,
      expectedTerminals: table.routes.count)
    // Patterns with optional segments are expanded into patterns; the others (nearly all) are
    // inserted straight from the table, without building an `ExpandedPattern`.
    var expansions: [ExpandedPattern] = []
    var inserted = [Int](repeating: 0, count: table.routes.count)
    // The terminal records, in the order of the builder's terminal ids.
    var records = TerminalRecords(expected: table.routes.count)
    var scratch = PatternExpansion.KeyBuffer()
    var batch = PatternBatch()
    table.routes.withUnsafeBufferPointer { routes in
      for routeIndex in 0..<routes.count {
        guard case .url(let patterns) = routes[routeIndex].trigger else { continue }
        patterns.withUnsafeBufferPointer { patterns in
          for patternIndex in 0..<patterns.count {
            let pattern = patterns.baseAddress! + patternIndex
            if pattern.pointee.query.count + (pattern.pointee.fragment == nil ? 0 : 1) > maxConstraintsPerPattern {
              diagnostics.append(
                Diagnostic(
                  .error, .tableLimit,
                  "a pattern may have at most \(maxConstraintsPerPattern) query and fragment constraints",
                  at: pattern.pointee.location ?? routes[routeIndex].location))
              continue
            }
            if PatternExpansion.hasOptionalSegments(pattern.pointee.segments) {
              batch.flush(into: &builder)  // keep the terminals in table order
              for expanded in PatternExpansion.expand(
                pattern.pointee, route: routeIndex, index: patternIndex, caseSensitive: caseSensitive)
              {
                builder.insert(expanded, expansion: expansions.count)
                records.append(expanded)
                expansions.append(expanded)
                inserted[routeIndex] += 1
              }
            } else {
              let namesStart = Int32(truncatingIfNeeded: records.names.count)
              batch.add(
                pattern, route: routeIndex, index: patternIndex, caseSensitive: caseSensitive, builder: &builder,
                &scratch,
                names: &records.names)
              records.append(
                pattern, route: Int32(truncatingIfNeeded: routeIndex), pattern: Int32(truncatingIfNeeded: patternIndex),
                namesStart: namesStart)
              inserted[routeIndex] += 1
              if batch.isFull { batch.flush(into: &builder) }
            }
          }
        }
      }
    }
    batch.flush(into: &builder)
    // Only nodes where several patterns end can hold duplicates or hide a route.
    let strict = table.options.trailingSlash == .strict
    var shadowed: [Int: (total: Int, hidden: Int, by: Int)] = [:]
    var sortedAt: [Int32: [Int32]] = [:]
    for node in 0..<builder.nodeCount where builder.nodes[node].terminalCount > 1 {
      let ids = builder.terminalIDs(at: node)
      let patterns = ids.map { id -> ExpandedPattern in
        let t = builder.terminals[Int(id)]
        if t.expansion >= 0 { return expansions[Int(t.expansion)] }
        let pattern = table.routes[Int(t.route)].urlPatterns[Int(t.pattern)]
        return PatternExpansion.expand(
          pattern, route: Int(t.route), index: Int(t.pattern), caseSensitive: caseSensitive)[
            0]
      }
      let order = patterns.indices.sorted { precedes(patterns[$0], patterns[$1], table) }
      let sorted = order.map { patterns[$0] }
      diagnostics += urlConflicts(sorted, table, strict: strict)
      recordShadowing(sorted, strict: strict, into: &shadowed)
      sortedAt[Int32(node)] = order.map { ids[$0] }
    }
    // A rule is unreachable when every one of its expanded patterns is hidden.
    for route in Array(shadowed.keys) { shadowed[route]?.total = inserted[route] }
    // A route already reported as a duplicate needs no second, weaker diagnostic.
    let duplicates = Set(diagnostics.compactMap(\.location))
    for (route, counts) in shadowed.sorted(by: { $0.key < $1.key }) where counts.hidden == counts.total {
      let patterns = table.routes[route].urlPatterns.compactMap(\.location)
      if patterns.contains(where: duplicates.contains) { continue }
      let winner = table.routes[counts.by]
      diagnostics.append(
        Diagnostic(
          .warning, .unreachableRoute,
          "route '\(table.routes[route].name)' can never match: route '\(winner.name)' takes every URL it would match",
          at: table.routes[route].location, notes: [.init("'\(winner.name)' is declared here", at: winner.location)]))
    }
    let (activities, activityDiagnostics) = buildActivityIndex(table)
    diagnostics += activityDiagnostics
    diagnostics.sort { ($0.location?.offset ?? 0, $0.code.rawValue) < ($1.location?.offset ?? 0, $1.code.rawValue) }
    guard !diagnostics.hasErrors else { return CompileResult(router: nil, diagnostics: diagnostics) }
    let trie = URLTrie(builder, records: records, sorted: sortedAt, options: table.options)
    return CompileResult(
      router: CompiledRouter(table: table, urls: trie, activities: activities), diagnostics: diagnostics)
  }

  /// Precedence steps 3 to 6 among the patterns that end at one node.
  static func sortTerminals(_ terminals: [ExpandedPattern], _ table: RouteTable) -> [ExpandedPattern] {
    terminals.sorted { precedes($0, $1, table) }
  }

  /// Whether `a` comes before `b` by precedence steps 3 to 6 (the patterns end at one node).
  static func precedes(_ a: ExpandedPattern, _ b: ExpandedPattern, _ table: RouteTable) -> Bool {
    if a.omitted != b.omitted { return a.omitted < b.omitted }
    let sa = a.score
    let sb = b.score
    if sa != sb { return sa > sb }
    let pa = table.routes[a.route].priority
    let pb = table.routes[b.route].priority
    if pa != pb { return pa > pb }
    return (a.route, a.pattern) < (b.route, b.pattern)
  }
}
