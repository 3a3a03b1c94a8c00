public import RouteEvents
public import RouteTables
public import RouterSupport

extension CompiledRouter {
  /// The activity routes of the type tried before the one that matches (every one of them when
  /// none matches), each with why it does not: a missing key path, a value of the wrong type, a
  /// different value or a `targetContentIdentifier` that does not fit.
  ///
  /// ```swift
  /// router.activityRejections(activityType: "com.example.feed.open", userInfo: ["feed": ["title": "x"]])
  /// // [(routeName: "open-feed", reason: "userInfo '/feed/url' is missing (no key 'url' in '/feed')")]
  /// ```
  public func activityRejections(
    activityType: String, userInfo: JSONObject = JSONObject(), targetContentIdentifier: String? = nil
  ) -> [(routeName: String, reason: String)] {
    activities.rejections(type: activityType, userInfo: userInfo, targetContentIdentifier: targetContentIdentifier)
      .map { (table.routes[$0.route].name, $0.reason) }
  }

  /// The quick-action route that takes the item (by `type`, `userInfo` and
  /// `targetContentIdentifier`), and the routes tried before it with why each does not.
  ///
  /// ```swift
  /// let (match, _) = router.match(shortcut: ShortcutItem(type: "com.example.chat.search"))
  /// match?.routeName   // "search"
  /// ```
  public func match(shortcut item: ShortcutItem) -> (
    match: RouteMatch?, rejected: [(routeName: String, reason: String)]
  ) {
    let (found, rejected) = activities.events.match(item)
    return (routeMatch(found), rejected.map { (table.routes[$0.0].name, $0.1) })
  }

  /// The notification route that takes the response (by category, action, `userInfo` and
  /// `targetContentIdentifier`), and the routes tried before it with why each does not.
  ///
  /// ```swift
  /// let reply = NotificationResponse(actionIdentifier: "REPLY", categoryIdentifier: "MESSAGE")
  /// router.match(notification: reply).match?.routeName   // "reply"
  /// ```
  public func match(notification response: NotificationResponse)
    -> (match: RouteMatch?, rejected: [(routeName: String, reason: String)])
  {
    let (found, rejected) = activities.events.match(response)
    return (routeMatch(found), rejected.map { (table.routes[$0.0].name, $0.1) })
  }

  /// Whether the table has routes for events of this kind: quick-action routes for a
  /// `shortcut`, notification routes for a `notification` (false for every other kind).
  public func hasEventRoutes(for kind: Event.Kind) -> Bool {
    switch kind {
    case .shortcut: return !activities.events.shortcuts.isEmpty
    case .notification: return !activities.events.notifications.isEmpty
    default: return false
    }
  }

  func routeMatch(_ found: (route: Int, parameters: JSONObject)?) -> RouteMatch? {
    found.map {
      RouteMatch(route: $0.route, routeName: table.routes[$0.route].name, parameters: RouteParameters($0.parameters))
    }
  }
}
