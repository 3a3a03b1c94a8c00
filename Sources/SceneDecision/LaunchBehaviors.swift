import RouteTables
import RouterSupport

/// Which window scenes present themselves at a launch with nothing to restore (W24):
/// `defaultLaunchBehavior(_:)` on macOS and visionOS, the first declared one elsewhere.
enum LaunchBehaviors {
  /// Every `.presented` window scene, in declaration order; with none, the first declared one
  /// unless it is `.suppressed` ("automatic: … if it is the first scene … and no other scenes
  /// have presented themselves"). On macOS nothing may open; on visionOS, when nothing would,
  /// the first scene is presented "regardless". Other platforms ignore the modifier (it is not
  /// available there, and a single-window platform ignores it).
  static func scenesToPresent(first: SceneDeclaration, _ ctx: inout DecisionContext) -> [SceneDeclaration] {
    let table = ctx.table
    let windows = table.scenes.filter { $0.kind == .windowGroup || $0.kind == .window }
    let declared = windows.contains { $0.launchBehavior != .automatic }
    guard declared, table.platform == .macOS || table.platform == .visionOS else {
      if declared {
        ctx.step(
          .declaration, "defaultLaunchBehavior", .info,
          "applies on macOS and visionOS only: ignored on \(table.platform.rawValue)", rule: .w24)
      }
      ctx.step(
        .declaration, "'\(first.id)'", .chosen, "the first declared WindowGroup or Window opens at launch", rule: .w24)
      return [first]
    }
    let presented = windows.filter { $0.launchBehavior == .presented }
    for scene in presented {
      ctx.step(
        .declaration, "'\(scene.id)'", .chosen, "defaultLaunchBehavior(.presented): it presents itself at launch",
        rule: .w24)
    }
    if !presented.isEmpty {
      if first.launchBehavior == .automatic && !presented.contains(where: { $0.id == first.id }) {
        ctx.step(
          .declaration, "'\(first.id)'", .rejected,
          "automatic: the first scene presents itself only when no other scene has", rule: .w24)
      }
      return presented
    }
    if first.launchBehavior == .automatic {
      ctx.step(
        .declaration, "'\(first.id)'", .chosen, "the first declared WindowGroup or Window opens at launch", rule: .w24)
      return [first]
    }
    // The first scene is suppressed and no scene presents itself.
    if table.platform == .visionOS {
      ctx.step(
        .declaration, "'\(first.id)'", .chosen,
        "no scene presents itself: on visionOS the first scene is presented regardless of defaultLaunchBehavior",
        rule: .w24)
      return [first]
    }
    ctx.step(
      .declaration, "'\(first.id)'", .rejected,
      "defaultLaunchBehavior(.suppressed), and no scene presents itself: macOS opens no window", rule: .w24)
    return []
  }
}
