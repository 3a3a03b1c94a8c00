import RouteEvents
public import RouteMatcher
import RouteTables
public import RouterSupport

/// Finds links that are lost (`route-cli check`): a route whose event is handled in one scene,
/// while the selection rules send that event to another scene, whose handlers do not know it.
/// SwiftUI and UIKit do not re-route an event (D3), so the link does nothing there.
///
/// Each URL route that delivers to a named scene is tried with a sample URL of each of its
/// patterns against the states the app can be in when the link arrives: a cold launch, and one
/// window of each scene declaration open and frontmost. A state in which the decision engine
/// drops the event with `wrong-scene` is a warning at the route, with the state as the witness
/// and the fix the model suggests. The decisions are the engine's own (the records a stateful run
/// writes), so what `check` reports is what `route` would show.
///
/// ```swift
/// let warnings = LostLinkCheck.check(router)
/// // Notes.routes.json:40:5: warning: route 'search' is handled in 'main', but with a
/// //   'note-editor' window open notes://search?q=sample reaches 'note-editor' and is lost … [lost-link]
/// ```
public enum LostLinkCheck {
  /// The warnings for `router`'s table, one per route and receiving scene, in table order.
  public static func check(_ router: CompiledRouter) -> [Diagnostic] {
    let table = router.table
    // The states a link can meet: nothing open, or one window of a scene, frontmost.
    var states: [(witness: String, state: SessionState)] = [("at a cold launch,", SessionState())]
    let window = table.lifecycle == .uiKit ? "scene" : "window"
    for scene in table.scenes where scene.kind != .settings {
      let session = Session(id: "s1", scene: scene.id, value: scene.defaultValue, valueType: scene.presents)
      states.append(("with one '\(scene.id)' \(window) open,", SessionState(sessions: [session])))
    }
    var out: [Diagnostic] = []
    for route in table.routes {
      guard case .url(let patterns) = route.trigger, route.target.action == .deliver, let home = route.target.scene,
        route.acceptedLostLinks == nil
      else { continue }
      // The first witness, and every scene the route's links get lost in.
      var first: (witness: String, url: String, receiver: String)?
      var receivers: [String] = []
      for pattern in patterns {
        guard let text = AppFilesLinter.sampleURL(pattern), let url = try? URLRecord(parsing: text) else { continue }
        let event = Event(.url(url))
        for (witness, state) in states {
          let decision = DecisionEngine.decide(event, router: router, state: state, explains: false)
          guard decision.outcome == .drop, decision.reason == .wrongScene, let receiver = decision.receiver?.scene,
            receiver != home, !receivers.contains(receiver)
          else { continue }
          receivers.append(receiver)
          if first == nil { first = (witness, text, receiver) }
        }
      }
      guard let first else { continue }
      let others = receivers.dropFirst().map { "'\($0)'" }
      let also = others.isEmpty ? "" : " (and so with one \(others.joined(separator: ", ")) \(window) open)"
      out.append(
        Diagnostic(
          .warning, .lostLink,
          "route '\(route.name)' is handled in '\(home)', but \(first.witness) \(first.url) reaches "
            + "'\(first.receiver)', whose handlers do not know it, and is lost\(also): events are not re-routed (D3). "
            + "If that is fine, say why in the route's 'acceptLostLinks'",
          at: route.location,
          notes: receivers.map { Diagnostic.Note(fix(table, receiver: $0, home: home), at: sceneLocation(table, $0)) }))
    }
    return out
  }

  /// What the model suggests, in the terms of the app's lifecycle.
  static func fix(_ table: RouteTable, receiver: String, home: String) -> String {
    switch table.lifecycle {
    case .swiftUI:
      return
        "let '\(receiver)' decline it (.handlesExternalEvents(preferring: [], allowing: []) on its view, or a "
        + "'matching' set without this link) so that a '\(home)' window takes it, or handle the route in '\(receiver)'"
    case .uiKit:
      return
        "give '\(receiver)' activation conditions that decline it (canActivateForTargetContentIdentifierPredicate) "
        + "so that a '\(home)' scene takes it, or handle the route in '\(receiver)''s delegate"
    }
  }

  static func sceneLocation(_ table: RouteTable, _ id: String) -> SourceLocation? {
    table.scenes.first { $0.id == id }?.location
  }
}
