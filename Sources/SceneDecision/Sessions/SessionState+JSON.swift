import RouteEvents
public import RouteTables
public import RouterSupport

/// Session state files: `{"sessions": [{"id", "scene", "state", "value", "valueType", "preferring",
/// "allowing", "prefers", "can", "lastActivated", "created", "pushedFrom"}], "clock"}`.
///
/// ```swift
/// let (state, diagnostics) = SessionState.load(source: SourceText(file: "open.json", text: json), table: table)
/// let text = state.jsonText()   // what --state writes
/// ```
extension SessionState {
  static let sessionKeys = [
    "id", "scene", "state", "value", "valueType", "preferring", "allowing", "prefers", "can", "lastActivated",
    "created", "pushedFrom",
  ]

  /// Reads a state file; every problem is a diagnostic with its position. Sessions whose scene the
  /// table does not declare are errors.
  public static func load(source: SourceText, table: RouteTable) -> (SessionState?, [Diagnostic]) {
    let root: JSONNode
    do {
      root = try JSONParser.parse(source.bytes)
    } catch {
      guard !ForeignFile.isForeign(source.bytes, as: .sessions) else {
        return (nil, [ForeignFile.diagnostic(error.code, file: source.file, kind: .sessions, bytes: source.bytes)])
      }
      return (nil, [error.diagnostic(in: source.lines)])
    }
    var reader = JSONFieldReader(source: source)
    let state = read(root, table: table, &reader)
    return (reader.diagnostics.hasErrors ? nil : state, reader.diagnostics)
  }

  package static func read(_ root: JSONNode, table: RouteTable, _ reader: inout JSONFieldReader) -> SessionState {
    let what = "the session state"
    guard let fields = reader.object(root, what: what, keys: ["sessions", "clock", "nextSessionNumber"]) else {
      return SessionState()
    }
    var sessions: [Session] = []
    // The ids seen so far: a set, so that a file of n sessions is read in time linear in n.
    var ids: Set<String> = []
    if let member = fields["sessions"] {
      guard case .array(let items) = member.value.kind else {
        reader.error(.wrongType, "'sessions' must be an array", at: member.value.start)
        return SessionState()
      }
      if items.count > SessionLimits.openSessions {
        reader.error(
          .sessionLimit,
          "the file holds \(items.count) sessions; the limit is \(SessionLimits.openSessions) open at once"
            + " (SessionLimits.openSessions)", at: items[SessionLimits.openSessions].start)
        return SessionState()
      }
      for (position, item) in items.enumerated() {
        guard let session = readSession(item, position: position, table: table, &reader) else { continue }
        guard ids.insert(session.id).inserted else {
          reader.error(.invalidSessions, "session id '\(session.id)' is used twice", at: item.start)
          continue
        }
        sessions.append(session)
      }
      checkPushes(sessions, items, &reader)
    } else {
      reader.missing("sessions", in: root, what: what)
    }
    var state = SessionState(sessions: sessions)
    if let clock = reader.int(fields["clock"], in: SessionNumbers.range) { state.clock = max(state.clock, clock) }
    if let next = reader.int(fields["nextSessionNumber"], in: SessionNumbers.range) {
      state.nextSessionNumber = max(state.nextSessionNumber, next)
    }
    return state
  }

