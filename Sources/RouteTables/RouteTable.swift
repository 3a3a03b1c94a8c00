/// A loaded, validated route table: the app's scene declarations and its routes, before
/// compilation.
///
/// Load one from JSON with ``TableLoader``, or build one in code; compile it with
/// ``RouteCompiler`` to get a ``CompiledRouter``.
///
/// ```swift
/// let table = try TableLoader.load(contentsOf: "Fixtures/Notes/Notes.routes.json").get()
/// table.scenes.map(\.id)   // ["main", "note-editor"]
/// ```
public struct RouteTable: Sendable {
  /// The app's name, for people.
  public var app: String
  public var platform: Platform
  /// `UIApplicationSupportsMultipleScenes` (always true in effect on macOS).
  public var multipleScenes: Bool
  /// Scene declarations in declaration order.
  public var scenes: [SceneDeclaration]
  /// Routes in table order.
  public var routes: [Route]
  public var options: RoutingOptions
  /// The answers to the ambiguities of Apple's documentation (the AMB register).
  public var policies: ScenePolicies
  /// The schemes, activity types and associated domains the app claims, from the table and the
  /// files it references.
  public var claims: AppClaims
  /// Whether the app uses the SwiftUI app lifecycle or UIKit scene delegates.
  public var lifecycle: Lifecycle
  /// UIKit: `application(_:configurationForConnecting:options:)` as a table (K5, K7): the first
  /// entry whose activity type equals the connecting activity's names the configuration.
  public var configurationForConnecting: [ConfigurationChoice]
  /// The file the table came from (or a pseudo name such as `<inline>`).
  public var source: String
  /// The named value sets (`"valueSets": {"tab": ["inbox", "sent"]}`) patterns use as `{box:tab}`:
  /// each name with its decoded values, in the order written.
  public var valueSets: [String: [String]] = [:]

  /// Creates a table.
  public init(
    app: String, platform: Platform, multipleScenes: Bool = true, scenes: [SceneDeclaration],
    routes: [Route], options: RoutingOptions = RoutingOptions(), source: String = "<inline>"
  ) {
    self.app = app
    self.platform = platform
    self.multipleScenes = multipleScenes
    self.scenes = scenes
    self.routes = routes
    self.options = options
    self.source = source
    self.policies = ScenePolicies()
    self.claims = AppClaims()
    self.lifecycle = .swiftUI
    self.configurationForConnecting = []
  }

  /// The app lifecycle.
  public enum Lifecycle: String, Sendable, Hashable, CaseIterable {
    /// `App` with SwiftUI scenes.
    case swiftUI = "swiftui"
    /// `UIApplicationDelegate` and `UISceneDelegate` classes (scenes are configurations).
    case uiKit = "uikit"
  }

  /// One row of the `configurationForConnecting` table.
  public struct ConfigurationChoice: Sendable, Hashable {
    /// The connecting activity's type.
    public var activityType: String
    /// The configuration (scene declaration id) to return.
    public var configuration: String
    /// Creates a row.
    public init(activityType: String, configuration: String) {
      self.activityType = activityType
      self.configuration = configuration
    }
  }

  /// Whether the app can show several scenes at once (`supportsMultipleWindows` for SwiftUI,
  /// `supportsMultipleScenes` for UIKit; W11, K2, MAC3, AMB15).
  public var supportsMultipleScenes: Bool {
    Self.supportsMultipleScenes(
      platform: platform, lifecycle: lifecycle, multipleScenes: multipleScenes, singleScene: policies.singleScene)
  }

  /// The rule of ``supportsMultipleScenes`` on the four fields it reads, for a caller that reads
  /// a table in place (calling the property copies the whole table).
  package static func supportsMultipleScenes(
    platform: Platform, lifecycle: Lifecycle, multipleScenes: Bool, singleScene: ScenePolicies.SingleScene
  ) -> Bool {
    switch platform {
    case .iOS: return false
    case .macOS: return lifecycle == .swiftUI ? true : multipleScenes
    case .iPadOS, .visionOS, .macCatalyst:
      return singleScene == .iPhoneOnly ? true : multipleScenes
    }
  }

  /// The scene declaration with this id.
  public func scene(_ id: String) -> SceneDeclaration? {
    scenes.first { $0.id == id }
  }

  /// The route with this name.
  public func route(named name: String) -> Route? {
    routes.first { $0.name == name }
  }
}
