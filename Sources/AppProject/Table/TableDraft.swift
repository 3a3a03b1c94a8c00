import Foundation
import RouteTables
package import RouterSupport

/// Writes a route table from ``ProjectFacts``, or updates an existing one, keeping what the
/// user wrote.
///
/// The table says which keys came from the project in `"$from"`: a map from a path to the
/// origin of its value: `app`, `urlSchemes[garden]`, `associatedDomains[applinks:…]`,
/// `scenes[plant]` (the scene), `scenes[plant].matching` (one key of it),
/// `configurationForConnecting[NewTaskWindow]`. The rule of an update is one: a key (or list
/// item, or scene) is written from the project when the existing table lacks it or `$from`
/// names it; any other key the existing table has is the user's and is kept as written,
/// byte for byte. So deleting a path from `$from` keeps a value against the project, and a
/// table written by hand is adopted: its keys stay, what the project adds is added. Paths
/// `$from` named that the project no longer gives are removed. `"$also"` (what the table has no
/// key for) and `"$next"` (what to write; an entry goes once a route covers it) are rewritten
/// every time.
///
/// ```swift
/// let draft = TableDraft.write(facts, updating: nil)
/// print(draft.text)                            // the table
/// let update = TableDraft.write(facts, updating: SourceText(file: "App.routes.json", bytes: old))
/// update.differences.map(\.description)        // ["scenes[plant]: added (Garden/GardenApp.swift:14:5)"]
/// ```
package enum TableDraft {
  /// One way the written table differs from the existing one.
  package struct Difference: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
      /// The project gives it and the table lacks it.
      case added
      /// The table has it from an earlier run and the project no longer gives it.
      case removed
      /// The project gives another value.
      case changed
      /// The user's value, which differs from the project's, is kept.
      case kept
    }

    package var path: String
    package var kind: Kind
    /// The table's value, as JSON text.
    package var old: String?
    /// The project's value, as JSON text.
    package var new: String?
    /// Where the project's value comes from.
    package var origin: String?
    /// Where the table's value is.
    package var location: SourceLocation?

    package var description: String {
      switch kind {
      case .added: "\(path): " + (new.map { "\($0) is " } ?? "") + "in the project (\(origin ?? "")), not in the table"
      case .removed:
        old.map {
          $0.hasPrefix("{") ? "\(path): no longer in the project" : "\(path): \($0) is no longer in the project"
        }
          ?? "\(path): no longer in the project"
      case .changed: "\(path): the table has \(old ?? ""), the project \(new ?? "") (\(origin ?? ""))"
      case .kept:
        "\(path): your \(old ?? "") is kept; the project says \(new ?? "") (\(origin ?? "")); "
          + "'\(path)' is not in \"$from\""
      }
    }
  }

  package struct Result: Sendable {
    package var text: String
    package var differences: [Difference]
    package var diagnostics: [Diagnostic]
  }

  /// The table for `facts`; with `existing`, that table updated.
  package static func write(_ facts: ProjectFacts, updating existing: SourceText?) -> Result {
    var old: OldTable?
    var diagnostics: [Diagnostic] = []
    if let existing {
      do {
        let root = try JSONParser.parse(existing.bytes)
        if case .object = root.kind {
          old = OldTable(root: root, source: existing)
        } else {
          diagnostics.append(
            Diagnostic(
              .error, .wrongType, "the table to update is not a JSON object", at: existing.location(at: root.start)))
        }
      } catch {
        diagnostics.append(error.diagnostic(in: existing.lines))
      }
      if old == nil { return Result(text: "", differences: [], diagnostics: diagnostics) }
    }
    var writer = Writer(facts: facts, old: old)
    let text = writer.document().text()
    return Result(text: text, differences: writer.differences, diagnostics: diagnostics)
  }
}

/// The existing table: its members, its `$from` paths, and the text of each value.
private struct OldTable {
  let root: JSONNode
  let source: SourceText
  var from: Set<String>

  init(root: JSONNode, source: SourceText) {
    self.root = root
    self.source = source
    from = Set(root.member("$from")?.value.members?.map(\.key) ?? [])
  }

  func member(_ key: String) -> JSONMember? { root.member(key) }

  func raw(_ node: JSONNode) -> String {
    String(decoding: source.bytes[node.start..<node.end], as: UTF8.self)
  }

  func location(_ node: JSONNode) -> SourceLocation { source.location(at: node.start) }
}

private struct Writer {
  let facts: ProjectFacts
  var old: OldTable?
  var from: [(String, DraftValue)] = []
  /// Scenes without an id whose name in the written table (their kind and final position)
  /// differs from the project's (their position among the project's scenes): a scene of the
  /// user's stands before them. `$from` and `$next` name them as the table does.
  var renames: [(from: String, to: String)] = []
  var differences: [TableDraft.Difference] = []

