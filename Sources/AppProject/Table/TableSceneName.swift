import RouteTables
import RouterSupport

/// The name the table loader gives a scene object of `scenes`, read from the JSON: its `id`, or,
/// for a `windowGroup`, `documentGroup` or `settings` written without one, its kind and 1-based
/// position (`WindowGroup#1`, ``SceneDeclaration/unnamed(_:position:)``). What `init` matches an
/// existing table's scenes by, and `check --project` finds a scene's place by.
enum TableSceneName {
  /// The name of the scene `node` at `position` (1-based) of `scenes`; nil for a `window` without
  /// an id (an error of the table).
  static func of(_ node: JSONNode, position: Int) -> String? {
    if let id = node.member("id") { return id.value.stringValue }
    let kind = node.member("kind")?.value.stringValue.flatMap(SceneDeclaration.Kind.init(rawValue:)) ?? .windowGroup
    guard kind != .window else { return nil }
    return SceneDeclaration.unnamed(kind, position: position)
  }
}
