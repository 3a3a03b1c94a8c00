public import AppleAppFiles

/// Why an event was dropped, ignored, refused or kept from the app: the `reason` of a decision
/// record, a stable code (docs/output-format.md lists each with the rule behind it).
///
/// ```swift
/// decision.reason            // .noRoute
/// decision.reason?.rawValue  // "no-route", as the record writes it
/// ```
public enum DecisionReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  // Delivery (D rules): the receiving scene cannot take the event.
  /// The receiving scene has no handler for the event (D1, D2, D3).
  case noHandler = "no-handler"
  /// No route of the table takes the event (D3).
  case noRoute = "no-route"
  /// The route belongs to another scene than the one the event reached (D3).
  case wrongScene = "wrong-scene"
  /// The event is not a URL, an activity, a notification or a shortcut.
  case notExternal = "not-external"

  // Scene selection.
  /// No scene declaration takes the event (S6, MAC2).
  case noScene = "no-scene"
  /// UIKit: no scene configuration takes the event or the requested role (K3, K5).
  case noConfiguration = "no-configuration"
  /// The app does not support multiple scenes, so no new session is requested (K2).
  case multipleScenesNotSupported = "multiple-scenes-not-supported"

  // Windows and sessions (W, K rules).
  /// `openWindow` without multiple-window support (W11).
  case multipleWindowsUnsupported = "multiple-windows-unsupported"
  /// The session a request or a session event names is not open (K9).
  case noSuchSession = "no-such-session"
  /// No declaration has the id, or presents the type, that a window action names.
  case noSuchWindow = "no-such-window"
  /// Launch or Dock reopen, and the app declares no `WindowGroup` or `Window` (MAC6).
  case noWindowScene = "no-window-scene"
  /// A fresh macOS launch where every window scene is `defaultLaunchBehavior(.suppressed)` (or
  /// the first is, and none is `.presented`): no window opens (W24).
  case launchSuppressed = "launch-suppressed"
  /// `dismissWindow` finds no window to close (W18, W21).
  case noWindowToDismiss = "no-window-to-dismiss"
  /// A Dock reopen or an app activation of an app that is not a macOS app (MAC6, MAC1).
  case notMacOS = "not-macos"
  /// `dismiss()` called from a sheet, popover or full-screen cover: the modal goes, the window
  /// stays (W20).
  case modalDismissed = "modal-dismissed"
  /// `openWindow(id:sharingBehavior: .required)` and the window is not shared: not opened, the
  /// call throws (W12).
  case sharingRequired = "sharing-required"
  /// An app activation with no window open: nothing comes forward (MAC1).
  case noOpenWindow = "no-open-window"
  /// `pushWindow` outside visionOS: the environment value does not exist there (W19).
  case pushWindowUnavailable = "push-window-unavailable"
  /// `pushWindow` called from a window that was itself pushed: "not allowed" (W19).
  case pushFromPushedWindow = "push-from-pushed-window"
  /// A URL after the first of one open request, in a SwiftUI-lifecycle app: `onOpenURL` takes
  /// one URL, the others need the app delegate's `application(_:open:)` (policy `extraURLs`),
  /// MAC4.
  case extraURLNeedsAppDelegate = "extra-url-needs-app-delegate"

  // The link gate (L rules, K16): the link is not for the app.
  /// A `javascript:`, `data:` or `blob:` link: content the browser runs or shows, never a deep
  /// link the system delivers to an app, whatever the table says.
  case unroutableScheme = "unroutable-scheme"
  /// A URL with a userinfo (`user:password@`), and the table's `credentials` policy refuses
  /// such URLs (the default).
  case credentialsInURL = "credentials-in-url"
  /// Only https links are universal links (L1).
  case notHTTPS = "not-https"
  /// No `applinks:` entry of the entitlement covers the host (L1).
  case domainNotAssociated = "domain-not-associated"
  /// The app does not register the URL's scheme (K16).
  case schemeNotRegistered = "scheme-not-registered"
  /// The host's AASA file excludes the URL (L9, L14).
  case componentExcluded = "component-excluded"
  /// No component of the AASA entries for the app matches (L5, L6).
  case noComponentMatched = "no-component-matched"
  /// No AASA `details` entry names the app (L3, L17).
  case appNotListed = "app-not-listed"
  /// The AASA file has no `applinks` (L2).
  case noAppLinks = "no-applinks"
  /// The URL's host is not the domain the AASA file was served for (L16).
  case hostMismatch = "host-mismatch"
  /// The AASA file's first matching component opens the app (not a reason to refuse; listed
  /// so that every verdict of the file has a reason here).
  case componentMatched = "component-matched"

  public var description: String { rawValue }

  /// The reason of an AASA verdict that keeps a link from the app.
  public init(_ verdict: AASAVerdict.Reason) {
    self = DecisionReason(rawValue: verdict.rawValue)!
  }
}
