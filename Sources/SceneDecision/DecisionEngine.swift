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
    DecisionBuilder.building { sink in
      decide(
        event, router: router, state: state, explains: explains, readsEventDetails: &readsEventDetails,
        scratch: scratch, into: &sink)
    }
  }

  /// The same, with the decision handed to `sink`: in parts for a route that delivers the
  /// event, else whole (``DecisionSink``).
  /// An existential, not a generic parameter: the engine's code is then compiled once, for every
  /// sink (unspecialised across modules, the generic stages copied the router at each call, about
  /// 1,400 instructions a line); a sink is kept small (a pointer) so that it is held in place.
  package static func decide(
    _ event: Event, router: CompiledRouter, state: SessionState, explains: Bool, readsEventDetails: inout Bool,
    scratch: UnsafeMutablePointer<MatchScratch>?, into sink: inout any DecisionSink
  ) {
    DetailReads.with(all: !event.isSingleURL) { reads in
      decide(event, router: router, state: state, explains: explains, reads: reads, scratch: scratch, into: &sink)
      readsEventDetails = reads.any
    }
  }

  /// The decision of a URL event without extra URLs, `Event(.url(url))`, handed to `sink` as
  /// ``decide(_:router:state:explains:readsEventDetails:scratch:into:)`` hands it, from the URL
  /// alone: a line router's URL lines make no `Event` (one built for every line, then
  /// destroyed, cost its copy of the URL and its generic destroy).
  package static func decide(
    url: URLRecord, router: CompiledRouter, state: SessionState, explains: Bool, readsEventDetails: inout Bool,
    scratch: UnsafeMutablePointer<MatchScratch>?, into sink: inout any DecisionSink
  ) {
    DetailReads.with(all: false) { reads in
      withUnsafePointer(to: router) { pointer in
        withUnsafePointer(to: state) { state in
          // The context is made in place and destroyed only when it holds something to release
          // (``DecisionContext/holdsNothingToRelease``): a delivered route's holds nothing once
          // its parts are handed on.
          withUnsafeTemporaryAllocation(of: DecisionContext.self, capacity: 1) { buffer in
            let ctx = buffer.baseAddress!
            ctx.initialize(
              to: DecisionContext(router: pointer, state: state, explains: explains, reads: reads, scratch: scratch))
            ExternalEvents.decide(url: url, router: router, &ctx.pointee, into: &sink)
            if !ctx.pointee.holdsNothingToRelease { ctx.deinitialize(count: 1) }
          }
        }
      }
      readsEventDetails = reads.any
    }
  }

  private static func decide(
    _ event: Event, router: CompiledRouter, state: SessionState, explains: Bool, reads: DetailReads,
    scratch: UnsafeMutablePointer<MatchScratch>? = nil
  ) -> Decision {
    DecisionBuilder.building { sink in
      decide(event, router: router, state: state, explains: explains, reads: reads, scratch: scratch, into: &sink)
    }
  }

  private static func decide(
    _ event: Event, router: CompiledRouter, state: SessionState, explains: Bool, reads: DetailReads,
    scratch: UnsafeMutablePointer<MatchScratch>?, into sink: inout any DecisionSink
  ) {
    // The context reads the router and the state in place, for this call only.
    // The matcher is handed `router` itself (a load from the pointer is a copy).
    withUnsafePointer(to: router) { pointer in
      withUnsafePointer(to: state) { state in
        var ctx = DecisionContext(router: pointer, state: state, explains: explains, reads: reads, scratch: scratch)
        // The decision goes to the sink: a delivered route's in parts, any other whole, finished.
        decide(event, router: router, &ctx, into: &sink)
      }
    }
  }

  /// `router` is the context's router, borrowed: the stage that matches reads it as a
  /// parameter (through the context's pointer, each call to the matcher copied the router).
  /// The decision is handed to `sink` (``DecisionContext/hand(_:router:to:)``), not returned: each
  /// return of it through the stages moved its 456 bytes.
  private static func decide(
    _ event: Event, router: borrowing CompiledRouter, _ ctx: inout DecisionContext, into sink: inout any DecisionSink
  ) {
    switch event.kind {
    case .url where !event.extraURLs.isEmpty:
      // The extra URLs' fates are added to the first URL's decision, built whole and finished
      // with them.
      ctx.finishesDecisions = false
      let first = DecisionBuilder.building { ExternalEvents.decide(event, router: router, &ctx, into: &$0) }
      ctx.finishesDecisions = true
      ctx.hand(ExtraURLs.decide(first, event, ctx), router: router, to: &sink)
    case .url, .activity, .notification, .shortcut:
      ExternalEvents.decide(event, router: router, &ctx, into: &sink)
    case .openWindow(let request):
      ctx.hand(windowDecision(WindowActions.open(request, &ctx), action: .openWindow, ctx), router: router, to: &sink)
    case .dismissWindow(let request):
      ctx.hand(
        windowDecision(WindowActions.dismiss(request, &ctx), action: .dismissWindow, ctx), router: router, to: &sink)
    case .pushWindow(let request):
      ctx.hand(WindowPush.push(request, &ctx), router: router, to: &sink)
    case .activationRequest(let request):
      ctx.hand(ActivationRequests.decide(request, &ctx), router: router, to: &sink)
    case .session(let action):
      ctx.hand(SessionActions.decide(action, &ctx), router: router, to: &sink)
    case .launch:
      ctx.hand(LaunchAndReopen.launch(&ctx), router: router, to: &sink)
    case .reopen:
      ctx.hand(LaunchAndReopen.reopen(&ctx), router: router, to: &sink)
    case .dismiss(let request):
      ctx.hand(WindowActions.dismissAction(request, &ctx), router: router, to: &sink)
    case .activate(let allWindows):
      ctx.hand(LaunchAndReopen.activate(allWindows: allWindows, &ctx), router: router, to: &sink)
    }
  }

  static func windowDecision(_ r: WindowActions.Result, action: RouteTarget.Action, _ ctx: DecisionContext) -> Decision
  {
    ctx.decision(
      r.outcome, scene: r.scene, session: r.session, action: action, value: r.value, closed: r.closed,
      reason: r.reason, message: r.message)
  }
}
