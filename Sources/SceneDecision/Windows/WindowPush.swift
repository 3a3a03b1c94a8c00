import RouteEvents
import RouteTables
import RouterSupport

/// visionOS `pushWindow(id:value:)` (W19): "opens the requested window in place of the window
/// the action is called from"; dismissing the pushed window brings "the original presenting"
/// window back; "Calling this action from a pushed window is not allowed."
///
/// The model: the pushed session records the presenting one (``Session/pushedFrom``), which
/// stays open but hidden (`background`) while the pushed window is open. When a decision closes
/// the pushed window and not the presenting one, the presenting window comes back to the front.
enum WindowPush {
  /// `pushWindow(id:)`, `pushWindow(value:)` or `pushWindow(id:value:)` from the session `from`
  /// (the frontmost window when the event names none).
  static func push(_ request: Event.WindowRequest, _ ctx: inout DecisionContext) -> Decision {
    let call = WindowActions.describe("pushWindow", request)
    ctx.cite(.w19)
    let platform = ctx.table.platform
    guard platform == .visionOS else {
      ctx.step(
        .action, call, .rejected,
        "pushWindow is a visionOS 2 action: the environment has no pushWindow on \(platform.rawValue)",
        rule: .w19)
      return ctx.decision(
        .ignore, action: .pushWindow, reason: .pushWindowUnavailable,
        message: "\(call) is not available on \(platform.rawValue) (visionOS only)")
    }
    let sessions = ctx.currentSessions
    let presenting: Session?
    if let from = request.from {
      presenting = sessions.first { $0.id == from }
    } else {
      presenting = frontmost(sessions)
    }
    guard let presenting else {
      ctx.step(
        .action, call, .rejected,
        request.from.map { "is called from \($0), which is not open" } ?? "no window is open to call it from",
        rule: .w19)
      return ctx.decision(
        .ignore, action: .pushWindow, reason: .noSuchSession,
        message: "\(call) has no open window to be called from")
    }
    if let below = presenting.pushedFrom {
      ctx.step(
        .action, call, .rejected,
        "\(presenting.id) was itself pushed (over \(below)): calling pushWindow from a pushed window is not allowed",
        rule: .w19)
      return ctx.decision(
        .ignore, scene: presenting.scene, session: presenting.id, action: .pushWindow, reason: .pushFromPushedWindow,
        message: "\(call) from the pushed window \(presenting.id) is not allowed")
    }
    var open = request
    open.from = presenting.id
    let result = WindowActions.open(open, &ctx)
    guard result.outcome == .open, let pushed = result.session,
      let i = ctx.effects.lastIndex(where: {
        if case .create(let s) = $0 { return s.id == pushed } else { return false }
      }),
      case .create(var session) = ctx.effects[i]
    else {
      // Not opened (no such window), or a window already open comes to the front: nothing is
      // pushed, as openWindow does.
      return ctx.decision(
        result.outcome, scene: result.scene, session: result.session, action: .pushWindow, value: result.value,
        reason: result.reason, message: result.message)
    }
    session.pushedFrom = presenting.id
    ctx.effects[i] = .create(session)
    ctx.effects.append(.setState(presenting.id, .background))
    ctx.step(
      .action, call, .chosen,
      "\(pushed) opens in place of \(presenting.id), which is hidden until \(pushed) is dismissed", rule: .w19)
    return ctx.decision(
      .open, scene: result.scene, session: pushed, action: .pushWindow, value: result.value,
      message: "\(call) opens '\(result.scene ?? "")' (\(pushed)) in place of \(presenting.id)")
  }

  /// The foreground active window, else the most recently activated one.
  static func frontmost(_ sessions: [Session]) -> Session? {
    let open = sessions.filter { $0.state != .unattached }
    return open.max { a, b in
      (a.state == .foregroundActive ? 1 : 0, a.lastActivated) < (b.state == .foregroundActive ? 1 : 0, b.lastActivated)
    }
  }

  /// A decision that closes a pushed window and not the one it was pushed from brings that one
  /// back to the front (W19): the effect is added after the closing. The decision is changed in
  /// place: most decisions close nothing and are left as they are (handed in and back, a
  /// decision was moved twice).
  static func afterClosing(_ decision: inout Decision, _ ctx: DecisionContext) {
    guard !decision.closedSessions.isEmpty else { return }
    // Every session the decision closes as it was, and the effects that say which are open
    // after it.
    let before = ctx.currentSessions(including: decision)
    let effects = decision.storedEffects
    for id in decision.closedSessions {
      guard let pushed = before[id], let presenting = pushed.pushedFrom, isOpen(presenting, after: effects, ctx)
      else { continue }
      decision.storedEffects.append(.activate(presenting))
      decision.appleRules.cite(.w19)
      if ctx.explains {
        decision.trace.append(
          TraceStep(
            stage: .state, subject: "\(presenting)", verdict: .chosen,
            detail: "\(id) was pushed in its place: with \(id) dismissed, the presenting window reappears",
            rule: .w19))
        decision.message += "; \(presenting), which \(id) was pushed over, comes back"
      }
    }
  }
}

extension WindowPush {
  /// Whether a session with this id is open once `effects` are applied to the context's state,
  /// told without applying them: a copy of the state changed by them copied every session (and
  /// a close built its index again), for every decision that closes a window.
  static func isOpen(_ id: String, after effects: SessionEffects, _ ctx: DecisionContext) -> Bool {
    var open = ctx.index.positions[id] != nil
    for effect in effects {
      switch effect {
      case .create(let session) where session.id == id: open = true
      case .close(let closed) where closed == id: open = false
      default: continue
      }
    }
    return open
  }
}

extension DecisionContext {
  /// Every session of the state and every one the decision creates, by id, as they were before
  /// the decision closed any (what a closed session was pushed from).
  func currentSessions(including decision: Decision) -> [String: Session] {
    var byID: [String: Session] = [:]
    for id in decision.closedSessions {
      if let p = index.positions[id] { byID[id] = state.storage[p] }
    }
    for effect in decision.storedEffects {
      if case .create(let s) = effect, decision.closedSessions.contains(s.id) { byID[s.id] = s }
    }
    return byID
  }
}
