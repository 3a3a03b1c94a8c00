/// What becomes of a URL after the first of one open request that carries several (MAC4): the
/// request's decision is the first URL's; each extra URL has its own fate.
///
/// With the SwiftUI lifecycle one URL reaches the scene's `onOpenURL`; the extra ones reach the
/// app delegate's `application(_:open:)` when the table's `extraURLs` policy says the app has
/// one (`appDelegate`), and are lost otherwise. A UIKit scene gets them all in one
/// `Set<UIOpenURLContext>`: the extra URLs reach the session the first one reached.
///
/// ```swift
/// decision.extraURLs.first?.outcome      // .drop
/// decision.extraURLs.first?.reason       // .extraURLNeedsAppDelegate
/// ```
public struct ExtraURL: Sendable, Hashable {
  /// The URL as the request wrote it.
  public var url: String
  /// `deliver` (it reaches ``handler``), `drop` (lost: ``reason`` says why) or `notForApp`.
  public var outcome: Decision.Outcome
  /// The session whose scene delegate receives it (UIKit); nil for the app delegate.
  public var session: String?
  /// The method that receives it, for a URL delivered.
  public var handler: HandlerCall.Handler?
  /// Why it is dropped or not for the app.
  public var reason: DecisionReason?

  /// Creates a fate.
  public init(
    url: String, outcome: Decision.Outcome, session: String? = nil, handler: HandlerCall.Handler? = nil,
    reason: DecisionReason? = nil
  ) {
    self.url = url
    self.outcome = outcome
    self.session = session
    self.handler = handler
    self.reason = reason
  }
}
