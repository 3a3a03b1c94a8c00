public import RouteEvents
public import RouterSupport

/// What an apple-app-site-association file says about one URL: whether it opens the app, which
/// `details` entry and component decided, and why (L5–L17).
///
/// Verdicts are data: a URL that stays in the browser is an answer, not an error.
///
/// ```swift
/// let verdict = association.evaluate(try URLRecord(parsing: "https://example.com/help/website/faq"),
///                                    appID: "ABCDE12345.com.example.app")
/// verdict.outcome          // .excluded
/// verdict.detailsIndex     // 0
/// verdict.componentIndex   // 0
/// verdict.componentText    // {"/":"/help/website/*","exclude":true}
/// verdict.reason           // .componentExcluded
/// verdict.appleRules       // ["L5", "L9"]
/// ```
public struct AASAVerdict: Sendable, Hashable {
  /// The answer.
  public enum Outcome: String, Sendable, Hashable, CaseIterable {
    /// A component matched and does not exclude: the link opens the app.
    case opens
    /// An excluding component matched first: the link opens in the browser (L9).
    case excluded
    /// The file does not claim the URL for the app: it opens in the browser.
    case unclaimed
  }

  /// Why, as a stable code.
  public enum Reason: String, Sendable, Hashable, CaseIterable {
    /// The first matching component opens the app (L5, L6).
    case componentMatched = "component-matched"
    /// The first matching component excludes the URL (L9, L14).
    case componentExcluded = "component-excluded"
    /// No component of the entries for the app matches (L5, L6).
    case noComponentMatched = "no-component-matched"
    /// No `details` entry names the app (L3, L17).
    case appNotListed = "app-not-listed"
    /// The file has no `applinks` (L2).
    case noAppLinks = "no-applinks"
    /// The URL's host is not the domain the file was served for (L16).
    case hostMismatch = "host-mismatch"
    /// The URL is not `https` (L1, L16).
    case notHTTPS = "not-https"
    /// The app's associated domains entitlement does not cover the URL's host (L1).
    case domainNotAssociated = "domain-not-associated"
  }

  /// The answer.
  public var outcome: Outcome
  /// Why, as a stable code.
  public var reason: Reason
  /// The `details` entry that decided, when one did.
  public var detailsIndex: Int?
  /// The app IDs of the deciding entry (empty when none decided).
  public var appIDs: [String]
  /// The component that decided, inside its entry.
  public var componentIndex: Int?
  /// Whether that component came from `components` or legacy `paths`.
  public var componentOrigin: AASAComponent.Origin?
  /// The deciding component as compact JSON, for explanations.
  public var componentText: String?
  /// Where the deciding component is in the file.
  public var componentLocation: SourceLocation?
  /// The rule IDs of `apple-semantics.md` section 10 that decided.
  public var appleRules: [AppleRuleID]
  /// One sentence for people.
  public var message: String

  /// Creates a verdict.
  public init(
    outcome: Outcome, reason: Reason, detailsIndex: Int? = nil, appIDs: [String] = [], componentIndex: Int? = nil,
    componentOrigin: AASAComponent.Origin? = nil, componentText: String? = nil,
    componentLocation: SourceLocation? = nil,
    appleRules: [AppleRuleID], message: String
  ) {
    self.outcome = outcome
    self.reason = reason
    self.detailsIndex = detailsIndex
    self.appIDs = appIDs
    self.componentIndex = componentIndex
    self.componentOrigin = componentOrigin
    self.componentText = componentText
    self.componentLocation = componentLocation
    self.appleRules = appleRules
    self.message = message
  }

  /// Whether the link opens the app.
  public var opens: Bool { outcome == .opens }
  /// Whether an excluding component decided.
  public var isExcluded: Bool { outcome == .excluded }

  /// `details[0].components[1]`, or nil when no component decided.
  public var componentLabel: String? {
    guard let detailsIndex, let componentIndex, let componentOrigin else { return nil }
    return "details[\(detailsIndex)].\(componentOrigin.rawValue)[\(componentIndex)]"
  }

  /// How UIKit hands a link that opens the app to it: an `NSUserActivityTypeBrowsingWeb` activity
  /// whose `webpageURL` is the link (L18, K16); nil when the link does not open the app.
  /// SwiftUI delivers the same link to `onOpenURL` as a URL (E4).
  ///
  /// ```swift
  /// verdict.userActivity(for: url)?.activityType   // "NSUserActivityTypeBrowsingWeb"
  /// ```
  public func userActivity(for url: URLRecord) -> UserActivity? {
    guard opens else { return nil }
    return UserActivity(activityType: UserActivity.browsingWeb, webpageURL: url.text)
  }
}
