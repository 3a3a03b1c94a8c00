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
    // Windows of a scene with restorationBehavior(.disabled) are not restored (W14).
    var discarded: [String] = []
    for session in ctx.state.sessions where table.scene(session.scene)?.restorationBehavior == .disabled {
      ctx.step(
        .state, "session \(session.id) ('\(session.scene)')", .rejected,
        "not restored: its scene has restorationBehavior(.disabled)", rule: .w14)
      ctx.effects.append(.close(session.id))
      discarded.append(session.id)
    }
    if !discarded.isEmpty && ctx.currentSessions.isEmpty {
      // Nothing is left to restore: a launch like a fresh one.
      var decision = freshLaunch(&ctx)
      decision.closedSessions = discarded
      return decision
    }
    if !discarded.isEmpty {
      var decision = restore(&ctx)
      decision.closedSessions = discarded
      return decision
    }
    guard !ctx.state.sessions.isEmpty else { return freshLaunch(&ctx) }
    return restore(&ctx)
  }

  /// A launch with nothing to restore: the first declared scene opens (W24).
  static func freshLaunch(_ ctx: inout DecisionContext) -> Decision {
    let table = ctx.table
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
    let opening = LaunchBehaviors.scenesToPresent(first: first, &ctx)
    guard let shown = opening.first else {
      return ctx.decision(
        .ignore, reason: .launchSuppressed,
        message: "launch: every window scene is suppressed (defaultLaunchBehavior), so no window opens")
    }
    var sessions: [Session] = []
    for declaration in opening {
      if declaration.defaultValue != nil { ctx.cite(.w10) }
      sessions.append(ctx.createSession(declaration, value: declaration.defaultValue))
    }
    var decision = ctx.decision(
      .open, scene: shown.id, session: sessions[0].id, value: shown.defaultValue,
      message: opening.count == 1
        ? "launch opens a '\(shown.id)' window"
        : "launch opens \(opening.count) windows: " + opening.map { "'\($0.id)'" }.joined(separator: ", "))
    if sessions.count > 1 { decision.openedSessions = sessions.map(\.id) }
    return decision
  }

  /// A relaunch: the open sessions are restored (W13, K8, K13).
  static func restore(_ ctx: inout DecisionContext) -> Decision {
    let table = ctx.table
    let sessions = ctx.currentSessions
    for session in sessions {
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
    return ctx.decision(.restore, message: "the app relaunches and restores \(sessions.count) session(s)")
  }

  /// macOS: the app is activated. Without `.activateAllWindows` the main window comes forward.
  /// With it every window comes forward and, as observed (MAC1; the reference's O3), SwiftUI
  /// treats the activation as an external event without an identifier (E3): an open window that
  /// allows `"*"` takes it, else the first unmodified declaration gets a new window (S4), and
  /// `handlesExternalEvents(matching: [])` on every group prevents that (S6, MAC2).
  static func activate(allWindows: Bool, _ ctx: inout DecisionContext) -> Decision {
    let call = allWindows ? "activate(options: .activateAllWindows)" : "activate()"
    guard ctx.table.platform == .macOS else {
      ctx.step(.event, call, .rejected, "only macOS apps are activated this way", rule: .mac1)
      return ctx.decision(.ignore, reason: .notMacOS, message: "\(call) applies to macOS apps")
    }
    let open = ctx.state.sessions.filter { $0.state != .unattached }
    if !allWindows {
      guard let main = TieBreaking.best(open, ctx.policies) else {
        ctx.step(.event, call, .info, "no window is open: nothing comes forward", rule: .mac1)
        return ctx.decision(.ignore, reason: .noOpenWindow, message: "\(call): no window is open")
      }
      ctx.step(.session, "session \(main.id)", .chosen, "the main window comes forward", rule: .mac1)
      ctx.activate(main)
      return ctx.decision(
        .front, scene: main.scene, session: main.id, message: "\(call) brings '\(main.scene)' forward")
    }
    // Every window comes forward, keeping their order (the most recent stays the most recent).
    for session in open.sorted(by: { ($0.lastActivated, $0.created) < ($1.lastActivated, $1.created) }) {
      ctx.activate(session)
    }
    if !open.isEmpty {
      ctx.step(.session, "\(open.count) window(s)", .info, "every window comes forward", rule: .mac1)
    }
    ctx.step(
      .event, call, .info,
      "SwiftUI handles the activation as an external event without an identifier (observed: a WindowGroup without"
        + " matching: [] gets a new window)", rule: .mac1)
    let identifier = EventIdentifier(text: nil, rule: .e3, source: "the activation (no identifier)")
    let choice = withUnsafePointer(to: identifier) {
      SceneSelector(identifier: ObservedInPlace($0, reads: ctx.reads), url: nil).select(&ctx)
    }
    switch choice {
    case .existing(let session):
      ctx.activate(id: session.id)
      return ctx.decision(
        .front, scene: session.scene, session: session.id, message: "\(call): '\(session.scene)' takes it")
    case .new(let session):
      return ctx.decision(
        .open, scene: session.scene, session: session.id,
        message: "\(call) opens a new '\(session.scene)' window")
    case .none(let reason, let message):
      let recent = TieBreaking.best(ctx.currentSessions.filter { $0.state != .unattached }, ctx.policies)
      if let recent {
        return ctx.decision(
          .front, scene: recent.scene, session: recent.id,
          message: "\(call) brings the windows forward and opens none: " + message)
      }
      return ctx.decision(.drop, reason: reason, message: "\(call): " + message)
    }
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
