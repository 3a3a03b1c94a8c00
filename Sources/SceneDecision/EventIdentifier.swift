public import RouteEvents
import RouteTables
public import RouterSupport

/// The string scene conditions are matched against (E1–E8): a URL's `absoluteString`; an
/// activity's `targetContentIdentifier`, else its `webpageURL`; a notification's or a shortcut's
/// `targetContentIdentifier`; or none (E3).
///
/// ```swift
/// EventIdentifier.of(event)?.text   // "notes://note/6F0E…" (exactly Foundation's absoluteString, E8)
/// ```
///
/// A URL's identifier keeps the URL and makes its `absoluteString` when ``text`` is read: most
/// decisions never read it (a table whose scenes have no matching sets, a decision that does
/// not explain itself), and making it is a pass over every byte of the URL.
public struct EventIdentifier: Sendable, Hashable {
  /// The identifier, or nil when the event has none (E3).
  public var text: String? {
    get {
      switch storage {
      case .text(let text): return text
      case .url(let url): return url.absoluteString
      case .urlAt(let url): return url.pointee.absoluteString
      }
    }
    set {
      storage = .text(newValue)
      hasText = newValue != nil
      isResolved = true
    }
  }
  /// ``text`` of the identifier at `p`, its fields read in place (the property, read through
  /// the pointer, copied the whole identifier first: `ObservedInPlace` reads it this way).
  static func text(at p: UnsafePointer<EventIdentifier>) -> String? {
    switch p.pointee.storage {
    case .text(let text): return text
    case .url(let url): return url.absoluteString
    case .urlAt(let url): return url.pointee.absoluteString
    }
  }

  /// The rule that defines it.
  public var rule: AppleRuleID
  /// How it was found, for explanations.
  public var source: String

  /// The text, or the URL whose `absoluteString` it is (made when it is read): kept, or lent
  /// for one decision (``of(urlAt:)``).
  ///
  /// Unchecked: a lent URL is read only inside the call that lends it, on its thread (no
  /// identifier made by ``of(urlAt:)`` outlives that call); the other cases are `Sendable`.
  private enum Storage: @unchecked Sendable {
    case text(String?)
    case url(URLRecord)
    case urlAt(UnsafePointer<URLRecord>)
  }
  private var storage: Storage
  /// Whether the event has an identifier (``text`` is not nil), without making it.
  ///
  /// Stored, as ``isResolved`` is: the engine reads an identifier in place, through a pointer
  /// (`ObservedInPlace`), and a property computed from ``storage`` copied the whole identifier
  /// (its URL among it) at every test.
  private(set) var hasText: Bool
  /// Whether ``text`` is at hand (not made from the URL when it is read).
  private(set) var isResolved: Bool

  init(text: String?, rule: AppleRuleID, source: String) {
    self.storage = .text(text)
    self.rule = rule
    self.source = source
    self.hasText = text != nil
    self.isResolved = true
  }

  /// The identifier of a URL: its `absoluteString`, made when it is read.
  private init(url: URLRecord, rule: AppleRuleID, source: String) {
    self.storage = .url(url)
    self.rule = rule
    self.source = source
    self.hasText = true
    self.isResolved = false
  }

  /// The identifier of the URL at `url`, as ``of(url:)`` makes it, reading the URL there: valid
  /// only while `url` is (the engine's URL line: a copy of the URL in the identifier, a
  /// `memcpy` of its ranges and a retain of its text, then its destroy, cost about 250
  /// instructions a line).
  private init(urlAt url: UnsafePointer<URLRecord>) {
    self.storage = .urlAt(url)
    self.rule = .e1
    self.source = "the URL's absoluteString"
    self.hasText = true
    self.isResolved = false
  }

  /// The same identifier with its text made once, for a caller that reads it many times.
  func resolved() -> EventIdentifier {
    if case .text = storage { return self }
    return EventIdentifier(text: text, rule: rule, source: source)
  }

  /// Whether two identifiers have the same text, rule and source, however their text is kept.
  ///
  /// ```swift
  /// EventIdentifier.of(event) == EventIdentifier.of(event).map { $0 }   // true
  /// ```
  public static func == (a: EventIdentifier, b: EventIdentifier) -> Bool {
    a.rule == b.rule && a.source == b.source && a.text == b.text
  }

