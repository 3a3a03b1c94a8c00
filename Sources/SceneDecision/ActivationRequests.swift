import RouteEvents
import RouteTables
import RouterSupport

/// UIKit's `requestSceneSessionActivation(_:userActivity:options:)` (K9), the iOS 17 request
/// object (K10) and role-based requests (U9, AMB10).
enum ActivationRequests {
  static func decide(_ request: Event.ActivationRequest, _ ctx: inout DecisionContext) -> Decision {
    let table = ctx.table
    let activity = request.activity
    let call = {
      "requestSceneSessionActivation(\(request.session ?? "nil"), userActivity: \(activity.map { "'\($0.activityType)'" } ?? "nil"))"
    }
    // An existing session by id (K9, K10).
    if let id = request.session {
      guard let session = ctx.currentSessions.first(where: { $0.id == id }) else {
        ctx.step(.action, call(), .rejected, "no open session has id '\(id)'", rule: .k9)
        return ctx.decision(
          .ignore, action: .requestSceneSessionActivation, reason: .noSuchSession,
          message: "\(call()): there is no session '\(id)'")
      }
      let reconnect = session.state == .unattached
      ctx.step(
        .action, call(), .chosen,
        reconnect
          ? "the session's scene is no longer in memory: a new scene connects to it; the activity arrives in willConnectTo (configurationForConnecting is not called)"
          : "the connected scene comes forward; the activity arrives in scene(_:continue:)",
        rule: reconnect ? .k9 : .k10)
      ctx.cite(reconnect ? .k8 : .k9)
      ctx.activate(session)
      return ctx.decision(
        .deliver, scene: session.scene, session: session.id, action: .requestSceneSessionActivation,
        message: "\(call()) activates '\(session.scene)' (\(session.id))")
    }
    // A role-based request: an existing session whose conditions the activity satisfies (U9).
    if let role = request.role {
      // The activity comes from the request (read already, when a route rendered it).
      let identifier = EventIdentifier(
        text: activity?.targetContentIdentifier, rule: activity?.targetContentIdentifier == nil ? .e3 : .e5,
        source: "the activity's targetContentIdentifier")
      let sessions = ctx.currentSessions.filter { table.scene($0.scene)?.role == role }
      var matching: [Session] = []
      withUnsafePointer(to: identifier) { identifier in
        let identifier = ObservedInPlace(identifier, reads: ctx.reads)
        for prefersOnly in [true, false] {
          if !prefersOnly && ctx.policies.activationRequestMatch == .prefersOnly { break }
          matching = sessions.filter { s in
            guard let d = table.scene(s.scene) else { return false }
            let p = prefersOnly ? (s.prefers ?? d.prefers ?? .never) : (s.can ?? d.can ?? .always)
            return identifier.satisfies(p, ctx.policies)
          }
          if !matching.isEmpty { break }
        }
      }
      ctx.cite(.u9)
      ctx.cite(.amb10)
      if let chosen = TieBreaking.best(matching, ctx.policies) {
        ctx.step(
          .action, call(), .chosen, "session \(chosen.id) has the role and its conditions accept the target content",
          rule: .u9)
        ctx.activate(chosen)
        return ctx.decision(
          .deliver, scene: chosen.scene, session: chosen.id, action: .requestSceneSessionActivation,
          message: "\(call()) activates the matching session '\(chosen.scene)' (\(chosen.id))")
      }
      ctx.step(.action, call(), .info, "no session of the role accepts the target content: a new session", rule: .u9)
    } else {
      ctx.step(.action, call(), .info, "nil session: the system creates a new scene and session", rule: .k9)
    }
    // Only a second scene needs multiple scenes (K2: "UIKit never creates more than one scene");
    // activating an open one does not (U9), and with no session at all the new one is the one.
    if !table.supportsMultipleScenes && ctx.currentSessions.isEmpty {
      ctx.step(
        .action, call(), .info,
        "the app does not support multiple scenes, but no scene is open: the request connects the one scene",
        rule: .k2)
    }
    guard table.supportsMultipleScenes || ctx.currentSessions.isEmpty else {
      ctx.step(
        .action, call(), .rejected,
        "the app does not support multiple scenes: the error handler gets multipleScenesNotSupported",
        rule: .k2)
      return ctx.decision(
        .ignore, action: .requestSceneSessionActivation, reason: .multipleScenesNotSupported,
        message: "\(call()) fails with UISceneError.multipleScenesNotSupported")
    }
    let session: ReceiverChoice.Chosen
    if table.lifecycle == .swiftUI {
      // SwiftUI creates the new scene as for any external event: the first declaration whose
      // matching set accepts the activity's identifier (S3), else S4/S6; never Settings (S8).
      let tci = activity?.targetContentIdentifier
      let identifier = EventIdentifier(
        text: tci, rule: tci == nil ? .e3 : .e5, source: "the activity's targetContentIdentifier")
      let choice = withUnsafePointer(to: identifier) {
        SceneSelector(identifier: ObservedInPlace($0, reads: ctx.reads), url: nil).selectDeclaration(&ctx)
      }
      switch choice {
      case .new(let created): session = created
      case .existing(let open):
        ctx.activate(id: open.id)
        return ctx.decision(
          .deliver, scene: open.scene, session: open.id, action: .requestSceneSessionActivation,
          message: "\(call()) activates the open '\(open.scene)' window (a Window is unique)")
      case .none(let reason, let message):
        return ctx.decision(
          .drop, action: .requestSceneSessionActivation, reason: reason, message: "\(call()): " + message)
      }
    } else {
      // A new session of the requested role (K3), or of the app-window role.
      let role = request.role ?? SceneDeclaration.applicationRole
      guard let declaration = UIKitSelector.configuration(for: activity?.activityType, role: role, &ctx) else {
        return ctx.decision(
          .ignore, action: .requestSceneSessionActivation, reason: .noConfiguration,
          message: "\(call()): the app declares no scene configuration")
      }
      session = ReceiverChoice.Chosen(ctx.createSession(declaration, value: nil))
    }
    let declaration = session.scene
    joinCollection(request, new: session, &ctx)
    if activity != nil {
      ctx.step(
        .handler, "'\(declaration)' (\(session.id))", .info,
        "the activity is in connectionOptions.userActivities", rule: .k15)
    }
    return ctx.decision(
      .open, scene: declaration, session: session.id, action: .requestSceneSessionActivation,
      message: "\(call()) opens a new '\(declaration)' scene")
  }

