/// Reads one input line into an ``Event``: a bare URL, or a JSON object.
///
/// JSON events (one object per line; `id` is optional and echoed in the decision):
///
/// ```json
/// {"url": "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}
/// {"activity": {"activityType": "com.example.notes.edit", "userInfo": {"noteID": "6F0E…"}}}
/// {"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://notes.example.com/n/6F0E…"}}
/// {"notification": {"targetContentIdentifier": "note-editor"}, "id": 7}
/// {"shortcut": {"type": "com.example.notes.new", "targetContentIdentifier": "new-note"}}
/// ```
///
/// ```swift
/// switch EventReader.read(line: "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11") {
/// case .success(let event): print(event.kindName)   // url
/// case .failure(let error): print(error.message)
/// }
/// ```
public enum EventReader {
  /// The keys that name the kind of a JSON event.
  static let kindKeys = ["url", "activity", "notification", "shortcut"]

  /// Reads a line given as a string.
  public static func read(line: String) -> Result<Event, EventError> {
    var text = line
    return text.withUTF8 { read(utf8: $0) }
  }

  /// Reads a line given as UTF-8 bytes (without its line end).
  public static func read(utf8 line: UnsafeBufferPointer<UInt8>) -> Result<Event, EventError> {
    if line.first == UInt8(ascii: "{") { return readJSON(line) }
    return readURL(line, columnBase: 1).map { Event(.url($0)) }
  }

  /// Parses URL bytes; an error's column is `columnBase` + its offset.
  static func readURL(_ bytes: UnsafeBufferPointer<UInt8>, columnBase: Int) -> Result<URLRecord, EventError> {
    do {
      return .success(try URLRecord(parsing: String(decoding: bytes, as: UTF8.self)))
    } catch {
      return .failure(EventError(code: error.code, reason: error.reason, message: error.message, column: columnBase + error.offset))
    }
  }

  static func readJSON(_ line: UnsafeBufferPointer<UInt8>) -> Result<Event, EventError> {
    let root: JSONNode
    do {
      root = try JSONParser.parse(line, limits: JSONLimits.eventLine)
    } catch {
      return .failure(EventError(code: error.code, message: error.message, column: error.offset + 1))
    }
    var correlation: JSONValue?
    func fail(_ message: String, at offset: Int) -> Result<Event, EventError> {
      .failure(EventError(code: .invalidEvent, message: message, column: offset + 1, correlation: correlation))
    }
    guard case .object(let members) = root.kind else { return fail("expected a JSON object", at: root.start) }
    // Known before anything can fail: a bad event's error record echoes the id too.
    correlation = members.last { $0.key == "id" }?.value.value
    var kinds: [JSONMember] = []
    for member in members {
      if member.key == "id" {
        continue
      } else if kindKeys.contains(member.key) {
        kinds.append(member)
      } else {
        return fail("unknown key '\(member.key)'.\(EditDistance.didYouMean(member.key, among: kindKeys + ["id"])) "
                    + "An event has one of: \(kindKeys.joined(separator: ", ")), and an optional 'id'", at: member.keyStart)
      }
    }
    guard kinds.count == 1, let member = kinds.first else {
      return fail(kinds.isEmpty ? "expected one of the keys \(kindKeys.joined(separator: ", "))"
                                : "an event has exactly one of \(kindKeys.joined(separator: ", "))", at: root.start)
    }
    let kind: Result<Event.Kind, EventError>
    switch member.key {
    case "url":
      guard case .string(let text) = member.value.kind else { return fail("'url' must be a string", at: member.value.start) }
      var copy = text
      kind = copy.withUTF8 { readURL($0, columnBase: member.value.start + 2) }.map { .url($0) }
    case "activity": kind = readActivity(member.value, line)
    case "notification":
      kind = readFields(member.value, keys: ["targetContentIdentifier"]).map {
        .notification(targetContentIdentifier: $0["targetContentIdentifier"]?.stringValue)
      }
    default:
      kind = readFields(member.value, keys: ["type", "targetContentIdentifier"]).flatMap {
        guard let type = $0["type"]?.stringValue else {
          return .failure(EventError(code: .invalidEvent, message: "a shortcut needs a 'type' string", column: member.value.start + 1))
        }
        return .success(.shortcut(type: type, targetContentIdentifier: $0["targetContentIdentifier"]?.stringValue))
      }
    }
    return kind.map { Event($0, correlation: correlation) }.mapError { error in
      var error = error
      error.correlation = correlation
      return error
    }
  }

  static func readActivity(_ node: JSONNode, _ line: UnsafeBufferPointer<UInt8>) -> Result<Event.Kind, EventError> {
    let keys = ["activityType", "targetContentIdentifier", "webpageURL", "userInfo", "title"]
    return readFields(node, keys: keys).flatMap { fields in
      guard let type = fields["activityType"]?.stringValue, !type.isEmpty else {
        return .failure(EventError(code: .invalidEvent, message: "an activity needs an 'activityType' string", column: node.start + 1))
      }
      var activity = UserActivity(activityType: type)
      activity.targetContentIdentifier = fields["targetContentIdentifier"]?.stringValue
      activity.title = fields["title"]?.stringValue
      if let url = fields["webpageURL"]?.stringValue {
        var copy = url
        // Columns count in the whole line: the URL starts after the opening quote of its value.
        var columnBase = 1
        if case .object(let members) = node.kind, let member = members.last(where: { $0.key == "webpageURL" }) {
          columnBase = member.value.start + 2
        }
        if case .failure(let e) = copy.withUTF8({ readURL($0, columnBase: columnBase) }) { return .failure(e) }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard scheme == "http" || scheme == "https" else {
          return .failure(EventError(code: .invalidEvent, message: "a webpageURL must be http or https (A3)", column: node.start + 1))
        }
        activity.webpageURL = url
      }
      if let info = fields["userInfo"] {
        guard case .object(let object) = info else {
          return .failure(EventError(code: .invalidEvent, message: "'userInfo' must be an object", column: node.start + 1))
        }
        activity.userInfo = object
      }
      return .success(.activity(activity))
    }
  }

  /// The members of an object as values, with their types checked loosely; unknown keys are errors.
  static func readFields(_ node: JSONNode, keys: [String]) -> Result<JSONObject, EventError> {
    guard case .object(let members) = node.kind else {
      return .failure(EventError(code: .invalidEvent, message: "expected an object, found \(node.typeName)", column: node.start + 1))
    }
    var object = JSONObject()
    for member in members {
      guard keys.contains(member.key) else {
        return .failure(EventError(
          code: .invalidEvent,
          message: "unknown key '\(member.key)'.\(EditDistance.didYouMean(member.key, among: keys)) Expected: \(keys.joined(separator: ", "))",
          column: member.keyStart + 1))
      }
      if member.key != "userInfo", case .string = member.value.kind {} else if member.key != "userInfo" {
        return .failure(EventError(code: .invalidEvent, message: "'\(member.key)' must be a string", column: member.value.start + 1))
      }
      object[member.key] = member.value.value
    }
    return .success(object)
  }
}

extension JSONLimits {
  /// Limits for one JSON event line: 1 MiB, depth 32.
  public static var eventLine: JSONLimits {
    var limits = JSONLimits.default
    limits.maxBytes = 1 << 20
    limits.maxDepth = 32
    return limits
  }
}
