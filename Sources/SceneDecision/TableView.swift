import RouteMatcher
import RouteTables

/// The router's table as one decision reads it: in place, through the router the engine's
/// caller lends for the decision, so that reading a field copies that field alone.
///
/// A `RouteTable` holds some thirty arrays, strings and dictionaries; each copy of it (into the
/// decision's context, then at every `let table = ctx.table` of a stage) retained and released
/// every one of them. A view is a pointer: copying it costs nothing.
///
/// ```swift
/// let table = ctx.table              // a view, not a copy of the table
/// if table.lifecycle == .uiKit { … }
/// let first = table.scenes.first     // reads (and retains) the scenes alone
/// ```
struct TableView {
  /// The router the table belongs to; valid for the decision (``DecisionContext``).
  let router: UnsafePointer<CompiledRouter>

  /// The whole table, copied (for a function that needs a `RouteTable` value).
  var copied: RouteTable { router.pointee.table }
  var scenes: [SceneDeclaration] { _read { yield router.pointee.table.scenes } }
  var routes: [Route] { _read { yield router.pointee.table.routes } }
  var claims: AppClaims { _read { yield router.pointee.table.claims } }
  var policies: ScenePolicies { _read { yield router.pointee.table.policies } }
  var configurationForConnecting: [RouteTable.ConfigurationChoice] {
    _read { yield router.pointee.table.configurationForConnecting }
  }
  var lifecycle: RouteTable.Lifecycle { router.pointee.table.lifecycle }
  var platform: Platform { router.pointee.table.platform }
  var multipleScenes: Bool { router.pointee.table.multipleScenes }
  /// The table's `supportsMultipleScenes`, computed once for the decision (calling a method
  /// of the table through the pointer would copy the whole table at each call).
  let supportsMultipleScenes: Bool

  /// The first scene declaration with this id (`RouteTable.scene(_:)`, searched in place).
  func scene(_ id: String) -> SceneDeclaration? { scenes.first { $0.id == id } }

  /// The position of the first declaration with this id; the ids are read in place, one field
  /// each (`firstIndex(where:)` copied every declaration it handed to its closure: each of
  /// its strings and arrays retained and released).
  func sceneIndex(_ id: String) -> Int? {
    sceneIndex { scenes[$0].id == id }
  }

  /// The position of the first declaration whose fields, read in place by position, satisfy
  /// `test` (as ``sceneIndex(_:)``).
  func sceneIndex(where test: (Int) -> Bool) -> Int? {
    let count = scenes.count
    var i = 0
    while i < count {
      if test(i) { return i }
      i &+= 1
    }
    return nil
  }
}
