import AppleAppFiles
package import RouteTables
package import RouterSupport

/// `route-cli check TABLE --project PATH`: what the project declares that the table lacks or
/// contradicts, and what the table declares that the project does not, each a warning at the
/// table's place with a note at the project's (or the other way round).
///
/// Compared: the URL schemes, activity types and associated domains (the table's own lists and
/// what its `infoPlist` adds), `appID`, `multipleScenes`, `lifecycle`, the scenes by id (kind,
/// presented type, `matching`, `defaultValue`, the handlers, a UIKit configuration's role and
/// delegate class), and the `configurationForConnecting` rows. Any table can be checked, one
/// written by `init` or by hand.
///
/// ```swift
/// let drift = ProjectDrift.check(table, source: loaded.source, facts: imported.facts!)
/// drift.first?.description
/// // "Routes/Garden.routes.json:9:5: warning: the project declares the scene 'plant' …, the table does not [not-in-table]"
/// ```
package enum ProjectDrift {
  package static func check(_ table: RouteTable, source: SourceText, facts: ProjectFacts) -> [Diagnostic] {
    var check = Checker(table: table, places: TablePlaces(source: source), facts: facts)
    check.run()
    return check.diagnostics
  }
}

/// Positions of a table's keys and list items, from its text.
struct TablePlaces {
  let source: SourceText
  let root: JSONNode?

  init(source: SourceText) {
    self.source = source
    root = try? JSONParser.parse(source.bytes)
  }

  var top: SourceLocation { source.location(at: root?.start ?? 0) }

  /// The key of the top-level member `key`, or the table's start.
  func member(_ key: String) -> SourceLocation {
    root?.member(key).map { source.location(at: $0.keyStart) } ?? top
  }

  /// The string `value` in the top-level list (or map) `key`, or the key.
  func item(_ key: String, _ value: String) -> SourceLocation {
    guard let member = root?.member(key) else { return top }
    if let elements = member.value.elements, let node = elements.first(where: { $0.stringValue == value }) {
      return source.location(at: node.start)
    }
    if let entries = member.value.members, let entry = entries.first(where: { $0.key == value }) {
      return source.location(at: entry.keyStart)
    }
    return source.location(at: member.keyStart)
  }

  /// The key `key` of the scene `id`, or the scene.
  func scene(_ id: String, key: String? = nil) -> SourceLocation {
    guard let scenes = root?.member("scenes")?.value.elements,
      let scene = scenes.enumerated().first(where: { TableSceneName.of($1, position: $0 + 1) == id })?.element
    else { return member("scenes") }
    if let key, let m = scene.member(key) { return source.location(at: m.keyStart) }
    return source.location(at: scene.start)
  }
}

private struct Checker {
  let table: RouteTable
  let places: TablePlaces
  let facts: ProjectFacts
  var diagnostics: [Diagnostic] = []

  init(table: RouteTable, places: TablePlaces, facts: ProjectFacts) {
    self.table = table
    self.places = places
    self.facts = facts
  }

  mutating func warn(
    _ code: DiagnosticCode, _ message: String, at table: SourceLocation, project: SourceLocation?, _ note: String
  ) {
    diagnostics.append(
      Diagnostic(.warning, code, message, at: table, notes: project.map { [.init(note, at: $0)] } ?? []))
  }

  func top(_ key: String) -> ProjectFacts.Fact? { facts.top.first { $0.key == key }?.fact }

  static func text(_ value: JSONValue) -> String {
    var out: [UInt8] = []
    JSONWriter.append(value, to: &out, sortedKeys: true)
    return String(decoding: out, as: UTF8.self)
  }

  mutating func run() {
    lists(
      "urlSchemes", "URL scheme", project: facts.urlSchemes, table: table.claims.urlSchemes,
      declared: table.claims.declaresSchemes,
      normalize: { $0.lowercased() })
    lists(
      "activityTypes", "activity type", project: facts.activityTypes, table: table.claims.activityTypes ?? [],
      declared: table.claims.activityTypes != nil, normalize: { $0 })
    lists(
      "associatedDomains", "associated domain", project: facts.associatedDomains,
      table: table.claims.associatedDomains.map(\.description), declared: table.claims.declaresDomains,
      normalize: { $0.lowercased() })
    if let appID = top("appID"), let tableID = table.claims.appID, appID.value != .string(tableID) {
      warn(
        .contradictsProject, "the table's appID is '\(tableID)', the project's \(Self.text(appID.value))",
        at: places.member("appID"), project: appID.location, "the project's comes from here (\(appID.origin))")
    }
    if let multiple = top("multipleScenes"), multiple.value != .bool(table.multipleScenes) {
      warn(
        .contradictsProject,
        "the table says multipleScenes \(table.multipleScenes), the project \(Self.text(multiple.value)) (\(multiple.origin))",
        at: places.member("multipleScenes"), project: multiple.location, "the project says so here")
    }
    let projectLifecycle = top("lifecycle")?.value.stringValue ?? "swiftui"
    if projectLifecycle != table.lifecycle.rawValue {
      warn(
        .contradictsProject,
        "the table's lifecycle is \(table.lifecycle.rawValue), the project's \(projectLifecycle)",
        at: places.member("lifecycle"), project: nil, "")
    }
    scenes()
    choices()
  }

