import AppleAppFiles
package import RouteTables
package import RouterSupport

/// The Info.plist as it ships in the app: the file `INFOPLIST_FILE` names (read by the
/// library's ``InfoPlist``), its values expanded with the build settings
/// (`INFOPLIST_EXPAND_BUILD_SETTINGS`, on by default), merged with the keys Xcode generates when
/// `GENERATE_INFOPLIST_FILE = YES`.
///
/// What generation adds, as far as routing needs it: `CFBundleIdentifier` from
/// `PRODUCT_BUNDLE_IDENTIFIER`; `CFBundleDisplayName` from `INFOPLIST_KEY_CFBundleDisplayName`;
/// and, with `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES` on the iOS family and
/// visionOS, a `UIApplicationSceneManifest` whose `UIApplicationSupportsMultipleScenes` is true
/// (Xcode sets it to true when it adds the key: "Specifying the scenes your app supports").
/// Where the file and generation both give a key, the file's value is used: Xcode's UIKit
/// template writes a file that turns multiple scenes off beside `…_Generation = YES`. Without
/// `GENERATE_INFOPLIST_FILE`, Xcode ignores every `INFOPLIST_KEY_` setting, and so does this
/// (with a warning naming them).
///
/// ```swift
/// let plist = ShippedInfoPlist.read(settings: settings, directory: project.directory, platform: .iPadOS,
///                                   files: &files, log: &log)
/// plist.supportsMultipleScenes?.value   // true, generated
/// plist.urlSchemes.map(\.value)          // ["garden"]
/// ```
package struct ShippedInfoPlist: Sendable {
  /// A UIKit scene configuration, its strings expanded.
  package struct Configuration: Sendable {
    package var role: String
    package var name: ResolvedString
    package var delegateClass: ResolvedString?
    package var location: SourceLocation?

    /// The delegate class without its module (`$(PRODUCT_MODULE_NAME).SceneDelegate` → `SceneDelegate`).
    package var bareDelegateClass: String? {
      delegateClass.map { String($0.value.split(separator: ".").last ?? Substring($0.value)) }
    }
  }

  /// One `UIApplicationShortcutItems` entry.
  package struct ShortcutItem: Sendable {
    package var type: ResolvedString
    package var title: String?
  }

  /// The file `INFOPLIST_FILE` names (absolute), if any and readable.
  package var file: String?
  /// Whether Xcode generates keys (`GENERATE_INFOPLIST_FILE = YES`).
  package var generates: Bool
  package var bundleIdentifier: ResolvedString?
  package var displayName: ResolvedString?
  /// Whether the app adopts scenes at all (a `UIApplicationSceneManifest`), and where that is said.
  package var hasSceneManifest: Bool
  package var manifestOrigin: ResolvedString?
  package var supportsMultipleScenes: (value: Bool, origin: ResolvedString)?
  package var configurations: [Configuration]
  package var urlSchemes: [ResolvedString]
  package var activityTypes: [ResolvedString]?
  package var shortcutItems: [ShortcutItem]
  package var documentContentTypes: [ResolvedString]
  /// Where `NSUserActivityTypes` is written, or the plist file, for notes.
  package var activityTypesLocation: SourceLocation?

  /// Reads and merges; every problem goes to `log`.
  package static func read(
    settings: BuildSettings, directory: String, platform: Platform, files: inout ProjectFiles,
    log: inout DiagnosticLog
  ) -> ShippedInfoPlist {
    var out = ShippedInfoPlist(
      file: nil, generates: settings.isYes("GENERATE_INFOPLIST_FILE"), bundleIdentifier: nil, displayName: nil,
      hasSceneManifest: false, manifestOrigin: nil, supportsMultipleScenes: nil, configurations: [], urlSchemes: [],
      activityTypes: nil, shortcutItems: [], documentContentTypes: [], activityTypesLocation: nil)
    let expands = settings.value(of: "INFOPLIST_EXPAND_BUILD_SETTINGS").map { $0.text.uppercased() != "NO" } ?? true
    if let path = ResolvedString.setting("INFOPLIST_FILE", in: settings, for: "the Info.plist", log: &log),
      !path.value.trimmingSpaces.isEmpty
    {
      let absolute = files.absolute(path.value.trimmingSpaces, from: directory)
      if !ProjectFiles.isFile(absolute) {
        log.error(
          .missingProjectFile,
          "the Info.plist '\(files.display(absolute))' that INFOPLIST_FILE names does not exist; "
            + "only the keys Xcode generates are read",
          at: path.location)
      } else {
        let loaded = InfoPlist.load(path: absolute, displayName: files.display(absolute))
        // A scheme written with a build setting is checked once it is expanded, below.
        log.add(
          contentsOf: loaded.diagnostics.filter { d in
            !(expands && d.code == .invalidURLScheme && (d.message.contains("$(") || d.message.contains("${")))
          })
        if let source = loaded.source { files.keep(source, at: absolute) }
        if let plist = loaded.plist {
          out.file = absolute
          out.merge(plist, settings: settings, expands: expands, log: &log)
          out.readExtraKeys(absolute, display: files.display(absolute), settings: settings, expands: expands, log: &log)
        }
      }
    }
    out.generate(settings: settings, platform: platform, log: &log)
    return out
  }

  private mutating func merge(_ plist: InfoPlist, settings: BuildSettings, expands: Bool, log: inout DiagnosticLog) {
    func resolve(_ s: Located<String>?, _ what: String) -> ResolvedString? {
      s.flatMap { ResolvedString.expanding($0, with: settings, expand: expands, for: what, log: &log) }
    }
    bundleIdentifier = resolve(plist.bundleIdentifier, "the bundle identifier")
    if let manifest = plist.sceneManifest {
      hasSceneManifest = true
      manifestOrigin = ResolvedString(
        value: "UIApplicationSceneManifest", location: manifest.location, written: "UIApplicationSceneManifest")
      if let multiple = manifest.supportsMultipleScenes {
        supportsMultipleScenes = (
          multiple.value,
          ResolvedString(
            value: multiple.value ? "true" : "false", location: multiple.location,
            written: "UIApplicationSupportsMultipleScenes")
        )
      }
      for role in manifest.roles {
        for configuration in role.configurations {
          guard let name = resolve(configuration.name, "a scene configuration's name") else { continue }
          configurations.append(
            Configuration(
              role: role.name.value, name: name,
              delegateClass: resolve(configuration.delegateClassName, "a scene delegate class"),
              location: configuration.location))
        }
      }
    }
    urlSchemes = plist.urlSchemes.compactMap { resolve($0, "a URL scheme") }
    for scheme in urlSchemes where scheme.written != scheme.value && !URLTypeDeclaration.isValidScheme(scheme.value) {
      log.warning(
        .invalidURLScheme,
        "\(scheme.written) is '\(scheme.value)', which is not a valid URL scheme (a letter, then letters, digits, "
          + "'+', '-' or '.')",
        at: scheme.location)
    }
    activityTypes = plist.userActivityTypes.map { types in types.compactMap { resolve($0, "an activity type") } }
    activityTypesLocation = plist.userActivityTypes?.first?.location
  }

  /// `UIApplicationShortcutItems` and `CFBundleDocumentTypes`, which ``InfoPlist`` does not model.
  private mutating func readExtraKeys(
    _ path: String, display: String, settings: BuildSettings, expands: Bool, log: inout DiagnosticLog
  ) {
    guard let document = PlistDocument.load(path, displayName: display).document else { return }
    var problems: [Diagnostic] = []
    let items: PlistDocument.Path = [.key("UIApplicationShortcutItems")]
    for i in 0..<document.count(at: items) {
      guard let type = document.string(at: items + [.index(i), .key("UIApplicationShortcutItemType")]) else {
        problems.append(
          Diagnostic(
            .warning, .missingKey, "shortcut item \(i) has no UIApplicationShortcutItemType",
            at: document.location(items + [.index(i)])))
        continue
      }
      guard
        let resolved = ResolvedString.expanding(
          type, with: settings, expand: expands, for: "a shortcut type", log: &log)
      else { continue }
      let title = document.string(at: items + [.index(i), .key("UIApplicationShortcutItemTitle")])?.value
      shortcutItems.append(ShortcutItem(type: resolved, title: title))
    }
    let types: PlistDocument.Path = [.key("CFBundleDocumentTypes")]
    for i in 0..<document.count(at: types) {
      for t in document.strings(at: types + [.index(i), .key("LSItemContentTypes")], diagnostics: &problems) ?? [] {
        if let resolved = ResolvedString.expanding(t, with: settings, expand: expands, for: "a content type", log: &log)
        {
          documentContentTypes.append(resolved)
        }
      }
    }
    log.add(contentsOf: problems)
  }

  /// The keys Xcode generates, where the file does not give them.
  private mutating func generate(settings: BuildSettings, platform: Platform, log: inout DiagnosticLog) {
    let keys = settings.assignments.filter { $0.name.hasPrefix("INFOPLIST_KEY_") && settings.applies($0) }
    guard generates else {
      if let first = keys.first {
        let names = Array(Set(keys.map(\.name))).sorted()
        log.warning(
          .ignoredBuildSetting,
          "GENERATE_INFOPLIST_FILE is not YES, so Xcode ignores \(names.joined(separator: ", ")); "
            + "the app ships only what \(file == nil ? "no Info.plist file" : "its Info.plist file") says",
          at: first.location)
      }
      return
    }
    if bundleIdentifier == nil {
      bundleIdentifier = ResolvedString.setting(
        "PRODUCT_BUNDLE_IDENTIFIER", in: settings, for: "the bundle identifier", log: &log)
    }
    if displayName == nil {
      displayName = ResolvedString.setting(
        "INFOPLIST_KEY_CFBundleDisplayName", in: settings, for: "the display name", log: &log)
    }
    let manifestPlatforms: [Platform] = [.iOS, .iPadOS, .macCatalyst, .visionOS]
    guard manifestPlatforms.contains(platform), settings.isYes("INFOPLIST_KEY_UIApplicationSceneManifest_Generation"),
      let generation = ResolvedString.setting(
        "INFOPLIST_KEY_UIApplicationSceneManifest_Generation", in: settings, for: "the scene manifest", log: &log)
    else { return }
    if !hasSceneManifest {
      hasSceneManifest = true
      manifestOrigin = generation
    }
    if supportsMultipleScenes == nil { supportsMultipleScenes = (true, generation) }
  }
}
