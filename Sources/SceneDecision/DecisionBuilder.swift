package import RouteMatcher
import RouteTables
package import RouterSupport

/// A ``DecisionSink`` that builds the ``Decision`` the parts make, where its caller lends it
/// room: what ``DecisionEngine/decide(_:router:state:explains:)`` returns for a delivered route.
///
/// The decision is made in the room itself (uninitialised memory the caller lends), once, and
/// moved out of it once: built in an `Optional<Decision>` and taken out of it, it was moved
/// (456 bytes, a `memcpy`) twice more, for every decision `decide(...)` returns.
///
/// Two pointers, so that the engine's `any DecisionSink` holds it in place (a value larger
/// than three words would be boxed on the heap).
///
/// ```swift
/// let decision = DecisionBuilder.building { sink in
///   DecisionEngine.decide(event, router: router, state: state, explains: false,
///                         readsEventDetails: &reads, scratch: nil, into: &sink)
/// }
/// ```
package struct DecisionBuilder: DecisionSink {
  /// Where the decision handed on is made: uninitialised until then.
  private let target: UnsafeMutablePointer<Decision>
  /// Whether a decision was made in `target` (set once the builder has made it).
  private let handed: UnsafeMutablePointer<Bool>

  /// A builder that makes the decision handed on in `target`, uninitialised until then, and
  /// sets `handed` once it has (both must stay valid while it is used). It makes one decision:
  /// a second would be made over the first, never destroyed.
  package init(into target: UnsafeMutablePointer<Decision>, handed: UnsafeMutablePointer<Bool>) {
    self.target = target
    self.handed = handed
  }

  /// The decision `decide` hands to the sink it is lent (the engine hands it one decision).
  @inline(__always)
  package static func building(_ decide: (inout any DecisionSink) -> Void) -> Decision {
    withUnsafeTemporaryAllocation(of: Decision.self, capacity: 1) { room in
      let target = room.baseAddress.unsafelyUnwrapped
      var handed = false
      withUnsafeMutablePointer(to: &handed) { handed in
        var sink: any DecisionSink = DecisionBuilder(into: target, handed: handed)
        decide(&sink)
      }
      guard handed else { preconditionFailure("the engine handed on no decision") }
      return target.move()
    }
  }

  /// A built decision keeps its effects.
  package var keepsEffects: Bool { true }

  package mutating func take(_ decision: consuming Decision, router: borrowing CompiledRouter) {
    precondition(!handed.pointee, "the engine handed on two decisions")
    target.initialize(to: decision)
    handed.pointee = true
  }

  package mutating func deliver(
    _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool,
    match: borrowing RouteMatch, value: borrowing DecisionValue, reason: DecisionReason?,
    appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
    effects: consuming SessionEffects, handlers: consuming [HandlerCall],
    router: borrowing CompiledRouter
  ) {
    precondition(!handed.pointee, "the engine handed on two decisions")
    let receiver = copy receiver
    target.initialize(
      to: Decision(
        outcome: outcome, scene: receives ? receiver.scene : nil, session: receives ? receiver.session : nil,
        receiver: receiver, match: copy match, action: .deliver, storedValue: copy value,
        storedLists: DecisionSessionLists(), appleRules: appleRules, reason: reason, message: message, trace: trace,
        storedEffects: effects, handlers: handlers))
    handed.pointee = true
  }
}
