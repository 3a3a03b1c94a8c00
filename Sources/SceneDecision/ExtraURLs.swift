import RouteEvents
import RouteTables
import RouterSupport

/// The URLs after the first of one open request (MAC4): the first is decided as a URL line is;
/// this decides the others, which never change the sessions (they reach the session the first
/// reached, or the app delegate, or nothing).
enum ExtraURLs {
  /// `decision` (the first URL's) with the fates of `event`'s extra URLs, its handlers and its
  /// rules. An extra URL that is not for the app at all (its scheme, its domain) is `notForApp`
  /// with the link gate's reason, whatever the lifecycle.
  static func decide(_ decision: Decision, _ event: Event, _ ctx: DecisionContext) -> Decision {
    var decision = decision
    let policy = ctx.policies.extraURLs
    let uiKit = ctx.table.lifecycle == .uiKit
    // UIKit: the set of contexts goes to the scene the request reached, in the method the first
    // URL arrived by (`willConnectTo` at connection, `openURLContexts` after).
    let uiKitSession = decision.receiver?.session
    let uiKitHandler: HandlerCall.Handler? =
      decision.receiver.map { $0.isNew ? .willConnect : .openURLContexts }
    var toAppDelegate = 0
    for url in event.extraURLs {
      var gate = ctx
      if let notForApp = withUnsafePointer(to: url, { LinkGate.check(ObservedInPlace($0, reads: ctx.reads), &gate) }) {
        decision.extraURLs.append(ExtraURL(url: url.text, outcome: .notForApp, reason: notForApp.reason))
        continue
      }
      if uiKit {
        if let uiKitSession, let uiKitHandler {
          decision.extraURLs.append(
            ExtraURL(url: url.text, outcome: .deliver, session: uiKitSession, handler: uiKitHandler))
        } else {
          // The request reached no scene: neither do the URLs that came with the first.
          decision.extraURLs.append(
            ExtraURL(url: url.text, outcome: .drop, reason: decision.reason ?? .noScene))
        }
      } else if policy == .appDelegate {
        toAppDelegate += 1
        decision.extraURLs.append(ExtraURL(url: url.text, outcome: .deliver, handler: .applicationOpen))
      } else {
        decision.extraURLs.append(ExtraURL(url: url.text, outcome: .drop, reason: .extraURLNeedsAppDelegate))
      }
    }
    decision.appleRules.cite(.mac4)
    if toAppDelegate > 0 {
      // One call with the extra URLs as its `[URL]`.
      decision.handlers.append(HandlerCall(.applicationOpen))
    }
    if ctx.explains {
      let delivered = decision.extraURLs.filter { $0.outcome == .deliver }.count
      let dropped = decision.extraURLs.filter { $0.outcome == .drop }.count
      let detail =
        uiKit
        ? "a UIKit scene gets the request's URLs in one Set<UIOpenURLContext>: \(delivered) of "
          + "\(event.extraURLs.count) extra URL(s) reach the session the first reached"
        : policy == .appDelegate
          ? "SwiftUI's onOpenURL takes one URL; the \(toAppDelegate) other(s) go to the app delegate's application(_:open:)"
          : "SwiftUI's onOpenURL takes one URL; the other \(dropped) need the app delegate's "
            + "application(_:open:) (policy extraURLs: appDelegate) and are lost"
      decision.trace.append(
        TraceStep(
          stage: .handler, subject: "\(event.extraURLs.count + 1) URLs in one request", verdict: .info,
          detail: detail, rule: .mac4))
      decision.message +=
        decision.message.isEmpty ? "" : "; "
      decision.message += extraSummary(decision.extraURLs)
    }
    return decision
  }

  /// "2 extra URLs: 1 to application(_:open:), 1 lost (extra-url-needs-app-delegate)".
  static func extraSummary(_ fates: [ExtraURL]) -> String {
    var parts: [String] = []
    let delivered = fates.filter { $0.outcome == .deliver }
    if !delivered.isEmpty {
      parts.append("\(delivered.count) to \(delivered[0].handler?.rawValue ?? "the app")")
    }
    let dropped = fates.filter { $0.outcome == .drop }
    if !dropped.isEmpty { parts.append("\(dropped.count) lost (\(dropped[0].reason?.rawValue ?? "drop"))") }
    let other = fates.filter { $0.outcome == .notForApp }
    if !other.isEmpty { parts.append("\(other.count) not for the app") }
    return "\(fates.count) extra URL\(fates.count == 1 ? "" : "s"): " + parts.joined(separator: ", ")
  }
}
