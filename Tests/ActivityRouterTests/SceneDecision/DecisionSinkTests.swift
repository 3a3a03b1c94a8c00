import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import SceneDecision

/// The engine hands each decision to its sink once: a route whose action is `deliver` in parts
/// (what the record writer relies on: a match, the action `deliver`, no lists), a route's window
/// action that closes no window in parts (a receiver, a match, the action, no lists), any other
/// whole; and the decision the parts make is the one `DecisionEngine.decide` returns.
@Suite struct DecisionSinkTests {
  /// What a sink was handed.
  final class Counts {
    var delivered = 0
    var windowActions = 0
    var taken = 0
  }

  /// Counts what it is handed, and builds the decision as ``DecisionBuilder`` does; keeps the
  /// decision's effects or not (a stateless run's record writer keeps none).
  struct Recording: DecisionSink {
    var builder: DecisionBuilder
    let counts: Counts
    let keepsEffects: Bool

    mutating func deliver(
      _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool,
      match: borrowing RouteMatch, value: borrowing DecisionValue, reason: DecisionReason?,
      appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
      effects: consuming SessionEffects, handlers: consuming [HandlerCall],
      router: borrowing CompiledRouter
    ) {
      counts.delivered += 1
      builder.deliver(
        outcome, receiver: receiver, receives: receives, match: match, value: value, reason: reason,
        appleRules: appleRules, message: message, trace: trace, effects: effects, handlers: handlers, router: router)
    }

    mutating func take(_ decision: consuming Decision, router: borrowing CompiledRouter) {
      counts.taken += 1
      builder.take(decision, router: router)
    }

    mutating func windowAction(
      _ outcome: Decision.Outcome, scene: String?, session: String?, receiver: borrowing Decision.Receiver,
      match: borrowing RouteMatch, action: RouteTarget.Action, value: borrowing DecisionValue,
      reason: DecisionReason?, appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
      effects: consuming SessionEffects, handlers: consuming [HandlerCall], router: borrowing CompiledRouter
    ) {
      counts.windowActions += 1
      // The builder's is the protocol's default: the decision built whole, then taken.
      builder.windowAction(
        outcome, scene: scene, session: session, receiver: receiver, match: match, action: action, value: value,
        reason: reason, appleRules: appleRules, message: message, trace: trace, effects: effects, handlers: handlers,
        router: router)
    }
  }

  /// The decision the engine hands a ``Recording`` sink for `event`, without open sessions,
  /// built as ``DecisionBuilder`` builds it; nil when nothing was handed.
  static func handed(
    _ event: Event, _ router: CompiledRouter, explains: Bool, keepsEffects: Bool = true, counts: Counts = Counts()
  ) -> Decision? {
    var reads = false
    return withUnsafeTemporaryAllocation(of: Decision.self, capacity: 1) { room in
      let target = room.baseAddress!
      var handed = false
      withUnsafeMutablePointer(to: &handed) { handed in
        var sink: any DecisionSink = Recording(
          builder: DecisionBuilder(into: target, handed: handed), counts: counts, keepsEffects: keepsEffects)
        DecisionEngine.decide(
          event, router: router, state: SessionState(), explains: explains, readsEventDetails: &reads,
          scratch: nil, into: &sink)
      }
      return handed ? target.move() : nil
    }
  }

  @Test(arguments: [false, true])
  func eachDecisionIsHandedOnceInPartsWhenARouteDeliversIt(explains: Bool) throws {
    var windowActions = 0
    for router in try SharedScratchTests.routers() {
      var delivered = 0
      var taken = 0
      var mismatches: [String] = []
      for line in try SharedScratchTests.lines() {
        guard case .success(let event) = EventReader.read(line: line) else { continue }
        let counts = Counts()
        guard let decision = Self.handed(event, router, explains: explains, counts: counts) else {
          mismatches.append(line)
          continue
        }
        let routeDelivers = decision.action == .deliver && event.extraURLs.isEmpty
        if counts.delivered + counts.windowActions + counts.taken != 1 || (counts.delivered == 1) != routeDelivers
          || decision != DecisionEngine.decide(event, router: router, state: SessionState(), explains: explains)
        {
          mismatches.append(line)
        }
        if counts.delivered == 1 {
          #expect(decision.match != nil && decision.storedLists.isEmpty, "\(line)")
        }
        if counts.windowActions == 1 {
          #expect(
            decision.action == .openWindow || decision.action == .dismissWindow, "\(line)")
          #expect(
            decision.match != nil && decision.receiver != nil && decision.storedLists.isEmpty
              && decision.outcome != .dismiss, "\(line)")
        }
        windowActions += counts.windowActions
        delivered += counts.delivered
        taken += counts.taken
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
      #expect(delivered > 0 && taken > 0)
    }
    // The Notes table's `note`, `close` and `new` URLs.
    #expect(windowActions > 0)
  }

  /// A sink that keeps no effects gets the decision `decide(...)` returns but for one thing: an
  /// `openWindow` route that opens a new window opens it without recording its session as an
  /// effect (``WindowActions/openFindingNone(id:_:)`` for one by value that can find no window,
  /// no explanation asked, which keeps the value as the route's template;
  /// ``WindowActions/open(_:_:recordsNewWindow:)`` for the others); every other field, the value
  /// included, is the same.
  @Test(arguments: [false, true])
  func aSinkThatKeepsNoEffectsGetsTheSameDecisionButTheNewWindowsEffect(explains: Bool) throws {
    var withoutEffect = 0
    for router in try SharedScratchTests.routers() {
      var mismatches: [String] = []
      for line in try SharedScratchTests.lines() {
        guard case .success(let event) = EventReader.read(line: line) else { continue }
        guard let decision = Self.handed(event, router, explains: explains, keepsEffects: false) else {
          mismatches.append(line)
          continue
        }
        let expected = DecisionEngine.decide(event, router: router, state: SessionState(), explains: explains)
        var same = decision
        if decision.effects != expected.effects {
          // The one difference allowed: the new window's session, the last effect, left out.
          guard decision.action == .openWindow, decision.outcome == .open,
            decision.effects == Array(expected.effects.dropLast()),
            case .create(let window)? = expected.effects.last, window.id == decision.session
          else {
            mismatches.append(line)
            continue
          }
          same.effects = expected.effects
          withoutEffect += 1
        }
        if same != expected { mismatches.append(line) }
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }
    // The Notes table's `note` and `new` URLs take that way.
    #expect(withoutEffect > 0)
  }
}
