import RouterSupport

extension TableLoader {
  static let sceneKeys = [
    "id", "kind", "title", "presents", "defaultValue", "matching", "matchingModifiers", "contentTypes",
    "preferring", "allowing", "onOpenURL", "onContinueUserActivity", "role", "delegateClass", "activationConditions",
    "restorationBehavior", "defaultLaunchBehavior", "views",
  ]
  static let viewKeys = ["name", "onOpenURL", "onContinueUserActivity"]

  /// Reads the scene declarations, in order; reports duplicate ids with both locations.
  static func readScenes(_ member: JSONMember?, root: JSONNode, _ reader: inout JSONFieldReader) -> [SceneDeclaration] {
    guard let member else {
      reader.missing("scenes", in: root, what: "the route table")
      return []
    }
    guard case .array(let items) = member.value.kind else {
      reader.error(
        .wrongType, "'scenes' must be an array of scene declarations, found \(member.value.typeName)",
        at: member.value.start)
      return []
    }
    if items.isEmpty {
      reader.error(.invalidValue, "an app declares at least one scene", at: member.value.start)
    }
    var scenes: [SceneDeclaration] = []
    for (index, item) in items.enumerated() {
      guard let scene = readScene(item, position: index + 1, &reader) else { continue }
      if let first = scenes.first(where: { $0.id == scene.id }) {
        reader.error(
          .duplicateSceneID, "scene id '\(scene.id)' is declared twice; SwiftUI needs unique ids (W2)",
          at: item.start, notes: [.init("'\(scene.id)' is first declared here", at: first.location)])
        continue
      }
      scenes.append(scene)
    }
    return scenes
  }

  /// `[["a"], ["b", "c"]]`: the sets of repeated modifiers, innermost first.
  static func readSetList(_ member: JSONMember, _ reader: inout JSONFieldReader) -> [[String]] {
    guard case .array(let items) = member.value.kind else {
      reader.error(.wrongType, "'\(member.key)' must be an array of string arrays", at: member.value.start)
      return []
    }
    return items.map { item in
      reader.strings(JSONMember(key: member.key, keyStart: member.keyStart, value: item))?.map(\.0) ?? []
    }
  }

  /// `{"prefers": "<predicate>", "can": "<predicate>"}` (UIKit, M8).
  static func readActivationConditions(
    _ member: JSONMember, into scene: inout SceneDeclaration, _ reader: inout JSONFieldReader
  ) {
    guard let fields = reader.object(member.value, what: "'activationConditions'", keys: activationConditionKeys) else {
      return
    }
    for key in ["prefers", "can"] {
      guard let m = fields[key], let text = reader.string(m, in: member.value, what: "'activationConditions'") else {
        continue
      }
      do {
        let predicate = try ActivationPredicate(parsing: text)
        if key == "prefers" { scene.prefers = predicate } else { scene.can = predicate }
      } catch {
        reader.report(error, inString: m.value)
      }
    }
  }

