package import ActivityRouter
package import Testing

@testable import RouteMatcher

/// The checks the pattern tests of every syntax share: a URL matched to its route and
/// parameters (and the allocation-free paths held to it), and a route's URL built and routed back.
extension CompiledRouter {
  /// How much of the matcher a match is checked against.
  package enum MatchPaths: Sendable {
    /// `match(url:)` only.
    case general
    /// Also `matchGeneral(url:)`, which must give the same.
    case bothReaders
    /// Also the allocation-free `matchRoute(url:scratch:)`, which must take the same route.
    case allPaths
  }

  /// Expects `url` to match `route` with `parameters`; the match, or nil (recorded) when none.
  ///
  /// ```swift
  /// router.expectMatch("chat://inbox/1", route: "screen", parameters: ["screen": "inbox", "id": "1"], paths: .allPaths)
  /// ```
  @discardableResult
  package func expectMatch(
    _ url: String, route: String, parameters: JSONObject? = nil, paths: MatchPaths = .general,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> RouteMatch? {
    guard case .success(let m?) = match(url: url) else {
      Issue.record("\(url) matched nothing", sourceLocation: sourceLocation)
      return nil
    }
    #expect(m.routeName == route, sourceLocation: sourceLocation)
    if let parameters { #expect(m.parameters.object == parameters, sourceLocation: sourceLocation) }
    if paths != .general { #expect(matchGeneral(url: url) == match(url: url), sourceLocation: sourceLocation) }
    if paths == .allPaths {
      var scratch = MatchScratch()
      #expect(matchRoute(url: url, scratch: &scratch) == m.route, sourceLocation: sourceLocation)
    }
    return m
  }

  /// Expects building a URL for `route` to be refused; the error, or nil (recorded) when a URL
  /// was built.
  ///
  /// ```swift
  /// #expect(router.expectBuildRefused("screen", parameters: ["id": "1"])?.code == .missingParameter)
  /// ```
  @discardableResult
  package func expectBuildRefused(
    _ route: String, parameters: [String: String] = [:], lists: [String: [String]] = [:],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> URLBuildError? {
    do {
      let url = try self.url(for: route, parameters: parameters, lists: lists)
      Issue.record("built \(url)", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  /// Expects routing `url` (a URL built for `route`) to give `route` back and, with `rebuilds`,
  /// its parameters to build the same URL again.
  package func expectRoutesBack(
    _ url: String, to route: String, rebuilds: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    guard let m = expectMatch(url, route: route, sourceLocation: sourceLocation), rebuilds else { return }
    let again = try self.url(
      for: route,
      parameters: m.parameters.reduce(into: [:]) { $0[$1.key] = $1.value.stringValue ?? $1.value.description })
    #expect(again == url, sourceLocation: sourceLocation)
  }
}
