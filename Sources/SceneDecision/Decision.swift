public import RouteMatcher
public import RouteTables
public import RouterSupport

/// What happens to one event: which scene session receives it, what the app's route asks for,
/// the final effect, the Apple rule IDs that decided it, and a trace of how.
///
/// ```swift
/// let decision = DecisionEngine.decide(event, router: router, state: state)
/// decision.outcome      // .open
/// decision.scene        // "note-editor"
/// decision.appleRules   // ["S4", "W8"]
/// print(decision.explanation)  // the trace, for people
/// ```
public struct Decision: Sendable, Hashable {
  /// The final effect of an event.
  public enum Outcome: String, Sendable, Hashable, CaseIterable, Codable {
    /// A new session (window) of ``Decision/scene`` is created and shows the content.
    case open
    /// An existing session receives the event.
    case deliver
    /// An existing window is brought to the front (`openWindow` found it, or a `Window`).
    case front
    /// Windows are closed (`dismissWindow`, a person closing one, K14).
    case dismiss
    /// A session changes without an event reaching it: its sets, its value or its state (V6, K13).
    case update
    /// The app relaunches and restores its sessions (W13, K8).
    case restore
    /// The action is ignored (for example `openWindow` without multiple-window support, W11).
    case ignore
    /// The event reaches no handler, or no scene at all; it is lost.
    case drop
    /// The link is not for this app (it opens in the browser, or nowhere).
    case notForApp
    /// The input line is not a valid event.
    case error
  }

  /// The session that received the event from the system (stage one: scene selection).
  public struct Receiver: Sendable, Hashable {
    public var scene: String
    public var session: String
    /// Whether the session was created for this event.
    public var isNew: Bool
    /// Creates a receiver.
    public init(scene: String, session: String, isNew: Bool) {
      self.scene = scene
      self.session = session
      self.isNew = isNew
    }
  }

  public var outcome: Outcome
  /// The scene declaration of the final effect.
  public var scene: String?
  /// The session of the final effect (new or existing).
  public var session: String?
  public var receiver: Receiver?
  /// The rule the event matched, with its parameters.
  public var match: RouteMatch?
  /// The action of the matched rule.
  public var action: RouteTarget.Action?
  /// The value the action presents (rendered from the rule's value template).
  ///
  /// A route's value is kept as its template and the match's parameters, and rendered when
  /// read: a record writes it from the two without making it. Setting it keeps the value given.
  public var value: JSONValue? {
    get { storedValue.value }
    set { storedValue = DecisionValue(newValue) }
  }
  /// The value as the decision keeps it (``value`` renders it).
  package var storedValue: DecisionValue
  /// Sessions closed by the decision.
  public var closedSessions: [String] {
    get { storedLists.closed }
    set { storedLists.closed = newValue }
  }
  /// Every session a launch opens, when it opens more than one (`defaultLaunchBehavior(.presented)`,
  /// W24); empty otherwise (``session`` is the one it opens).
  public var openedSessions: [String] {
    get { storedLists.opened }
    set { storedLists.opened = newValue }
  }
  /// The fates of the URLs after the first of one open request that carries several (MAC4), in
  /// the request's order; empty for every other event.
  public var extraURLs: [ExtraURL] {
    get { storedLists.extraURLs }
    set { storedLists.extraURLs = newValue }
  }
  /// The closed and opened sessions and the extra URLs as the decision keeps them: one empty
  /// reference when the three are empty, as they are for most decisions.
  package var storedLists: DecisionSessionLists
  /// The IDs of the Apple rules (apple-semantics.md) that decided it, in the order they applied
  /// (kept without an allocation: ``AppleRuleList``).
  public var appleRules: AppleRuleList
  /// A stable code for why an event was dropped, ignored or rejected.
  public var reason: DecisionReason?
  /// One sentence for people.
  public var message: String
  /// Every step considered, in order.
  public var trace: [TraceStep]
  /// What the decision does to the open sessions; ``SessionState/applying(_:)`` performs it.
  ///
  /// The one session most decisions that open a window create is kept without an array, which
  /// is made when this is read. Setting it keeps the effects given.
  public var effects: [SessionEffect] {
    get { storedEffects.array }
    set { storedEffects = SessionEffects(newValue) }
  }
  /// The effects as the decision keeps them (``effects`` is their array).
  package var storedEffects: SessionEffects
  /// The handlers of the app's code the event reached, in the order they run (D4, K15, K16):
  /// the SwiftUI `onOpenURL` / `onContinueUserActivity` of each view the table declares, or the
  /// UIKit scene delegate methods. Empty when no handler runs, and for a SwiftUI scene whose
  /// handlers the table does not declare (the model does not know them).
  public var handlers: [HandlerCall]

  /// The trace for people: one line a step, `✓` chosen, `✗` rejected, `·` noted.
  public var explanation: String {
    trace.map { step in
      let mark = step.verdict == .chosen ? "✓" : step.verdict == .rejected ? "✗" : "·"
      return "\(mark) \(step.stage.rawValue): \(step.subject) — \(step.detail)" + (step.rule.map { " [\($0)]" } ?? "")
    }.joined(separator: "\n")
  }
}

// The initializers are in extensions, and call the memberwise initializer the compiler makes:
// an initializer written in the type assigned each field of a value built in a temporary, and
// the optimizer then copied the whole value out and destroyed the temporary (an outlined copy
// and destroy of every field, about 800 instructions a decision; docs/performance.md).

extension Decision {
  /// Creates a decision.
  public init(
    outcome: Outcome, scene: String? = nil, session: String? = nil, receiver: Receiver? = nil,
    match: RouteMatch? = nil, action: RouteTarget.Action? = nil, value: JSONValue? = nil,
    closedSessions: [String] = [], appleRules: AppleRuleList = [], reason: DecisionReason? = nil, message: String = "",
    trace: [TraceStep] = [], effects: [SessionEffect] = [], handlers: [HandlerCall] = []
  ) {
    self.init(
      outcome: outcome, scene: scene, session: session, receiver: receiver, match: match, action: action,
      storedValue: DecisionValue(value), storedLists: DecisionSessionLists(closed: closedSessions),
      appleRules: appleRules, reason: reason,
      message: message, trace: trace, storedEffects: SessionEffects(effects), handlers: handlers)
  }
}
