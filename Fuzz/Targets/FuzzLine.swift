// An input line end to end, as route-cli routes stdin: event reader, decision, record. Lines of
// the input (split on LF) are decided in order against the Notes table, statefully; every line
// gives exactly one record, its JSON form parses and is one line, and its text form is one line
// without control characters.
import ActivityRouter

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  withInput(data, size) { bytes in
    var state = SessionState()
    let router = notesRouter
    for (number, piece) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(16).enumerated() {
      let lineBytes = Array(piece)
      let result: Result<(event: Event, decision: Decision), EventError>
      if String(validating: lineBytes, as: UTF8.self) == nil {
        result = .failure(EventError(code: .invalidUTF8, message: "the line is not valid UTF-8", column: 1))
      } else {
        result = lineBytes.withUnsafeBufferPointer { EventReader.read(utf8: $0) }.map { event in
          (event: event, decision: DecisionEngine.decide(event, router: router, state: state))
        }
      }
      if case .success(let (_, decision)) = result { state = state.applying(decision) }
      let record = DecisionRecord(line: number + 1, input: String(decoding: lineBytes, as: UTF8.self), result: result)
      var json: [UInt8] = []
      record.appendJSON(to: &json, explain: true)
      fuzzCheck(json.last == 0x0A && json.dropLast().firstIndex(of: 0x0A) == nil, "a JSON record is not one line")
      guard
        let node = try? JSONParser.parse(Array(json.dropLast()), limits: JSONLimits(maxDepth: 128, maxBytes: 1 << 26))
      else { fuzzFailure("a JSON record does not parse: \(String(decoding: json, as: UTF8.self))") }
      fuzzCheck(node.value["line"] == .number(JSONNumber(number + 1)), "the record has the wrong line number")
      var text: [UInt8] = []
      record.appendText(to: &text, explain: false)
      fuzzCheck(
        text.last == 0x0A && !text.dropLast().contains { $0 < 0x20 || $0 == 0x7F },
        "a text record is not one clean line: \(String(decoding: text, as: UTF8.self).debugDescription)")
      var explained: [UInt8] = []
      record.appendText(to: &explained, explain: true)
      fuzzCheck(
        !explained.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }, "an explained record has a control character")
      // The state stays readable: what --state writes, --sessions reads back.
      let stateText = state.jsonText()
      let (reloaded, diagnostics) = SessionState.load(
        source: SourceText(file: "s", text: stateText), table: router.table)
      fuzzCheck(
        reloaded != nil && !diagnostics.contains { $0.severity == .error },
        "the session state does not read back: \(diagnostics) \(stateText)")
    }
  }
  return 0
}
