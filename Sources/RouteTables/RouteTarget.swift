public import RouterSupport

/// What a route asks for once it matches: the action and the scene declaration it acts on,
/// with the value built from the captured parameters.
///
/// ```swift
/// // "openWindow": { "id": "note-editor", "value": "{id}" }
/// let target = RouteTarget(action: .openWindow, scene: "note-editor",
///                         value: try ValueTemplate(parsing: "{id}"))
/// ```
public struct RouteTarget: Sendable, Hashable {
  /// The action the app's handler performs.
  public enum Action: String, Sendable, Hashable, CaseIterable, Codable {
    /// The receiving scene handles the event itself (`onOpenURL` / `onContinueUserActivity`).
    case deliver
    /// The handler calls `openWindow(id:)`, `openWindow(value:)` or `openWindow(id:value:)`.
    case openWindow
    /// The handler calls `dismissWindow()`, `dismissWindow(id:)`, `(value:)` or `(id:value:)`.
    case dismissWindow
    /// visionOS 2: the handler calls `pushWindow(id:)`, `pushWindow(value:)` or
    /// `pushWindow(id:value:)` (W19).
    case pushWindow
    /// UIKit: the handler calls `requestSceneSessionActivation(_:userActivity:options:)` (K9) or
    /// activates with a role-based `UISceneSessionActivationRequest` (U9).
    case requestSceneSessionActivation
  }

  /// For `requestSceneSessionActivation`: which session to ask for.
  public enum SessionRequest: String, Sendable, Hashable, CaseIterable {
    /// `nil`: a new session (K9), its configuration chosen by `configurationForConnecting` (K5–K7).
    case new
    /// A role-based request: an existing session whose conditions the activity satisfies, else a new one (U9).
    case matching
  }

  // The stored properties are declared in the order that packs them (the order of the
  // declarations is the order in memory): the two one-byte enums in the padding after the
  // value template's tag, 136 bytes, not 144.

  /// The scene declaration id: for `deliver`, the scene whose handler takes the route (nil: any
  /// scene that receives it); for the window actions, the `id:` argument (nil: by value only).
  public var scene: String?
  /// The presented value type, for `openWindow(value:)` and `dismissWindow(value:)` without an id.
  public var valueType: String?
  /// `requestSceneSessionActivation`: the activity's type (``sessionRequest``).
  public var activityType: String?
  /// Where the target is written.
  public var location: SourceLocation?
  /// The value template, or nil when the action takes no value.
  public var value: ValueTemplate?
  public var action: Action
  /// `requestSceneSessionActivation`: the session asked for, the activity's type and its
  /// `targetContentIdentifier` template.
  public var sessionRequest: SessionRequest = .new
  public var targetContentIdentifier: ValueTemplate?
}

extension RouteTarget {
  /// Creates a target.
  public init(
    action: Action, scene: String? = nil, valueType: String? = nil, value: ValueTemplate? = nil,
    location: SourceLocation? = nil
  ) {
    // The memberwise initializer builds the value in place (one in the struct's body would
    // build it in a temporary and copy it out).
    self.init(
      scene: scene, valueType: valueType, activityType: nil, location: location, value: value, action: action,
      sessionRequest: .new, targetContentIdentifier: nil)
  }
}
