import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport
import SceneDecision

extension DecisionRecord {
  /// Appends the record as one line of NDJSON (with its `\n`).
  ///
  /// Fields, in this order, present when they have a value: `line`, `id`, `input`, `inputLength`
  /// (when the input was cut), `event`,
  /// `outcome`, `scene`, `session`, `receiver`, `rule`, `params`, `decodedSeparators`, `action`, `value`,
  /// `closed`, `opened`, `extraURLs`, `handlers`, `identifier`, `appleRules`, `reason`, `message`, `error`, `trace`
  /// (with `explain`).
  public func appendJSON(to out: inout [UInt8], explain: Bool = false) {
    var layout = RecordLayout()
    appendJSON(to: &out, explain: explain, includesLine: true, layout: &layout)
  }

  /// Appends the record as NDJSON, with its line number or without it (`--no-line`: the record
  /// then depends only on its line, the table and the sessions), and tells where its varying
  /// parts are (``RecordLayout``).
  ///
  /// The bytes go through a ``RecordWriter``: a chunk on the stack, moved to `out` in one copy.
  func appendJSON(to out: inout [UInt8], explain: Bool, includesLine: Bool, layout: inout RecordLayout) {
    RecordWriter.write(to: &out) { w in
      write(to: &w, explain: explain, includesLine: includesLine, layout: &layout)
    }
  }

  private func write(to w: inout RecordWriter, explain: Bool, includesLine: Bool, layout: inout RecordLayout) {
    // `line` is the first field when there is one; the next field starts with a comma after it.
    if includesLine {
      w.literal(#"{"line":"#)
      let lineStart = w.offset
      w.integer(line)
      layout.line = lineStart..<w.offset
      w.byte(UInt8(ascii: ","))
    } else {
      w.byte(UInt8(ascii: "{"))
    }
    switch result {
    case .failure(let error):
      if let id = error.correlation {
        w.literal(#""id":"#)
        w.json(id)
        w.byte(UInt8(ascii: ","))
      }
      w.literal(#""input":"#)
      w.string(input)
      appendInputLength(to: &w)
      w.field("outcome", "error")
      w.literal(#","error":{"code":"#)
      w.string(error.code.rawValue)
      if let reason = error.reason { w.field("reason", reason.rawValue) }
      w.literal(#","column":"#)
      w.integer(error.column)
      w.field("message", error.message)
      w.byte(UInt8(ascii: "}"))
    case .success(let (event, decision)):
      if let id = event.correlation {
        w.literal(#""id":"#)
        w.json(id)
        w.byte(UInt8(ascii: ","))
      }
      w.literal(#""input":"#)
      let inputStart = w.offset
      w.string(input)
      layout.input = inputStart..<w.offset
      appendInputLength(to: &w)
      w.field("event", event.kindName)
      w.field("outcome", decision.outcome.rawValue)
      if let scene = decision.scene { w.field("scene", scene) }
      if let session = decision.session { w.field("session", session) }
      if let receiver = decision.receiver {
        w.literal(#","receiver":{"scene":"#)
        w.string(receiver.scene)
        w.field("session", receiver.session)
        w.literal(receiver.isNew ? #","new":true}"# : #","new":false}"#)
      }
      if let match = decision.match {
        w.field("rule", match.routeName)
        w.literal(#","params":"#)
        let paramsStart = w.offset
        w.parameters(match.parameters)
        layout.params = paramsStart..<w.offset
        if !match.decodedSeparators.isEmpty {
          w.literal(#","decodedSeparators":"#)
          w.strings(match.decodedSeparators)
        }
      }
      if let action = decision.action { w.field("action", action.rawValue) }
      if let value = decision.value {
        w.literal(#","value":"#)
        let valueStart = w.offset
        w.json(value)
        layout.value = valueStart..<w.offset
      }
      if !decision.closedSessions.isEmpty {
        w.literal(#","closed":"#)
        w.strings(decision.closedSessions)
      }
      if !decision.openedSessions.isEmpty {
        w.literal(#","opened":"#)
        w.strings(decision.openedSessions)
      }
      DecisionRecord.appendExtraURLs(decision.extraURLs, to: &w)
      appendHandlers(decision.handlers, to: &w)
      if let identifier = DecisionRecord.identifier(of: event) { w.field("identifier", identifier) }
      w.literal(#","appleRules":["#)
      for (i, rule) in decision.appleRules.enumerated() {
        if i > 0 { w.byte(UInt8(ascii: ",")) }
        w.string(rule.rawValue)
      }
      w.byte(UInt8(ascii: "]"))
      if let reason = decision.reason { w.field("reason", reason.rawValue) }
      if !decision.message.isEmpty { w.field("message", decision.message) }
      if explain {
        w.literal(#","trace":["#)
        for (i, step) in decision.trace.enumerated() {
          if i > 0 { w.byte(UInt8(ascii: ",")) }
          w.literal(#"{"stage":"#)
          w.string(step.stage.rawValue)
          w.field("subject", step.subject)
          w.field("verdict", step.verdict.rawValue)
          w.field("detail", step.detail)
          if let rule = step.rule { w.field("appleRule", rule.rawValue) }
          w.byte(UInt8(ascii: "}"))
        }
        w.byte(UInt8(ascii: "]"))
      }
    }
    w.literal("}\n")
  }

  /// `,"inputLength":N` when the input echoed is only the beginning of the line.
  private func appendInputLength(to w: inout RecordWriter) {
    guard let inputLength else { return }
    w.literal(#","inputLength":"#)
    w.integer(inputLength)
  }

  /// `,"handlers":[{"handler":"onOpenURL","view":"Sidebar","calls":1},…]` when handlers ran.
  private func appendHandlers(_ handlers: [HandlerCall], to w: inout RecordWriter) {
    guard !handlers.isEmpty else { return }
    w.literal(#","handlers":["#)
    for (i, call) in handlers.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.literal(#"{"handler":"#)
      w.string(call.handler.rawValue)
      if let view = call.view { w.field("view", view) }
      if let type = call.activityType { w.field("activityType", type) }
      w.literal(#","calls":"#)
      w.integer(call.calls)
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "]"))
  }
}
