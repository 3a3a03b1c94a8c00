package import RouteMatcher
package import RouteTables
package import RouterSupport

/// Where the engine hands the decision of a URL, an activity, a notification or a shortcut that
/// a route delivers (the common decision: a route whose action is `deliver`), in parts, where
/// the engine holds them, instead of building a ``Decision``.
///
/// A record writer (DecisionRecords' NDJSON writer) writes the record from the parts, and no
/// decision is built for it to read and then destroy (about 760 instructions a GitHub line,
/// docs/performance.md); ``DecisionBuilder`` builds the decision from the same parts, for
/// ``DecisionEngine/decide(_:router:state:explains:)``. Both go through the same engine code,
/// so the two are the same decision by construction. A route's window action that closes no
/// window is handed in parts too
/// (``windowAction(_:scene:session:receiver:match:action:value:reason:appleRules:message:trace:effects:handlers:router:)``:
/// a sink that does not implement it gets the decision built whole). Every other decision is
/// built whole, as it was, and handed to ``take(_:router:)``.
///
/// The engine takes it as `inout any DecisionSink`, and a sink is one pointer or two, held in
/// place (no box): a closure that received the decision copied it (456 bytes), and a generic
/// parameter, unspecialised across modules, made the engine copy the router at every stage.
///
/// ```swift
/// let decision = DecisionBuilder.building { sink in
///   DecisionEngine.decide(event, router: router, state: state, explains: false,
///                         readsEventDetails: &reads, scratch: nil, into: &sink)
/// }
/// ```
package protocol DecisionSink {
  /// The decision of an event a route delivers (its action `deliver`): `outcome` is `.open` or
  /// `.deliver` when `receives` (the decision's scene and session are then the receiver's), or
  /// `.drop` (the route belongs to another scene: no scene, no session). The value is kept as
  /// ``Decision/storedValue`` keeps it; the message is empty without explanations, and the
  /// trace, the effects and the handlers are the context's, moved here. The decision closes,
  /// opens and forwards nothing (its lists are empty). `router` is the router it was decided
  /// with, borrowed (a writer reads its value plans in place: read through a pointer, they were
  /// copied, each of their arrays retained, for every record).
  mutating func deliver(
    _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool,
    match: borrowing RouteMatch, value: borrowing DecisionValue, reason: DecisionReason?,
    appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
    effects: consuming SessionEffects, handlers: consuming [HandlerCall],
    router: borrowing CompiledRouter)

  /// Whether the sink keeps the effects of the decisions it is handed (applies them, or returns
  /// them in a ``Decision``). A sink that does not (a stateless run's record writer, which does
  /// not write them) may be handed a decision whose effects leave out the last session it
  /// opens: the engine neither renders a route's value only for a new window's session nor
  /// records that session (``WindowActions/openFindingNone(id:_:)``).
  var keepsEffects: Bool { get }

  /// Any other decision, built whole (and, for a dismissal, after what closing windows does).
  /// `router` is the router it was decided with, borrowed, as ``deliver(_:receiver:receives:match:value:reason:appleRules:message:trace:effects:handlers:router:)``
  /// gets it (a writer read its value plans through a pointer, and copied them, each of their
  /// arrays retained, for every record).
  mutating func take(_ decision: consuming Decision, router: borrowing CompiledRouter)

  /// The decision of a route's window action (`openWindow` or `dismissWindow`, `action`) that
  /// closes no window, in parts, where the engine holds them: its outcome, scene and session
  /// (the window's, if any), the receiver of the event, the match, the value as
  /// ``Decision/storedValue`` keeps it, and the context's trace, effects and handlers, moved
  /// here. Its lists are empty. The default builds the ``Decision`` the parts make and hands it
  /// to ``take(_:router:)``; a record writer writes the record from the parts (a Notes window
  /// line's decision was built, read, then destroyed: about 700 instructions).
  mutating func windowAction(
    _ outcome: Decision.Outcome, scene: String?, session: String?, receiver: borrowing Decision.Receiver,
    match: borrowing RouteMatch, action: RouteTarget.Action, value: borrowing DecisionValue,
    reason: DecisionReason?, appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
    effects: consuming SessionEffects, handlers: consuming [HandlerCall], router: borrowing CompiledRouter)
}

extension DecisionSink {
  /// The decision the parts make, built whole and handed to ``take(_:router:)``.
  ///
  /// ```swift
  /// sink.windowAction(.open, scene: "editor", session: "S2", receiver: r, match: m, action: .openWindow,
  ///                   value: v, reason: nil, appleRules: rules, message: "", trace: [], effects: e,
  ///                   handlers: [], router: router)
  /// ```
  package mutating func windowAction(
    _ outcome: Decision.Outcome, scene: String?, session: String?, receiver: borrowing Decision.Receiver,
    match: borrowing RouteMatch, action: RouteTarget.Action, value: borrowing DecisionValue,
    reason: DecisionReason?, appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
    effects: consuming SessionEffects, handlers: consuming [HandlerCall], router: borrowing CompiledRouter
  ) {
    take(
      Decision(
        outcome: outcome, scene: scene, session: session, receiver: copy receiver, match: copy match, action: action,
        storedValue: copy value, storedLists: DecisionSessionLists(), appleRules: appleRules, reason: reason,
        message: message, trace: trace, storedEffects: effects, handlers: handlers), router: router)
  }
}
