import RouteEvents
import RouterSupport

/// Changes to one session that come from the person or the system: activating, closing,
/// backgrounding or archiving a window, and view-modifier sets or values that change (V6).
enum SessionActions {
  static func decide(_ action: Event.SessionAction, _ ctx: inout DecisionContext) -> Decision {
    guard let session = ctx.state.session(action.session) else {
      ctx.step(.state, "session \(action.session)", .rejected, "no open session has this id")
      return ctx.decision(.ignore, reason: .noSuchSession, message: "there is no session '\(action.session)'")
    }
    let subject = { "session \(session.id) ('\(session.scene)')" }
    switch action.kind {
    case .activate:
      ctx.step(
        .state, subject(), .chosen, "comes to the foreground and becomes the most recent (the tie-break uses it)",
        rule: .v10)
      ctx.activate(session)
      return ctx.decision(.front, scene: session.scene, session: session.id, message: "\(subject()) comes to the front")
    case .close:
      ctx.step(.state, subject(), .chosen, "is closed: the session is destroyed", rule: .k14)
      ctx.effects.append(.close(session.id))
      return ctx.decision(.dismiss, scene: session.scene, closed: [session.id], message: "\(subject()) is closed")
    case .background:
      ctx.step(.state, subject(), .chosen, "moves to the background")
      ctx.effects.append(.setState(session.id, .background))
      return ctx.decision(
        .update, scene: session.scene, session: session.id, message: "\(subject()) is in the background")
    case .archive:
      ctx.step(
        .state, subject(), .chosen, "is archived: no connected scene, still in the app switcher and still a candidate",
        rule: .k13)
      ctx.effects.append(.setState(session.id, .unattached))
      return ctx.decision(.update, scene: session.scene, session: session.id, message: "\(subject()) is archived")
    case .update:
      ctx.step(
        .state, subject(), .chosen,
        "updates its handlesExternalEvents sets or its value; routing uses the current ones", rule: .v6)
      if action.update.value != nil { ctx.cite(.amb8) }
      ctx.effects.append(.update(session.id, action.update))
      return ctx.decision(.update, scene: session.scene, session: session.id, message: "\(subject()) is updated")
    }
  }
}
