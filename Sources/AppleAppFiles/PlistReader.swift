import Foundation
import RouterSupport

/// Turns the values `PropertyListSerialization` returns into an ``InfoPlist``, recording a
/// diagnostic for every value of the wrong type, at the line of its `<key>` (XML) or naming the
/// file (binary).
///
/// ```swift
/// var reader = PlistReader(file: "Info.plist", source: source)
/// if let root = reader.dictionary(value, at: []) { let plist = reader.readInfoPlist(root, format: .xml) }
/// ```
struct PlistReader {
  typealias Path = [PlistXMLIndex.Step]

  let file: String
  let source: SourceText?
  let index: PlistXMLIndex?
  var diagnostics: [Diagnostic] = []

  init(file: String, source: SourceText?) {
    self.file = file
    self.source = source
    self.index = source.map { PlistXMLIndex(bytes: $0.bytes) }
  }

  /// Where the value at `path` is: its `<key>` line and column in XML (or the nearest enclosing
  /// key the index finds, or the file's start), the file alone in a binary file.
  func location(_ path: Path) -> SourceLocation {
    guard let source else { return .fileOnly(file) }
    return source.location(at: index?.offset(of: path) ?? 0)
  }

  mutating func report(
    _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, at path: Path,
    notes: [Diagnostic.Note] = []
  ) {
    diagnostics.append(Diagnostic(severity, code, message, at: location(path), notes: notes))
  }

  // MARK: - Typed values

  /// The plist type name of a value, for messages.
  static func typeName(_ value: Any) -> String {
    if type(of: value) == Bool.self { return "boolean" }
    if value is String { return "string" }
    if value is [Any] { return "array" }
    if value is [String: Any] { return "dictionary" }
    if value is Data { return "data" }
    if value is Date { return "date" }
    return "number"
  }

  private mutating func wrongType(_ expected: String, _ value: Any, at path: Path) {
    let name =
      path.last.map { step -> String in
        switch step {
        case .key(let key): return "'\(key)'"
        case .index(let i): return "item \(i)"
        }
      } ?? "the root"
    report(.error, .wrongType, "\(name) must be \(expected), found \(PlistReader.typeName(value))", at: path)
  }

  mutating func dictionary(_ value: Any, at path: Path) -> [String: Any]? {
    if let d = value as? [String: Any] { return d }
    wrongType("a dictionary", value, at: path)
    return nil
  }

  mutating func array(_ value: Any, at path: Path) -> [Any]? {
    if let a = value as? [Any] { return a }
    wrongType("an array", value, at: path)
    return nil
  }

  mutating func string(_ value: Any?, at path: Path) -> Located<String>? {
    guard let value else { return nil }
    if let s = value as? String { return Located(s, at: location(path)) }
    wrongType("a string", value, at: path)
    return nil
  }

  /// A boolean; NSNumber integers are refused (Foundation would bridge 1 to true).
  mutating func bool(_ value: Any?, at path: Path) -> Located<Bool>? {
    guard let value else { return nil }
    if type(of: value) == Bool.self, let b = value as? Bool { return Located(b, at: location(path)) }
    wrongType("a boolean", value, at: path)
    return nil
  }

  /// An array of strings, each located; reports the array or each non-string element.
  mutating func strings(_ value: Any?, at path: Path) -> [Located<String>]? {
    guard let value, let items = array(value, at: path) else { return nil }
    return items.enumerated().compactMap { i, item in string(item, at: path + [.index(i)]) }
  }

  /// Warns about every key of `dictionary` outside `known`, with a suggestion.
  mutating func warnUnknownKeys(_ dictionary: [String: Any], known: [String], at path: Path, what: String) {
    for key in dictionary.keys.sorted() where !known.contains(key) {
      report(
        .warning, .unknownKey,
        "'\(key)' is not a key of \(what); it is ignored.\(EditDistance.didYouMean(key, among: known))",
        at: path + [.key(key)])
    }
  }

  /// Warns about values listed twice, noting the first.
  mutating func warnDuplicates(_ values: [Located<String>], what: String, caseInsensitive: Bool = false) {
    var seen: [String: Located<String>] = [:]
    for value in values {
      let key = caseInsensitive ? URLTypeDeclaration.normalized(value.value) : value.value
      if let first = seen[key] {
        diagnostics.append(
          Diagnostic(
            .warning, .duplicateValue, "\(what) '\(value.value)' is listed twice", at: value.location,
            notes: [.init("first listed here", at: first.location)]))
      } else {
        seen[key] = value
      }
    }
  }

  // MARK: - Info.plist

  mutating func readInfoPlist(_ root: [String: Any], format: InfoPlist.Format) -> InfoPlist {
    var plist = InfoPlist(file: file, format: format)
    plist.bundleIdentifier = string(root["CFBundleIdentifier"], at: [.key("CFBundleIdentifier")])
    if let manifest = root["UIApplicationSceneManifest"] {
      plist.sceneManifest = readManifest(manifest, at: [.key("UIApplicationSceneManifest")])
    }
    if let types = strings(root["NSUserActivityTypes"], at: [.key("NSUserActivityTypes")]) {
      plist.userActivityTypes = types
      warnDuplicates(types, what: "the activity type")
    }
    if let value = root["CFBundleURLTypes"], let entries = array(value, at: [.key("CFBundleURLTypes")]) {
      plist.urlTypes = entries.enumerated().compactMap { i, entry in
        readURLType(entry, index: i, at: [.key("CFBundleURLTypes"), .index(i)])
      }
      warnDuplicates(plist.urlSchemes, what: "the URL scheme", caseInsensitive: true)
    }
    return plist
  }

