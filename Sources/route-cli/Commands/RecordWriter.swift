import ActivityRouter
import CommandSupport

/// `route-cli route`'s output: each line through a ``LineRouter``, each record handed to the
/// sink as soon as it is written.
///
/// The sink batches its writes; handing each record over at once keeps the coprocess route
/// (flush before blocking on input) exact.
struct RecordWriter: ~Copyable {
  private var lines: LineRouter
  private let sink: any OutputSink
  private var buffer: [UInt8] = []

  // The line router is made here, not passed in: a noncopyable value handed to an initializer
  // (`consuming`) and stored was destroyed twice in Swift 6.3 debug builds.
  init(router: CompiledRouter, sessions: SessionState, options: LineRouter.Options, sink: any OutputSink) {
    lines = LineRouter(router: router, sessions: sessions, options: options)
    self.sink = sink
    buffer.reserveCapacity(1 << 16)
  }

  /// The open sessions after the lines so far.
  var sessions: SessionState { lines.sessions }

  /// Routes one line and hands its record over.
  mutating func route(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
    lines.route(line: line, utf8: bytes, into: &buffer)
    flush()
  }

  /// Hands over the error record of a line over the length limit.
  mutating func tooLong(line: Int, length: Int, limit: Int) {
    lines.lineTooLong(line: line, length: length, limit: limit, into: &buffer)
    flush()
  }

  /// Hands the written records to the sink.
  mutating func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { sink.write($0) }
    buffer.removeAll(keepingCapacity: true)
  }
}