  /// Hashes the text, the rule and the source (as `==` compares them).
  ///
  /// ```swift
  /// Set([EventIdentifier.of(event)]).count   // 1
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(rule)
    hasher.combine(source)
  }

  /// The identifier of a URL event (``of(_:)`` for `.url`), not optional: the engine's path for
  /// URL lines (an optional identifier was destroyed through `Optional`'s generic witnesses).
  static func of(url: URLRecord) -> EventIdentifier {
    EventIdentifier(url: url, rule: .e1, source: "the URL's absoluteString")
  }

  /// ``of(url:)`` for the URL at `url`, which it reads there: the identifier is valid only while
  /// `url` is, and must not outlive the call that lends it. It holds nothing to release (a
  /// pointer and a literal source), and the engine does not destroy it
  /// (`ExternalEvents.decide(url:router:_:into:)`): keep it so.
  static func of(urlAt url: UnsafePointer<URLRecord>) -> EventIdentifier {
    EventIdentifier(urlAt: url)
  }

  /// The identifier of an external event; nil for events that are not routed by scene conditions.
  public static func of(_ event: Event) -> EventIdentifier? {
    switch event.kind {
    case .url(let url):
      return of(url: url)
    case .activity(let activity):
      if let tci = activity.targetContentIdentifier {
        return EventIdentifier(text: tci, rule: .e2, source: "the activity's targetContentIdentifier")
      }
      if let web = activity.webpageURL {
        let absolute = (try? URLRecord(parsing: web))?.absoluteString ?? web
        return EventIdentifier(
          text: absolute, rule: .e2, source: "the activity's webpageURL (no targetContentIdentifier)")
      }
      return EventIdentifier(
        text: nil, rule: .e3, source: "the activity has neither a targetContentIdentifier nor a webpageURL")
    case .notification(let response):
      let tci = response.targetContentIdentifier
      return EventIdentifier(
        text: tci, rule: tci == nil ? .e3 : .e5, source: "the notification's targetContentIdentifier")
    case .shortcut(let item):
      let tci = item.targetContentIdentifier
      return EventIdentifier(
        text: tci, rule: tci == nil ? .e3 : .e5, source: "the shortcut's targetContentIdentifier")
    case .activationRequest(let request):
      let tci = request.activity?.targetContentIdentifier
      return EventIdentifier(
        text: tci, rule: tci == nil ? .e3 : .e5, source: "the activity's targetContentIdentifier")
    case .openWindow, .dismissWindow, .pushWindow, .session, .launch, .reopen, .dismiss, .activate:
      return nil
    }
  }

  /// Whether a `handlesExternalEvents` set matches, as the predicate SwiftUI makes of it would
  /// (M1–M6, V9), without building that predicate. The text is made only when a non-empty
  /// string of a set without `*` is compared with it.
  func satisfies(set: [String], _ policies: ScenePolicies) -> Bool {
    Self.satisfies(set: set, hasText: hasText, policies) { text }
  }

  /// The rule of ``satisfies(set:_:)`` on what it reads: whether there is a text, and the text
  /// itself, asked for only when a non-empty string of a set without `*` is compared with it
  /// (for an identifier read through a pointer: a method called on it copies it first).
  static func satisfies(set: [String], hasText: Bool, _ policies: ScenePolicies, text: () -> String?) -> Bool {
    if !hasText && policies.missingIdentifier == .matchesNothing { return false }
    if set.contains("*") { return true }
    guard set.contains(where: { !$0.isEmpty }), let text = text() else { return false }
    for s in set where !s.isEmpty {
      if ActivationPredicate.Comparison(.contains, s, caseInsensitive: true, diacriticInsensitive: true).evaluate(text)
      {
        return true
      }
    }
    return false
  }

  /// Whether matching `set` reads the identifier's text (not for `*`, nor for empty strings).
  static func readsText(set: [String]) -> Bool {
    !set.contains("*") && set.contains { !$0.isEmpty }
  }

  /// Whether a predicate holds for this identifier, under the missing-identifier policy (AMB3).
  func satisfies(_ predicate: ActivationPredicate, _ policies: ScenePolicies) -> Bool {
    if !hasText && policies.missingIdentifier == .matchesNothing { return false }
    return withUnsafePointer(to: self) { Self.evaluate(predicate, at: $0) }
  }

  /// `predicate.evaluate(text)` for the identifier at `p`, read in place: a URL's identifier is
  /// tested on the URL's bytes when they are its `absoluteString`
  /// (``ActivationPredicate/evaluate(absoluteStringOf:)``), with no string made.
  static func evaluate(_ predicate: ActivationPredicate, at p: UnsafePointer<EventIdentifier>) -> Bool {
    switch p.pointee.storage {
    case .text(let text): return predicate.evaluate(text)
    case .url(let url): return predicate.evaluate(absoluteStringOf: url)
    case .urlAt(let url): return predicate.evaluate(absoluteStringOf: url.pointee)
    }
  }
}
