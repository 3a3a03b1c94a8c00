public import RouteEvents
public import SceneDecision

/// One output record: the input line, its number, and the decision or the error it gave.
///
/// Every input line yields exactly one record, in input order. ``appendJSON(to:explain:)``
/// writes the NDJSON form documented in `docs/output-format.md`; ``appendText(to:explain:)``
/// the form for people.
///
/// ```swift
/// var out: [UInt8] = []
/// DecisionRecord(line: 1, input: url, result: .success((event, decision))).appendJSON(to: &out)
/// // {"line":1,"input":"notes://note/…","event":"url","outcome":"open","scene":"note-editor",…}
/// ```
public struct DecisionRecord: Sendable {
  public var line: Int
  /// The input line as text (invalid UTF-8 is shown with replacement characters).
  public var input: String
  public var result: Result<(event: Event, decision: Decision), EventError>

  /// Creates a record.
  public init(line: Int, input: String, result: Result<(event: Event, decision: Decision), EventError>) {
    self.line = line
    self.input = input
    self.result = result
  }

  /// The record's outcome (`error` for a bad line).
  public var outcome: Decision.Outcome {
    switch result {
    case .success(let r): return r.decision.outcome
    case .failure: return .error
    }
  }
}
