public import RouterSupport

/// One route of a table: what it matches (URL patterns or an activity), what it asks
/// for, and its place in precedence.
///
/// ```swift
/// let route = Route(name: "note", index: 0,
///                  trigger: .url([try URLPattern(parsing: "notes://note/{id:uuid}")]),
///                  target: RouteTarget(action: .openWindow, scene: "note-editor",
///                                     value: try ValueTemplate(parsing: "{id}")))
/// ```
public struct Route: Sendable, Hashable {
  /// What a route matches.
  ///
  /// The event patterns are `indirect` (boxed): a URL route, nearly every route of a table, then
  /// holds an array reference here rather than the size of the largest event pattern.
  public enum Trigger: Sendable, Hashable {
    /// One or more URL patterns (for example a custom-scheme link and a universal link).
    case url([URLPattern])
    /// A user activity.
    indirect case activity(ActivityPattern)
    /// A Home Screen quick action (`UIApplicationShortcutItem`).
    indirect case shortcut(ShortcutPattern)
    /// A notification response (`UNNotificationResponse`).
    indirect case notification(NotificationPattern)

    /// The names of the parameters the trigger captures (for a URL route, every pattern's).
    public var parameterNames: [String] {
      switch self {
      case .url(let patterns): return patterns.flatMap(\.parameterNames)
      case .activity(let p): return p.parameterNames
      case .shortcut(let p): return p.parameterNames
      case .notification(let p): return p.parameterNames
      }
    }
  }

  /// The route's name, unique in the table.
  public var name: String
  /// The route's position in the table (0-based), the last tie-break of precedence.
  public var index: Int
  public var trigger: Trigger
  public var target: RouteTarget
  /// The explicit priority (default 0): higher wins among equally specific routes.
  public var priority: Int
  /// Where the route is written.
  public var location: SourceLocation?
  /// Why the links this route loses are accepted (`acceptLostLinks`): `route-cli check` does not
  /// report them (`lost-link`, D3).
  public var acceptedLostLinks: String?

  /// The URL patterns of a URL route (empty for an activity route).
  public var urlPatterns: [URLPattern] {
    if case .url(let patterns) = trigger { return patterns }
    return []
  }
}

extension Route {
  /// Creates a route.
  public init(
    name: String, index: Int, trigger: Trigger, target: RouteTarget, priority: Int = 0,
    location: SourceLocation? = nil
  ) {
    // The memberwise initializer builds the value in place (one in the struct's body would
    // build it in a temporary and copy it out).
    self.init(
      name: name, index: index, trigger: trigger, target: target, priority: priority, location: location,
      acceptedLostLinks: nil)
  }
}
