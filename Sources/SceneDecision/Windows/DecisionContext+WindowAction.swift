import RouteMatcher
import RouteTables
import RouterSupport

extension DecisionContext {
  /// Hands the decision of a route's window action that closes no window to `sink` in parts
  /// (``DecisionSink/windowAction(_:scene:session:receiver:match:action:value:reason:appleRules:message:trace:effects:handlers:router:)``),
  /// with the context's effects, trace and handlers moved into it, as
  /// ``movingDecision(_:scene:session:receiver:match:action:keeping:closed:reason:message:)``
  /// moves them into a decision: for a stage's last decision of this context. What
  /// ``hand(_:router:to:)`` does after closing windows does not apply: the decision closes none
  /// and is no dismissal.
  ///
  /// ```swift
  /// ctx.handWindowAction(result, receiver: r, match: m, action: .openWindow, keeping: value,
  ///                      message: "", router: router, into: &sink)
  /// ```
  mutating func handWindowAction(
    _ result: borrowing WindowActions.Result, receiver: borrowing Decision.Receiver, match: borrowing RouteMatch,
    action: RouteTarget.Action, keeping value: borrowing DecisionValue, message: @autoclosure () -> String,
    router: borrowing CompiledRouter, into sink: inout any DecisionSink
  ) {
    let (effects, trace, handlers) = takeEffectsTraceAndHandlers()
    sink.windowAction(
      result.outcome, scene: result.scene, session: result.session, receiver: receiver, match: match, action: action,
      value: value, reason: result.reason, appleRules: rules, message: explains ? message() : "", trace: trace,
      effects: effects, handlers: handlers, router: router)
  }
}
