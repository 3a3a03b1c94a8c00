import ActivityRouter

/// A benchmark route list: one template per line in the go-http-routing-benchmark syntax
/// (`/repos/:owner/:repo`, `*name` a trailing catch-all), in file order. Empty lines and lines
/// starting with `#` are skipped, as `gen.py` skips them, so that index `i` here is the route
/// index the generator's files use.
struct RouteList {
  /// The prefix every path gets, so that the scheme and host are parsed and matched too.
  static let origin = "https://example.com"

  var templates: [String]

  init(path: String) throws {
    templates = try readLines(path).filter { !$0.hasPrefix("#") && !$0.allSatisfy { $0 == " " } }
    guard !templates.isEmpty else { throw BenchError("'\(path)' holds no routes") }
  }

  /// `/repos/:owner/*path` → `https://example.com/repos/{owner}/{path*}`; a template with `://` is a
  /// whole pattern already (`myapp://{screen}/{id}`, in tables/hosts.txt).
  static func tablePattern(_ template: String) -> String {
    if template.contains("://") { return template }
    let segments = template.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
      if segment.hasPrefix(":") { return "{" + segment.dropFirst() + "}" }
      if segment.hasPrefix("*") { return "{" + segment.dropFirst() + "*}" }
      return String(segment)
    }
    return origin + segments.joined(separator: "/")
  }

  /// The patterns parsed into a route table through the public API (route `i` is line `i`).
  func routeTable() throws -> RouteTable {
    var rules: [Route] = []
    rules.reserveCapacity(templates.count)
    for (index, template) in templates.enumerated() {
      let text = RouteList.tablePattern(template)
      let pattern: URLPattern
      do {
        pattern = try URLPattern(parsing: text)
      } catch {
        throw BenchError("route \(index) '\(template)': \(error)")
      }
      rules.append(
        Route(name: "r\(index)", index: index, trigger: .url([pattern]), target: RouteTarget(action: .deliver)))
    }
    return RouteTable(
      app: "bench", platform: .iPadOS, scenes: [SceneDeclaration(id: "main")], routes: rules, source: "<bench>")
  }
}

/// The URL lines of a benchmark file as full URLs: a path gets ``RouteList/origin`` in front.
func readURLs(_ path: String, limit: Int) throws -> [String] {
  try readLines(path, limit: limit).map { $0.hasPrefix("/") ? RouteList.origin + $0 : $0 }
}
