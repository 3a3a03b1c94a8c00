import ActivityRouter

/// Answers request lines with NDJSON decision records, as `route-cli route --json` does.
///
/// The router is compiled once and shared by every connection: ``CompiledRouter`` is an
/// immutable `Sendable` value, so connections on many threads read it without locks. What
/// belongs to one connection (its line count and its ``LineRouter``, with the sessions of a
/// `--stateful` run) lives in a ``Conversation`` that only that connection's thread touches.
///
/// ```swift
/// let resolver = Resolver(router: router, stateful: false, explain: false)
/// var conversation = resolver.startConversation()
/// let answer = resolver.answer(Array("notes://tag/work".utf8), in: &conversation)
/// // {"line":1,"input":"notes://tag/work","event":"url","outcome":"open","scene":"main",…}\n
/// ```
struct Resolver: Sendable {
  let router: CompiledRouter
  /// Whether each connection keeps the sessions its decisions open and close.
  let stateful: Bool
  /// Whether records carry their trace and message; without, decisions skip building them
  /// (`explains: false`), as `route-cli route` does.
  let explain: Bool

  /// What one connection has seen so far: the number of its last line, and its line router,
  /// which starts from no open session (a cold launch) and, with `--stateful`, applies every
  /// decision to its sessions.
  struct Conversation: ~Copyable {
    var lineNumber = 0
    var lines: LineRouter

    // The line router is made here, not passed in: a noncopyable value handed to an initializer
    // and stored was destroyed twice in Swift 6.3 debug builds (route-cli's RecordWriter).
    init(router: CompiledRouter, options: LineRouter.Options) {
      lines = LineRouter(router: router, options: options)
    }
  }

  func startConversation() -> Conversation {
    Conversation(router: router, options: .init(format: .json, explains: explain, stateful: stateful))
  }

  /// The record for one request line (without its line end), ending in `\n`.
  func answer(_ line: [UInt8], in conversation: inout Conversation) -> [UInt8] {
    conversation.lineNumber += 1
    var out: [UInt8] = []
    line.withUnsafeBufferPointer { conversation.lines.route(line: conversation.lineNumber, utf8: $0, into: &out) }
    return out
  }

  /// The error record for a line longer than the service accepts (the connection is then closed).
  func tooLong(limit: Int, in conversation: inout Conversation) -> [UInt8] {
    conversation.lineNumber += 1
    var out: [UInt8] = []
    conversation.lines.lineTooLong(line: conversation.lineNumber, length: nil, limit: limit, into: &out)
    return out
  }
}
