/// Decides what happens to an event: the route it matches and the scene that receives it.
///
/// A pure function of the compiled router and the event: it never performs I/O.
///
/// ```swift
/// let decision = DecisionEngine.decide(event, router: router)
/// print(decision.outcome, decision.scene ?? "-")   // open note-editor
/// ```
public enum DecisionEngine {
  /// Decides one event.
  public static func decide(_ event: Event, router: CompiledRouter) -> Decision {
    var trace: [TraceStep] = []
    let match: RouteMatch?
    switch event.kind {
    case .url(let url):
      match = matchURL(url.text, router, &trace)
    case .activity(let activity):
      if activity.activityType == UserActivity.browsingWeb, let web = activity.webpageURL {
        trace.append(TraceStep(stage: .event, subject: "webpageURL", verdict: .info,
                               detail: "a universal link reaches SwiftUI as a URL", rule: "E4"))
        match = matchURL(web, router, &trace)
      } else {
        match = router.match(activityType: activity.activityType, userInfo: activity.userInfo)
        trace.append(TraceStep(
          stage: .route, subject: match.map { "route '\($0.ruleName)'" } ?? "activity routes", verdict: match == nil ? .rejected : .chosen,
          detail: match == nil ? "no activity route takes '\(activity.activityType)' with this userInfo"
                               : "takes '\(activity.activityType)'"))
      }
    case .notification, .shortcut:
      match = nil
    }
    guard let match else {
      return Decision(outcome: .drop, reason: "no-route", message: "no route of the table handles this event", trace: trace)
    }
    let rule = router.table.rules[match.rule]
    let target = rule.target
    let value = target.value?.render(Dictionary(uniqueKeysWithValues: match.parameters.members.map { ($0.key, $0.value) }))
    let scene = target.scene ?? defaultScene(for: target, in: router.table)
    switch target.action {
    case .dismissWindow:
      return Decision(outcome: .dismiss, scene: scene, match: match, action: target.action, value: value,
                      message: "route '\(rule.name)' dismisses \(scene.map { "'\($0)'" } ?? "the current window")", trace: trace)
    case .deliver, .openWindow:
      return Decision(outcome: .open, scene: scene, match: match, action: target.action, value: value,
                      message: "route '\(rule.name)' opens a new '\(scene ?? "?")' window", trace: trace)
    }
  }

  private static func matchURL(_ text: String, _ router: CompiledRouter, _ trace: inout [TraceStep]) -> RouteMatch? {
    switch router.match(url: text) {
    case .success(let match?):
      let pattern = router.table.rules[match.rule].urlPatterns[match.pattern]
      trace.append(TraceStep(stage: .route, subject: "route '\(match.ruleName)'", verdict: .chosen, detail: "matches \(pattern.text)"))
      return match
    case .success(nil):
      trace.append(TraceStep(stage: .route, subject: "URL routes", verdict: .rejected, detail: "no URL route matches \(text)"))
      return nil
    case .failure(let error):
      trace.append(TraceStep(stage: .event, subject: "URL", verdict: .rejected, detail: error.message))
      return nil
    }
  }

  /// The group an `openWindow(value:)` without id targets: the first windowGroup presenting the type (W9).
  static func defaultScene(for target: RuleTarget, in table: RouteTable) -> String? {
    if let type = target.valueType {
      return table.scenes.first { $0.kind == .windowGroup && $0.presents == type }?.id
    }
    return table.scenes.first?.id
  }
}