  static func readScene(_ node: JSONNode, position: Int, _ reader: inout JSONFieldReader) -> SceneDeclaration? {
    let what = "a scene declaration"
    guard let fields = reader.object(node, what: what, keys: sceneKeys) else { return nil }
    let kind = fields["kind"].flatMap { reader.choice($0, SceneDeclaration.Kind.self) } ?? .windowGroup
    // A scene the app writes without an id (`WindowGroup { … }`, `DocumentGroup`, `Settings`)
    // is named by its kind and position; a `Window` and a UIKit configuration always have one.
    let unnamed = fields["id"] == nil && kind != .window
    let id: String
    if unnamed {
      id = SceneDeclaration.unnamed(kind, position: position)
    } else {
      guard let declared = reader.string(fields["id"], required: "id", in: node, what: what) else { return nil }
      id = declared
    }
    if id.isEmpty {
      reader.error(.invalidValue, "a scene id cannot be empty", at: fields["id"]?.value.start ?? node.start)
    }
    var scene = SceneDeclaration(id: id, kind: kind, location: reader.location(node.start))
    scene.declaresID = !unnamed
    scene.title = reader.string(fields["title"], in: node, what: what)
    scene.presents = reader.string(fields["presents"], in: node, what: what)
    if let value = fields["defaultValue"] {
      scene.defaultValue = value.value.value
      if scene.presents == nil {
        reader.error(.invalidValue, "'defaultValue' needs 'presents' (the value type of the group)", at: value.keyStart)
      }
    }
    if let matching = fields["matching"] {
      scene.matching = reader.strings(matching)?.map(\.0) ?? []
      if kind == .documentGroup || kind == .settings {
        reader.warning(
          .invalidValue, "\(kind.rawValue) ignores handlesExternalEvents(matching:) (S7, S8)", at: matching.keyStart)
      }
      if fields["matchingModifiers"] != nil {
        reader.error(.invalidValue, "use 'matching' or 'matchingModifiers', not both", at: matching.keyStart)
      }
    } else if let modifiers = fields["matchingModifiers"] {
      scene.matchingModifiers = readSetList(modifiers, &reader)
    }
    scene.preferring = reader.strings(fields["preferring"])?.map(\.0)
    scene.allowing = reader.strings(fields["allowing"])?.map(\.0)
    if (scene.preferring == nil) != (scene.allowing == nil) {
      // One view modifier always sets both; a missing one is empty.
      scene.preferring = scene.preferring ?? []
      scene.allowing = scene.allowing ?? []
    }
    var views: [ViewHandlers] = []
    if fields["onOpenURL"] != nil || fields["onContinueUserActivity"] != nil {
      views.append(
        ViewHandlers(
          openURL: reader.bool(fields["onOpenURL"]) ?? false,
          activityTypes: reader.strings(fields["onContinueUserActivity"])?.map(\.0) ?? []))
    }
    if let member = fields["views"] {
      views += readViews(member, &reader)
      scene.handlers = SceneDeclaration.Handlers(views: views)
    } else if let content = views.first {
      scene.handlers = SceneDeclaration.Handlers(openURL: content.openURL, activityTypes: content.activityTypes)
    }
    if let role = reader.string(fields["role"], in: node, what: what) { scene.role = role }
    scene.delegateClass = reader.string(fields["delegateClass"], in: node, what: what)
    if let behavior = reader.choice(fields["restorationBehavior"], SceneDeclaration.RestorationBehavior.self) {
      scene.restorationBehavior = behavior
    }
    if let behavior = reader.choice(fields["defaultLaunchBehavior"], SceneDeclaration.LaunchBehavior.self) {
      scene.launchBehavior = behavior
    }
    if let conditions = fields["activationConditions"] {
      readActivationConditions(conditions, into: &scene, &reader)
    }
    scene.contentTypes = reader.strings(fields["contentTypes"])?.map(\.0) ?? []
    if kind == .documentGroup && scene.contentTypes.isEmpty {
      reader.error(.missingKey, "a documentGroup needs 'contentTypes'", at: node.start)
    }
    if kind == .window && scene.presents != nil {
      reader.error(
        .invalidValue, "a Window presents no value; use a windowGroup for 'presents'",
        at: fields["presents"]?.keyStart ?? node.start)
    }
    return scene
  }

  /// `[{"name": "Sidebar", "onOpenURL": true}, …]`: the views of a scene that carry handlers,
  /// in the order they run (D4). Each needs a name, unique in the scene.
  static func readViews(_ member: JSONMember, _ reader: inout JSONFieldReader) -> [ViewHandlers] {
    guard case .array(let items) = member.value.kind else {
      reader.error(
        .wrongType, "'views' must be an array of views, such as {\"name\": \"Sidebar\", \"onOpenURL\": true}",
        at: member.value.start)
      return []
    }
    let what = "a view"
    var views: [ViewHandlers] = []
    for item in items {
      guard let fields = reader.object(item, what: what, keys: viewKeys),
        let name = reader.string(fields["name"], required: "name", in: item, what: what)
      else { continue }
      if name.isEmpty {
        reader.error(.invalidValue, "a view name cannot be empty", at: fields["name"]?.value.start ?? item.start)
        continue
      }
      if views.contains(where: { $0.view == name }) {
        reader.error(
          .invalidValue, "view '\(name)' is listed twice in this scene; list each view once with all its handlers",
          at: fields["name"]?.value.start ?? item.start)
        continue
      }
      views.append(
        ViewHandlers(
          view: name, openURL: reader.bool(fields["onOpenURL"]) ?? false,
          activityTypes: reader.strings(fields["onContinueUserActivity"])?.map(\.0) ?? []))
    }
    return views
  }
}
