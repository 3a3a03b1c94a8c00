public import RouteTables
public import RouterSupport

extension CompiledRouter {
  /// The activity routes of the type tried before the one that matches (every one of them when
  /// none matches), each with why it does not: a missing key path, a value of the wrong type or
  /// a different value.
  ///
  /// ```swift
  /// router.activityRejections(activityType: "com.example.feed.open", userInfo: ["feed": ["title": "x"]])
  /// // [(routeName: "open-feed", reason: "userInfo '/feed/url' is missing (no key 'url' in '/feed')")]
  /// ```
  public func activityRejections(activityType: String, userInfo: JSONObject = JSONObject())
    -> [(routeName: String, reason: String)]
  {
    activities.rejections(type: activityType, userInfo: userInfo).map { (table.routes[$0.route].name, $0.reason) }
  }
}
