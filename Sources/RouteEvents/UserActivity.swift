public import RouterSupport

/// An `NSUserActivity` as it reaches an app: Handoff, Spotlight, a universal link, a scene
/// activation request.
///
/// ```swift
/// let activity = UserActivity(activityType: "com.example.notes.edit",
///                             userInfo: ["noteID": "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"])
/// activity.identifier   // nil: no targetContentIdentifier and no webpageURL (E3)
/// ```
public struct UserActivity: Sendable, Hashable {
  /// `NSUserActivityTypeBrowsingWeb`: a universal link or a web-to-app Handoff (A7).
  public static let browsingWeb = "NSUserActivityTypeBrowsingWeb"

  public var activityType: String
  public var targetContentIdentifier: String?
  /// The `webpageURL` as written (http or https, A3).
  public var webpageURL: String?
  public var userInfo: JSONObject
  public var title: String?
  /// For a ``browsingWeb`` activity: whether it is a universal link (`true`, and nil, the
  /// default) or a web page handed off from a browser such as Safari (`false`). SwiftUI passes
  /// a universal link to `onOpenURL` as a URL and a Handoff to
  /// `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)` (E4, A7).
  public var isUniversalLink: Bool?
  /// Whether the activity arrives through Handoff from another device (`true`); a browsing-web
  /// activity that is not a universal link is a Handoff too. UIKit gives a new scene only its
  /// type at connection (`handoffUserActivityType`), and the activity later (K15).
  public var isHandoff: Bool?

  /// Creates an activity.
  public init(
    activityType: String, targetContentIdentifier: String? = nil, webpageURL: String? = nil,
    userInfo: JSONObject = JSONObject(), title: String? = nil, isUniversalLink: Bool? = nil
  ) {
    self.activityType = activityType
    self.targetContentIdentifier = targetContentIdentifier
    self.webpageURL = webpageURL
    self.userInfo = userInfo
    self.title = title
    self.isUniversalLink = isUniversalLink
  }

  /// Whether the activity comes through Handoff: marked so, or a browsing-web activity handed
  /// off from a browser (K15, A7).
  public var arrivesThroughHandoff: Bool {
    isHandoff == true || (activityType == Self.browsingWeb && isUniversalLink == false)
  }

  /// Whether the activity is a universal link: a ``browsingWeb`` activity with a `webpageURL`
  /// that was not handed off from a browser (E4).
  public var isDeliveredAsUniversalLink: Bool {
    activityType == Self.browsingWeb && webpageURL != nil && isUniversalLink != false
  }
}