  mutating func lists(
    _ key: String, _ what: String, project: [ProjectFacts.Item], table tableValues: [String], declared: Bool,
    normalize: (String) -> String
  ) {
    let tableSet = Set(tableValues.map(normalize))
    let projectSet = Set(project.map { normalize($0.value) })
    for item in project where !tableSet.contains(normalize(item.value)) {
      let consequence =
        key == "associatedDomains" && declared
        ? "; its links are 'not for the app' in the table's decisions"
        : key == "urlSchemes" && declared ? "; its URLs are 'not for the app' in the table's decisions" : ""
      warn(
        .notInTable, "the project declares the \(what) '\(item.value)', the table does not\(consequence)",
        at: places.member(key), project: item.location, "declared here (\(item.origin))")
    }
    for value in tableValues where !projectSet.contains(normalize(value)) {
      warn(
        .notInProject, "the table declares the \(what) '\(value)', the project does not",
        at: places.item(key, value), project: project.first?.location,
        "the project's \(what)s are declared here")
    }
  }

  mutating func scenes() {
    let projectIDs = Set(facts.scenes.map(\.id))
    for scene in facts.scenes {
      guard let declared = table.scene(scene.id) else {
        warn(
          .notInTable, "the project declares the scene '\(scene.id)', the table does not",
          at: places.member("scenes"), project: scene.location, "declared here (\(scene.origin))")
        continue
      }
      for field in scene.fields {
        guard let tableValue = value(of: field.key, in: declared) else {
          if field.key == "kind" || field.key == "role" || field.key == "title" { continue }
          warn(
            .notInTable,
            "the project gives the scene '\(scene.id)' \(field.key) \(Self.text(field.fact.value)), the table does not",
            at: places.scene(scene.id), project: field.fact.location, "from here (\(field.fact.origin))")
          continue
        }
        if field.key == "title" { continue }  // for people only
        if Self.text(tableValue) != Self.text(field.fact.value) {
          warn(
            .contradictsProject,
            "the table gives the scene '\(scene.id)' \(field.key) \(Self.text(tableValue)), "
              + "the project \(Self.text(field.fact.value))",
            at: places.scene(scene.id, key: field.key), project: field.fact.location,
            "the project's is here (\(field.fact.origin))")
        }
      }
      if declared.kind != .windowGroup, !scene.fields.contains(where: { $0.key == "kind" }) {
        warn(
          .contradictsProject,
          "the table's scene '\(scene.id)' is a \(declared.kind.rawValue), the project's a windowGroup",
          at: places.scene(scene.id, key: "kind"), project: scene.location, "declared here")
      }
    }
    for declared in table.scenes where !projectIDs.contains(declared.id) {
      warn(
        .notInProject, "the table declares the scene '\(declared.id)', the project does not",
        at: declared.location ?? places.member("scenes"), project: facts.scenes.first?.location,
        "the project's scenes are declared here")
    }
  }

  /// The table's value of a scene key, as JSON, or nil when the table does not say.
  func value(of key: String, in scene: SceneDeclaration) -> JSONValue? {
    func strings(_ values: [String]?) -> JSONValue? { values.map { .array($0.map { .string($0) }) } }
    switch key {
    case "kind": return .string(scene.kind.rawValue)
    case "title": return scene.title.map { .string($0) }
    case "presents": return scene.presents.map { .string($0) }
    case "defaultValue": return scene.defaultValue
    case "defaultLaunchBehavior": return .string(scene.launchBehavior.rawValue)
    case "restorationBehavior": return .string(scene.restorationBehavior.rawValue)
    case "matching": return strings(scene.matching)
    case "matchingModifiers": return scene.matchingModifiers.map { .array($0.map { .array($0.map { .string($0) }) }) }
    case "contentTypes": return scene.contentTypes.isEmpty ? nil : strings(scene.contentTypes)
    case "preferring": return strings(scene.preferring)
    case "allowing": return strings(scene.allowing)
    case "onOpenURL": return scene.handlers.map { .bool($0.openURL) }
    case "onContinueUserActivity": return strings(scene.handlers?.activityTypes)
    case "role": return .string(scene.role)
    case "delegateClass":
      return scene.delegateClass.map { .string(String($0.split(separator: ".").last ?? Substring($0))) }
    case "activationConditions":
      guard scene.prefers != nil || scene.can != nil else { return nil }
      return places.root?.member("scenes")?.value.elements?
        .enumerated().first { TableSceneName.of($1, position: $0 + 1) == scene.id }?.element
        .member("activationConditions")?.value.value
    default: return nil
    }
  }

  mutating func choices() {
    for choice in facts.configurationChoices {
      let row = table.configurationForConnecting.first { $0.activityType == choice.activityType }
      if row == nil {
        warn(
          .notInTable,
          "the project's configurationForConnecting returns '\(choice.configuration)' for '\(choice.activityType)', "
            + "the table has no row for it",
          at: places.member("configurationForConnecting"), project: choice.location, "returned here")
      } else if row?.configuration != choice.configuration {
        warn(
          .contradictsProject,
          "for '\(choice.activityType)' the table's configurationForConnecting names '\(row?.configuration ?? "")', "
            + "the project's returns '\(choice.configuration)'",
          at: places.member("configurationForConnecting"), project: choice.location, "returned here")
      }
    }
  }
}
