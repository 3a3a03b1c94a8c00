import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport

/// Stage two for quick actions and notification responses: the table's `shortcut` and
/// `notification` routes, with a trace step for each route passed over and the one chosen.
enum EventRoutes {
  static func match(_ kind: Event.Kind, _ ctx: inout DecisionContext) -> ObservedMatch? {
    let found: RouteMatch?
    let rejected: [(routeName: String, reason: String)]
    let what: String
    let chosen: String
    switch kind {
    case .shortcut(let item):
      (found, rejected) = ctx.router.match(shortcut: item)
      what = "quick-action routes"
      chosen = "takes the quick action '\(item.type)'"
    case .notification(let response):
      (found, rejected) = ctx.router.match(notification: response)
      what = "notification routes"
      let category = response.categoryIdentifier.isEmpty ? "no category" : "category '\(response.categoryIdentifier)'"
      chosen = "takes the response '\(response.actionIdentifier)' to a notification of \(category)"
    default:
      return nil
    }
    if ctx.explains {
      for (name, reason) in rejected { ctx.step(.route, "route '\(name)'", .rejected, reason) }
    }
    if let found {
      ctx.step(.route, "route '\(found.routeName)'", .chosen, chosen)
    } else {
      ctx.step(.route, what, .rejected, "no route takes it")
    }
    return found.map { ObservedMatch($0, reads: ctx.reads) }
  }
}
