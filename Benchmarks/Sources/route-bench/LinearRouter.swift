/// The baseline: a router that tries every pattern in order, the way today's deep-link routers
/// do (JLRoutes, URLNavigator, Crossroad), written plainly in Swift with `String` operations.
///
/// The URL is split once into its scheme, host and path components (`split(separator: "/")`);
/// the patterns were split once when they were added. A match walks every pattern and keeps the
/// most specific one that fits (literal > parameter > catch-all, leftmost difference first),
/// so that it returns the same route as the compiled router on the benchmark tables; its
/// parameters are a `[String: String]`, as those routers return them.
struct LinearRouter {
  enum Component {
    case literal(Substring)
    case parameter(String)
    case catchAll(String)

    var rank: Int {
      switch self {
      case .literal: return 0
      case .parameter: return 1
      case .catchAll: return 2
      }
    }
  }

  struct Route {
    var components: [Component]
    var endsInCatchAll: Bool
  }

  let scheme: String
  let host: String
  private(set) var routes: [Route] = []

  init(scheme: String, host: String, templates: [String]) {
    self.scheme = scheme
    self.host = host
    for template in templates {
      let components: [Component] = template.split(separator: "/").map { part in
        if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
        if part.hasPrefix("*") { return .catchAll(String(part.dropFirst())) }
        return .literal(part)
      }
      var ends = false
      if case .catchAll? = components.last { ends = true }
      routes.append(Route(components: components, endsInCatchAll: ends))
    }
  }

  /// The index of the best route for `url` and its parameters, or nil.
  func match(_ url: String) -> (route: Int, parameters: [String: String])? {
    guard let schemeEnd = url.firstRange(of: "://") else { return nil }
    guard url[..<schemeEnd.lowerBound].lowercased() == scheme else { return nil }
    let afterScheme = url[schemeEnd.upperBound...]
    let pathStart = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
    guard afterScheme[..<pathStart].lowercased() == host else { return nil }
    var path = afterScheme[pathStart...]
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    let parts = path.split(separator: "/")

    var best: Int? = nil
    for (index, route) in routes.enumerated() where fits(route, parts) {
      if let current = best, !moreSpecific(route, than: routes[current]) { continue }
      best = index
    }
    guard let best else { return nil }
    var parameters: [String: String] = [:]
    for (position, component) in routes[best].components.enumerated() {
      switch component {
      case .literal: break
      case .parameter(let name): parameters[name] = String(parts[position])
      case .catchAll(let name): parameters[name] = parts[position...].joined(separator: "/")
      }
    }
    return (best, parameters)
  }

  private func fits(_ route: Route, _ parts: [Substring]) -> Bool {
    let count = route.components.count
    if route.endsInCatchAll ? parts.count < count : parts.count != count { return false }
    for (position, component) in route.components.enumerated() {
      if case .literal(let text) = component, parts[position] != text { return false }
    }
    return true
  }

  private func moreSpecific(_ a: Route, than b: Route) -> Bool {
    for (x, y) in zip(a.components, b.components) where x.rank != y.rank {
      return x.rank < y.rank
    }
    return false
  }
}
