import RouteTables
import RouterSupport

extension RouteCompiler {
  /// Whether a route with `a` as its `targetContentIdentifier` pattern goes before one with `b`:
  /// literal > affixed (more literal bytes, then fewer captures) > a whole capture > none; nil
  /// when they rank alike.
  static func identifierOrder(_ a: IdentifierPattern?, _ b: IdentifierPattern?) -> Bool? {
    switch (a, b) {
    case (nil, nil): return nil
    case (_?, nil): return true
    case (nil, _?): return false
    case (let a?, let b?):
      if a.precedes(b) { return true }
      if b.precedes(a) { return false }
      return nil
    }
  }

  /// Quick-action and notification-response routes in precedence order; routes that take exactly
  /// the same events are `duplicate-route`.
  static func buildEventRouteIndex(_ table: RouteTable, _ diagnostics: inout [Diagnostic]) -> EventRouteIndex {
    var index = EventRouteIndex()
    // Each route's trigger read in place (`enumerated()` copied every route of the table).
    table.routes.withUnsafeBufferPointer { routes in
      for i in routes.indices {
        switch routes[i].trigger {
        case .shortcut(let p): index.shortcuts.append(.init(route: i, pattern: p))
        case .notification(let p): index.notifications.append(.init(route: i, pattern: p))
        case .url, .activity: break
        }
      }
    }
    func rest(_ a: Int, _ b: Int, _ ua: [UserInfoConstraint], _ ub: [UserInfoConstraint]) -> Bool {
      let sa = Precedence.score(ua.map(\.value.strength))
      let sb = Precedence.score(ub.map(\.value.strength))
      if sa != sb { return sa > sb }
      let pa = table.routes[a].priority
      let pb = table.routes[b].priority
      if pa != pb { return pa > pb }
      return a < b
    }
    index.shortcuts.sort { a, b in
      if a.pattern.type.precedes(b.pattern.type) { return true }
      if b.pattern.type.precedes(a.pattern.type) { return false }
      if let first = identifierOrder(a.pattern.targetContentIdentifier, b.pattern.targetContentIdentifier) {
        return first
      }
      return rest(a.route, b.route, a.pattern.userInfo, b.pattern.userInfo)
    }
    index.notifications.sort { a, b in
      let ka = (a.pattern.categoryIdentifier != nil ? 2 : 0) + (a.pattern.actionIdentifier != nil ? 1 : 0)
      let kb = (b.pattern.categoryIdentifier != nil ? 2 : 0) + (b.pattern.actionIdentifier != nil ? 1 : 0)
      if ka != kb { return ka > kb }
      if let first = identifierOrder(a.pattern.targetContentIdentifier, b.pattern.targetContentIdentifier) {
        return first
      }
      return rest(a.route, b.route, a.pattern.userInfo, b.pattern.userInfo)
    }
    func duplicates(_ routes: [(Int, String)], _ what: String) {
      var seen: [String: Int] = [:]
      for (route, signature) in routes {
        if let first = seen[signature] {
          let a = table.routes[first]
          let b = table.routes[route]
          diagnostics.append(
            Diagnostic(
              .error, .duplicateRoute, "route '\(b.name)' matches exactly the same \(what) as route '\(a.name)'",
              at: b.location, notes: [.init("route '\(a.name)' is declared here", at: a.location)]))
        } else {
          seen[signature] = route
        }
      }
    }
    duplicates(
      index.shortcuts.map {
        ($0.route, "type " + $0.pattern.type.shape + signature($0.pattern.userInfo, $0.pattern.targetContentIdentifier))
      }, "quick actions")
    duplicates(
      index.notifications.map {
        let p = $0.pattern
        return (
          $0.route,
          "category \(p.categoryIdentifier.map { "=" + $0 } ?? "*") action \(p.actionIdentifier.map { "=" + $0 } ?? "*")"
            + signature(p.userInfo, p.targetContentIdentifier)
        )
      }, "notification responses")
    return index
  }

  /// What a route's `userInfo` and `targetContentIdentifier` take, names left out.
  static func signature(_ userInfo: [UserInfoConstraint], _ tci: IdentifierPattern?) -> String {
    let constraints = userInfo.map { c -> String in
      switch c.value {
      case .present: return c.path.text + " present"
      case .equals(let v): return c.path.text + " = " + v.description
      case .parameter(let p, let required):
        return c.path.text + (required ? " required " : " optional ") + p.type.rawValue
      }
    }.sorted()
    return " " + constraints.joined(separator: ";") + " tci " + (tci?.shape ?? "-")
  }
}
