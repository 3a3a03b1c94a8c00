public import RouterSupport

// The names of earlier versions, which said "rule" where the table says "route". They still
// compile, with a warning that names the new one.

/// Compiles a route table.
@available(*, deprecated, renamed: "RouteCompiler")
public typealias RuleCompiler = RouteCompiler

extension RouteMatch {
  /// The route's index in the table.
  @available(*, deprecated, renamed: "route")
  public var rule: Int {
    get { route }
    set { route = newValue }
  }

  /// The route's name.
  @available(*, deprecated, renamed: "routeName")
  public var ruleName: String { routeName }

  /// Creates a match.
  @available(*, deprecated, renamed: "init(route:routeName:pattern:parameters:)")
  public init(rule: Int, ruleName: String, pattern: Int = 0, parameters: JSONObject = JSONObject()) {
    self.init(route: rule, routeName: ruleName, pattern: pattern, parameters: RouteParameters(parameters))
  }
}

extension CompiledRouter {
  /// The index of the route a URL matches, without allocating.
  @available(*, deprecated, renamed: "matchRoute(url:scratch:)")
  public func matchRule(url: String, scratch: inout MatchScratch) -> Int? {
    matchRoute(url: url, scratch: &scratch)
  }

  /// The index of the route URL bytes match, without allocating.
  @available(*, deprecated, renamed: "matchRoute(utf8:scratch:)")
  public func matchRule(utf8 bytes: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch) -> Int? {
    matchRoute(utf8: bytes, scratch: &scratch)
  }
}
