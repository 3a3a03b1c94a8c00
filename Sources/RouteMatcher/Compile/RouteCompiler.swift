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
  ///
  /// The steps, each a function below: insert every URL pattern into the trie builder
  /// (expanding optional segments), order the patterns that end at one node by precedence and
  /// report the pairs it cannot tell apart, report routes that can never match, index the
  /// activity routes, and flatten the trie into the matcher's records.
  public static func compile(_ table: RouteTable) -> CompileResult {
    var dead: [Diagnostic] = []
    var limits: [Diagnostic] = []
    var patterns = insertURLPatterns(of: table, &limits, dead: &dead)
    // The dead-pattern errors first, in table order, as when they were a pass of their own.
    var diagnostics = dead + limits
    diagnostics += affixConflicts(patterns.builder, table)
    let endings = orderEndings(of: patterns, table, &diagnostics)
    reportUnreachableRoutes(endings.shadowed, inserted: patterns.inserted, table, &diagnostics)
    let (activities, activityDiagnostics) = buildActivityIndex(table)
    diagnostics += activityDiagnostics
    diagnostics.sort { ($0.location?.offset ?? 0, $0.code.rawValue) < ($1.location?.offset ?? 0, $1.code.rawValue) }
    guard !diagnostics.hasErrors else {
      patterns.records.free()
      return CompileResult(router: nil, diagnostics: diagnostics)
    }
    let trie = URLTrie(patterns.builder, records: &patterns.records, sorted: endings.order, options: table.options)
    assert(trie.invariantViolations().isEmpty, "the compiled trie is unsound: \(trie.invariantViolations())")
    return CompileResult(
      router: CompiledRouter(table: table, urls: trie, activities: activities), diagnostics: diagnostics)
  }

  /// The URL patterns of a table in the trie builder, with their terminal records.
  struct InsertedPatterns {
    var builder: TrieBuilder
    /// The terminal records, in the order of the builder's terminal ids.
    var records: TerminalRecords
    /// The expansions of patterns with optional segments, by the builder's `expansion` index.
    var expansions: [ExpandedPattern] = []
    /// How many expanded patterns each route has in the trie.
    var inserted: RouteCounts
  }

  /// Step 1: every URL pattern into the builder, in table order. Patterns with optional segments
  /// are expanded first; the others (nearly all) go in as they are, without an
  /// `ExpandedPattern`. Both kinds go through one ``PatternBatch``, which inserts them level
  /// by level and adds their terminals in table order.
  ///
  /// The dead-pattern check (``DeadPatterns``) runs here too, pattern by pattern, so that it
  /// reads nothing twice: a pattern's literal bytes are tested as they are inserted, and its
  /// origin is known to be the last one's when the host lookup found it so (a pass of its own
  /// read every pattern's segments and compared its origin again: a third of compiling).
  /// `dead` gets the same errors, in the same order, as ``DeadPatterns/diagnostics(_:)``.
  static func insertURLPatterns(
    of table: RouteTable, _ diagnostics: inout [Diagnostic], dead: inout [Diagnostic]
  ) -> InsertedPatterns {
    let caseSensitive = table.options.caseSensitivePaths
    var result = InsertedPatterns(
      builder: TrieBuilder(
        expectedEdges: table.routes.count + table.routes.count / 2, expectedNodes: 2 * table.routes.count + 16,
        expectedTerminals: table.routes.count,
        // About one first path segment in eight routes is new under its host (11,367 for the
        // 100k table): room for them at once, not 14 doublings from 64.
        expectedRootEdges: table.routes.count / 8),
      records: TerminalRecords(expected: table.routes.count), inserted: RouteCounts(count: table.routes.count))
    var keys = PatternExpansion.KeyBuffer()
    var batch = PatternBatch()
    var origins = DeadPatterns.Origins()
    // Whether the pattern before went through `batch.add` (whose host lookup compares origins).
    var lastWasBatched = false
    // (Read once: a static of another module is read through a call.)
    let maxCaptures = URLPattern.maxPathCaptures
    // The counts of expanded patterns by route, counted through a pointer (an array in `result`
    // checked its buffer was unique at every count) into zeroed memory (``RouteCounts``).
    do {
      let inserted = result.inserted.counts
      table.routes.withUnsafeBufferPointer { routes in
        for routeIndex in 0..<routes.count {
          guard case .url(let patterns) = routes[routeIndex].trigger else { continue }
          patterns.withUnsafeBufferPointer { patterns in
            for patternIndex in 0..<patterns.count {
              let pattern = patterns.baseAddress! + patternIndex
              let overLimit =
                pattern.pointee.query.count >= maxConstraintsPerPattern
                && pattern.pointee.query.count + (pattern.pointee.fragment == nil ? 0 : 1) > maxConstraintsPerPattern
              let expands = PatternExpansion.needsExpansion(pattern)
              if overLimit || expands {
                if let why = DeadPatterns.reason(pattern, origins: &origins) {
                  dead.append(DeadPatterns.diagnostic(pattern, route: routes.baseAddress! + routeIndex, why))
                }
                lastWasBatched = false
              }
              if overLimit {
                diagnostics.append(
                  Diagnostic(
                    .error, .tableLimit,
                    "a pattern may have at most \(maxConstraintsPerPattern) query and fragment constraints",
                    at: pattern.pointee.location ?? routes[routeIndex].location))
                continue
              }
              if expands {
                var captures = 0
                for expanded in PatternExpansion.expand(
                  pattern.pointee, route: routeIndex, index: patternIndex, caseSensitive: caseSensitive)
                {
                  captures = max(captures, expanded.captureNames.count)
                  batch.add(expanded, expansion: result.expansions.count, builder: &result.builder)
                  result.records.append(expanded)
                  result.expansions.append(expanded)
                  inserted[routeIndex] &+= 1
                  if batch.isFull { batch.flush(into: &result.builder) }
                }
                if captures > maxCaptures, let limit = captureLimit(captures, pattern, routes.baseAddress! + routeIndex)
                {
                  diagnostics.append(limit)
                }
              } else {
                let namesStart = Int32(truncatingIfNeeded: result.records.names.count)
                let literalsMayBeDead = batch.add(
                  pattern, route: routeIndex, index: patternIndex, caseSensitive: caseSensitive,
                  builder: &result.builder, &keys, names: &result.records.names, types: &result.records.captureTypes)
                let sameOrigin = lastWasBatched && keys.sameOriginAsLast
                if !DeadPatterns.isLiveLikeLast(
                  pattern, origins: origins, literalsMayBeDead: literalsMayBeDead, sameOriginAsLast: sameOrigin),
                  let why = DeadPatterns.reason(
                    pattern, origins: &origins, literalsMayBeDead: literalsMayBeDead, sameOriginAsLast: sameOrigin)
                {
                  dead.append(DeadPatterns.diagnostic(pattern, route: routes.baseAddress! + routeIndex, why))
                }
                lastWasBatched = true
                let captures = result.records.names.count - Int(namesStart)
                if captures > maxCaptures, let limit = captureLimit(captures, pattern, routes.baseAddress! + routeIndex)
                {
                  diagnostics.append(limit)
                }
                result.records.append(
                  pattern, route: Int32(truncatingIfNeeded: routeIndex),
                  pattern: Int32(truncatingIfNeeded: patternIndex),
                  namesStart: namesStart)
                inserted[routeIndex] &+= 1
                if batch.isFull { batch.flush(into: &result.builder) }
              }
            }
          }
        }
      }
    }
    batch.flush(into: &result.builder)
    return result
  }

  /// The error for a pattern with more host and path captures than the matcher has room for
  /// (``URLPattern/maxPathCaptures``), counted as its names were recorded; nil within the limit.
  /// The parser refuses such a pattern where it is written; this holds one built in code. (An
  /// error leaves the table without a router, so the pattern inserted meanwhile never matches.)
  private static func captureLimit(
    _ captures: Int, _ pattern: UnsafePointer<URLPattern>, _ route: UnsafePointer<Route>
  ) -> Diagnostic? {
    guard captures > URLPattern.maxPathCaptures else { return nil }
    return Diagnostic(
      .error, .tableLimit,
      "at most \(URLPattern.maxPathCaptures) captures in a pattern's host and path, found \(captures)",
      at: pattern.pointee.location ?? route.pointee.location)
  }

  /// Step 2: the order of the patterns at every node where several end (precedence steps 3 to
  /// 6), the conflicts precedence cannot settle (errors naming both routes), and which routes
  /// a pattern before them hides.
  static func orderEndings(of patterns: InsertedPatterns, _ table: RouteTable, _ diagnostics: inout [Diagnostic])
    -> (order: [Int32: [Int32]], shadowed: [Int: (hidden: Int, by: Int)])
  {
    let caseSensitive = table.options.caseSensitivePaths
    let strict = table.options.trailingSlash == .strict
    var shadowed: [Int: (hidden: Int, by: Int)] = [:]
    var order: [Int32: [Int32]] = [:]
    let builder = patterns.builder
    // Only nodes where several patterns end can hold duplicates or hide a route.
    for node in 0..<builder.nodeCount where builder.nodes[node].terminalCount > 1 {
      let ids = builder.terminalIDs(at: node)
      let ending = ids.map { id -> ExpandedPattern in
        let t = builder.terminals[Int(id)]
        if t.expansion >= 0 { return patterns.expansions[Int(t.expansion)] }
        let pattern = table.routes[Int(t.route)].urlPatterns[Int(t.pattern)]
        return PatternExpansion.expand(
          pattern, route: Int(t.route), index: Int(t.pattern), caseSensitive: caseSensitive)[0]
      }
      let sortedIndices = ending.indices.sorted { precedes(ending[$0], ending[$1], table) }
      let sorted = sortedIndices.map { ending[$0] }
      diagnostics += urlConflicts(sorted, table, strict: strict)
      recordShadowing(sorted, strict: strict, into: &shadowed)
      order[Int32(node)] = sortedIndices.map { ids[$0] }
    }
    return (order, shadowed)
  }

  /// Step 3: a warning for each route whose every expanded pattern another route hides (unless
  /// it is already reported as a duplicate).
  static func reportUnreachableRoutes(
    _ shadowed: [Int: (hidden: Int, by: Int)], inserted: RouteCounts, _ table: RouteTable,
    _ diagnostics: inout [Diagnostic]
  ) {
    let duplicates = Set(diagnostics.compactMap(\.location))
    for (route, counts) in shadowed.sorted(by: { $0.key < $1.key }) where counts.hidden == inserted[route] {
      let patterns = table.routes[route].urlPatterns.compactMap(\.location)
      if patterns.contains(where: duplicates.contains) { continue }
      let winner = table.routes[counts.by]
      diagnostics.append(
        Diagnostic(
          .warning, .unreachableRoute,
          "route '\(table.routes[route].name)' can never match: route '\(winner.name)' takes every URL it would match",
          at: table.routes[route].location, notes: [.init("'\(winner.name)' is declared here", at: winner.location)]))
    }
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
