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
  }

  /// The scene's id (`WindowGroup(id:)`), unique in the app.
  public var id: String
  public var kind: Kind
  /// The window title, for people reading decisions.
  public var title: String?
  /// The name of the presented value type (`WindowGroup(for: NoteID.self)`), or nil.
  public var presents: String?
  /// The `defaultValue` the group provides for windows opened without a value, or nil.
  public var defaultValue: JSONValue?
  /// The `handlesExternalEvents(matching:)` set, or nil when the scene has no such modifier.
  public var matching: [String]?
  /// The content types a `DocumentGroup` opens (UTIs or file extensions).
  public var contentTypes: [String]
  /// Where the declaration is in the table.
  public var location: SourceLocation?

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
    self.contentTypes = contentTypes
    self.location = location
  }
}
