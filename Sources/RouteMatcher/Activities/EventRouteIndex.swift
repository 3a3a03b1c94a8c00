import RouteEvents
import RouteTables
import RouterSupport

/// Quick-action and notification-response routes, each kind in precedence order: the routes an
/// app has for them are few, so a match tries them in turn.
struct EventRouteIndex: Sendable {
  struct Shortcut: Sendable {
    var route: Int
    var pattern: ShortcutPattern
  }
  struct Notification: Sendable {
    var route: Int
    var pattern: NotificationPattern
  }

  var shortcuts: [Shortcut] = []
  var notifications: [Notification] = []

  /// The first quick-action route that takes the item, with its parameters, and the routes tried
  /// before it with why each does not match.
  func match(_ item: ShortcutItem) -> (match: (route: Int, parameters: JSONObject)?, rejected: [(Int, String)]) {
    var rejected: [(Int, String)] = []
    for candidate in shortcuts {
      let p = candidate.pattern
      guard let typeValues = p.type.match(item.type) else {
        rejected.append((candidate.route, "the type '\(item.type)' is not \(p.type.text)"))
        continue
      }
      switch EventRouteIndex.check(p.userInfo, p.targetContentIdentifier, item.userInfo, item.targetContentIdentifier) {
      case .success(var parameters):
        for member in typeValues.members { parameters[member.key] = member.value }
        return ((candidate.route, parameters), rejected)
      case .failure(let reason):
        rejected.append((candidate.route, reason.text))
      }
    }
    return (nil, rejected)
  }

  /// The first notification route that takes the response, with its parameters, and the routes
  /// tried before it with why each does not match.
  func match(_ response: NotificationResponse)
    -> (match: (route: Int, parameters: JSONObject)?, rejected: [(Int, String)])
  {
    var rejected: [(Int, String)] = []
    for candidate in notifications {
      let p = candidate.pattern
      if let category = p.categoryIdentifier, category != response.categoryIdentifier {
        rejected.append((candidate.route, "the category is '\(response.categoryIdentifier)', not '\(category)'"))
        continue
      }
      if let action = p.actionIdentifier, action != response.actionIdentifier {
        rejected.append((candidate.route, "the action is '\(response.actionIdentifier)', not '\(action)'"))
        continue
      }
      switch EventRouteIndex.check(
        p.userInfo, p.targetContentIdentifier, response.userInfo, response.targetContentIdentifier)
      {
      case .success(let parameters): return ((candidate.route, parameters), rejected)
      case .failure(let reason): rejected.append((candidate.route, reason.text))
      }
    }
    return (nil, rejected)
  }

  struct Reason: Error {
    var text: String
  }

  /// The parameters a route's `targetContentIdentifier` pattern and `userInfo` constraints capture.
  static func check(
    _ constraints: [UserInfoConstraint], _ tci: IdentifierPattern?, _ userInfo: JSONObject, _ identifier: String?
  ) -> Result<JSONObject, Reason> {
    var parameters = JSONObject()
    if let tci {
      guard let identifier else { return .failure(Reason(text: "there is no targetContentIdentifier")) }
      guard let values = tci.match(identifier) else {
        return .failure(Reason(text: "the targetContentIdentifier '\(identifier)' is not \(tci.text)"))
      }
      parameters = values
    }
    let (captured, failure) = ActivityIndex.check(constraints, userInfo)
    guard let captured else { return .failure(Reason(text: failure ?? "")) }
    for member in captured.members { parameters[member.key] = member.value }
    return .success(parameters)
  }
}
