public import RouterSupport

/// Something that reaches the app from outside and must be routed to a scene: a URL, a user
/// activity, a notification response or a Home Screen quick action.
///
/// ```swift
/// let event = try EventReader.read(line: "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11").get()
/// if case .url(let url) = event.kind { print(url.host ?? "") }   // note
/// ```
public struct Event: Sendable, Hashable {
  /// What the event is.
  public enum Kind: Sendable, Hashable {
    /// A URL opened in the app (custom scheme, or a universal link as SwiftUI delivers it, E4).
    case url(URLRecord)
    /// A user activity.
    case activity(UserActivity)
    /// A notification response: the action, the category, `userInfo` and the content's
    /// `targetContentIdentifier` (E5).
    case notification(NotificationResponse)
    /// A Home Screen quick action: its `type`, `userInfo` and `targetContentIdentifier` (E5, U12).
    case shortcut(ShortcutItem)
    /// The app calls `openWindow` from a window (W5–W11).
    case openWindow(WindowRequest)
    /// The app calls `dismissWindow` from a window (W15–W21).
    case dismissWindow(WindowRequest)
    /// visionOS 2: the app calls `pushWindow` from a window, which the new window replaces until
    /// it is dismissed (W19).
    case pushWindow(WindowRequest)
    /// A UIKit app calls `requestSceneSessionActivation` (K9, K10, U9).
    case activationRequest(ActivationRequest)
    /// Something happens to a session: the person activates, closes or backgrounds a window, the
    /// system archives it, or its view-modifier sets or value change (V6, K13, K14).
    case session(SessionAction)
    /// The app launches with nothing to open (W24), or relaunches and restores its sessions (W13, K8).
    case launch
    /// macOS: the person clicks the Dock icon (MAC6).
    case reopen
    /// The app calls the environment's `dismiss()` from a view of a session, inside the window
    /// itself or inside a modal presentation (W20).
    case dismiss(DismissRequest)
    /// macOS: the app is activated (`NSRunningApplication.activate(options:)`), with
    /// `.activateAllWindows` or without (MAC1, item O3 of the reference).
    case activate(allWindows: Bool)
  }

  /// A `dismiss()` call: the session whose view calls it, and where that view is presented.
  ///
  /// ```swift
  /// DismissRequest(from: "s1", presentation: .sheet)   // dismisses the sheet, not the window (W20)
  /// ```
  public struct DismissRequest: Sendable, Hashable {
    /// Where the view that calls `dismiss()` is presented.
    public enum Presentation: String, Sendable, Hashable, CaseIterable {
      /// The window's own content: `dismiss()` closes the window.
      case window
      /// A modal presentation: `dismiss()` dismisses it and the window stays.
      case sheet, popover, fullScreenCover
    }
    public var from: String?
    public var presentation: Presentation
    /// Creates a request.
    public init(from: String? = nil, presentation: Presentation = .window) {
      self.from = from
      self.presentation = presentation
    }
  }

  /// The arguments of an `openWindow` or `dismissWindow` call, and the session it is called from.
  ///
  /// ```swift
  /// WindowRequest(id: "note-editor", value: ["id": "6F0E…"], from: "s1")   // openWindow(id:value:)
  /// ```
  public struct WindowRequest: Sendable, Hashable {
    public var id: String?
    public var value: JSONValue?
    /// The value's type, for calls by value only (W9, W17).
    public var type: String?
    /// The session whose view calls the action (`dismissWindow()` closes it, W15).
    public var from: String?
    /// `openWindow(id:sharingBehavior:)` (macOS 15, visionOS; W12): nil for the other forms.
    public var sharingBehavior: SharingBehavior?
    /// Whether the window opened is shared (a SharePlay session shares it); the model has no
    /// collaboration state, so the event says it.
    public var shared: Bool
    /// Creates a request.
    public init(
      id: String? = nil, value: JSONValue? = nil, type: String? = nil, from: String? = nil,
      sharingBehavior: SharingBehavior? = nil, shared: Bool = false
    ) {
      self.id = id
      self.value = value
      self.type = type
      self.from = from
      self.sharingBehavior = sharingBehavior
      self.shared = shared
    }
  }

  /// `OpenWindowAction.SharingBehavior` (W12).
  public enum SharingBehavior: String, Sendable, Hashable, CaseIterable {
    /// "If sharingBehavior is requested and the window is not shared, it is opened normally."
    case requested
    /// "If sharingBehavior is required and the window is not shared, it is not opened, and an
    /// error is thrown."
    case required
  }

