public import RouterSupport

/// A Home Screen quick action the person chose (`UIApplicationShortcutItem`).
///
/// ```swift
/// let compose = ShortcutItem(type: "com.example.chat.new-message", userInfo: ["to": "ana"])
/// ```
public struct ShortcutItem: Sendable, Hashable {
  /// `UIApplicationShortcutItem.type`: the app's string for the kind of action.
  public var type: String
  /// `UIApplicationShortcutItem.targetContentIdentifier`: decides the scene (E5, U12).
  public var targetContentIdentifier: String?
  /// `UIApplicationShortcutItem.userInfo` (property-list values).
  public var userInfo: JSONObject

  /// Creates a quick action.
  public init(type: String, targetContentIdentifier: String? = nil, userInfo: JSONObject = JSONObject()) {
    self.type = type
    self.targetContentIdentifier = targetContentIdentifier
    self.userInfo = userInfo
  }
}
