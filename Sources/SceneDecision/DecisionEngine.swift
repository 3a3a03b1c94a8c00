public import RouteEvents
public import RouteMatcher
import RouteTables

/// Decides what happens to an event, as Apple's platforms do: which scene session receives it
/// (stage one: the system and SwiftUI or UIKit), then what the app's route asks for (stage two:
/// the receiving scene's handlers and the table's rules).
///
/// A pure function of (compiled router, session state, event): it never performs I/O and never
/// changes the state; ``SessionState/applying(_:)`` gives the next state.
///
/// ```swift
/// var state = SessionState()
/// let decision = DecisionEngine.decide(event, router: router, state: state)
/// print(decision.outcome, decision.scene ?? "-", decision.appleRules)  // open note-editor ["E1", "V3", "S3", …]
/// state = state.applying(decision)
/// ```
public enum DecisionEngine {
  /// Decides one event against the open sessions (none by default: a cold launch).
  ///
  /// With `explains` false, the decision has no trace and no message (every other field is the
  /// same): the fast form for bulk routing.
  public static func decide(
    _ event: Event, router: CompiledRouter, state: SessionState = SessionState(), explains: Bool = true
  ) -> Decision {
    DetailReads.with(all: !event.isSingleURL) { reads in
      decide(event, router: router, state: state, explains: explains, reads: reads)
    }
  }

  /// Decides an event and tells whether the decision read what differs between the URL lines
  /// of one route pattern (``DetailReads``): decisions of other events always count as reading.
  package static func decide(
    _ event: Event, router: CompiledRouter, state: SessionState, explains: Bool, readsEventDetails: inout Bool
  ) -> Decision {
    DetailReads.with(all: !event.isSingleURL) { reads in
      let decision = decide(event, router: router, state: state, explains: explains, reads: reads, scratch: nil)
      readsEventDetails = reads.any
      return decision
    }
  }

  /// The same, matching URLs in the caller's `scratch` (one for a whole run of lines, not one
  /// allocated for every decision), which must stay valid for the call; nil, the match makes
  /// its own. The decision does not depend on what the scratch held.
  package static func decide(
    _ event: Event, router: CompiledRouter, state: SessionState, explains: Bool, readsEventDetails: inout Bool,
    scratch: UnsafeMutablePointer<MatchScratch>?
  ) -> Decision {
    DetailReads.with(all: !event.isSingleURL) { reads in
      let decision = decide(event, router: router, state: state, explains: explains, reads: reads, scratch: scratch)
      readsEventDetails = reads.any
      return decision
    }
  }

  private static func decide(
    _ event: Event, router: CompiledRouter, state: SessionState, explains: Bool, reads: DetailReads,
    scratch: UnsafeMutablePointer<MatchScratch>? = nil
  ) -> Decision {
    // The context reads the router and the state in place, for this call only.
    // The matcher is handed `router` itself (a load from the pointer is a copy).
    withUnsafePointer(to: router) { pointer in
      withUnsafePointer(to: state) { state in
        var ctx = DecisionContext(router: pointer, state: state, explains: explains, reads: reads, scratch: scratch)
        var decision = decide(event, router: router, &ctx)
        // Each is called only for the decisions it changes (its own first test): the context
        // passed by value was copied (176 bytes) for each call, for every decision.
        if decision.outcome == .dismiss { AppLifetime.afterClosing(&decision, ctx) }
        if !decision.closedSessions.isEmpty { WindowPush.afterClosing(&decision, ctx) }
        return decision
      }
    }
  }

  /// `router` is the context's router, borrowed: the stage that matches reads it as a
  /// parameter (through the context's pointer, each call to the matcher copied the router).
  private static func decide(_ event: Event, router: borrowing CompiledRouter, _ ctx: inout DecisionContext)
    -> Decision
  {
    switch event.kind {
    case .url where !event.extraURLs.isEmpty:
      return ExtraURLs.decide(ExternalEvents.decide(event, router: router, &ctx), event, ctx)
    case .url, .activity, .notification, .shortcut:
      return ExternalEvents.decide(event, router: router, &ctx)
    case .openWindow(let request):
      return windowDecision(WindowActions.open(request, &ctx), action: .openWindow, ctx)
    case .dismissWindow(let request):
      return windowDecision(WindowActions.dismiss(request, &ctx), action: .dismissWindow, ctx)
    case .pushWindow(let request):
      return WindowPush.push(request, &ctx)
    case .activationRequest(let request):
      return ActivationRequests.decide(request, &ctx)
    case .session(let action):
      return SessionActions.decide(action, &ctx)
    case .launch:
      return LaunchAndReopen.launch(&ctx)
    case .reopen:
      return LaunchAndReopen.reopen(&ctx)
    case .dismiss(let request):
      return WindowActions.dismissAction(request, &ctx)
    case .activate(let allWindows):
      return LaunchAndReopen.activate(allWindows: allWindows, &ctx)
    }
  }

  static func windowDecision(_ r: WindowActions.Result, action: RouteTarget.Action, _ ctx: DecisionContext) -> Decision
  {
    ctx.decision(
      r.outcome, scene: r.scene, session: r.session, action: action, value: r.value, closed: r.closed,
      reason: r.reason, message: r.message)
  }
}
