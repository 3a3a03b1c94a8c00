import RouterSupport

/// JSON event lines: one object with exactly one kind key and an optional `id`.
extension EventReader {
  static func readJSON(_ line: UnsafeBufferPointer<UInt8>) -> Result<Event, EventError> {
    let root: JSONNode
    do {
      root = try JSONParser.parse(line, limits: JSONLimits.eventLine)
    } catch {
      return .failure(EventError(code: error.code, message: error.message, column: error.offset + 1))
    }
    guard case .object(let members) = root.kind else { return fail("expected a JSON object", at: root.start) }
    // Known before anything can fail: a bad event's error record echoes the id too.
    let correlation = members.last { $0.key == "id" }?.value.value
    return readEvent(members, root).map { event in
      var event = event
      event.correlation = correlation
      return event
    }.mapError { error in
      var error = error
      error.correlation = correlation
      return error
    }
  }

  static func readEvent(_ members: [JSONMember], _ root: JSONNode) -> Result<Event, EventError> {
    var kinds: [JSONMember] = []
    for member in members where member.key != "id" {
      guard kindKeys.contains(member.key) else {
        return fail(
          "unknown key '\(member.key)'.\(EditDistance.didYouMean(member.key, among: kindKeys + ["id"])) "
            + "An event has one of: \(kindKeys.joined(separator: ", ")), and an optional 'id'", at: member.keyStart)
      }
      kinds.append(member)
    }
    guard kinds.count == 1, let member = kinds.first else {
      return fail(
        kinds.isEmpty
          ? "expected one of the keys \(kindKeys.joined(separator: ", "))"
          : "an event has exactly one of \(kindKeys.joined(separator: ", "))", at: root.start)
    }
    if member.key == "urls" { return readURLs(member.value) }
    return readKind(member).map { Event($0) }
  }

  static func fail<T>(_ message: String, at offset: Int) -> Result<T, EventError> {
    .failure(EventError(code: .invalidEvent, message: message, column: offset + 1))
  }

  /// A `session-limit` error at `offset`: the event goes past a bound of ``SessionLimits``.
  static func limit<T>(_ message: String, at offset: Int) -> Result<T, EventError> {
    .failure(EventError(code: .sessionLimit, message: message, column: offset + 1))
  }

  /// The error of a presented value longer than ``SessionLimits/valueBytes`` as written, or nil.
  static func valueLimit(_ value: JSONNode) -> EventError? {
    let bytes = value.end - value.start
    guard bytes > SessionLimits.valueBytes else { return nil }
    return EventError(
      code: .sessionLimit,
      message: "the value has \(bytes) bytes; the limit is \(SessionLimits.valueBytes) (SessionLimits.valueBytes)",
      column: value.start + 1)
  }

