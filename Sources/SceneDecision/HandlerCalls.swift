import RouteEvents
import RouteTables

/// Which handlers of the app's code an event reaches once its receiving session is chosen:
/// every declared SwiftUI handler of its kind (D4, AMB13), or the UIKit delegate method of the
/// way it arrives (K15, K16).
enum HandlerCalls {
  /// SwiftUI: the `onOpenURL` handlers (a URL) or the `onContinueUserActivity(type)` handlers
  /// (an activity) of the scene's views, in the table's order; every one with the `all`
  /// policy (D4), only the first with `first`. Empty when the table does not declare them.
  static func swiftUI(_ handlers: SceneDeclaration.Handlers?, url: Bool, activityType: String?, all: Bool)
    -> [HandlerCall]
  {
    guard let handlers else { return [] }
    var calls: [HandlerCall] = []
    for view in handlers.views {
      if url {
        if view.openURL { calls.append(HandlerCall(.onOpenURL, view: view.view)) }
      } else if let activityType {
        let count = view.activityTypes.reduce(0) { $0 + ($1 == activityType ? 1 : 0) }
        if count > 0 {
          calls.append(HandlerCall(.onContinueUserActivity, view: view.view, activityType: activityType, calls: count))
        }
      }
      if !all, let first = calls.first {
        return [HandlerCall(first.handler, view: first.view, activityType: first.activityType)]
      }
    }
    return calls
  }

  /// UIKit: a new scene gets the event in `scene(_:willConnectTo:options:)` (a Handoff then
  /// also in `scene(_:continue:)`, K15); a connected one in `scene(_:openURLContexts:)` (a
  /// URL), `scene(_:continue:)` (an activity, universal links included) or
  /// `windowScene(_:performActionFor:completionHandler:)` (a quick action). A notification
  /// response for a connected scene goes to the notification center's delegate: no scene method.
  static func uiKit(_ kind: Event.Kind, isNew: Bool) -> [HandlerCall] {
    if isNew {
      if case .activity(let a) = kind, a.arrivesThroughHandoff {
        return [HandlerCall(.willConnect), HandlerCall(.continueActivity)]
      }
      return [HandlerCall(.willConnect)]
    }
    switch kind {
    case .url: return uiKitURL(isNew: false)
    case .activity: return [HandlerCall(.continueActivity)]
    case .shortcut: return [HandlerCall(.performAction)]
    default: return []
    }
  }

  /// ``uiKit(_:isNew:)`` of a URL event, for a caller that has the URL and no `Event`.
  static func uiKitURL(isNew: Bool) -> [HandlerCall] {
    [HandlerCall(isNew ? .willConnect : .openURLContexts)]
  }
}
