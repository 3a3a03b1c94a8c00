import RouterSupport

extension TableLoader {
  static let actionKeys = ["deliver", "openWindow", "dismissWindow", "pushWindow", "requestSceneSessionActivation"]
  static let routeKeys =
    ["name", "url"] + eventTriggerKeys + ["userInfo", "targetContentIdentifier", "priority", "acceptLostLinks"]
    + actionKeys

  /// Reads the routes, in table order; reports duplicate names with both locations.
  static func readRoutes(
    _ member: JSONMember?, root: JSONNode, table: RouteTable, _ reader: inout JSONFieldReader
  ) -> [Route] {
    guard let member else {
      reader.missing("routes", in: root, what: "the route table")
      return []
    }
    guard case .array(let items) = member.value.kind else {
      reader.error(
        .wrongType, "'routes' must be an array of rules, found \(member.value.typeName)", at: member.value.start)
      return []
    }
    var routes: [Route] = []
    // The first route of each name, by its index: a lookup, so that loading stays linear in the
    // number of routes (scanning the routes read so far made it quadratic).
    var firstIndex: [String: Int] = [:]
    for item in items {
      guard let route = readRoute(item, index: routes.count, table: table, &reader) else { continue }
      if let first = firstIndex[route.name] {
        reader.error(
          .duplicateRuleName, "route name '\(route.name)' is used twice", at: item.start,
          notes: [.init("'\(route.name)' is first used here", at: routes[first].location)])
        continue
      }
      firstIndex[route.name] = routes.count
      routes.append(route)
    }
    return routes
  }

  /// The keys that name a route's trigger, in the order messages name them.
  static let triggerKeys = ["url"] + eventTriggerKeys

  static func readRoute(_ node: JSONNode, index: Int, table: RouteTable, _ reader: inout JSONFieldReader) -> Route? {
    let what = "a route"
    guard let fields = reader.object(node, what: what, keys: routeKeys) else { return nil }
    let name = reader.string(fields["name"], required: "name", in: node, what: what)
    let label = name.map { "route '\($0)'" } ?? what
    // Trigger: exactly one of "url", "activity", "shortcut" and "notification".
    var trigger: Route.Trigger?
    let triggers = triggerKeys.compactMap { fields[$0] }
    if triggers.isEmpty {
      reader.error(
        .missingKey,
        "\(label) needs a 'url' (a pattern or a list of them), an 'activity' (a type), a 'shortcut' (a quick"
          + " action's type) or a 'notification'", at: node.start)
    } else if triggers.count > 1 {
      reader.error(
        .invalidValue, "\(label) has both '\(triggers[0].key)' and '\(triggers[1].key)'; split it into two routes",
        at: triggers[1].keyStart)
    } else if triggers[0].key == "url" {
      trigger = readURLPatterns(triggers[0], valueSets: table.valueSets, &reader).map { .url($0) }
      for key in ["userInfo", "targetContentIdentifier"] {
        if let member = fields[key] {
          reader.error(.invalidValue, "'\(key)' belongs to event routes; \(label) has a 'url'", at: member.keyStart)
        }
      }
    } else {
      trigger = readEventTrigger(triggers[0], fields, in: node, &reader)
    }
    // Target: exactly one action key.
    let actions = actionKeys.compactMap { fields[$0] }
    var target: RouteTarget?
    if actions.isEmpty {
      reader.error(
        .missingKey, "\(label) needs a target: one of \(actionKeys.map { "'\($0)'" }.joined(separator: ", "))",
        at: node.start)
    } else if actions.count > 1 {
      reader.error(
        .invalidValue,
        "\(label) has more than one target; keep one of \(actions.map { "'\($0.key)'" }.joined(separator: ", "))",
        at: actions[1].keyStart)
    } else {
      target = readTarget(actions[0], table: table, &reader)
    }
    let priority = reader.int(fields["priority"]) ?? 0
    guard let name, let trigger, let target else { return nil }
    let used = (target.value?.parameterNames ?? []) + (target.targetContentIdentifier?.parameterNames ?? [])
    if !used.isEmpty {
      checkParameters(used, trigger: trigger, label: label, at: actions[0].value.start, &reader)
    }
    var route = Route(
      name: name, index: index, trigger: trigger, target: target, priority: priority,
      location: reader.location(node.start))
    if let member = fields["acceptLostLinks"] {
      let reason = reader.string(member, in: member.value, what: label)
      if let reason, reason.allSatisfy({ $0 == " " || $0 == "\t" }) {
        reader.error(
          .invalidValue, "'acceptLostLinks' says why the route's lost links are fine; it is empty",
          at: member.value.start)
      }
      route.acceptedLostLinks = reason
    }
    return route
  }