  static func readKind(_ member: JSONMember) -> Result<Event.Kind, EventError> {
    let node = member.value
    switch member.key {
    case "url":
      guard case .string(let text) = node.kind else { return fail("'url' must be a string", at: node.start) }
      var copy = text
      return copy.withUTF8 { readURL($0, columnBase: node.start + 2) }.map { .url($0) }
    case "activity":
      return readActivity(node).map { .activity($0) }
    case "notification":
      return readNotification(node).map { .notification($0) }
    case "shortcut":
      return readShortcut(node).map { .shortcut($0) }
    case "openWindow", "dismissWindow", "pushWindow":
      let keys = ["id", "value", "type", "from"] + (member.key == "openWindow" ? ["sharingBehavior", "shared"] : [])
      return readFields(node, keys: keys).flatMap { f in
        if let value = node.members?.last(where: { $0.key == "value" })?.value, let error = valueLimit(value) {
          return .failure(error)
        }
        var request = Event.WindowRequest(
          id: f["id"]?.stringValue, value: f["value"], type: f["type"]?.stringValue, from: f["from"]?.stringValue)
        let at = { (key: String) in node.members?.last { $0.key == key }?.value.start ?? node.start }
        if let behavior = f["sharingBehavior"] {
          let names = Event.SharingBehavior.allCases.map(\.rawValue)
          guard let name = behavior.stringValue, let b = Event.SharingBehavior(rawValue: name) else {
            return fail("'sharingBehavior' must be one of: \(names.joined(separator: ", "))", at: at("sharingBehavior"))
          }
          guard request.id != nil, request.value == nil else {
            return fail(
              "'sharingBehavior' goes with an 'id' and no 'value': openWindow(id:sharingBehavior:) (W12)",
              at: at("sharingBehavior"))
          }
          request.sharingBehavior = b
        }
        if let shared = f["shared"] {
          guard case .bool(let b) = shared else { return fail("'shared' must be true or false", at: at("shared")) }
          request.shared = b
        }
        switch member.key {
        case "openWindow": return .success(.openWindow(request))
        case "pushWindow": return .success(.pushWindow(request))
        default: return .success(.dismissWindow(request))
        }
      }
    case "requestSceneSessionActivation":
      return readActivationRequest(node)
    case "session":
      return readSessionAction(node)
    case "launch", "reopen":
      return readFields(node, keys: []).map { _ in member.key == "launch" ? .launch : .reopen }
    case "dismiss":
      return readFields(node, keys: ["from", "presentation"]).flatMap { f in
        var request = Event.DismissRequest(from: f["from"]?.stringValue)
        if let p = f["presentation"] {
          let names = Event.DismissRequest.Presentation.allCases.map(\.rawValue)
          guard let name = p.stringValue, let presentation = Event.DismissRequest.Presentation(rawValue: name) else {
            let at = node.members?.last { $0.key == "presentation" }?.value.start ?? node.start
            return fail("'presentation' must be one of: \(names.joined(separator: ", "))", at: at)
          }
          request.presentation = presentation
        }
        return .success(.dismiss(request))
      }
    case "activate":
      return readFields(node, keys: ["allWindows"]).flatMap { f in
        guard let flag = f["allWindows"] else { return .success(.activate(allWindows: false)) }
        guard case .bool(let all) = flag else {
          let at = node.members?.last { $0.key == "allWindows" }?.value.start ?? node.start
          return fail("'allWindows' must be true or false (.activateAllWindows)", at: at)
        }
        return .success(.activate(allWindows: all))
      }
    default:
      return fail("unknown event kind '\(member.key)'", at: node.start)
    }
  }

  static func readActivity(_ node: JSONNode) -> Result<UserActivity, EventError> {
    let keys = [
      "activityType", "targetContentIdentifier", "webpageURL", "userInfo", "title", "universalLink", "handoff",
    ]
    return readFields(node, keys: keys).flatMap { fields in
      guard let type = fields["activityType"]?.stringValue, !type.isEmpty else {
        return fail("an activity needs an 'activityType' string", at: node.start)
      }
      var activity = UserActivity(activityType: type)
      activity.targetContentIdentifier = fields["targetContentIdentifier"]?.stringValue
      activity.title = fields["title"]?.stringValue
      if let url = fields["webpageURL"]?.stringValue {
        var copy = url
        // Columns count in the whole line: the URL starts after the opening quote of its value.
        let columnBase = (node.members?.last { $0.key == "webpageURL" }).map { $0.value.start + 2 } ?? 1
        if case .failure(let e) = copy.withUTF8({ readURL($0, columnBase: columnBase) }) { return .failure(e) }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard scheme == "http" || scheme == "https" else {
          return fail("a webpageURL must be http or https (A3)", at: node.start)
        }
        activity.webpageURL = url
      }
      if let info = fields["userInfo"] {
        guard case .object(let object) = info else { return fail("'userInfo' must be an object", at: node.start) }
        activity.userInfo = object
      }
      if let flag = node.members?.last(where: { $0.key == "universalLink" })?.value {
        guard case .bool(let b) = flag.kind else {
          return fail("'universalLink' must be true or false", at: flag.start)
        }
        guard type == UserActivity.browsingWeb else {
          return fail(
            "'universalLink' applies to \(UserActivity.browsingWeb) activities only (E4, A7)", at: flag.start)
        }
        activity.isUniversalLink = b
      }
      if let flag = node.members?.last(where: { $0.key == "handoff" })?.value {
        guard case .bool(let b) = flag.kind else { return fail("'handoff' must be true or false", at: flag.start) }
        activity.isHandoff = b
      }
      return .success(activity)
    }
  }

