import RouterSupport

/// Reading the triggers of activity routes: `userInfo` constraints (keys and key paths).
extension TableLoader {
  static func readUserInfo(_ member: JSONMember?, _ reader: inout JSONFieldReader) -> [UserInfoConstraint] {
    guard let member else { return [] }
    switch member.value.kind {
    case .array:
      // ["noteID", "mode"]: required keys, each captured as a string parameter of the same name.
      return (reader.strings(member) ?? []).compactMap { key, node in
        guard !key.hasPrefix("/") else {
          reader.error(
            .invalidValue,
            "a key path ('\(key)') names no parameter; write it in an object, as in {\"\(key)\": \"{name}\"}",
            at: node.start)
          return nil
        }
        return UserInfoConstraint(key: key, value: .parameter(Parameter(name: key), required: true))
      }
    case .object(let members):
      var constraints: [UserInfoConstraint] = []
      var seen: [UserInfoKeyPath: JSONMember] = [:]
      for m in members {
        let path: UserInfoKeyPath
        do { path = try UserInfoKeyPath(parsing: m.key) } catch {
          reader.report(error, inKey: m)
          continue
        }
        if let first = seen[path] {
          reader.error(
            .invalidValue, "userInfo key '\(m.key)' is constrained twice", at: m.keyStart,
            notes: [.init("first constrained here", at: reader.location(first.keyStart))])
          continue
        }
        seen[path] = m
        var constraint = UserInfoConstraint(key: m.key, value: .present)
        constraint.path = path
        if case .string(let s) = m.value.kind, s.hasPrefix("{"), !s.hasPrefix("{{") {
          guard let (parameter, required) = parsePlaceholder(s) else {
            reader.error(
              .invalidPattern, "expected '{name}', '{name:type}' or '{name?}' for userInfo key '\(m.key)'",
              at: m.value.start)
            continue
          }
          constraint.value = .parameter(parameter, required: required)
        } else {
          constraint.value = .equals(m.value.value)
        }
        constraints.append(constraint)
      }
      return constraints
    default:
      reader.error(
        .wrongType,
        "'userInfo' must be an object (key or key path → value or '{parameter}') or an array of keys, found"
          + " \(member.value.typeName)",
        at: member.value.start)
      return []
    }
  }

  /// Parses `{name}`, `{name:type}`, `{name?}`, `{name:type?}`.
  static func parsePlaceholder(_ s: String) -> (Parameter, Bool)? {
    guard s.hasPrefix("{"), s.hasSuffix("}"), s.count >= 3 else { return nil }
    var inner = String(s.dropFirst().dropLast())
    var required = true
    if inner.hasSuffix("?") {
      required = false
      inner.removeLast()
    }
    let parts = inner.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(parts[0])
    guard ValueTemplate.isParameterName(name) else { return nil }
    var type = ParameterType.string
    if parts.count == 2 {
      guard let t = ParameterType(rawValue: String(parts[1])) else { return nil }
      type = t
    }
    return (Parameter(name: name, type: type), required)
  }

}

/// Reading the triggers of event routes: activities, quick actions and notification responses.
extension TableLoader {
  /// The trigger keys besides `url`.
  static let eventTriggerKeys = ["activity", "shortcut", "notification"]
  /// The keys of a route's `notification` object.
  static let notificationKeys = ["categoryIdentifier", "actionIdentifier"]

  /// `"activity": "type"`, `"shortcut": "type pattern"` or `"notification": {…}`, with the
  /// route's `userInfo` and `targetContentIdentifier`.
  static func readEventTrigger(
    _ member: JSONMember, _ fields: JSONFields, in node: JSONNode, _ reader: inout JSONFieldReader
  ) -> Route.Trigger? {
    let userInfo = readUserInfo(fields["userInfo"], &reader)
    var tci: IdentifierPattern?
    var failed = false
    if let m = fields["targetContentIdentifier"] {
      tci = readIdentifierPattern(m, in: node, &reader)
      failed = tci == nil
    }
    switch member.key {
    case "activity":
      guard let type = reader.string(member, in: node, what: "a route") else { return nil }
      if type.isEmpty { reader.error(.invalidValue, "an activity type cannot be empty", at: member.value.start) }
      return failed ? nil : .activity(ActivityPattern(type: type, userInfo: userInfo, targetContentIdentifier: tci))
    case "shortcut":
      guard let type = readIdentifierPattern(member, in: node, &reader), !failed else { return nil }
      return .shortcut(ShortcutPattern(type: type, userInfo: userInfo, targetContentIdentifier: tci))
    default:
      let what = "'notification'"
      guard let f = reader.object(member.value, what: what, keys: notificationKeys) else {
        return nil
      }
      var pattern = NotificationPattern(userInfo: userInfo, targetContentIdentifier: tci)
      pattern.categoryIdentifier = f["categoryIdentifier"].flatMap { reader.string($0, in: member.value, what: what) }
      if let m = f["actionIdentifier"], let action = reader.string(m, in: member.value, what: what) {
        if action.isEmpty {
          reader.error(.invalidValue, "an action identifier cannot be empty", at: m.value.start)
        } else if let alias = Self.systemActions[action.lowercased()] {
          reader.warning(
            .invalidValue,
            "'\(action)' is an action of your own categories; the system's is '\(alias)' (did you mean it?)",
            at: m.value.start)
        }
        pattern.actionIdentifier = action
      }
      return failed ? nil : .notification(pattern)
    }
  }

  /// Short names people write for the system's action identifiers.
  static let systemActions = [
    "default": "com.apple.UNNotificationDefaultActionIdentifier",
    "dismiss": "com.apple.UNNotificationDismissActionIdentifier",
    "unnotificationdefaultactionidentifier": "com.apple.UNNotificationDefaultActionIdentifier",
    "unnotificationdismissactionidentifier": "com.apple.UNNotificationDismissActionIdentifier",
  ]

  /// An identifier pattern written as a JSON string, its errors at their columns.
  static func readIdentifierPattern(_ member: JSONMember, in node: JSONNode, _ reader: inout JSONFieldReader)
    -> IdentifierPattern?
  {
    guard let text = reader.string(member, in: node, what: "a route") else { return nil }
    do { return try IdentifierPattern(parsing: text) } catch {
      reader.report(error, inString: member.value)
      return nil
    }
  }
}
