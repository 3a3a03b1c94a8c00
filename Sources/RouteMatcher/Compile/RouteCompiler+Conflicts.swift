import RouteTables
import RouterSupport

extension RouteCompiler {
  /// What makes two patterns that end at the same node match the same URLs: the optional
  /// segments left out, the trailing slash (strict policy only) and the constraints.
  struct Signature: Hashable {
    var omitted: Int
    var trailingSlash: Bool?
    var constraints: [String]
  }

  static func signature(_ p: ExpandedPattern, strict: Bool) -> Signature {
    func describe(_ v: ValueConstraint) -> String {
      switch v {
      case .present: return "present"
      case .literal(let s): return "literal:" + s
      case .parameter(let p, let required): return "\(required ? "required" : "optional"):\(p.type.rawValue)"
      case .list(let p, let required): return "\(required ? "required" : "optional"):\(p.type.rawValue)[]"
      case .affixed(let affixed):
        return "affixed:"
          + affixed.parts.map { part -> String in
            switch part {
            case .literal(let text): return "=" + text
            case .capture(let p): return "{" + p.type.rawValue + "}"
            }
          }.joined()
      case .path(let path):
        return "path:" + path.prefix
          + path.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return "=" + text
            case .parameter(let p): return "{" + p.type.rawValue + "}"
            default: return "*"
            }
          }.joined(separator: "/")
      }
    }
    var constraints = p.query.map { "?\($0.name)=" + describe($0.value) }.sorted()
    if let f = p.fragment { constraints.append("#" + describe(f)) }
    return Signature(omitted: p.omitted, trailingSlash: strict ? p.trailingSlash : nil, constraints: constraints)
  }

  /// Patterns at one node (already sorted) that precedence cannot tell apart.
  static func urlConflicts(_ sorted: [ExpandedPattern], _ table: RouteTable, strict: Bool) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var seen: [Signature: ExpandedPattern] = [:]
    var reported: Set<[Int]> = []
    for p in sorted {
      let sig = signature(p, strict: strict)
      guard let first = seen[sig] else {
        seen[sig] = p
        continue
      }
      guard reported.insert([first.route, first.pattern, p.route, p.pattern]).inserted else { continue }
      let a = table.routes[first.route]
      let b = table.routes[p.route]
      let pa = a.urlPatterns[first.pattern]
      let pb = b.urlPatterns[p.pattern]
      // For expansions of value sets: which values make them meet.
      let values = Array(Set(first.constants + p.constants)).sorted { ($0.name, $0.value) < ($1.name, $1.value) }
      let when =
        values.isEmpty ? "" : " when " + values.map { "'\($0.name)' is '\($0.value)'" }.joined(separator: " and ")
      if first.route == p.route && first.pattern == p.pattern && first.constants != p.constants
        && first.omitted == p.omitted
      {
        diagnostics.append(
          Diagnostic(
            .error, .ambiguousRoutes,
            "the value sets of '\(pb.text)' in route '\(b.name)' list values that match the same segment"
              + " (paths are case-insensitive):\(when)",
            at: pb.location ?? b.location))
      } else if first.route == p.route && first.pattern == p.pattern {
        diagnostics.append(
          Diagnostic(
            .error, .ambiguousRoutes,
            "the optional segments of '\(pb.text)' in route '\(b.name)' can match the same URL in two ways;"
              + " give the optional segments different types or make one of them required",
            at: pb.location ?? b.location))
      } else if first.route == p.route {
        diagnostics.append(
          Diagnostic(
            .error, .duplicateRoute,
            "route '\(b.name)' lists patterns that match the same URLs\(when): '\(pa.text)' and '\(pb.text)'",
            at: pb.location ?? b.location, notes: [.init("'\(pa.text)' is written here", at: pa.location ?? a.location)]
          ))
      } else {
        diagnostics.append(
          Diagnostic(
            .error, .duplicateRoute,
            "route '\(b.name)' ('\(pb.text)') matches exactly the same URLs as route '\(a.name)' ('\(pa.text)')"
              + "\(when); precedence cannot order them, so one would never match",
            at: pb.location ?? b.location,
            notes: [.init("route '\(a.name)' is declared here", at: pa.location ?? a.location)]))
      }
    }
    return diagnostics
  }

  /// Affixed segments of one node that precedence cannot order: equally many literal bytes,
  /// captures and typed captures, and outer literals that one segment could match both of (so
  /// their order would decide). An error naming both routes.
  static func affixConflicts(_ builder: TrieBuilder, _ table: RouteTable) -> [Diagnostic] {
    guard !builder.affixShapes.isEmpty else { return [] }
    var diagnostics: [Diagnostic] = []
    let shapes = builder.affixShapes
    for node in 0..<builder.nodeCount where builder.nodes[node].dynamicCount > 1 {
      let affixed = builder.dynamicEdges(of: node).compactMap { edge -> (shape: Int32, child: Int32)? in
        if case .affixed(let shape) = edge.kind { return (shape, edge.child) }
        return nil
      }
      for i in affixed.indices {
        for j in affixed.indices where j > i {
          let a = shapes[Int(affixed[i].shape)]
          let b = shapes[Int(affixed[j].shape)]
          guard a.rankKey == b.rankKey, a.mayOverlap(b), let first = builder.affixOrigins[affixed[i].child],
            let second = builder.affixOrigins[affixed[j].child]
          else { continue }
          let (ra, rb) = (table.routes[Int(first.route)], table.routes[Int(second.route)])
          let (pa, pb) = (ra.urlPatterns[Int(first.pattern)], rb.urlPatterns[Int(second.pattern)])
          diagnostics.append(
            Diagnostic(
              .error, .ambiguousRoutes,
              "route '\(rb.name)' ('\(pb.text)') and route '\(ra.name)' ('\(pa.text)') have segments '\(b.text)' and"
                + " '\(a.text)' that precedence cannot order: as many literal bytes and captures, and one segment"
                + " could match both; make the literal parts of one longer or different",
              at: pb.location ?? rb.location,
              notes: [.init("route '\(ra.name)' is declared here", at: pa.location ?? ra.location)]))
        }
      }
    }
    return diagnostics
  }

  /// Counts, per route, its patterns that end at a node after a pattern that excludes nothing
  /// (no constraint that can fail), so they can never be chosen, and the route that hides them.
  static func recordShadowing(
    _ sorted: [ExpandedPattern], strict: Bool, into counts: inout [Int: (hidden: Int, by: Int)]
  ) {
    var catchers: [Bool?: Int] = [:]  // trailing slash requirement → the route that takes everything
    for p in sorted {
      let key: Bool? = strict ? p.trailingSlash : nil
      var entry = counts[p.route] ?? (0, -1)
      if let winner = catchers[key], winner != p.route {
        entry.hidden += 1
        entry.by = winner
      } else if catchers[key] == nil && excludesNothing(p) {
        catchers[key] = p.route
      }
      counts[p.route] = entry
    }
  }

  static func excludesNothing(_ p: ExpandedPattern) -> Bool {
    let all = p.query.map(\.value) + (p.fragment.map { [$0] } ?? [])
    return all.allSatisfy {
      if case .parameter(let param, required: false) = $0 { return param.type == .string }
      return false
    }
  }

  /// Activity routes by type, in precedence order; rejects routes with the same type and constraints.
  static func buildActivityIndex(_ table: RouteTable) -> (ActivityIndex, [Diagnostic]) {
    var byType: [String: [ActivityIndex.Candidate]] = [:]
    // Each route's trigger read in place (`enumerated()` copied every route of the table).
    table.routes.withUnsafeBufferPointer { routes in
      for index in routes.indices {
        if case .activity(let pattern) = routes[index].trigger {
          byType[pattern.type, default: []].append(ActivityIndex.Candidate(route: index, pattern: pattern))
        }
      }
    }
    var diagnostics: [Diagnostic] = []
    for (type, candidates) in byType {
      let sorted = candidates.sorted { a, b in
        if let first = identifierOrder(a.pattern.targetContentIdentifier, b.pattern.targetContentIdentifier) {
          return first
        }
        let sa = Precedence.score(a.pattern.userInfo.map(\.value.strength))
        let sb = Precedence.score(b.pattern.userInfo.map(\.value.strength))
        if sa != sb { return sa > sb }
        let pa = table.routes[a.route].priority
        let pb = table.routes[b.route].priority
        if pa != pb { return pa > pb }
        return a.route < b.route
      }
      byType[type] = sorted
      var seen: [[String]: Int] = [:]
      for candidate in sorted {
        let sig =
          candidate.pattern.userInfo.map { c -> String in
            switch c.value {
            case .present: return c.path.text + " present"
            case .equals(let v): return c.path.text + " = " + v.description
            case .parameter(let p, let required):
              return c.path.text + (required ? " required " : " optional ") + p.type.rawValue
            }
          }.sorted() + [candidate.pattern.targetContentIdentifier.map { "tci " + $0.shape } ?? ""]
        if let first = seen[sig] {
          let a = table.routes[first]
          let b = table.routes[candidate.route]
          diagnostics.append(
            Diagnostic(
              .error, .duplicateRoute,
              "route '\(b.name)' matches exactly the same '\(type)' activities as route '\(a.name)'",
              at: b.location, notes: [.init("route '\(a.name)' is declared here", at: a.location)]))
        } else {
          seen[sig] = candidate.route
        }
      }
    }
    var index = ActivityIndex(byType: byType)
    index.events = buildEventRouteIndex(table, &diagnostics)
    return (index, diagnostics)
  }
}
