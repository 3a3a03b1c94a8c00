/// The result of compiling a table: the router (nil when there are errors) and every
/// diagnostic, errors and warnings.
///
/// ```swift
/// let result = RuleCompiler.compile(table)
/// result.diagnostics.filter { $0.code == .duplicateRoute }
/// ```
public struct CompileResult: Sendable {
  public var router: CompiledRouter?
  public var diagnostics: [Diagnostic]
}

/// Compiles a ``RouteTable`` into an immutable ``CompiledRouter``: expands optional segments,
/// builds the segment trie, orders every node's candidates by ``Precedence``, rejects rules
/// that precedence cannot tell apart, and flattens the trie into arrays.
///
/// ```swift
/// let result = RuleCompiler.compile(table)
/// if let router = result.router { _ = router.match(url: "notes://note/…") }
/// for d in result.diagnostics { print(d) }  // t.json:9:14: error: ... [duplicate-route]
/// ```
public enum RuleCompiler {
  /// The most query and fragment constraints one pattern may have.
  public static let maxConstraintsPerPattern = 64

  /// Compiles a table; never throws: problems are diagnostics.
  public static func compile(_ table: RouteTable) -> CompileResult {
    var diagnostics: [Diagnostic] = []
    let builder = TrieBuilder()
    for (ruleIndex, rule) in table.rules.enumerated() {
      for (patternIndex, pattern) in rule.urlPatterns.enumerated() {
        if pattern.query.count + (pattern.fragment == nil ? 0 : 1) > maxConstraintsPerPattern {
          diagnostics.append(Diagnostic(
            .error, .tableLimit, "a pattern may have at most \(maxConstraintsPerPattern) query and fragment constraints",
            at: pattern.location ?? rule.location))
          continue
        }
        for expanded in PatternExpansion.expand(
          pattern, rule: ruleIndex, index: patternIndex, caseSensitive: table.options.caseSensitivePaths)
        {
          builder.insert(expanded)
        }
      }
    }
    let strict = table.options.trailingSlash == .strict
    var shadowed: [Int: (total: Int, hidden: Int, by: Int)] = [:]
    builder.forEachNode { node in
      guard !node.terminals.isEmpty else { return }
      let sorted = sortTerminals(node.terminals, table)
      diagnostics += urlConflicts(sorted, table, strict: strict)
      recordShadowing(sorted, strict: strict, into: &shadowed)
    }
    // A route already reported as a duplicate needs no second, weaker diagnostic.
    let duplicates = Set(diagnostics.compactMap(\.location))
    for (rule, counts) in shadowed.sorted(by: { $0.key < $1.key }) where counts.hidden == counts.total {
      let patterns = table.rules[rule].urlPatterns.compactMap(\.location)
      if patterns.contains(where: duplicates.contains) { continue }
      let winner = table.rules[counts.by]
      diagnostics.append(Diagnostic(
        .warning, .unreachableRoute,
        "route '\(table.rules[rule].name)' can never match: route '\(winner.name)' takes every URL it would match",
        at: table.rules[rule].location, notes: [.init("'\(winner.name)' is declared here", at: winner.location)]))
    }
    let (activities, activityDiagnostics) = buildActivityIndex(table)
    diagnostics += activityDiagnostics
    diagnostics.sort { ($0.location?.offset ?? 0, $0.code.rawValue) < ($1.location?.offset ?? 0, $1.code.rawValue) }
    guard !diagnostics.hasErrors else { return CompileResult(router: nil, diagnostics: diagnostics) }
    let trie = URLTrie(builder, options: table.options) { sortTerminals($0, table) }
    return CompileResult(router: CompiledRouter(table: table, urls: trie, activities: activities), diagnostics: diagnostics)
  }

  /// Precedence steps 3 to 6 among the patterns that end at one node.
  static func sortTerminals(_ terminals: [ExpandedPattern], _ table: RouteTable) -> [ExpandedPattern] {
    terminals.sorted { a, b in
      if a.omitted != b.omitted { return a.omitted < b.omitted }
      let sa = a.score, sb = b.score
      if sa != sb { return sa > sb }
      let pa = table.rules[a.rule].priority, pb = table.rules[b.rule].priority
      if pa != pb { return pa > pb }
      return (a.rule, a.pattern) < (b.rule, b.pattern)
    }
  }
}