  package static func readSession(_ node: JSONNode, position: Int, table: RouteTable, _ reader: inout JSONFieldReader)
    -> Session?
  {
    let what = "a session"
    guard let f = reader.object(node, what: what, keys: sessionKeys) else { return nil }
    guard let id = reader.string(f["id"], required: "id", in: node, what: what),
      let scene = reader.string(f["scene"], required: "scene", in: node, what: what)
    else { return nil }
    if SessionNumbers.isNumberedID(id), let m = f["id"],
      !(SessionNumbers.number(ofID: id).map(SessionNumbers.range.contains) ?? false)
    {
      reader.error(
        .invalidValue,
        "the number of the session id '\(JSONFieldReader.excerpt(ofNumber: id))' must be from"
          + " \(SessionNumbers.range.lowerBound) to \(SessionNumbers.range.upperBound) (ids s<N> number the"
          + " sessions the router creates)",
        at: m.value.start)
      return nil
    }
    if table.scene(scene) == nil, let m = f["scene"] {
      let ids = table.scenes.map(\.id)
      reader.error(
        .unknownScene, "no scene declaration has id '\(scene)'.\(EditDistance.didYouMean(scene, among: ids))",
        at: m.value.start)
    }
    var session = Session(id: id, scene: scene, lastActivated: position + 1, created: position + 1)
    if let state = reader.choice(f["state"], Session.State.self) { session.state = state }
    if let m = f["value"] {
      let bytes = m.value.end - m.value.start
      guard bytes <= SessionLimits.valueBytes else {
        reader.error(
          .sessionLimit,
          "the value has \(bytes) bytes; the limit is \(SessionLimits.valueBytes) (SessionLimits.valueBytes)",
          at: m.value.start)
        return nil
      }
      session.value = m.value.value
    }
    session.valueType = reader.string(f["valueType"], in: node, what: what)
    for key in ["preferring", "allowing"] {
      guard let list = reader.strings(f[key]) else { continue }
      if list.count > SessionLimits.setCount {
        reader.error(
          .sessionLimit,
          "'\(key)' holds \(list.count) strings; the limit is \(SessionLimits.setCount) a set (SessionLimits.setCount)",
          at: list[SessionLimits.setCount].1.start)
        return nil
      }
      if let (long, item) = list.first(where: { $0.0.utf8.count > SessionLimits.stringBytes }) {
        reader.error(
          .sessionLimit,
          "a string of '\(key)' has \(long.utf8.count) bytes; the limit is \(SessionLimits.stringBytes)"
            + " (SessionLimits.stringBytes)", at: item.start)
        return nil
      }
      if key == "preferring" { session.preferring = list.map(\.0) } else { session.allowing = list.map(\.0) }
    }
    for key in ["prefers", "can"] {
      guard let m = f[key], let text = reader.string(m, in: node, what: what) else { continue }
      do {
        let p = try ActivationPredicate(parsing: text)
        if key == "prefers" { session.prefers = p } else { session.can = p }
      } catch {
        reader.report(error, inString: m.value)
      }
    }
    if let t = reader.int(f["lastActivated"], in: SessionNumbers.range) { session.lastActivated = t }
    if let t = reader.int(f["created"], in: SessionNumbers.range) { session.created = t }
    session.pushedFrom = reader.string(f["pushedFrom"], in: node, what: what)
    return session
  }

  /// A `pushedFrom` names another session of the file (W19), itself not pushed: a pushed window
  /// cannot push one.
  static func checkPushes(_ sessions: [Session], _ items: [JSONNode], _ reader: inout JSONFieldReader) {
    guard sessions.contains(where: { $0.pushedFrom != nil }) else { return }
    var byID: [String: Session] = [:]
    for s in sessions { byID[s.id] = s }
    for item in items {
      guard let m = item.members?.last(where: { $0.key == "pushedFrom" }), case .string(let from) = m.value.kind,
        let id = item.members?.last(where: { $0.key == "id" })?.value.value.stringValue
      else { continue }
      guard from != id else {
        reader.error(
          .invalidSessions, "'pushedFrom' must name another session: '\(id)' cannot be pushed over itself (W19)",
          at: m.value.start)
        continue
      }
      guard let presenting = byID[from] else {
        reader.error(
          .invalidSessions,
          "'pushedFrom' must name another session of the file (the window '\(id)' was pushed over, W19);"
            + " no session has id '\(from)'.\(EditDistance.didYouMean(from, among: sessions.map(\.id)))",
          at: m.value.start)
        continue
      }
      if presenting.pushedFrom != nil {
        reader.error(
          .invalidSessions,
          "'\(from)' was itself pushed (over '\(presenting.pushedFrom ?? "")'): pushWindow cannot be called from a"
            + " pushed window (W19)", at: m.value.start)
      }
    }
  }

  /// The state as JSON, in the format ``load(source:table:)`` reads; pretty, fields in a fixed order.
  public var json: JSONValue {
    var root = JSONObject()
    root["sessions"] = .array(
      sessions.map { s in
        var o = JSONObject()
        o["id"] = .string(s.id)
        o["scene"] = .string(s.scene)
        o["state"] = .string(s.state.rawValue)
        if let v = s.value { o["value"] = v }
        if let t = s.valueType { o["valueType"] = .string(t) }
        if let p = s.preferring { o["preferring"] = .array(p.map { .string($0) }) }
        if let a = s.allowing { o["allowing"] = .array(a.map { .string($0) }) }
        if let p = s.prefers { o["prefers"] = .string(p.description) }
        if let c = s.can { o["can"] = .string(c.description) }
        o["lastActivated"] = .number(JSONNumber(s.lastActivated))
        o["created"] = .number(JSONNumber(s.created))
        if let p = s.pushedFrom { o["pushedFrom"] = .string(p) }
        return .object(o)
      })
    root["clock"] = .number(JSONNumber(clock))
    root["nextSessionNumber"] = .number(JSONNumber(nextSessionNumber))
    return .object(root)
  }

  /// The JSON text, with a final newline.
  public func jsonText() -> String {
    var out: [UInt8] = []
    JSONWriter.appendPretty(json, to: &out, sortedKeys: false)
    out.append(UInt8(ascii: "\n"))
    return String(decoding: out, as: UTF8.self)
  }
}
