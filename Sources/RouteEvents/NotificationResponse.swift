public import RouterSupport

/// A person's response to a notification, as `userNotificationCenter(_:didReceive:withCompletionHandler:)`
/// gets it: the action chosen and the notification's content.
///
/// ```swift
/// let reply = NotificationResponse(
///   actionIdentifier: "REPLY", categoryIdentifier: "MESSAGE", targetContentIdentifier: "room-7",
///   userInfo: ["room": ["id": "7"]])
/// reply.isDefaultAction   // false: a custom action of the MESSAGE category
/// ```
public struct NotificationResponse: Sendable, Hashable {
  /// `UNNotificationDefaultActionIdentifier`: the person opened the app from the notification.
  public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
  /// `UNNotificationDismissActionIdentifier`: the person dismissed the notification explicitly
  /// (only for a category with the `customDismissAction` option).
  public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

  /// `UNNotificationResponse.actionIdentifier`: one of the category's `UNNotificationAction`
  /// identifiers, or ``defaultActionIdentifier`` / ``dismissActionIdentifier``.
  public var actionIdentifier: String
  /// `UNNotificationContent.categoryIdentifier` (empty when the notification has none).
  public var categoryIdentifier: String
  /// `UNNotificationContent.targetContentIdentifier` (APNs `target-content-id`): decides the
  /// scene (E5).
  public var targetContentIdentifier: String?
  /// `UNNotificationContent.userInfo`: the payload's custom keys, nested dictionaries and arrays.
  public var userInfo: JSONObject

  /// Creates a response; by default the person opened the app from a notification without a category.
  public init(
    actionIdentifier: String = NotificationResponse.defaultActionIdentifier, categoryIdentifier: String = "",
    targetContentIdentifier: String? = nil, userInfo: JSONObject = JSONObject()
  ) {
    self.actionIdentifier = actionIdentifier
    self.categoryIdentifier = categoryIdentifier
    self.targetContentIdentifier = targetContentIdentifier
    self.userInfo = userInfo
  }

  /// Whether the person opened the app from the notification (the default action).
  public var isDefaultAction: Bool { actionIdentifier == Self.defaultActionIdentifier }
}
