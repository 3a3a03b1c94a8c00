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
  /// `,"inputLength":N` when the input echoed is only the beginning of the line.
  private func appendInputLength(to out: inout [UInt8]) {
    guard let inputLength else { return }
    out.append(literal: #","inputLength":"#)
    DecisionRecord.appendInteger(inputLength, to: &out)
  }

  func appendJSON(to out: inout [UInt8], explain: Bool, includesLine: Bool, layout: inout RecordLayout) {
    let recordStart = out.count
    // The bytes written since `start`, counted from the record's first byte.
    func since(_ start: Int) -> Range<Int> { (start - recordStart)..<(out.count - recordStart) }
    // `line` is the first field when there is one; the next field starts with a comma after it.
    if includesLine {
      out.append(literal: #"{"line":"#)
      let lineStart = out.count
      DecisionRecord.appendInteger(line, to: &out)
      layout.line = since(lineStart)
      out.append(UInt8(ascii: ","))
    } else {
      out.append(UInt8(ascii: "{"))
    }
    switch result {
    case .failure(let error):
      if let id = error.correlation {
        out.append(literal: #""id":"#)
        JSONWriter.append(id, to: &out)
        out.append(UInt8(ascii: ","))
      }
      out.append(literal: #""input":"#)
      JSONWriter.appendString(input, to: &out)
      appendInputLength(to: &out)
      field("outcome", "error", &out)
      out.append(literal: #","error":{"code":"#)
      JSONWriter.appendString(error.code.rawValue, to: &out)
      if let reason = error.reason { field("reason", reason.rawValue, &out) }
      out.append(literal: #","column":"#)
      out.append(contentsOf: String(error.column).utf8)
      field("message", error.message, &out)
      out.append(UInt8(ascii: "}"))
    case .success(let (event, decision)):
      if let id = event.correlation {
        out.append(literal: #""id":"#)
        JSONWriter.append(id, to: &out)
        out.append(UInt8(ascii: ","))
      }
      out.append(literal: #""input":"#)
      let inputStart = out.count
      JSONWriter.appendString(input, to: &out)
      layout.input = since(inputStart)
      appendInputLength(to: &out)
      field("event", event.kindName, &out)
      field("outcome", decision.outcome.rawValue, &out)
      if let scene = decision.scene { field("scene", scene, &out) }
      if let session = decision.session { field("session", session, &out) }
      if let receiver = decision.receiver {
        out.append(literal: #","receiver":{"scene":"#)
        JSONWriter.appendString(receiver.scene, to: &out)
        field("session", receiver.session, &out)
        out.append(literal: receiver.isNew ? #","new":true}"# : #","new":false}"#)
      }
      if let match = decision.match {
        field("rule", match.routeName, &out)
        out.append(literal: #","params":"#)
        let paramsStart = out.count
        JSONWriter.append(.object(match.parameters), to: &out)
        layout.params = since(paramsStart)
        if !match.decodedSeparators.isEmpty {
          out.append(literal: #","decodedSeparators":"#)
          JSONWriter.append(.array(match.decodedSeparators.map { .string($0) }), to: &out)
        }
      }
      if let action = decision.action { field("action", action.rawValue, &out) }
      if let value = decision.value {
        out.append(literal: #","value":"#)
        let valueStart = out.count
        JSONWriter.append(value, to: &out)
        layout.value = since(valueStart)
      }
      if !decision.closedSessions.isEmpty {
        out.append(literal: #","closed":"#)
        JSONWriter.append(.array(decision.closedSessions.map { .string($0) }), to: &out)
      }
      if !decision.openedSessions.isEmpty {
        out.append(literal: #","opened":"#)
        JSONWriter.append(.array(decision.openedSessions.map { .string($0) }), to: &out)
      }
      DecisionRecord.appendExtraURLs(decision.extraURLs, to: &out)
      appendHandlers(decision.handlers, to: &out)
      if let identifier = DecisionRecord.identifier(of: event) { field("identifier", identifier, &out) }
      out.append(literal: #","appleRules":["#)
      for (i, rule) in decision.appleRules.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        JSONWriter.appendString(rule.rawValue, to: &out)
      }
      out.append(UInt8(ascii: "]"))
      if let reason = decision.reason { field("reason", reason.rawValue, &out) }
      if !decision.message.isEmpty { field("message", decision.message, &out) }
      if explain {
        out.append(literal: #","trace":["#)
        for (i, step) in decision.trace.enumerated() {
          if i > 0 { out.append(UInt8(ascii: ",")) }
          out.append(literal: #"{"stage":"#)
          JSONWriter.appendString(step.stage.rawValue, to: &out)
          field("subject", step.subject, &out)
          field("verdict", step.verdict.rawValue, &out)
          field("detail", step.detail, &out)
          if let rule = step.rule { field("appleRule", rule.rawValue, &out) }
          out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
      }
    }
    out.append(literal: "}\n")
  }

  /// A non-negative integer's decimal digits, without a String.
  static func appendInteger(_ value: Int, to out: inout [UInt8]) {
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    guard value > 0 else {
      if value == 0 { out.append(UInt8(ascii: "0")) } else { out.append(contentsOf: String(value).utf8) }
      return
    }
    var n = value
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while n > 0 {
        buffer[19 - count] = UInt8(ascii: "0") &+ UInt8(n % 10)
        n /= 10
        count += 1
      }
      out.append(contentsOf: buffer[(20 - count)...])
    }
  }

  /// `,"handlers":[{"handler":"onOpenURL","view":"Sidebar","calls":1},…]` when handlers ran.
  private func appendHandlers(_ handlers: [HandlerCall], to out: inout [UInt8]) {
    guard !handlers.isEmpty else { return }
    out.append(literal: #","handlers":["#)
    for (i, call) in handlers.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out.append(literal: #"{"handler":"#)
      JSONWriter.appendString(call.handler.rawValue, to: &out)
      if let view = call.view { field("view", view, &out) }
      if let type = call.activityType { field("activityType", type, &out) }
      out.append(literal: #","calls":"#)
      DecisionRecord.appendInteger(call.calls, to: &out)
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
  }

  private func field(_ key: StaticString, _ value: String, _ out: inout [UInt8]) {
    out.append(literal: #",""#)
    out.append(literal: key)
    out.append(literal: #"":"#)
    JSONWriter.appendString(value, to: &out)
  }
}

extension Array where Element == UInt8 {
  /// Appends a literal's UTF-8 bytes in one copy (the generic `append(contentsOf: s.utf8)`
  /// walks a `String` view byte by byte).
  @inline(__always)
  mutating func append(literal s: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }
}
