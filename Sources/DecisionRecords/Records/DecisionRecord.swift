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
  /// The most bytes of its input a record echoes: 4 KiB, so every deep link of ordinary length
  /// is echoed whole, and a record stays small whatever its line (a 16 MiB line of control
  /// bytes would otherwise give a 96 MiB record once escaped). The line number identifies the
  /// line; ``inputLength`` says it was cut.
  public static let echoLimit = 4096

  public var line: Int
  /// The input line as text (invalid UTF-8 is shown with replacement characters): at most its
  /// first ``echoLimit`` bytes, cut between characters.
  public var input: String
  /// The length in bytes of the whole line when ``input`` holds only its beginning; nil when
  /// the input is whole.
  public var inputLength: Int?
  public var result: Result<(event: Event, decision: Decision), EventError>

  /// Creates a record; an input longer than ``echoLimit`` bytes is cut.
  public init(line: Int, input: String, result: Result<(event: Event, decision: Decision), EventError>) {
    let count = input.utf8.count
    let echoed = count > DecisionRecord.echoLimit ? DecisionRecord.echo(Array(input.utf8)) : input
    self.init(line: line, echoed: echoed, inputLength: count > DecisionRecord.echoLimit ? count : nil, result: result)
  }

  /// Creates the record of a line given as bytes: its text is decoded from the echoed prefix
  /// alone, so a long line is never copied whole.
  init(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, result: Result<(event: Event, decision: Decision), EventError>
  ) {
    let cut = bytes.count > DecisionRecord.echoLimit
    let echoed =
      cut
      ? DecisionRecord.echo(Array(bytes[...DecisionRecord.echoLimit]))
      : String(decoding: bytes, as: UTF8.self)
    self.init(line: line, echoed: echoed, inputLength: cut ? bytes.count : nil, result: result)
  }

  /// Creates a record whose input is already cut to ``echoLimit`` (`inputLength` is then the
  /// whole line's length) or whole (`inputLength` nil).
  init(
    line: Int, echoed: String, inputLength: Int?, result: Result<(event: Event, decision: Decision), EventError>
  ) {
    self.line = line
    self.input = echoed
    self.inputLength = inputLength
    self.result = result
  }

  /// The text of the first ``echoLimit`` bytes of `bytes` (which holds at least one more),
  /// cut before the character that would cross the limit.
  private static func echo(_ bytes: [UInt8]) -> String {
    var end = echoLimit
    // Back off continuation bytes to the start of the character that crosses the limit.
    var back = 0
    while end > 0, back < 3, bytes[end] & 0xC0 == 0x80 {
      end -= 1
      back += 1
    }
    if back == 3 && bytes[end] & 0xC0 == 0x80 { end = echoLimit }  // not UTF-8 there: cut at the limit
    return String(decoding: bytes[..<end], as: UTF8.self)
  }

  /// The record's outcome (`error` for a bad line).
  public var outcome: Decision.Outcome {
    switch result {
    case .success(let r): return r.decision.outcome
    case .failure: return .error
    }
  }
}
