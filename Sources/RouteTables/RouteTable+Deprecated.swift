// The names of earlier versions, which said "rule" where the table says "route". They still
// compile, with a warning that names the new one.

/// A route of the table.
@available(*, deprecated, renamed: "Route")
public typealias Rule = Route

/// What a route asks for.
@available(*, deprecated, renamed: "RouteTarget")
public typealias RuleTarget = RouteTarget

extension RouteTable {
  /// The routes in table order.
  @available(*, deprecated, renamed: "routes")
  public var rules: [Route] {
    get { routes }
    set { routes = newValue }
  }

  /// The route with this name.
  @available(*, deprecated, renamed: "route(named:)")
  public func rule(named name: String) -> Route? { route(named: name) }

  /// Creates a table.
  @available(*, deprecated, renamed: "init(app:platform:multipleScenes:scenes:routes:options:source:)")
  public init(
    app: String, platform: Platform, multipleScenes: Bool = true, scenes: [SceneDeclaration],
    rules: [Route], options: RoutingOptions = RoutingOptions(), source: String = "<inline>"
  ) {
    self.init(
      app: app, platform: platform, multipleScenes: multipleScenes, scenes: scenes, routes: rules, options: options,
      source: source)
  }
}
