package import AppleAppFiles
package import RouterSupport

/// One scene of the app's `body`, as the sources declare it.
///
/// ```swift
/// // WindowGroup("Plant", id: "plant", for: Plant.ID.self) { $id in PlantView(id: id) }
/// //   .handlesExternalEvents(matching: ["plant"])
/// scene.kind              // .windowGroup
/// scene.id?.value         // "plant"
/// scene.presents?.value   // "Plant.ID"
/// scene.matching.first?.values.map(\.value)   // ["plant"]
/// ```
package struct SourceScene: Sendable {
  /// The scene types the reader knows.
  package enum Kind: String, Sendable, Hashable {
    case windowGroup = "WindowGroup"
    case window = "Window"
    case documentGroup = "DocumentGroup"
    case settings = "Settings"
    case utilityWindow = "UtilityWindow"
    case immersiveSpace = "ImmersiveSpace"
    case menuBarExtra = "MenuBarExtra"
  }

  /// One `handlesExternalEvents(matching:)` application.
  package struct Matching: Sendable {
    package var values: [Located<String>]
    package var location: SourceLocation
  }

  package var kind: Kind
  package var id: Located<String>?
  /// Set when `id:` is there but computed: the reader reports it and the table leaves the scene out.
  package var hasComputedID = false
  package var title: Located<String>?
  /// The presented type, `for: Plant.ID.self` → `Plant.ID`.
  package var presents: Located<String>?
  package var defaultValue: Located<JSONValue>?
  /// Each `handlesExternalEvents(matching:)`, innermost first.
  package var matching: [Matching] = []
  /// `.defaultLaunchBehavior(…)` and `.restorationBehavior(…)`, as written.
  package var launchBehavior: Located<String>?
  package var restorationBehavior: Located<String>?
  /// A `DocumentGroup`'s document type and content types.
  package var documentType: String?
  package var contentTypes: [Located<String>] = []
  /// Where the initializer is, and its text.
  package var location: SourceLocation
  package var summary: String
  /// The content closure: file index and token indices of its braces.
  package var content: (file: Int, open: Int, close: Int)?
  /// Set when the scene is inside an `if` of the body.
  package var condition: String?
  /// What its views handle, once ``ViewScanner`` has followed them.
  package var handlers: SceneHandlers?
}

/// What the views of one scene handle: `onOpenURL`, `onContinueUserActivity(_:)`,
/// `handlesExternalEvents(preferring:allowing:)`, found in the content closure and every view,
/// view modifier and `View` extension function it reaches.
package struct SceneHandlers: Sendable {
  package var openURL: [SourceLocation] = []
  package var activityTypes: [Located<String>] = []
  /// The union of every view's sets (V5); nil when no view has the modifier.
  package var preferring: [Located<String>]?
  package var allowing: [Located<String>]?
  package var preferringLocation: SourceLocation?
  /// The view types followed, in the order met.
  package var followed: [String] = []
}
