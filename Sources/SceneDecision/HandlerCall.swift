/// A handler the app's code has called for an event, and how many times: a SwiftUI
/// `onOpenURL` or `onContinueUserActivity` of one view (D1, D2, D4), or a UIKit scene delegate
/// method (K15, K16). ``Decision/handlers`` lists them in the order they run.
///
/// ```swift
/// // Two views of the receiving scene have onOpenURL (D4: every one runs):
/// decision.handlers.map(\.handler)   // [.onOpenURL, .onOpenURL]
/// decision.handlers.map(\.view)      // ["Sidebar", "Detail"]
/// // UIKit, a URL for an open scene:
/// decision.handlers.first?.handler.rawValue   // "scene(_:openURLContexts:)"
/// ```
public struct HandlerCall: Sendable, Hashable {
  /// Which handler.
  public enum Handler: String, Sendable, Hashable, CaseIterable {
    /// SwiftUI `onOpenURL(perform:)` (D1).
    case onOpenURL
    /// SwiftUI `onContinueUserActivity(_:perform:)` (D2).
    case onContinueUserActivity
    /// UIKit `scene(_:willConnectTo:options:)`: a new scene, with the event in its connection options.
    case willConnect = "scene(_:willConnectTo:options:)"
    /// UIKit `scene(_:openURLContexts:)`: URLs for a connected scene.
    case openURLContexts = "scene(_:openURLContexts:)"
    /// UIKit `scene(_:continue:)`: an activity for a connected scene (or a Handoff after connecting, K15).
    case continueActivity = "scene(_:continue:)"
    /// UIKit `windowScene(_:performActionFor:completionHandler:)`: a Home Screen quick action (U12).
    case performAction = "windowScene(_:performActionFor:completionHandler:)"
    /// AppKit `NSApplicationDelegate.application(_:open:)`: the URLs of an open request after the
    /// one SwiftUI's `onOpenURL` takes, as its `[URL]` (MAC4, policy `extraURLs: appDelegate`).
    case applicationOpen = "application(_:open:)"
  }

  public var handler: Handler
  /// The view that carries a SwiftUI handler, when the table names it (a scene's `views`); nil
  /// for the scene's own content and for UIKit delegate methods.
  public var view: String?
  /// The activity type of an `onContinueUserActivity` handler.
  public var activityType: String?
  /// How many times it is called for the event.
  public var calls: Int

  /// Creates a call.
  public init(_ handler: Handler, view: String? = nil, activityType: String? = nil, calls: Int = 1) {
    self.handler = handler
    self.view = view
    self.activityType = activityType
    self.calls = calls
  }
}
