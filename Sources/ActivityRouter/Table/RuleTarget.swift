/// What a rule asks for once it matches: the action and the scene declaration it acts on,
/// with the value built from the captured parameters.
///
/// ```swift
/// // "openWindow": { "id": "note-editor", "value": "{id}" }
/// let target = RuleTarget(action: .openWindow, scene: "note-editor",
///                         value: try ValueTemplate(parsing: "{id}"))
/// ```
public struct RuleTarget: Sendable, Hashable {
  /// The action the app's handler performs.
  public enum Action: String, Sendable, Hashable, CaseIterable, Codable {
    /// The receiving scene handles the event itself (`onOpenURL` / `onContinueUserActivity`).
    case deliver
    /// The handler calls `openWindow(id:)`, `openWindow(value:)` or `openWindow(id:value:)`.
    case openWindow
    /// The handler calls `dismissWindow()`, `dismissWindow(id:)`, `(value:)` or `(id:value:)`.
    case dismissWindow
  }

  public var action: Action
  /// The scene declaration id: for `deliver`, the scene whose handler takes the route (nil: any
  /// scene that receives it); for the window actions, the `id:` argument (nil: by value only).
  public var scene: String?
  /// The presented value type, for `openWindow(value:)` and `dismissWindow(value:)` without an id.
  public var valueType: String?
  /// The value template, or nil when the action takes no value.
  public var value: ValueTemplate?
  /// Where the target is written.
  public var location: SourceLocation?

  /// Creates a target.
  public init(
    action: Action, scene: String? = nil, valueType: String? = nil, value: ValueTemplate? = nil,
    location: SourceLocation? = nil
  ) {
    self.action = action
    self.scene = scene
    self.valueType = valueType
    self.value = value
    self.location = location
  }
}