  static func readURLPatterns(
    _ member: JSONMember, valueSets: [String: [String]] = [:], _ reader: inout JSONFieldReader
  ) -> [URLPattern]? {
    var nodes: [JSONNode] = []
    switch member.value.kind {
    case .string(let text):
      // One pattern (nearly every route): no array of one node.
      do {
        var pattern = try URLPattern(parsing: text, valueSets: valueSets)
        pattern.location = reader.location(member.value.start)
        return [pattern]
      } catch {
        reader.report(error, inString: member.value)
        return nil
      }
    case .array(let items):
      if items.isEmpty { reader.error(.invalidValue, "'url' needs at least one pattern", at: member.value.start) }
      nodes = items
    default:
      reader.error(
        .wrongType, "'url' must be a pattern string or an array of them, found \(member.value.typeName)",
        at: member.value.start)
      return nil
    }
    var patterns: [URLPattern] = []
    var failed = false
    for node in nodes {
      guard case .string(let text) = node.kind else {
        reader.error(.wrongType, "'url' must hold pattern strings, found \(node.typeName)", at: node.start)
        failed = true
        continue
      }
      do {
        var pattern = try URLPattern(parsing: text, valueSets: valueSets)
        pattern.location = reader.location(node.start)
        patterns.append(pattern)
      } catch {
        reader.report(error, inString: node)
        failed = true
      }
    }
    return failed ? nil : patterns
  }

  static func readTarget(_ member: JSONMember, table: RouteTable, _ reader: inout JSONFieldReader) -> RouteTarget? {
    guard let action = RouteTarget.Action(rawValue: member.key) else { return nil }
    let what = "'\(member.key)'"
    let keys = targetKeys(action)
    // `"deliver": "main"` is the usual first try: say what the object looks like.
    if action != .requestSceneSessionActivation, let name = member.value.stringValue {
      let key = action == .deliver ? "scene" : "id"
      reader.error(
        .wrongType,
        "expected \(what) (an object), found string. Did you mean {\"\(key)\": \(quotedJSON(name))}?",
        at: member.value.start)
      return nil
    }
    guard let fields = reader.object(member.value, what: what, keys: keys) else { return nil }
    var target = RouteTarget(action: action, location: reader.location(member.keyStart))
    if action == .requestSceneSessionActivation {
      return readActivationRequest(fields, target, member, &reader)
    }
    let sceneKey = action == .deliver ? "scene" : "id"
    let sceneMember = fields[sceneKey]
    let id = sceneMember.flatMap { reader.string($0, in: member.value, what: what) }
    if let id, table.scenes.contains(where: { $0.id == id }) { target.scene = id }
    target.valueType = reader.string(fields["type"], in: member.value, what: what)
    let valueMember = fields["value"]
    if let valueMember {
      do {
        target.value = try ValueTemplate(node: valueMember.value)
      } catch {
        reader.error(
          .invalidPattern, error.errors.first?.message ?? "invalid value template", at: valueMember.value.start)
      }
    }
    // The checks against the scene declarations, shared with RouteTable.Builder. (A scene that
    // is not a string was reported already: it names no scene, and no scene problem is added.)
    let problems = table.targetProblems(
      target, named: sceneMember == nil ? nil : id ?? "", hasValue: valueMember != nil)
    for problem in problems where id != nil || problem.part != .scene {
      switch problem.part {
      case .scene: reader.error(problem.code, problem.message, at: sceneMember?.value.start ?? member.value.start)
      case .value: reader.error(problem.code, problem.message, at: valueMember?.keyStart ?? member.value.start)
      case .target: reader.error(problem.code, problem.message, at: member.value.start)
      }
    }
    return target
  }

  /// `"requestSceneSessionActivation": {"session": "new", "activityType": "NewTaskWindow",
  /// "targetContentIdentifier": "task-{id}", "value": {"taskID": "{id}"}}`; `value` is the userInfo.
  static func readActivationRequest(
    _ fields: JSONFields, _ target: RouteTarget, _ member: JSONMember, _ reader: inout JSONFieldReader
  ) -> RouteTarget {
    var target = target
    let what = "'requestSceneSessionActivation'"
    if let session = fields["session"], let request = reader.choice(session, RouteTarget.SessionRequest.self) {
      target.sessionRequest = request
    }
    target.activityType = reader.string(fields["activityType"], in: member.value, what: what)
    if let tci = fields["targetContentIdentifier"], let text = reader.string(tci, in: member.value, what: what) {
      do { target.targetContentIdentifier = try ValueTemplate(parsing: text) } catch {
        reader.report(error, inString: tci.value)
      }
    }
    if let value = fields["value"] {
      do { target.value = try ValueTemplate(node: value.value) } catch {
        reader.error(.invalidPattern, error.errors.first?.message ?? "invalid value template", at: value.value.start)
      }
    }
    return target
  }

  /// Every parameter a value template uses must be captured by every pattern of the route.
  static func checkParameters(
    _ names: [String], trigger: Route.Trigger, label: String, at offset: Int, _ reader: inout JSONFieldReader
  ) {
    switch trigger {
    case .url(let patterns):
      for pattern in patterns {
        let captured = pattern.parameterNames
        for name in names where !captured.contains(name) {
          reader.error(
            .unknownParameter,
            "the value of \(label) uses '{\(name)}', which the pattern '\(pattern.text)' does not capture."
              + EditDistance.didYouMean(name, among: captured),
            at: offset)
        }
      }
    case .activity, .shortcut, .notification:
      let captured = trigger.parameterNames
      for name in names where !captured.contains(name) {
        reader.error(
          .unknownParameter,
          "the value of \(label) uses '{\(name)}', which its trigger does not capture."
            + EditDistance.didYouMean(name, among: captured),
          at: offset)
      }
    }
  }
}

/// `text` as a JSON string literal, for a message that shows what to write.
private func quotedJSON(_ text: String) -> String {
  var out: [UInt8] = []
  JSONWriter.appendString(text, to: &out)
  return String(decoding: out, as: UTF8.self)
}
