import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport
import SceneDecision

extension DecisionRecord {
  /// Appends the record for people: one line, `N: outcome 'scene' …`, then the trace indented
  /// when `explain` is set. Control characters from the input are written as `\u{XX}`
  /// (`TerminalText`), so a record is always one line and never drives a terminal.
  ///
  /// ```
  /// 1: open 'note-editor' ← route 'note' {"id":"6F0E…"} openWindow value "6F0E…" [W6]
  /// 2: error [invalid-url] column 1: expected a scheme …
  /// ```
  public func appendText(to out: inout [UInt8], explain: Bool = false) {
    var layout = RecordLayout()
    appendText(to: &out, explain: explain, includesLine: true, layout: &layout)
  }

  /// Appends the text record, with its `N: ` prefix or without it, and tells where its varying
  /// parts are (``RecordLayout``).
  func appendText(to out: inout [UInt8], explain: Bool, includesLine: Bool, layout: inout RecordLayout) {
    var text = ""
    if includesLine {
      text = "\(line)"
      layout.line = 0..<text.utf8.count
      text += ": "
    }
    switch result {
    case .failure(let error):
      text +=
        "error [\(error.code.rawValue)\(error.reason.map { "/\($0)" } ?? "")] column \(error.column): \(error.message)"
    case .success(let (event, decision)):
      text += decision.outcome.rawValue
      if let scene = decision.scene { text += " '\(scene)'" }
      if let session = decision.session { text += " (\(session))" }
      if let receiver = decision.receiver, receiver.session != decision.session {
        text += " via \(receiver.isNew ? "new" : "open") '\(receiver.scene)' (\(receiver.session))"
      }
      if let match = decision.match {
        text += " ← route '\(match.routeName)'"
        if match.parameters.count > 0 {
          text += " "
          let start = text.utf8.count
          // As the JSON record writes them (the same bytes as the object's description).
          var params: [UInt8] = []
          RecordWriter.write(to: &params) { $0.parameters(match.parameters) }
          text += String(decoding: params, as: UTF8.self)
          layout.params = start..<text.utf8.count
        }
        if !match.decodedSeparators.isEmpty {
          text += " decodedSeparators \(JSONValue.array(match.decodedSeparators.map { .string($0) }).description)"
        }
      }
      if let action = decision.action { text += " \(action.rawValue)" }
      if let value = decision.value {
        text += " value "
        let start = text.utf8.count
        text += value.description
        layout.value = start..<text.utf8.count
      }
      if !decision.closedSessions.isEmpty { text += " closes \(decision.closedSessions.joined(separator: ", "))" }
      if !decision.openedSessions.isEmpty { text += " opens \(decision.openedSessions.joined(separator: ", "))" }
      text += DecisionRecord.describeExtraURLs(decision.extraURLs)
      if !decision.handlers.isEmpty {
        text += " runs " + decision.handlers.map(DecisionRecord.describe).joined(separator: ", ")
      }
      if let identifier = DecisionRecord.identifier(of: event) { text += " identifier \(JSONValue.string(identifier))" }
      if let reason = decision.reason { text += " (\(reason))" }
      if !decision.appleRules.isEmpty { text += " [\(decision.appleRules.map(\.rawValue).joined(separator: " "))]" }
      if explain {
        layout.isExact = false
        text = TerminalText.visible(text)
        text += "\n   input: \(TerminalText.visible(input))"
        if let inputLength { text += "… (cut: the line has \(inputLength) bytes)" }
        if !decision.message.isEmpty { text += "\n   \(TerminalText.visible(decision.message))" }
        for step in decision.trace {
          var line =
            "\(step.verdict == .chosen ? "✓" : step.verdict == .rejected ? "✗" : "·") \(step.stage.rawValue): \(step.subject) — \(step.detail)"
          if let rule = step.rule { line += " [\(rule)]" }
          text += "\n   \(TerminalText.visible(line))"
        }
        out.append(contentsOf: text.utf8)
        out.append(UInt8(ascii: "\n"))
        return
      }
    }
    // What the input held (keys, ids, values) is quoted: keep it one line, and inert on a terminal.
    let visible = TerminalText.visible(text)
    // Escaping only lengthens: the same length is the same text, and the ranges hold.
    if visible.utf8.count != text.utf8.count { layout.isExact = false }
    out.append(contentsOf: visible.utf8)
    out.append(UInt8(ascii: "\n"))
  }
}
