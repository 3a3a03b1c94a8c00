import RouteTables
import RouterSupport

/// The app's lifetime on macOS (W23): "If your app uses a single window as its primary scene,
/// the app quits when the window closes. This behavior differs from an app that uses a
/// WindowGroup as its primary scene, where the app continues to run even after closing all of
/// its windows."
enum AppLifetime {
  /// The primary scene: the first declared `WindowGroup` or `Window` (the one a launch opens, W24).
  static func primaryScene(_ table: TableView) -> SceneDeclaration? {
    table.scenes.first { $0.kind == .windowGroup || $0.kind == .window }
  }

  /// When a decision closes the window of a primary `Window` in a macOS app, the app quits: every
  /// other window closes with it, and the next event meets a fresh launch. The decision is
  /// changed in place (most are left as they are).
  static func afterClosing(_ decision: inout Decision, _ ctx: DecisionContext) {
    let table = ctx.table
    guard decision.outcome == .dismiss, table.platform == .macOS, table.lifecycle == .swiftUI,
      let primary = primaryScene(table), primary.kind == .window,
      ctx.state.sessions.contains(where: { $0.scene == primary.id && decision.closedSessions.contains($0.id) })
    else { return }
    var after = ctx.state
    for effect in decision.storedEffects { after.apply(effect) }
    let others = after.sessions.map(\.id)
    for id in others { decision.storedEffects.append(.close(id)) }
    decision.closedSessions += others
    decision.appleRules.cite(.w23)
    if ctx.explains {
      decision.trace.append(
        TraceStep(
          stage: .state, subject: "the app", verdict: .chosen,
          detail: "its primary scene is a Window, and it closed: the app quits"
            + (others.isEmpty ? "" : ", closing \(others.joined(separator: ", "))"),
          rule: .w23))
      decision.message += "; the primary Window closed, so the app quits"
    }
  }
}
