public import RouterSupport

/// An app's `UIApplicationSceneManifest`: whether it supports several scenes, and its scene
/// configurations by role (K1–K4).
///
/// Roles are kept sorted by name (a property list dictionary has no order); the configurations of
/// one role keep their array order, and the first one is the role's default (K3).
///
/// ```swift
/// let manifest = try #require(plist.sceneManifest)
/// manifest.supportsMultipleScenes?.value                       // true
/// manifest.defaultConfiguration(for: SceneManifest.applicationRole)?.name?.value
/// // "Default Configuration"
/// manifest.configuration(named: "New Task Configuration")?.delegateClassName?.value
/// // "$(PRODUCT_MODULE_NAME).NewTaskSceneDelegate"
/// ```
public struct SceneManifest: Sendable, Hashable {
  /// `UIWindowSceneSessionRoleApplication`, the role of an app's ordinary windows.
  public static let applicationRole = "UIWindowSceneSessionRoleApplication"

  /// The roles UIKit defines (K3, K12), for warning about a misspelt role.
  public static let knownRoles: [String] = [
    "UIWindowSceneSessionRoleApplication",
    "UIWindowSceneSessionRoleExternalDisplayNonInteractive",
    "UIWindowSceneSessionRoleExternalDisplay",
    "UISceneSessionRoleImmersiveSpaceApplication",
    "UIWindowSceneSessionRoleVolumetricApplication",
    "CPTemplateApplicationSceneSessionRoleApplication",
    "CPTemplateApplicationDashboardSceneSessionRoleApplication",
    "CPTemplateApplicationInstrumentClusterSceneSessionRoleApplication",
  ]

  /// `UIApplicationSupportsMultipleScenes` (K2); nil when the key is absent (UIKit reads false).
  public var supportsMultipleScenes: Located<Bool>?
  /// `UIApplicationSupportsTabbedSceneCollection` (Mac Catalyst, K1); nil when absent.
  public var supportsTabbedSceneCollection: Located<Bool>?
  /// `UISceneConfigurations`, one entry per role, sorted by role name.
  public var roles: [Role]
  /// Where the `UIApplicationSceneManifest` key is.
  public var location: SourceLocation?

  /// Creates a manifest.
  public init(
    supportsMultipleScenes: Located<Bool>? = nil, supportsTabbedSceneCollection: Located<Bool>? = nil,
    roles: [Role] = [], location: SourceLocation? = nil
  ) {
    self.supportsMultipleScenes = supportsMultipleScenes
    self.supportsTabbedSceneCollection = supportsTabbedSceneCollection
    self.roles = roles
    self.location = location
  }

  /// The configurations of one role, in array order (K3).
  ///
  /// ```swift
  /// let role = SceneManifest.Role(name: SceneManifest.applicationRole, configurations: [main, newTask])
  /// role.defaultConfiguration == main   // the first one is the default
  /// ```
  public struct Role: Sendable, Hashable {
    /// The role key, such as `UIWindowSceneSessionRoleApplication`.
    public var name: Located<String>
    /// The configurations in array order.
    public var configurations: [SceneConfiguration]

    /// Creates a role entry.
    public init(name: Located<String>, configurations: [SceneConfiguration]) {
      self.name = name
      self.configurations = configurations
    }

    /// The first configuration, which UIKit uses when the app delegate does not pick one (K3, K6).
    public var defaultConfiguration: SceneConfiguration? { configurations.first }
  }

  /// The configurations of `role`, in order; empty when the role has none.
  public func configurations(for role: String) -> [SceneConfiguration] {
    roles.first { $0.name.value == role }?.configurations ?? []
  }

  /// The default configuration of `role`: its first one (K3).
  public func defaultConfiguration(for role: String = SceneManifest.applicationRole) -> SceneConfiguration? {
    configurations(for: role).first
  }

  /// The first configuration named `name` in any role (names should be unique, K4).
  public func configuration(named name: String) -> SceneConfiguration? {
    allConfigurations.first { $0.name?.value == name }
  }

  /// Every configuration, role by role.
  public var allConfigurations: [SceneConfiguration] { roles.flatMap(\.configurations) }

  /// The names of every configuration that has one, with their locations, role by role.
  public var configurationNames: [Located<String>] { allConfigurations.compactMap(\.name) }

  /// The same manifest with every location removed, for comparing what two files say.
  public var withoutLocations: SceneManifest {
    SceneManifest(
      supportsMultipleScenes: supportsMultipleScenes?.withoutLocation,
      supportsTabbedSceneCollection: supportsTabbedSceneCollection?.withoutLocation,
      roles: roles.map {
        Role(name: $0.name.withoutLocation, configurations: $0.configurations.map(\.withoutLocations))
      })
  }
}

/// One entry of a `UISceneConfigurations` role array (K4).
///
/// Values are kept as written, build-setting references included
/// (`$(PRODUCT_MODULE_NAME).SceneDelegate`): the plist in a source tree is read, not the one Xcode
/// produces.
///
/// ```swift
/// let config = SceneConfiguration(role: "UIWindowSceneSessionRoleApplication", index: 0,
///                                 name: Located("Default Configuration"))
/// config.isDefault   // true: the first of its role
/// ```
public struct SceneConfiguration: Sendable, Hashable {
  /// The role this configuration belongs to.
  public var role: String
  /// Its position in the role's array; 0 is the default (K3).
  public var index: Int
  /// `UISceneConfigurationName`.
  public var name: Located<String>?
  /// `UISceneDelegateClassName`.
  public var delegateClassName: Located<String>?
  /// `UISceneClassName`.
  public var sceneClassName: Located<String>?
  /// `UISceneStoryboardFile`.
  public var storyboardFile: Located<String>?
  /// Where the entry starts (its `<dict>` in the role's array).
  public var location: SourceLocation?

  /// Creates a configuration.
  public init(
    role: String, index: Int, name: Located<String>? = nil, delegateClassName: Located<String>? = nil,
    sceneClassName: Located<String>? = nil, storyboardFile: Located<String>? = nil, location: SourceLocation? = nil
  ) {
    self.role = role
    self.index = index
    self.name = name
    self.delegateClassName = delegateClassName
    self.sceneClassName = sceneClassName
    self.storyboardFile = storyboardFile
    self.location = location
  }

  /// Whether this is the default configuration of its role: the first (K3).
  public var isDefault: Bool { index == 0 }

  /// The same configuration with every location removed.
  public var withoutLocations: SceneConfiguration {
    SceneConfiguration(
      role: role, index: index, name: name?.withoutLocation, delegateClassName: delegateClassName?.withoutLocation,
      sceneClassName: sceneClassName?.withoutLocation, storyboardFile: storyboardFile?.withoutLocation)
  }
}
