public import RouterSupport

/// One scene declared in the app's `body`, in declaration order: a `WindowGroup`, a `Window`
/// or a `DocumentGroup`, with what SwiftUI needs to route events to it.
///
/// ```swift
/// // WindowGroup("Note Editor", id: "note-editor", for: NoteID.self) { ... }
/// //   .handlesExternalEvents(matching: ["note-editor"])
/// let editor = SceneDeclaration(id: "note-editor", kind: .windowGroup, title: "Note Editor",
///                               presents: "NoteID", matching: ["note-editor"])
/// ```
public struct SceneDeclaration: Sendable, Hashable {
  /// The kind of scene.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
    /// `WindowGroup`: a template for any number of windows.
    case windowGroup
    /// `Window`: a single, unique window.
    case window
    /// `DocumentGroup`: windows for documents of given content types.
    case documentGroup
    /// `Settings` (macOS): never a destination for external events (S8).
    case settings
  }

  /// The event handlers the scene's views install (D1, D2). `nil` for a scene whose handlers
  /// are not declared: it is taken to handle every URL and activity.
  public struct Handlers: Sendable, Hashable {
    /// Whether a view has `onOpenURL` (URLs and universal links, D1, E4).
    public var openURL: Bool
    /// The types of its `onContinueUserActivity(_:)` handlers (D2).
    public var activityTypes: [String]
    /// Where the handlers are, in the order the model runs them (D4): the scene's own content
    /// first (the scene-level keys, ``ViewHandlers/view`` nil), then each named view in table
    /// order. ``openURL`` and ``activityTypes`` are their union.
    public var views: [ViewHandlers]
    /// Creates the handlers of a scene's content, with no named views.
    public init(openURL: Bool = false, activityTypes: [String] = []) {
      self.openURL = openURL
      self.activityTypes = activityTypes
      self.views = [ViewHandlers(openURL: openURL, activityTypes: activityTypes)]
    }
    /// Creates the handlers of several views, in the order they run.
    public init(views: [ViewHandlers]) {
      self.views = views
      self.openURL = views.contains { $0.openURL }
      var types: [String] = []
      for view in views { for type in view.activityTypes where !types.contains(type) { types.append(type) } }
      self.activityTypes = types
    }
  }

  /// The scene's id (`WindowGroup(id:)`), unique in the app; for a scene the app declares
  /// without one (``declaresID`` false), the name the model gives it (``unnamed(_:position:)``).
  public var id: String
  /// Whether the app gives the scene an id. A `WindowGroup { … }`, a `DocumentGroup` or
  /// `Settings` written without one has none: `openWindow(id:)` and `dismissWindow(id:)`
  /// cannot name it, and records name it by ``unnamed(_:position:)``.
  public var declaresID = true
  public var kind: Kind
  /// The window title, for people reading decisions.
  public var title: String?
  /// The name of the presented value type (`WindowGroup(for: NoteID.self)`), or nil.
  public var presents: String?
  /// The `defaultValue` the group provides for windows opened without a value, or nil.
  public var defaultValue: JSONValue?
  /// The `handlesExternalEvents(matching:)` set, or nil when the scene has no such modifier.
  public var matching: [String]? {
    didSet { matchingPredicate = matching.map(ActivationPredicate.init(matching:)) }
  }
  /// The predicate SwiftUI makes of ``matching`` (V9), kept so that routing does not rebuild it.
  public private(set) var matchingPredicate: ActivationPredicate?
  /// The sets of a modifier applied several times, innermost first (S9); the effective
  /// ``matching`` set follows the `repeatedMatching` policy (AMB14).
  public var matchingModifiers: [[String]]?
  /// The content types a `DocumentGroup` opens (UTIs or file extensions).
  public var contentTypes: [String]
  /// The `handlesExternalEvents(preferring:allowing:)` sets the scene's views declare (the union
  /// of every such modifier, V5), or nil when no view has the modifier (V8). Sessions may carry
  /// their own, current sets (V6).
  public var preferring: [String]?
  public var allowing: [String]?
  /// The event handlers the scene's views install, or nil when not declared.
  public var handlers: Handlers?
  /// UIKit: the session role of the configuration (`UIWindowSceneSessionRoleApplication` by default).
  public var role: String
  /// UIKit: the scene delegate class of the configuration.
  public var delegateClass: String?
  /// UIKit: the `UISceneActivationConditions` the scene sets; nil means UIKit's defaults
  /// (prefers FALSE, U2; can TRUE, U3).
  public var prefers: ActivationPredicate?
  public var can: ActivationPredicate?
  /// Where the declaration is in the table.
  public var location: SourceLocation?

  /// `Scene.restorationBehavior(_:)` (iOS 18, macOS 15; W14).
  public enum RestorationBehavior: String, Sendable, Hashable, CaseIterable {
    /// "Restored as defined by the underlying platform" (the default).
    case automatic
    /// "The scene's windows will not be restored."
    case disabled
  }
  /// Whether the scene's windows are restored at a relaunch (W14).
  public var restorationBehavior: RestorationBehavior = .automatic

  /// `Scene.defaultLaunchBehavior(_:)` (macOS 15, visionOS 26; W24): whether the scene presents
  /// itself at a launch with nothing to restore.
  public enum LaunchBehavior: String, Sendable, Hashable, CaseIterable {
    /// "Will present itself on launch if it is the first scene defined by an app and no other
    /// scenes have presented themselves" (the default).
    case automatic
    /// "Will present itself in the absence of any previously restored scenes."
    case presented
    /// "Will not present itself in the absence of any previously restored scenes."
    case suppressed
  }
  /// Whether the scene presents itself at a fresh launch (W24).
  public var launchBehavior: LaunchBehavior = .automatic

  /// Creates a declaration.
  public init(
    id: String, kind: Kind = .windowGroup, title: String? = nil, presents: String? = nil,
    defaultValue: JSONValue? = nil, matching: [String]? = nil, contentTypes: [String] = [],
    location: SourceLocation? = nil
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.presents = presents
    self.defaultValue = defaultValue
    self.matching = matching
    self.matchingPredicate = matching.map(ActivationPredicate.init(matching:))
    self.contentTypes = contentTypes
    self.location = location
    self.role = SceneDeclaration.applicationRole
  }

  /// The name records, sessions and diagnostics give a scene the app declares without an id:
  /// its kind as Swift writes it and its 1-based position in the table's `scenes` (the app's
  /// `body`), as in `WindowGroup#1`, `DocumentGroup#3`. SwiftUI, too, tells such scenes apart
  /// by where they stand in the body.
  ///
  /// ```swift
  /// SceneDeclaration.unnamed(.windowGroup, position: 1)   // "WindowGroup#1"
  /// ```
  public static func unnamed(_ kind: Kind, position: Int) -> String {
    let swiftName =
      switch kind {
      case .windowGroup: "WindowGroup"
      case .window: "Window"
      case .documentGroup: "DocumentGroup"
      case .settings: "Settings"
      }
    return "\(swiftName)#\(position)"
  }

  /// `UIWindowSceneSessionRoleApplication`, the role of app windows (K3).
  public static let applicationRole = "UIWindowSceneSessionRoleApplication"

  /// Whether the declaration handles an event of this kind (D1, D2); undeclared handlers handle all.
  public func handles(url: Bool, activityType: String?) -> Bool {
    Self.handles(handlers, url: url, activityType: activityType)
  }

  /// ``handles(url:activityType:)`` for a declaration's handlers alone (nil: undeclared), for a
  /// caller that reads them in place rather than copying the declaration.
  package static func handles(_ handlers: Handlers?, url: Bool, activityType: String?) -> Bool {
    guard let handlers else { return true }
    if url { return handlers.openURL }
    guard let activityType else { return true }
    return handlers.activityTypes.contains(activityType)
  }
}