  init(facts: ProjectFacts, old: OldTable?) {
    self.facts = facts
    self.old = old
  }

  /// Whether the project writes `path`: the old table lacks it, or its `$from` names it.
  func projectOwns(_ path: String, present: Bool) -> Bool {
    guard let old else { return true }
    return !present || old.from.contains(path)
  }

  static func text(_ value: JSONValue) -> String {
    var out: [UInt8] = []
    JSONWriter.append(value, to: &out, sortedKeys: true)
    return String(decoding: out, as: UTF8.self)
  }

  static func same(_ a: JSONValue, _ b: JSONValue) -> Bool { text(a) == text(b) }

  /// One derived value at `path`, given what the old table has there.
  mutating func derive(
    _ path: String, _ fact: ProjectFacts.Fact, old node: JSONNode?, reportAdded: Bool = true
  ) -> DraftValue {
    guard let node else {
      if self.old != nil && reportAdded {
        differences.append(.init(path: path, kind: .added, new: Self.text(fact.value), origin: fact.origin))
      }
      from.append((path, .json(.string(fact.origin))))
      return .json(fact.value)
    }
    if projectOwns(path, present: true) {
      if !Self.same(node.value, fact.value) {
        differences.append(
          .init(
            path: path, kind: .changed, old: Self.text(node.value), new: Self.text(fact.value), origin: fact.origin,
            location: old?.location(node)))
      }
      from.append((path, .json(.string(fact.origin))))
      return .json(fact.value)
    }
    if !Self.same(node.value, fact.value) {
      differences.append(
        .init(
          path: path, kind: .kept, old: Self.text(node.value), new: Self.text(fact.value), origin: fact.origin,
          location: old?.location(node)))
    }
    return .raw(old?.raw(node) ?? "")
  }

  /// Old `$from` paths under `prefix` that the new table no longer has.
  mutating func removed(_ paths: [(String, JSONNode?)]) {
    guard let old else { return }
    for (path, node) in paths where old.from.contains(path) {
      differences.append(
        .init(path: path, kind: .removed, old: node.map { Self.text($0.value) }, location: node.map(old.location)))
    }
  }

  mutating func document() -> DraftValue {
    var members: [(String, DraftValue)] = [("$generated", .json(.string(facts.header)))]
    let derivedTop = ["app", "platform", "multipleScenes", "lifecycle", "appID"]
    for field in facts.top {
      members.append((field.key, derive(field.key, field.fact, old: old?.member(field.key)?.value)))
    }
    for key in derivedTop where !facts.top.contains(where: { $0.key == key }) {
      guard let node = old?.member(key)?.value else { continue }
      if old?.from.contains(key) == true {
        removed([(key, node)])
      } else {
        members.append((key, .raw(old?.raw(node) ?? "")))
      }
    }
    list("urlSchemes", facts.urlSchemes, into: &members)
    list("activityTypes", facts.activityTypes, into: &members)
    domains(into: &members)
    members.append(("scenes", scenes()))
    choices(into: &members)
    let written = Set(members.map(\.0) + ["$from", "$also", "$next", "$generated"])
    if let routes = old?.member("routes") {
      members.append(("routes", .raw(old?.raw(routes.value) ?? "[]")))
    } else {
      members.append(("routes", .json(.array([]))))
    }
    for member in old?.root.members ?? [] where !written.contains(member.key) && member.key != "routes" {
      members.append((member.key, .raw(old?.raw(member.value) ?? "")))
    }
    for (i, entry) in from.enumerated() {
      for r in renames where entry.0 == "scenes[\(r.from)]" || entry.0.hasPrefix("scenes[\(r.from)].") {
        from[i].0 = "scenes[\(r.to)]" + entry.0.dropFirst("scenes[\(r.from)]".count)
        if case .json(.string(let origin)) = entry.1 {
          from[i].1 = .json(.string(origin.replacingOccurrences(of: "'\(r.from)'", with: "'\(r.to)'")))
        }
      }
    }
    members.append(("$from", .object(from)))
    if !facts.also.isEmpty { members.append(("$also", .json(.array(facts.also.map { .string($0) })))) }
    let next = facts.next.filter { !isDone($0.done) }.map { item in
      JSONValue.string(renames.reduce(item.text) { $0.replacingOccurrences(of: "'\($1.from)'", with: "'\($1.to)'") })
    }
    if !next.isEmpty { members.append(("$next", .json(.array(next)))) }
    return .object(members)
  }