  /// The request options of a new scene (K11): on Mac Catalyst, `.preferredWithoutActivating`
  /// with an open requesting scene adds the new scene "without deactivating the requestingScene";
  /// the other behaviours and tab groups decide where the window is shown, not which session is
  /// chosen or active.
  static func joinCollection(
    _ request: Event.ActivationRequest, new session: ReceiverChoice.Chosen, _ ctx: inout DecisionContext
  ) {
    guard let behavior = request.collectionJoinBehavior else { return }
    let requester = request.requestingScene.flatMap { id in ctx.currentSessions.first { $0.id == id } }
    let subject = "collectionJoinBehavior .\(behavior.rawValue)"
    guard ctx.table.platform == .macCatalyst else {
      ctx.step(.action, subject, .info, "applies to Mac Catalyst apps only: no effect here", rule: .k11)
      return
    }
    switch (behavior, requester) {
    case (.preferredWithoutActivating, let requester?):
      ctx.step(
        .action, subject, .chosen,
        "the new scene joins the tab group of \(requester.id) without deactivating it: \(requester.id) stays active",
        rule: .k11)
      ctx.activate(requester)
    case (.preferred, _), (.preferredWithoutActivating, nil):
      ctx.step(
        .action, subject, .info,
        requester.map { "the new scene joins the tab group of \($0.id) and is activated" }
          ?? "no requesting scene: the new scene joins a compatible tab group and is activated",
        rule: .k11)
    case (.automatic, _), (.disallowed, _):
      ctx.step(
        .action, subject, .info,
        behavior == .automatic
          ? "the system preferences decide the tab group; the new scene is activated"
          : "the new scene gets a new tab group; it is activated", rule: .k11)
    }
  }
}
