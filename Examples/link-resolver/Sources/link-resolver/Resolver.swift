import ActivityRouter

/// Answers request lines with NDJSON decision records, as `route-cli route --json` does.
///
/// The router is compiled once and shared by every connection: ``CompiledRouter`` is an
/// immutable `Sendable` value, so connections on many threads read it without locks. What
/// belongs to one connection (its line count and, with `--stateful`, its sessions) lives in a
/// ``Conversation`` that only that connection's thread touches.
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

  /// What one connection has seen so far.
  struct Conversation {
    /// The number of the last line answered.
    var lineNumber = 0
    /// The open sessions the next event is decided against; a connection starts from none
    /// (a cold launch) and, with `--stateful`, applies every decision.
    var state = SessionState()
  }

  func startConversation() -> Conversation { Conversation() }

  /// The record for one request line (without its line end), ending in `\n`.
  func answer(_ line: [UInt8], in conversation: inout Conversation) -> [UInt8] {
    conversation.lineNumber += 1
    let record = line.withUnsafeBufferPointer {
      DecisionRecord(
        line: conversation.lineNumber, utf8: $0, router: router, state: conversation.state, explains: explain)
    }
    if stateful, case .success(let (_, decision)) = record.result {
      conversation.state = conversation.state.applying(decision)
    }
    var out: [UInt8] = []
    record.appendJSON(to: &out, explain: explain)
    return out
  }

  /// The error record for a line longer than the service accepts.
  func tooLong(limit: Int, in conversation: inout Conversation) -> [UInt8] {
    conversation.lineNumber += 1
    let error = EventError(
      code: .lineTooLong, message: "the line is longer than \(limit) bytes; the connection is closed", column: limit + 1
    )
    var out: [UInt8] = []
    DecisionRecord(line: conversation.lineNumber, input: "", result: .failure(error)).appendJSON(to: &out)
    return out
  }
}