  /// A list of strings: the user's items kept, the project's written, old derived ones dropped.
  mutating func list(_ key: String, _ items: [ProjectFacts.Item], into members: inout [(String, DraftValue)]) {
    let oldItems = old?.member(key)?.value.elements ?? []
    guard !items.isEmpty || !oldItems.isEmpty else { return }
    var out: [DraftValue] = []
    var seen: Set<String> = []
    for item in items {
      let path = "\(key)[\(item.value)]"
      let node = oldItems.first { $0.stringValue == item.value }
      out.append(derive(path, .init(.string(item.value), item.origin), old: node))
      seen.insert(item.value)
    }
    for node in oldItems {
      guard let value = node.stringValue, !seen.contains(value) else { continue }
      let path = "\(key)[\(value)]"
      if old?.from.contains(path) == true {
        removed([(path, node)])
      } else {
        out.append(.raw(old?.raw(node) ?? ""))
      }
    }
    if let member = old?.member(key), member.value.elements == nil {
      members.append((key, .raw(old?.raw(member.value) ?? "")))  // not a list: the user's, as written
      return
    }
    if !out.isEmpty { members.append((key, .array(out))) }
  }

  /// `associatedDomains`: each entry derived, its value (an AASA path) the user's once written.
  mutating func domains(into members: inout [(String, DraftValue)]) {
    let oldEntries = old?.member("associatedDomains")?.value.members ?? []
    guard !facts.associatedDomains.isEmpty || !oldEntries.isEmpty else { return }
    var out: [(String, DraftValue)] = []
    for item in facts.associatedDomains {
      let path = "associatedDomains[\(item.value)]"
      if let entry = oldEntries.first(where: { $0.key == item.value }) {
        if old?.from.contains(path) == true { from.append((path, .json(.string(item.origin)))) }
        out.append((item.value, .raw(old?.raw(entry.value) ?? "null")))
      } else {
        if old != nil { differences.append(.init(path: path, kind: .added, new: "null", origin: item.origin)) }
        from.append((path, .json(.string(item.origin))))
        out.append((item.value, .json(.null)))
      }
    }
    for entry in oldEntries where !facts.associatedDomains.contains(where: { $0.value == entry.key }) {
      let path = "associatedDomains[\(entry.key)]"
      if old?.from.contains(path) == true {
        removed([(path, entry.value)])
      } else {
        out.append((entry.key, .raw(old?.raw(entry.value) ?? "null")))
      }
    }
    if !out.isEmpty { members.append(("associatedDomains", .object(out))) }
  }

  mutating func scenes() -> DraftValue {
    let oldScenes = old?.member("scenes")?.value.elements ?? []
    // A scene without an id is matched by its kind and its rank among the scenes of that kind
    // without an id (the k-th WindowGroup without one in the project is the k-th in the table),
    // so that a scene of the user's written before it does not lose it; the old table's paths
    // of it are read under the project's name.
    var names = oldScenes.enumerated().map { TableSceneName.of($1, position: $0 + 1) }
    var oldUnnamed: [SceneDeclaration.Kind: [Int]] = [:]
    for (i, node) in oldScenes.enumerated() where node.member("id") == nil {
      if let kind = Self.kind(node), kind != .window { oldUnnamed[kind, default: []].append(i) }
    }
    var rank: [SceneDeclaration.Kind: Int] = [:]
    for scene in facts.scenes where !scene.declaresID {
      let kind = Self.kind(scene)
      let k = rank[kind, default: 0]
      rank[kind] = k + 1
      guard let i = oldUnnamed[kind].flatMap({ k < $0.count ? $0[k] : nil }), let oldName = names[i] else { continue }
      names[i] = scene.id
      if oldName != scene.id, var table = old {
        table.from = Set(
          table.from.map { path in
            path == "scenes[\(oldName)]" || path.hasPrefix("scenes[\(oldName)].")
              ? "scenes[\(scene.id)]" + path.dropFirst("scenes[\(oldName)]".count) : path
          })
        old = table
      }
    }
    var derived: [String: DraftValue] = [:]
    for scene in facts.scenes {
      derived[scene.id] = self.scene(scene, old: names.firstIndex { $0 == scene.id }.map { oldScenes[$0] })
    }
    // The project's order, with each scene of the user's after the scene it followed.
    var out: [DraftValue] = []
    var placed: Set<String> = []
    var pendingUser: [String: [DraftValue]] = [:]
    var lastDerived: String?
    for (node, name) in zip(oldScenes, names) {
      guard let sceneID = name else {
        pendingUser[lastDerived ?? "", default: []].append(.raw(old?.raw(node) ?? ""))
        continue
      }
      if derived[sceneID] != nil {
        lastDerived = sceneID
      } else if old?.from.contains("scenes[\(sceneID)]") == true {
        removed([("scenes[\(sceneID)]", node)])
      } else {
        pendingUser[lastDerived ?? "", default: []].append(.raw(old?.raw(node) ?? ""))
      }
    }
    out += pendingUser[""] ?? []
    for scene in facts.scenes where placed.insert(scene.id).inserted {
      if let value = derived[scene.id] {
        out.append(value)
        let name = SceneDeclaration.unnamed(Self.kind(scene), position: out.count)
        if !scene.declaresID && name != scene.id { renames.append((scene.id, name)) }
      }
      out += pendingUser[scene.id] ?? []
    }
    return .array(out)
  }

