import RouteEvents
import RouteTables
import RouterSupport

/// The app's launch (a fresh one, or a relaunch that restores sessions) and macOS's Dock reopen.
enum LaunchAndReopen {
  /// Without sessions: the first declared scene opens (W24). With sessions: they are restored,
  /// each with its stored value, or the default or nil when it no longer decodes (W13); restored
  /// sessions keep their configuration (K8).
  static func launch(_ ctx: inout DecisionContext) -> Decision {
    let table = ctx.table
    guard !ctx.state.sessions.isEmpty else {
      if table.lifecycle == .uiKit {
        guard let declaration = UIKitSelector.configuration(for: nil, &ctx) else {
          return ctx.decision(.ignore, reason: .noConfiguration, message: "the app declares no scene configuration")
        }
        let session = ctx.createSession(declaration, value: nil)
        return ctx.decision(
          .open, scene: declaration.id, session: session.id, message: "launch: a new '\(declaration.id)' scene")
      }
      guard let first = table.scenes.first(where: { $0.kind == .windowGroup || $0.kind == .window }) else {
        return ctx.decision(.ignore, reason: .noWindowScene, message: "launch: the app declares no window scene")
      }
      ctx.step(
        .declaration, "'\(first.id)'", .chosen, "the first declared WindowGroup or Window opens at launch", rule: .w24)
      if first.defaultValue != nil { ctx.cite(.w10) }
      let session = ctx.createSession(first, value: first.defaultValue)
      return ctx.decision(
        .open, scene: first.id, session: session.id, value: first.defaultValue,
        message: "launch opens a '\(first.id)' window")
    }
    for session in ctx.state.sessions {
      let subject = { "session \(session.id) ('\(session.scene)')" }
      guard let declaration = table.scene(session.scene) else { continue }
      if table.lifecycle == .uiKit || session.state == .unattached {
        ctx.step(
          .state, subject(), .info,
          session.state == .unattached
            ? "stays archived until the person selects it"
            : "reconnects with its stored configuration, without configurationForConnecting",
          rule: session.state == .unattached ? .k13 : .k8)
      }
      guard let type = session.valueType, session.value != nil else { continue }
      if type == declaration.presents {
        ctx.step(.state, subject(), .info, "its value is restored", rule: .w13)
      } else {
        let fallback = declaration.defaultValue
        ctx.step(
          .state, subject(), .chosen,
          "its stored '\(type)' value no longer decodes as '\(declaration.presents ?? "nothing")': \(fallback == nil ? "nil" : "the default value") instead",
          rule: .w13)
        // The window now presents the fallback, a value of the group's type (or nothing).
        let fallbackType: String? = fallback == nil ? nil : declaration.presents
        ctx.effects.append(.update(session.id, SessionUpdate(value: .some(fallback), valueType: .some(fallbackType))))
      }
    }
    return ctx.decision(.restore, message: "the app relaunches and restores \(ctx.state.sessions.count) session(s)")
  }

  /// macOS: a click on the Dock icon. With no visible window, the first declaration opens (a new
  /// window for a WindowGroup, the single one for a Window, MAC6); otherwise the most recent comes forward.
  static func reopen(_ ctx: inout DecisionContext) -> Decision {
    guard ctx.table.platform == .macOS else {
      ctx.step(.event, "reopen", .rejected, "only macOS apps are reopened from the Dock", rule: .mac6)
      return ctx.decision(.ignore, reason: .notMacOS, message: "reopen applies to macOS apps")
    }
    let visible = ctx.state.sessions.filter { $0.state == .foregroundActive || $0.state == .foregroundInactive }
    if let recent = TieBreaking.best(visible, ctx.policies) {
      ctx.step(
        .session, "session \(recent.id)", .chosen, "a window is visible: the most recent comes forward", rule: .mac6)
      ctx.activate(recent)
      return ctx.decision(
        .front, scene: recent.scene, session: recent.id, message: "reopen brings '\(recent.scene)' forward")
    }
    guard let first = ctx.table.scenes.first(where: { $0.kind == .windowGroup || $0.kind == .window }) else {
      return ctx.decision(.ignore, reason: .noWindowScene, message: "reopen: the app declares no window scene")
    }
    if first.kind == .window, let hidden = ctx.state.sessions(of: first.id).first {
      ctx.step(.declaration, "'\(first.id)'", .chosen, "the Window comes back: there is only one", rule: .mac6)
      ctx.activate(hidden)
      return ctx.decision(
        .front, scene: first.id, session: hidden.id, message: "reopen shows the '\(first.id)' window again")
    }
    ctx.step(
      .declaration, "'\(first.id)'", .chosen,
      first.kind == .window ? "the Window opens" : "no window is visible: the WindowGroup opens a new one", rule: .mac6
    )
    ctx.cite(.w24)
    let session = ctx.createSession(first, value: first.defaultValue)
    return ctx.decision(.open, scene: first.id, session: session.id, message: "reopen opens a new '\(first.id)' window")
  }
}
