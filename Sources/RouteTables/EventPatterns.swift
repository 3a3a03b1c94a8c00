public import RouterSupport

/// A quick-action route's pattern: the `UIApplicationShortcutItem.type` (exact, or with captures)
/// and constraints on its `userInfo` and `targetContentIdentifier`.
///
/// ```swift
/// // { "shortcut": "com.example.chat.{action}", "userInfo": { "/to/id": "{to}" } }
/// let pattern = ShortcutPattern(type: try IdentifierPattern(parsing: "com.example.chat.{action}"))
/// ```
public struct ShortcutPattern: Sendable, Hashable {
  /// The quick action's `type`.
  public var type: IdentifierPattern
  /// Constraints on `userInfo`, in the order written.
  public var userInfo: [UserInfoConstraint]
  /// The `targetContentIdentifier` it must have, when the route names one.
  public var targetContentIdentifier: IdentifierPattern?

  /// Creates a pattern.
  public init(
    type: IdentifierPattern, userInfo: [UserInfoConstraint] = [], targetContentIdentifier: IdentifierPattern? = nil
  ) {
    self.type = type
    self.userInfo = userInfo
    self.targetContentIdentifier = targetContentIdentifier
  }

  /// The names of the parameters the pattern captures.
  public var parameterNames: [String] {
    type.parameters.map(\.name) + userInfo.parameterNames + (targetContentIdentifier?.parameters.map(\.name) ?? [])
  }
}

/// A notification-response route's pattern: the category, the action chosen, and constraints on
/// the content's `userInfo` and `targetContentIdentifier`.
///
/// ```swift
/// // { "notification": { "categoryIdentifier": "MESSAGE", "actionIdentifier": "REPLY" } }
/// let pattern = NotificationPattern(categoryIdentifier: "MESSAGE", actionIdentifier: "REPLY")
/// ```
public struct NotificationPattern: Sendable, Hashable {
  /// `UNNotificationContent.categoryIdentifier`, compared exactly; nil for any category.
  public var categoryIdentifier: String?
  /// `UNNotificationResponse.actionIdentifier`, compared exactly; nil for any action.
  public var actionIdentifier: String?
  /// Constraints on `userInfo`, in the order written.
  public var userInfo: [UserInfoConstraint]
  /// The `targetContentIdentifier` it must have, when the route names one.
  public var targetContentIdentifier: IdentifierPattern?

  /// Creates a pattern.
  public init(
    categoryIdentifier: String? = nil, actionIdentifier: String? = nil, userInfo: [UserInfoConstraint] = [],
    targetContentIdentifier: IdentifierPattern? = nil
  ) {
    self.categoryIdentifier = categoryIdentifier
    self.actionIdentifier = actionIdentifier
    self.userInfo = userInfo
    self.targetContentIdentifier = targetContentIdentifier
  }

  /// The names of the parameters the pattern captures.
  public var parameterNames: [String] {
    userInfo.parameterNames + (targetContentIdentifier?.parameters.map(\.name) ?? [])
  }
}
