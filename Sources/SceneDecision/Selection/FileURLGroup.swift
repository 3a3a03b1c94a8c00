import RouteEvents
import RouteTables
import RouterSupport

/// MAC5 (observed, low confidence; the `fileURLGroups` policy): on macOS a `file:` URL opens a
/// window of a `WindowGroup(for: URL.self)` with the file URL as its value, taking the group's
/// place in declaration order as a `DocumentGroup` does (S7), before the first declaration
/// without `matching` (S4) and even after a `Window` declared first.
enum FileURLGroup {
  /// Whether the table's declaration at `index` takes the event's URL this way.
  static func takes(sceneAt index: Int, url: ObservedInPlace<URLRecord>?, _ ctx: DecisionContext) -> Bool {
    guard ctx.policies.fileURLGroups == .platform, ctx.table.platform == .macOS,
      ctx.table.scenes[index].presents == "URL", let url
    else { return false }
    return url.read().scheme.lowercased() == "file"
  }

  /// A window of the group at `index` presenting the file URL: the open one that already
  /// presents it comes to the front (W8), else a new one.
  static func instantiate(sceneAt index: Int, url: ObservedInPlace<URLRecord>?, _ ctx: inout DecisionContext)
    -> ReceiverChoice
  {
    let text = url?.read().absoluteString ?? ""
    let value = JSONValue.string(text)
    let id = ctx.table.scenes[index].id
    ctx.step(
      .declaration, "'\(id)'", .chosen,
      "macOS: a WindowGroup presenting URL takes the file URL, as its value (observed)", rule: .mac5)
    if let open = ctx.currentSessions.first(where: { $0.scene == id && $0.value == value }) {
      ctx.step(.session, "session \(open.id)", .chosen, "already presents \(text): it comes to the front", rule: .w8)
      return .existing(.init(open))
    }
    return .new(ctx.createChosen(sceneAt: index, value: value))
  }
}