  /// A `requestSceneSessionActivation` call: an existing session, or nil for a new one (K9),
  /// or a role-based request (U9, `role` set and `session` nil).
  public struct ActivationRequest: Sendable, Hashable {
    public var session: String?
    public var role: String?
    public var activity: UserActivity?
    // (Declared before `requestingScene`, it fills the padding after `activity`: the request,
    // and so an event's kind, is 128 bytes, not 129, and a kind copies without a memcpy call.)
    /// `UIScene.ActivationRequestOptions.collectionJoinBehavior` (Mac Catalyst, K11).
    public var collectionJoinBehavior: CollectionJoinBehavior?
    /// `UIScene.ActivationRequestOptions.requestingScene`: the session whose scene asks (K11).
    public var requestingScene: String?
    /// Creates a request.
    public init(
      session: String? = nil, role: String? = nil, activity: UserActivity? = nil, requestingScene: String? = nil,
      collectionJoinBehavior: CollectionJoinBehavior? = nil
    ) {
      self.session = session
      self.role = role
      self.activity = activity
      self.requestingScene = requestingScene
      self.collectionJoinBehavior = collectionJoinBehavior
    }
  }

  /// `UISceneCollectionJoinBehavior`: how a new scene joins a window tab group (Mac Catalyst, K11).
  public enum CollectionJoinBehavior: String, Sendable, Hashable, CaseIterable {
    /// "uses the system preferences".
    case automatic
    /// With a requesting scene, joins its collection and activates.
    case preferred
    /// With a requesting scene, joins its collection "without deactivating the requestingScene".
    case preferredWithoutActivating
    /// "creates a new collection for the new scene, ignoring system preferences".
    case disallowed
  }

  /// A change to one session.
  public struct SessionAction: Sendable, Hashable {
    /// What happens to the session.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      case activate, close, background, archive, update
    }
    public var kind: Kind
    public var session: String
    /// For `update`: the new sets and value.
    public var update: SessionUpdate
    /// Creates an action.
    public init(_ kind: Kind, session: String, update: SessionUpdate = SessionUpdate()) {
      self.kind = kind
      self.session = session
      self.update = update
    }
  }

  public var kind: Kind
  /// An id the caller attached to the event (a JSON scalar), echoed in the decision record.
  public var correlation: JSONValue?
  /// The URLs after the first of one open request that carries several (Finder, `open a b c`,
  /// a `Set<UIOpenURLContext>`; MAC4): ``kind`` is `.url` with the first. Empty for every other
  /// event.
  ///
  /// ```swift
  /// let event = try EventReader.read(line: #"{"urls": ["viewer://a", "viewer://b"]}"#).get()
  /// event.extraURLs.map(\.text)   // ["viewer://b"]
  /// ```
  public var extraURLs: [URLRecord]
}

// The initializers are in an extension, so that the struct keeps its memberwise initializer,
// which they call: it builds the event in place, where an initializer that assigns each
// property copied the whole event once more (and released the first copy).
extension Event {
  /// Creates an event.
  public init(_ kind: Kind, correlation: JSONValue? = nil) {
    self.init(kind: kind, correlation: correlation, extraURLs: [])
  }

  /// Creates the event of one open request with several URLs (MAC4): the first is the event's
  /// URL, the others its ``extraURLs``.
  public init(urls first: URLRecord, _ extra: [URLRecord], correlation: JSONValue? = nil) {
    self.init(kind: .url(first), correlation: correlation, extraURLs: extra)
  }

  /// The event's short kind name, as in NDJSON records: `url`, `activity`, `notification`,
  /// `shortcut`, `openWindow`, `dismissWindow`, `pushWindow`, `requestSceneSessionActivation`, `session`, `launch`, `reopen`,
  /// `dismiss`, `activate`.
  public var kindName: String {
    switch kind {
    case .url: return "url"
    case .activity: return "activity"
    case .notification: return "notification"
    case .shortcut: return "shortcut"
    case .openWindow: return "openWindow"
    case .dismissWindow: return "dismissWindow"
    case .pushWindow: return "pushWindow"
    case .activationRequest: return "requestSceneSessionActivation"
    case .session: return "session"
    case .launch: return "launch"
    case .reopen: return "reopen"
    case .dismiss: return "dismiss"
    case .activate: return "activate"
    }
  }

  /// Whether the event is a URL (a line that is a URL, or a JSON event with `url` or `urls`).
  public var isURL: Bool {
    if case .url = kind { return true }
    return false
  }

  /// Whether the event is one URL (not an open request with several, MAC4): the only events whose
  /// decisions a line router may reuse for other lines of the same route pattern.
  public var isSingleURL: Bool { isURL && extraURLs.isEmpty }
}