  /// The kind of a scene object of a table (a `windowGroup` when it does not say).
  static func kind(_ node: JSONNode) -> SceneDeclaration.Kind? {
    guard let text = node.member("kind")?.value.stringValue else { return .windowGroup }
    return SceneDeclaration.Kind(rawValue: text)
  }

  /// The kind of a scene of the project (its `kind` field; a `windowGroup` without one).
  static func kind(_ scene: ProjectFacts.Scene) -> SceneDeclaration.Kind {
    guard case .string(let text)? = scene.fields.first(where: { $0.key == "kind" })?.fact.value else {
      return .windowGroup
    }
    return SceneDeclaration.Kind(rawValue: text) ?? .windowGroup
  }

  mutating func scene(_ scene: ProjectFacts.Scene, old node: JSONNode?) -> DraftValue {
    let path = "scenes[\(scene.id)]"
    if node == nil, old != nil {
      differences.append(.init(path: path, kind: .added, origin: scene.origin))
    }
    let present = node != nil
    if projectOwns(path, present: present) || node != nil { from.append((path, .json(.string(scene.origin)))) }
    var members: [(String, DraftValue)] = scene.declaresID ? [("id", .json(.string(scene.id)))] : []
    let oldMembers = node?.members ?? []
    for field in scene.fields {
      let fieldPath = "\(path).\(field.key)"
      members.append(
        (
          field.key,
          derive(
            fieldPath, field.fact, old: oldMembers.first { $0.key == field.key }?.value, reportAdded: node != nil)
        ))
    }
    for member in oldMembers where member.key != "id" && !scene.fields.contains(where: { $0.key == member.key }) {
      let fieldPath = "\(path).\(member.key)"
      if old?.from.contains(fieldPath) == true {
        removed([(fieldPath, member.value)])
      } else {
        members.append((member.key, .raw(old?.raw(member.value) ?? "")))
      }
    }
    return .object(members)
  }

  mutating func choices(into members: inout [(String, DraftValue)]) {
    let oldRows = old?.member("configurationForConnecting")?.value.elements ?? []
    guard !facts.configurationChoices.isEmpty || !oldRows.isEmpty else { return }
    func type(_ node: JSONNode) -> String? { node.member("activityType")?.value.stringValue }
    var out: [DraftValue] = []
    for choice in facts.configurationChoices {
      let value: JSONValue = .object([
        "activityType": .string(choice.activityType), "configuration": .string(choice.configuration),
      ])
      out.append(
        derive(
          "configurationForConnecting[\(choice.activityType)]", .init(value, choice.origin),
          old: oldRows.first { type($0) == choice.activityType }))
    }
    for node in oldRows {
      guard let t = type(node), !facts.configurationChoices.contains(where: { $0.activityType == t }) else { continue }
      let path = "configurationForConnecting[\(t)]"
      if old?.from.contains(path) == true { removed([(path, node)]) } else { out.append(.raw(old?.raw(node) ?? "")) }
    }
    if !out.isEmpty { members.append(("configurationForConnecting", .array(out))) }
  }

  /// Whether the old table's routes cover a `$next` entry.
  func isDone(_ done: ProjectFacts.Next.Done?) -> Bool {
    guard let done, let routes = old?.member("routes")?.value.elements else { return false }
    var patterns: [String] = []
    var activities: [String] = []
    for route in routes {
      switch route.member("url")?.value.kind {
      case .string(let s)?: patterns.append(s)
      case .array(let items)?: patterns += items.compactMap(\.stringValue)
      default: break
      }
      if let a = route.member("activity")?.value.stringValue { activities.append(a) }
    }
    switch done {
    case .scheme(let scheme):
      return patterns.contains { $0.lowercased().hasPrefix(scheme + "://") }
    case .host(let host):
      let wildcard = host.hasPrefix("*.")
      let domain = wildcard ? String(host.dropFirst(2)) : host
      return patterns.contains { pattern in
        let lower = pattern.lowercased()
        guard lower.hasPrefix("https://") else { return false }
        let h = String(lower.dropFirst(8).prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" })
        return h == host || h == domain || (wildcard && h.hasSuffix("." + domain))
      }
    case .activity(let type):
      return activities.contains(type)
    }
  }
}
