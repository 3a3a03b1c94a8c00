/// The `onOpenURL` and `onContinueUserActivity` handlers one view of a scene carries (D1, D2,
/// D4): a scene's handlers need not sit on its root view, and several views may each have one.
///
/// ```swift
/// // NavigationSplitView { Sidebar().onOpenURL { … } } detail: { Detail().onOpenURL { … } }
/// let sidebar = ViewHandlers(view: "Sidebar", openURL: true)
/// let detail = ViewHandlers(view: "Detail", openURL: true, activityTypes: ["com.example.edit"])
/// SceneDeclaration.Handlers(views: [sidebar, detail]).openURL   // true
/// ```
public struct ViewHandlers: Sendable, Hashable {
  /// The view's name, for people reading records; nil for the scene's own content (the
  /// scene-level `onOpenURL` and `onContinueUserActivity` keys of a table).
  public var view: String?
  /// Whether the view has `onOpenURL`.
  public var openURL: Bool
  /// The activity types of its `onContinueUserActivity(_:)` handlers, one each.
  public var activityTypes: [String]

  /// Creates a view's handler list.
  public init(view: String? = nil, openURL: Bool = false, activityTypes: [String] = []) {
    self.view = view
    self.openURL = openURL
    self.activityTypes = activityTypes
  }
}