  static let manifestKeys = [
    "UIApplicationSupportsMultipleScenes", "UIApplicationSupportsTabbedSceneCollection", "UISceneConfigurations",
    "UIApplicationPreferredDefaultSceneSessionRole",
  ]
  static let configurationKeys = [
    "UISceneConfigurationName", "UISceneDelegateClassName", "UISceneClassName", "UISceneStoryboardFile",
  ]

  mutating func readManifest(_ value: Any, at path: Path) -> SceneManifest? {
    guard let fields = dictionary(value, at: path) else { return nil }
    warnUnknownKeys(fields, known: PlistReader.manifestKeys, at: path, what: "UIApplicationSceneManifest")
    var manifest = SceneManifest(location: location(path))
    manifest.supportsMultipleScenes = bool(
      fields["UIApplicationSupportsMultipleScenes"], at: path + [.key("UIApplicationSupportsMultipleScenes")])
    manifest.supportsTabbedSceneCollection = bool(
      fields["UIApplicationSupportsTabbedSceneCollection"],
      at: path + [.key("UIApplicationSupportsTabbedSceneCollection")])
    let rolesPath = path + [.key("UISceneConfigurations")]
    if let value = fields["UISceneConfigurations"], let roles = dictionary(value, at: rolesPath) {
      for role in roles.keys.sorted() {
        let rolePath = rolesPath + [.key(role)]
        if !SceneManifest.knownRoles.contains(role) {
          let suggestion = EditDistance.didYouMean(role, among: SceneManifest.knownRoles)
          report(
            .warning, .unknownSceneRole, "'\(role)' is not a scene session role UIKit defines.\(suggestion)",
            at: rolePath)
        }
        guard let value = roles[role], let entries = array(value, at: rolePath) else { continue }
        let configurations = entries.enumerated().compactMap { i, entry in
          readConfiguration(entry, role: role, index: i, at: rolePath + [.index(i)])
        }
        manifest.roles.append(
          SceneManifest.Role(name: Located(role, at: location(rolePath)), configurations: configurations))
      }
    }
    warnDuplicates(manifest.configurationNames, what: "the scene configuration name", code: .duplicateConfigurationName)
    return manifest
  }

  mutating func readConfiguration(_ value: Any, role: String, index: Int, at path: Path) -> SceneConfiguration? {
    guard let fields = dictionary(value, at: path) else { return nil }
    warnUnknownKeys(fields, known: PlistReader.configurationKeys, at: path, what: "a scene configuration")
    var configuration = SceneConfiguration(role: role, index: index, location: location(path))
    configuration.name = string(fields["UISceneConfigurationName"], at: path + [.key("UISceneConfigurationName")])
    configuration.delegateClassName = string(
      fields["UISceneDelegateClassName"], at: path + [.key("UISceneDelegateClassName")])
    configuration.sceneClassName = string(fields["UISceneClassName"], at: path + [.key("UISceneClassName")])
    configuration.storyboardFile = string(fields["UISceneStoryboardFile"], at: path + [.key("UISceneStoryboardFile")])
    if configuration.name == nil {
      report(
        .warning, .missingKey,
        "scene configuration \(index) of '\(role)' has no UISceneConfigurationName; "
          + "the app delegate cannot ask for it by name (K4)",
        at: path)
    }
    return configuration
  }

  mutating func readURLType(_ value: Any, index: Int, at path: Path) -> URLTypeDeclaration? {
    guard let fields = dictionary(value, at: path) else { return nil }
    var type = URLTypeDeclaration(schemes: [], index: index, location: location(path))
    type.name = string(fields["CFBundleURLName"], at: path + [.key("CFBundleURLName")])
    type.role = string(fields["CFBundleTypeRole"], at: path + [.key("CFBundleTypeRole")])
    if let schemes = strings(fields["CFBundleURLSchemes"], at: path + [.key("CFBundleURLSchemes")]) {
      type.schemes = schemes
      for scheme in schemes where !URLTypeDeclaration.isValidScheme(scheme.value) {
        diagnostics.append(
          Diagnostic(
            .warning, .invalidURLScheme,
            "'\(scheme.value)' is not a valid URL scheme (a letter, then letters, digits, '+', '-' or '.')",
            at: scheme.location))
      }
    } else if fields["CFBundleURLSchemes"] == nil {
      report(.warning, .missingKey, "URL type \(index) has no CFBundleURLSchemes, so it registers no scheme", at: path)
    }
    return type
  }
}

extension PlistReader {
  /// Warns about repeated values with a given code.
  mutating func warnDuplicates(_ values: [Located<String>], what: String, code: DiagnosticCode) {
    let before = diagnostics.count
    warnDuplicates(values, what: what)
    for i in before..<diagnostics.count { diagnostics[i].code = code }
  }
}