  static func readActivationRequest(_ node: JSONNode) -> Result<Event.Kind, EventError> {
    guard case .object(let members) = node.kind else { return fail("expected an object", at: node.start) }
    var request = Event.ActivationRequest()
    for m in members {
      switch m.key {
      case "session":
        switch m.value.kind {
        case .null: request.session = nil
        case .string(let s): request.session = s
        default: return fail("'session' must be a session id or null (a new session, K9)", at: m.value.start)
        }
      case "role":
        guard case .string(let s) = m.value.kind else { return fail("'role' must be a string", at: m.value.start) }
        request.role = s
      case "activity":
        switch readActivity(m.value) {
        case .success(let a): request.activity = a
        case .failure(let e): return .failure(e)
        }
      case "requestingScene":
        guard case .string(let s) = m.value.kind else {
          return fail("'requestingScene' must be a session id", at: m.value.start)
        }
        request.requestingScene = s
      case "collectionJoinBehavior":
        let names = Event.CollectionJoinBehavior.allCases.map(\.rawValue)
        guard case .string(let s) = m.value.kind, let b = Event.CollectionJoinBehavior(rawValue: s) else {
          return fail("'collectionJoinBehavior' must be one of: \(names.joined(separator: ", "))", at: m.value.start)
        }
        request.collectionJoinBehavior = b
      default:
        return fail(
          "unknown key '\(m.key)'. Expected: session, role, activity, requestingScene, collectionJoinBehavior",
          at: m.keyStart)
      }
    }
    return .success(.activationRequest(request))
  }

  static func readSessionAction(_ node: JSONNode) -> Result<Event.Kind, EventError> {
    guard case .object(let members) = node.kind else { return fail("expected an object", at: node.start) }
    var action: Event.SessionAction?
    var update = SessionUpdate()
    for m in members {
      if let kind = Event.SessionAction.Kind(rawValue: m.key) {
        guard action == nil else { return fail("one session action at a time", at: m.keyStart) }
        guard case .string(let id) = m.value.kind else {
          return fail("'\(m.key)' takes a session id", at: m.value.start)
        }
        action = Event.SessionAction(kind, session: id)
      } else if m.key == "preferring" || m.key == "allowing" {
        guard case .array(let items) = m.value.kind else {
          return fail("'\(m.key)' must be an array of strings", at: m.value.start)
        }
        if items.count > SessionLimits.setCount {
          return limit(
            "'\(m.key)' holds \(items.count) strings; the limit is \(SessionLimits.setCount) a set (SessionLimits.setCount)",
            at: items[SessionLimits.setCount].start)
        }
        var strings: [String] = []
        for item in items {
          guard case .string(let s) = item.kind else { return fail("'\(m.key)' must hold strings", at: item.start) }
          if s.utf8.count > SessionLimits.stringBytes {
            return limit(
              "a string of '\(m.key)' has \(s.utf8.count) bytes; the limit is \(SessionLimits.stringBytes)"
                + " (SessionLimits.stringBytes)", at: item.start)
          }
          strings.append(s)
        }
        if m.key == "preferring" { update.preferring = strings } else { update.allowing = strings }
      } else if m.key == "value" {
        if let error = valueLimit(m.value) { return .failure(error) }
        update.value = .some(m.value.value)
      } else {
        let keys = Event.SessionAction.Kind.allCases.map(\.rawValue) + ["preferring", "allowing", "value"]
        return fail(
          "unknown key '\(m.key)'.\(EditDistance.didYouMean(m.key, among: keys)) Expected: \(keys.joined(separator: ", "))",
          at: m.keyStart)
      }
    }
    guard var action else {
      return fail("expected one of: activate, close, background, archive, update (with a session id)", at: node.start)
    }
    if action.kind == .update {
      action.update = update
    } else if update != SessionUpdate() {
      return fail("'preferring', 'allowing' and 'value' go with 'update'", at: node.start)
    }
    return .success(.session(action))
  }

  /// The members of an object as values, unknown keys refused; strings checked where expected.
  static func readFields(_ node: JSONNode, keys: [String]) -> Result<JSONObject, EventError> {
    guard case .object(let members) = node.kind else {
      return fail("expected an object, found \(node.typeName)", at: node.start)
    }
    var object = JSONObject()
    let stringKeys: Set = ["targetContentIdentifier", "type", "activityType", "webpageURL", "title", "id", "from"]
    for member in members {
      guard keys.contains(member.key) else {
        return fail(
          "unknown key '\(member.key)'.\(EditDistance.didYouMean(member.key, among: keys)) Expected: \(keys.joined(separator: ", "))",
          at: member.keyStart)
      }
      if stringKeys.contains(member.key), case .string = member.value.kind {
      } else if stringKeys.contains(member.key) {
        return fail("'\(member.key)' must be a string", at: member.value.start)
      }
      object[member.key] = member.value.value
    }
    return .success(object)
  }
}
