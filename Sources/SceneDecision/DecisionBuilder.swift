package import RouteMatcher
import RouteTables
package import RouterSupport

/// A ``DecisionSink`` that builds the ``Decision`` the parts make, where its caller lends it
/// room: what ``DecisionEngine/decide(_:router:state:explains:)`` returns for a delivered route.
///
/// One pointer, so that the engine's `any DecisionSink` holds it in place (a larger value would
/// be boxed on the heap).
///
/// ```swift
/// let decision = DecisionBuilder.building { sink in
///   DecisionEngine.decide(event, router: router, state: state, explains: false,
///                         readsEventDetails: &reads, scratch: nil, into: &sink)
/// }
/// ```
package struct DecisionBuilder: DecisionSink {
  /// Where the decision delivered goes.
  private let target: UnsafeMutablePointer<Decision?>

  /// A builder that puts the decision delivered in `target` (which must stay valid while used).
  package init(into target: UnsafeMutablePointer<Decision?>) { self.target = target }

  /// The decision `decide` hands to the sink it is lent (the engine hands it one decision).
  package static func building(_ decide: (inout any DecisionSink) -> Void) -> Decision {
    var delivered: Decision? = nil
    withUnsafeMutablePointer(to: &delivered) { target in
      var sink: any DecisionSink = DecisionBuilder(into: target)
      decide(&sink)
    }
    guard let decision = delivered.take() else { preconditionFailure("the engine handed on no decision") }
    return decision
  }

  package mutating func take(_ decision: consuming Decision) {
    target.pointee = decision
  }

  package mutating func deliver(
    _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool,
    match: borrowing RouteMatch, value: borrowing DecisionValue, reason: DecisionReason?,
    appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
    effects: consuming SessionEffects, handlers: consuming [HandlerCall],
    router: borrowing CompiledRouter
  ) {
    let receiver = copy receiver
    target.pointee = Decision(
      outcome: outcome, scene: receives ? receiver.scene : nil, session: receives ? receiver.session : nil,
      receiver: receiver, match: copy match, action: .deliver, storedValue: copy value,
      storedLists: DecisionSessionLists(), appleRules: appleRules, reason: reason, message: message, trace: trace,
      storedEffects: effects, handlers: handlers)
  }
}
