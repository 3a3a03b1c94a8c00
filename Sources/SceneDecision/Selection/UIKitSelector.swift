import RouteTables
import RouterSupport

/// UIKit's scene selection (U1–U12, K2, K5–K8): sessions whose *prefers* predicate holds, else
/// whose *can* predicate holds, else a new session whose configuration
/// `configurationForConnecting` chooses by activity type.
struct UIKitSelector {
  let identifier: ObservedInPlace<EventIdentifier>
  /// The connecting activity's type, for `configurationForConnecting` (K7).
  let activityType: String?

  func select(_ ctx: inout DecisionContext) -> ReceiverChoice {
    ctx.step(
      .event, "target content identifier", .info,
      "\(identifier.forRecord.source): \(identifier.forRecord.text.map { "\"\($0)\"" } ?? "none")",
      rule: identifier.forRecord.rule)
    let role = SceneDeclaration.applicationRole
    let sessions = ctx.state.sessions.filter { ctx.table.scene($0.scene)?.role == role }
    if !ctx.table.supportsMultipleScenes {
      if let only = TieBreaking.best(sessions, ctx.policies) {
        ctx.step(
          .session, "session \(only.id) ('\(only.scene)')", .chosen,
          "UIKit never creates more than one scene for this app: the open scene receives it", rule: .k2)
        return .existing(.init(only))
      }
    } else if let open = selectOpenSession(sessions, &ctx) {
      return .existing(.init(open))
    }
    return newSession(&ctx)
  }

  /// U10 steps 2 and 3.
  func selectOpenSession(_ sessions: [Session], _ ctx: inout DecisionContext) -> Session? {
    // Every session's predicates may read the identifier's text: it is made once.
    if sessions.count > 1, !identifier.forRecord.isResolved {
      return identifier.resolved {
        UIKitSelector(identifier: $0, activityType: activityType).selectOpenSession(sessions, &ctx)
      }
    }
    var prefer: [Session] = []
    var can: [Session] = []
    for session in sessions {
      guard let declaration = ctx.table.scene(session.scene) else { continue }
      let prefers = session.prefers ?? declaration.prefers ?? .never
      let canActivate = session.can ?? declaration.can ?? .always
      let subject = { "session \(session.id) ('\(session.scene)')" }
      if identifier.satisfies(prefers, ctx.policies) {
        prefer.append(session)
        ctx.step(.session, subject(), .info, "prefers it: \(prefers)", rule: .u2, cites: false)
      } else if identifier.satisfies(canActivate, ctx.policies) {
        can.append(session)
        ctx.step(.session, subject(), .info, "can activate for it: \(canActivate)", rule: .u3, cites: false)
      } else {
        ctx.step(
          .session, subject(), .rejected, "neither prefers (\(prefers)) nor can (\(canActivate))", rule: .u4,
          cites: false)
      }
    }
    for (group, rule, word) in [(prefer, AppleRuleID.u2, "prefers"), (can, .u3, "can activate for")]
    where !group.isEmpty {
      guard let chosen = TieBreaking.best(group, ctx.policies) else { continue }
      ctx.cite(.u1)
      ctx.cite(.u10)
      ctx.cite(rule)
      var detail = "the best suited session: it \(word) the target content"
      if group.count > 1 {
        detail += "; the tie-break (\(TieBreaking.describe(ctx.policies))) picks it among \(group.count)"
        ctx.cite(.v10)
      }
      if chosen.state == .unattached {
        detail += "; the archived session reconnects without configurationForConnecting"
        ctx.cite(.u8)
        ctx.cite(.k8)
      }
      ctx.step(.session, "session \(chosen.id) ('\(chosen.scene)')", .chosen, detail)
      return chosen
    }
    return nil
  }

  /// U10 step 4 with K5–K7: a new session, its configuration chosen by activity type.
  func newSession(_ ctx: inout DecisionContext) -> ReceiverChoice {
    guard let declaration = UIKitSelector.configuration(for: activityType, &ctx) else {
      return .none(reason: .noConfiguration, message: "the app declares no scene configuration")
    }
    ctx.cite(.u10)
    return .new(.init(ctx.createSession(declaration, value: nil)))
  }

  /// `configurationForConnecting` (K5, K7), else the first configuration of the role (K3, K6).
  static func configuration(
    for activityType: String?, role: String = SceneDeclaration.applicationRole, _ ctx: inout DecisionContext
  ) -> SceneDeclaration? {
    let table = ctx.table
    if let type = activityType, let choice = table.configurationForConnecting.first(where: { $0.activityType == type }),
      let declaration = table.scene(choice.configuration), declaration.role == role
    {
      ctx.step(
        .declaration, "'\(declaration.id)'", .chosen,
        "configurationForConnecting returns it for activity type '\(type)' (only for a new session)", rule: .k7)
      ctx.cite(.k5)
      ctx.cite(.k8)
      return declaration
    }
    guard let first = table.scenes.first(where: { $0.role == role }) ?? table.scenes.first else { return nil }
    ctx.step(
      .declaration, "'\(first.id)'", .chosen,
      activityType.map {
        "no configurationForConnecting entry for '\($0)': the first configuration of the role (the default)"
      }
        ?? "the first configuration of the role is the default", rule: .k6)
    ctx.cite(.k3)
    return first
  }
}
