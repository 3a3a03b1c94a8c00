import RouteEvents
import RouterSupport
import SceneDecision

extension DecisionRecord {
  /// The identifier the scene conditions were matched against (E1–E5), for a record that says
  /// more with it: an activity, a notification, a shortcut or an activation request. A URL's
  /// identifier is its `absoluteString`, the URL the record already echoes, so its record
  /// leaves it out (and stays as it was); an event without one (E3) has none.
  static func identifier(of event: Event) -> String? {
    switch event.kind {
    case .activity, .notification, .shortcut, .activationRequest: return EventIdentifier.of(event)?.text
    default: return nil
    }
  }

  /// `onOpenURL in 'Sidebar'`, `onContinueUserActivity("com.example.edit") ×2`, `scene(_:continue:)`.
  static func describe(_ call: HandlerCall) -> String {
    var text = call.handler.rawValue
    if let type = call.activityType { text += "(\(JSONValue.string(type)))" }
    if let view = call.view { text += " in '\(view)'" }
    if call.calls != 1 { text += " ×\(call.calls)" }
    return text
  }
}
