import ActivityRouter
import CommandSupport

/// Turns input lines into decision records and writes them, batching into one buffer.
///
/// Without `--stateful` and `--explain` the lines go through a ``BulkRouter``, which writes
/// the same records from plans it makes per route pattern; otherwise each line is decided in full.
struct RecordWriter: ~Copyable {
  let router: CompiledRouter
  let json: Bool
  let explain: Bool
  let sink: any OutputSink
  /// The open sessions every event is decided against.
  private(set) var state: SessionState
  /// Whether each decision is applied before the next event.
  let stateful: Bool
  /// Whether records start with their line number; without it (`--no-line`) a record depends
  /// only on its input line, the table and the sessions, so sharded runs concatenate to the
  /// output of one run (docs/scale-out.md).
  var includesLine = true
  private var buffer: [UInt8] = []
  /// The bulk path, when the sessions stay the same and nothing is explained.
  private var bulk: BulkRouter?

  init(router: CompiledRouter, state: SessionState, stateful: Bool, json: Bool, explain: Bool, sink: any OutputSink) {
    self.router = router
    self.state = state
    self.stateful = stateful
    self.json = json
    self.explain = explain
    self.sink = sink
    buffer.reserveCapacity(1 << 16)
    if !stateful && !explain { bulk = BulkRouter(router: router, state: state, format: json ? .json : .text) }
  }

  /// Routes one line and appends its record.
  mutating func route(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
    if bulk != nil {
      let start = buffer.count
      bulk!.appendRecord(line: line, utf8: bytes, to: &buffer)
      finish(recordStart: start)
      return
    }
    let record = DecisionRecord(line: line, utf8: bytes, router: router, state: state, explains: explain)
    if stateful, case .success(let (_, decision)) = record.result { state = state.applying(decision) }
    append(record)
  }

  /// Appends the error record of a line over the length limit.
  mutating func tooLong(line: Int, length: Int, limit: Int) {
    let error = EventError(
      code: .lineTooLong, message: "the line is \(length) bytes long; the limit is \(limit) bytes", column: limit + 1)
    append(DecisionRecord(line: line, input: "", result: .failure(error)))
  }

  private mutating func append(_ record: DecisionRecord) {
    let start = buffer.count
    if json {
      record.appendJSON(to: &buffer, explain: explain)
    } else {
      record.appendText(to: &buffer, explain: explain)
    }
    finish(recordStart: start)
  }

  /// Takes the line number out when asked, and hands the record over.
  private mutating func finish(recordStart start: Int) {
    if !includesLine { RecordWriter.removeLineNumber(from: &buffer, recordStart: start, json: json) }
    // The sink batches writes; handing each record over at once keeps the coprocess rule
    // (flush before blocking on input) exact.
    flush()
  }

  /// Hands the buffered records to the sink.
  mutating func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { sink.write($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Removes the line number a record starts with: `"line":N,` after the `{` of a JSON record
  /// (always its first field, docs/output-format.md), or `N: ` at the start of a text record.
  static func removeLineNumber(from buffer: inout [UInt8], recordStart start: Int, json: Bool) {
    let prefix = Array((json ? #"{"line":"# : "").utf8)
    var end = start + prefix.count
    guard buffer.count > end, buffer[start..<end].elementsEqual(prefix) else { return }
    let digitsStart = end
    while end < buffer.count, buffer[end] >= UInt8(ascii: "0"), buffer[end] <= UInt8(ascii: "9") { end += 1 }
    guard end > digitsStart else { return }
    let separator = Array((json ? "," : ": ").utf8)
    guard buffer.count >= end + separator.count, buffer[end..<end + separator.count].elementsEqual(separator) else {
      return
    }
    buffer.removeSubrange((json ? start + 1 : start)..<end + separator.count)
  }
}
