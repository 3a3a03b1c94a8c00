/// A loaded, validated route table: the app's scene declarations and its rules, before
/// compilation.
///
/// Load one from JSON with ``TableLoader``, or build one in code; compile it with
/// ``RuleCompiler`` to get a ``CompiledRouter``.
///
/// ```swift
/// let table = try TableLoader.load(contentsOf: "Fixtures/Notes/Notes.routes.json").get()
/// table.scenes.map(\.id)   // ["main", "note-editor"]
/// ```
public struct RouteTable: Sendable, Hashable {
  /// The app's name, for people.
  public var app: String
  public var platform: Platform
  /// `UIApplicationSupportsMultipleScenes` (always true in effect on macOS).
  public var multipleScenes: Bool
  /// Scene declarations in declaration order.
  public var scenes: [SceneDeclaration]
  /// Rules in table order.
  public var rules: [Rule]
  public var options: RoutingOptions
  /// The file the table came from (or a pseudo name such as `<inline>`).
  public var source: String

  /// Creates a table.
  public init(
    app: String, platform: Platform, multipleScenes: Bool = true, scenes: [SceneDeclaration],
    rules: [Rule], options: RoutingOptions = RoutingOptions(), source: String = "<inline>"
  ) {
    self.app = app
    self.platform = platform
    self.multipleScenes = multipleScenes
    self.scenes = scenes
    self.rules = rules
    self.options = options
    self.source = source
  }

  /// The scene declaration with this id.
  public func scene(_ id: String) -> SceneDeclaration? {
    scenes.first { $0.id == id }
  }

  /// The rule with this name.
  public func rule(named name: String) -> Rule? {
    rules.first { $0.name == name }
  }
}
