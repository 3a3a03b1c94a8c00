public import RouterSupport

/// What an app's `Info.plist` says about routing: its scene manifest, the user activity types it
/// declares and the URL schemes it registers.
///
/// Read XML and binary property lists with ``load(path:displayName:)`` (Foundation's
/// `PropertyListSerialization` reads the values; for XML a scanner adds the line and column of
/// every `<key>`). Every value keeps its ``Located/location``, so a cross-check can point at the
/// plist line that declares a scheme or a configuration name. Keys this type does not model are
/// ignored: an Info.plist has many.
///
/// ```swift
/// let loaded = InfoPlist.load(path: "Fixtures/Apps/Tasks/Info.plist")
/// guard let plist = loaded.plist, !loaded.diagnostics.hasErrors else { ... }
/// plist.sceneManifest?.supportsMultipleScenes?.value     // true
/// plist.declares(activityType: "NewTaskWindow")          // true
/// plist.registers(scheme: "tasks")                       // true
/// plist.configurationNames.map(\.value)                  // ["Default Configuration", "New Task Configuration"]
/// ```
public struct InfoPlist: Sendable, Hashable {
  /// How the file was encoded.
  public enum Format: String, Sendable, Hashable {
    /// XML (`<plist version="1.0">`): values carry line and column.
    case xml
    /// Binary (`bplist00`): values carry the file name only (line 0).
    case binary
    /// The old NeXTSTEP text format: values carry the file name only.
    case openStep
  }

  /// The file name diagnostics and locations use.
  public var file: String
  /// The encoding the file was read in.
  public var format: Format
  /// `CFBundleIdentifier`, the second half of the app ID (`<TeamID>.<BundleID>`, L3).
  public var bundleIdentifier: Located<String>?
  /// `UIApplicationSceneManifest`; nil when the app does not adopt scenes (K1).
  public var sceneManifest: SceneManifest?
  /// `NSUserActivityTypes`, in order; nil when the key is absent.
  public var userActivityTypes: [Located<String>]?
  /// `CFBundleURLTypes`, in order; empty when absent.
  public var urlTypes: [URLTypeDeclaration]

  /// Creates a plist model; ``load(path:displayName:)`` is the usual source.
  public init(
    file: String, format: Format = .xml, bundleIdentifier: Located<String>? = nil,
    sceneManifest: SceneManifest? = nil, userActivityTypes: [Located<String>]? = nil,
    urlTypes: [URLTypeDeclaration] = []
  ) {
    self.file = file
    self.format = format
    self.bundleIdentifier = bundleIdentifier
    self.sceneManifest = sceneManifest
    self.userActivityTypes = userActivityTypes
    self.urlTypes = urlTypes
  }

  /// Every registered URL scheme, type by type, as written.
  public var urlSchemes: [Located<String>] { urlTypes.flatMap(\.schemes) }

  /// Whether `scheme` is registered (ASCII case-insensitive).
  public func registers(scheme: String) -> Bool {
    urlTypes.contains { $0.registers(scheme: scheme) }
  }

  /// The registration of `scheme`, with its location, or nil.
  public func registration(ofScheme scheme: String) -> Located<String>? {
    let wanted = URLTypeDeclaration.normalized(scheme)
    return urlSchemes.first { URLTypeDeclaration.normalized($0.value) == wanted }
  }

  /// Whether `activityType` is listed in `NSUserActivityTypes` (exact, case-sensitive).
  public func declares(activityType: String) -> Bool {
    userActivityTypes?.contains { $0.value == activityType } ?? false
  }

  /// The scene configuration names, with their locations (empty without a manifest).
  public var configurationNames: [Located<String>] { sceneManifest?.configurationNames ?? [] }

  /// Whether UIKit would allow several scenes: `UIApplicationSupportsMultipleScenes` is true (K2).
  public var supportsMultipleScenes: Bool { sceneManifest?.supportsMultipleScenes?.value ?? false }

  /// The same model with every location removed, for comparing what two encodings say.
  public var withoutLocations: InfoPlist {
    InfoPlist(
      file: "", format: .xml, bundleIdentifier: bundleIdentifier?.withoutLocation,
      sceneManifest: sceneManifest?.withoutLocations, userActivityTypes: userActivityTypes?.map(\.withoutLocation),
      urlTypes: urlTypes.map(\.withoutLocations))
  }
}

/// The result of loading an Info.plist: the model built from what could be read, every
/// diagnostic, and for XML the source text (so diagnostics can show their line).
///
/// ```swift
/// let loaded = InfoPlist.load(path: "Info.plist")
/// print(DiagnosticRenderer(sources: loaded.source.map { [$0] } ?? []).render(loaded.diagnostics))
/// ```
public struct LoadedInfoPlist: Sendable {
  /// The model; nil only when the file could not be read or is not a property list dictionary.
  public var plist: InfoPlist?
  /// Every problem found, errors and warnings.
  public var diagnostics: [Diagnostic]
  /// The XML text; nil for binary and unreadable files.
  public var source: SourceText?

  /// Creates a result.
  public init(plist: InfoPlist?, diagnostics: [Diagnostic], source: SourceText?) {
    self.plist = plist
    self.diagnostics = diagnostics
    self.source = source
  }
}
