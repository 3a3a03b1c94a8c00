extension TableLoader {
  /// The keys of `"options"`.
  static let optionKeys = ["trailingSlash", "caseSensitivePaths", "plusAsSpaceInQuery"]
  /// The keys of a scene's `"activationConditions"` (UIKit, U2, U3).
  static let activationConditionKeys = ["prefers", "can"]
  /// The keys of a `"configurationForConnecting"` entry (K7).
  static let configurationChoiceKeys = ["activityType", "configuration"]

  /// The keys of a route's target object.
  static func targetKeys(_ action: RouteTarget.Action) -> [String] {
    switch action {
    case .deliver: return ["scene", "value"]
    case .openWindow, .dismissWindow, .pushWindow: return ["id", "value", "type"]
    case .requestSceneSessionActivation: return ["session", "activityType", "targetContentIdentifier", "value"]
    }
  }

  /// Every object the loader reads with a fixed set of keys, and those keys: what a table may
  /// say, so what `docs/table-format.md` must document (a test holds it to that). Objects whose
  /// keys are the table's own (`userInfo`, `associatedDomains`) are not listed.
  ///
  /// ```swift
  /// TableLoader.acceptedKeys.first { $0.object == "scene" }?.keys   // ["id", "kind", …]
  /// ```
  package static var acceptedKeys: [(object: String, keys: [String])] {
    [
      ("table", topLevelKeys), ("options", optionKeys), ("scene", sceneKeys), ("view", viewKeys),
      ("activationConditions", activationConditionKeys), ("route", routeKeys),
      ("policies", ScenePolicies.keys.map(\.key)), ("configurationForConnecting", configurationChoiceKeys),
      ("notification", notificationKeys),
    ] + RouteTarget.Action.allCases.map { ($0.rawValue, targetKeys($0)) }
  }
}
