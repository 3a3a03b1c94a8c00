import ActivityRouter
import CommandSupport

/// `route-cli route`'s output: each line through a ``LineRouter``, each record handed to the
/// sink as soon as it is written.
///
/// The sink batches its writes; handing each record over at once keeps the coprocess route
/// (flush before blocking on input) exact.
///
/// With `deliversEachRecord` (`route --state`), each record is written out (the sink flushed)
/// before the next line, and a stateful decision is applied only once its record was written
/// whole: the sessions then hold exactly the lines whose records were delivered, when the
/// output is cut (`EPIPE`) or fails.
struct RecordWriter: ~Copyable {
  private var lines: LineRouter
  private let sink: any OutputSink
  private var buffer: [UInt8] = []
  private let deliversEachRecord: Bool

  // The line router is made here, not passed in: a noncopyable value handed to an initializer
  // (`consuming`) and stored was destroyed twice in Swift 6.3 debug builds.
  init(
    router: CompiledRouter, sessions: SessionState, options: LineRouter.Options, sink: any OutputSink,
    deliversEachRecord: Bool = false
  ) {
    lines = LineRouter(router: router, sessions: sessions, options: options)
    self.sink = sink
    self.deliversEachRecord = deliversEachRecord
    buffer.reserveCapacity(1 << 16)
  }

  /// The open sessions after the lines so far.
  var sessions: SessionState { lines.sessions }

  /// Routes one line and hands its record over.
  mutating func route(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
    let start = buffer.count
    guard deliversEachRecord else {
      lines.route(line: line, utf8: bytes, into: &buffer)
      handOver(from: start)
      return
    }
    lines.routeHoldingDecision(line: line, utf8: bytes, into: &buffer)
    handOver(from: start)
    sink.flush()
    if !sink.isBroken { lines.applyHeldDecision() }
  }

  /// Hands over the error record of a line over the length limit.
  mutating func tooLong(line: Int, length: Int, limit: Int) {
    let start = buffer.count
    lines.lineTooLong(line: line, length: length, limit: limit, into: &buffer)
    handOver(from: start)
    if deliversEachRecord { sink.flush() }
  }

  /// Hands the record written from `start` on to the sink at once. The buffer is emptied only
  /// when it has grown past its reserve: emptying it at every line cost more than writing a
  /// planned record (a generic `replaceSubrange` call across modules).
  private mutating func handOver(from start: Int) {
    guard start < buffer.count else { return }
    RecordWriter.write(buffer, from: start, to: sink)
    if buffer.count >= 1 << 16 { buffer.removeAll(keepingCapacity: true) }
  }

  /// Writes `buffer[start...]` to `sink`. Static, with both borrowed: called on `self.sink`
  /// from a mutating method, the sink was retained and released around every record (a
  /// twentieth of a planned text record's instructions); borrowed, it is not.
  private static func write(_ buffer: borrowing [UInt8], from start: Int, to sink: borrowing any OutputSink) {
    buffer.withUnsafeBytes { sink.write(UnsafeRawBufferPointer(rebasing: $0[start...])) }
  }
}
