import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// Standard input read as bytes, judged line by line: every line yields exactly one record, in
/// order, whatever its bytes; the line-length limit holds at the limit and one past it; a
/// million lines stream through; and how stdin is cut into chunks never changes the output.
@Suite struct StreamSafetyTests {
  static let table = FixturePaths.notesTableRelative

  /// One line put between two good lines, and the record it must give.
  struct StreamLine: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var bytes: [UInt8]
    /// The record's `outcome`.
    var outcome: String
    /// For an error: `code/reason` (or just the code), and the 1-based column when it matters.
    var error: String?
    var column: Int?
    /// For a match: the rule and the captured `name`.
    var tag: String?

    static func error(_ name: String, _ bytes: [UInt8], _ error: String, column: Int? = nil) -> StreamLine {
      StreamLine(testDescription: name, bytes: bytes, outcome: "error", error: error, column: column)
    }

    static func tag(_ name: String, _ bytes: [UInt8], _ tag: String) -> StreamLine {
      StreamLine(testDescription: name, bytes: bytes, outcome: "open", tag: tag)
    }
  }

  static let lines: [StreamLine] = [
    .tag("a plain line", Array("notes://tag/plain".utf8), "plain"),
    .tag("U+2028 stays inside the line", Array("notes://tag/a\u{2028}b".utf8), "a\u{2028}b"),
    .tag("U+2029 stays inside the line", Array("notes://tag/a\u{2029}b".utf8), "a\u{2029}b"),
    .tag("U+0085 stays inside the line", Array("notes://tag/a\u{85}b".utf8), "a\u{85}b"),
    .error(
      "a lone CR stays inside the line", Array("notes://tag/a\rb".utf8), "ambiguous-url/tab-or-newline", column: 14),
    .error("CRs before the line end stay", Array("notes://tag/a\r\r".utf8), "ambiguous-url/tab-or-newline", column: 14),
    .error(
      "NUL inside the line", Array("notes://tag/a".utf8) + [0] + Array("b".utf8), "invalid-url/control-character",
      column: 14),
    .error("NUL alone", [0], "invalid-url/control-character", column: 1),
    .error(
      "an escaped NUL in a JSON event", Array(#"{"url": "notes://tag/a\u0000b"}"#.utf8),
      "invalid-url/control-character", column: 23),
    .error("a lone surrogate escape in a JSON event", Array(#"{"url": "notes://tag/\ud800"}"#.utf8), "json-syntax"),
    .error("invalid UTF-8", Array("notes://tag/".utf8) + [0xC3, 0x28], "invalid-utf8", column: 13),
    .error(
      "invalid UTF-8 in a JSON string", Array(#"{"url": "notes://tag/"#.utf8) + [0xFF] + Array(#""}"#.utf8),
      "invalid-utf8", column: 22),
    .error(
      "a byte-order mark after the start is data", [0xEF, 0xBB, 0xBF] + Array("notes://tag/a".utf8),
      "invalid-url/invalid-scheme", column: 1),
    .error("an empty line", [], "invalid-url/empty", column: 1),
    .error("a line of spaces", Array("   ".utf8), "ambiguous-url/surrounding-space", column: 1),
    .error("a lone '{'", Array("{".utf8), "json-syntax"),
  ]

  /// Runs `route --json` on `stdin` and returns the records.
  static func records(_ stdin: [UInt8], _ extra: [String] = []) throws -> [[String: Any]] {
    try run(stdin, extra).records
  }

  /// Runs `route --json` on `stdin`: the records, and each record's `input` as the project's own
  /// JSON reader reads it (Foundation's drops a U+FEFF inside a string).
  static func run(_ stdin: [UInt8], _ extra: [String] = []) throws -> (records: [[String: Any]], inputs: [String?]) {
    let run = runRouteCLI(["route", table, "--json"] + extra, stdin: [.bytes(stdin)])
    #expect(run.status == .success)
    #expect(run.stderr == "")
    let inputs = try run.stdoutLines.map { line in
      try JSONParser.parse(Array(line.utf8), limits: JSONLimits(maxBytes: 1 << 26)).value["input"]?.stringValue
    }
    return (try run.stdoutLines.map(parseJSONObject), inputs)
  }

  @Test(arguments: lines, ["\n", "\r\n"])
  func aLineBetweenTwoGoodOnesGivesExactlyOneRecord(_ line: StreamLine, terminator: String) throws {
    let end = Array(terminator.utf8)
    let stdin = Array("notes://tag/first".utf8) + end + line.bytes + end + Array("notes://tag/last".utf8)
    let (records, inputs) = try Self.run(stdin)
    try #require(records.count == 3, "\(records)")
    #expect(records.map { $0["line"] as? Int } == [1, 2, 3])
    #expect(try canonicalJSON(records[0]["params"]) == #"{"name":"first"}"#)
    #expect(try canonicalJSON(records[2]["params"]) == #"{"name":"last"}"#, "the last line has no newline")
    let record = records[1]
    // With LF, a CR at the end of the line and the LF make a CRLF.
    let content = terminator == "\n" && line.bytes.last == 0x0D ? Array(line.bytes.dropLast()) : line.bytes
    #expect(inputs[1] == String(decoding: content, as: UTF8.self))
    #expect(record["outcome"] as? String == line.outcome)
    if let tag = line.tag {
      #expect(record["rule"] as? String == "tag")
      #expect((record["params"] as? [String: Any])?["name"] as? String == tag)
    }
    if let expected = line.error {
      let error = try #require(record["error"] as? [String: Any])
      let code = [error["code"] as? String, error["reason"] as? String].compactMap { $0 }.joined(separator: "/")
      #expect(code == expected || (error["code"] as? String) == expected, "\(error)")
      if let column = line.column { #expect(error["column"] as? Int == column) }
    }
  }

  // MARK: - The line-length limit: 16 MiB

  struct LengthCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var length: Int
    var terminator: String
    var tooLong: Bool
  }

  static let limit = LineReader.defaultLineLimit

  @Test(arguments: [
    LengthCase(testDescription: "at the limit, LF", length: limit, terminator: "\n", tooLong: false),
    LengthCase(testDescription: "at the limit, CRLF", length: limit, terminator: "\r\n", tooLong: false),
    LengthCase(testDescription: "at the limit, last line", length: limit, terminator: "", tooLong: false),
    LengthCase(testDescription: "one past, LF", length: limit + 1, terminator: "\n", tooLong: true),
    LengthCase(testDescription: "one past, CRLF", length: limit + 1, terminator: "\r\n", tooLong: true),
    LengthCase(testDescription: "one past, last line", length: limit + 1, terminator: "", tooLong: true),
  ])
  func aLineAtTheLengthLimitIsJudgedAndOnePastIsLineTooLong(_ test: LengthCase) throws {
    let prefix = Array("notes://tag/".utf8)
    var stdin = Array("notes://tag/first\n".utf8) + prefix
    stdin += [UInt8](repeating: UInt8(ascii: "x"), count: test.length - prefix.count)
    stdin += Array(test.terminator.utf8)
    if !test.terminator.isEmpty { stdin += Array("notes://tag/last\n".utf8) }
    let records = try Self.records(stdin)
    try #require(records.count == (test.terminator.isEmpty ? 2 : 3))
    #expect(records.map { $0["line"] as? Int } == Array(1...records.count))
    let error = try #require(records[1]["error"] as? [String: Any])
    if test.tooLong {
      #expect(error["code"] as? String == "line-too-long")
      #expect(records[1]["input"] as? String == "", "an over-long line is never held or echoed")
      #expect((error["message"] as? String)?.contains("\(test.length) bytes") == true, "\(error)")
    } else {
      // Read whole, then judged: a URL this long is over the URL reader's own limit.
      #expect(error["code"] as? String == "invalid-url")
      #expect(error["reason"] as? String == "too-long")
    }
    if records.count == 3 { #expect(records[2]["rule"] as? String == "tag") }
  }

  // MARK: - A million lines

  /// Checks the text records as they are written, keeping nothing: each must start with the next
  /// line number.
  final class RecordCountingSink: OutputSink {
    private(set) var records = 0
    private(set) var outOfOrder: [String] = []
    private(set) var failure: SystemError?
    private var pending: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) {
      for byte in bytes {
        if byte == 0x0A {
          records += 1
          let expected = Array("\(records): ".utf8)
          if !pending.starts(with: expected) && outOfOrder.count < 5 {
            outOfOrder.append(String(decoding: pending.prefix(80), as: UTF8.self))
          }
          pending.removeAll(keepingCapacity: true)
        } else if pending.count < 32 {
          pending.append(byte)
        }
      }
    }

    func flush() {}
  }

  @Test func aMillionLinesGiveAMillionRecordsInOrder() throws {
    // Mostly lines the reader refuses at once (cheap), every 100th a real route, some empty.
    var stdin: [UInt8] = []
    stdin.reserveCapacity(8_000_000)
    for number in 1...1_000_000 {
      if number % 100 == 0 {
        stdin += Array("notes://tag/t\(number)\n".utf8)
      } else if number % 7 == 0 {
        stdin.append(0x0A)
      } else {
        stdin += Array("x\(number % 10)\n".utf8)
      }
    }
    let out = RecordCountingSink()
    let err = MemorySink()
    let context = CommandContext(stdout: out, stderr: err, stdin: MemorySource([.bytes(stdin)], output: out))
    let status = CommandLineTool.routeCLI.run(arguments: ["route", FixturePaths.notesTable], context: context)
    #expect(status == .success)
    #expect(err.text == "")
    #expect(out.records == 1_000_000)
    #expect(out.outOfOrder.isEmpty, "records out of order: \(out.outOfOrder)")
  }

  // MARK: - Property: chunking never changes the output

  /// Lines of every kind the reader must handle.
  static let pool: [[UInt8]] = [
    Array("notes://tag/a".utf8), Array("notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11".utf8),
    Array("notes://search?q=caf%C3%A9".utf8), Array(#"{"id": 3, "url": "notes://tag/j"}"#.utf8),
    Array(
      #"{"activity": {"activityType": "com.example.notes.edit", "userInfo": {"noteID": "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}}}"#
        .utf8),
    Array(#"{"session": {"close": "s1"}}"#.utf8), Array(#"{"launch": {}}"#.utf8),
    Array("notes://tag/é\u{2028}x".utf8), Array("notes://tag/a\rb".utf8), [], [0x00], [0xFF, 0xFE],
    Array("notes://tag/".utf8) + [0xE2, 0x82], Array("https://notes.example.com\\evil.com/".utf8), Array("{".utf8),
    Array("notes://unknown".utf8),
  ]

  static let chunkSeeds: [UInt64] =
    [0xC4_0001, 0xC4_0002]
    + (ProcessInfo.processInfo.environment["SECURITY_SEED"]
      .flatMap { UInt64($0.hasPrefix("0x") ? String($0.dropFirst(2)) : $0, radix: $0.hasPrefix("0x") ? 16 : 10) }
      .map { [$0] } ?? [])

  /// 2,000 random inputs a seed (a BOM now and then, lines from ``pool``, LF or CRLF, a last line
  /// with or without its newline), each read whole and in 5 random chunkings with pauses: 10,000
  /// chunked runs a seed, each compared byte for byte with the whole run. Text and NDJSON,
  /// stateless and stateful.
  @Test(arguments: chunkSeeds)
  func splittingStdinIntoRandomChunksNeverChangesTheOutput(seed: UInt64) throws {
    let router = try #require(RouterLoading.load(FixturePaths.notesTable, context: .inMemory().context).router)
    var rng = SeededGenerator(seed: seed)
    let tag = "seed 0x\(String(seed, radix: 16))"
    var runs = 0
    for index in 0..<2_000 {
      var input: [UInt8] = Int.random(in: 0..<10, using: &rng) == 0 ? [0xEF, 0xBB, 0xBF] : []
      let lineCount = Int.random(in: 0...6, using: &rng)
      for k in 0..<lineCount {
        input += Self.pool[Int.random(in: 0..<Self.pool.count, using: &rng)]
        if k < lineCount - 1 || Bool.random(using: &rng) {
          input += Bool.random(using: &rng) ? [0x0A] : [0x0D, 0x0A]
        }
      }
      let json = Bool.random(using: &rng)
      let stateful = Int.random(in: 0..<4, using: &rng) == 0
      let whole = Self.route(router, [.bytes(input)], json: json, stateful: stateful)
      for _ in 0..<5 {
        var steps: [MemorySource.Step] = []
        var rest = input[...]
        while !rest.isEmpty {
          let size = Int.random(in: 1...9, using: &rng)
          steps.append(.bytes(Array(rest.prefix(size))))
          rest = rest.dropFirst(size)
          if Int.random(in: 0..<3, using: &rng) == 0 { steps.append(.wait) }
        }
        let chunked = Self.route(router, steps, json: json, stateful: stateful)
        runs += 1
        if chunked != whole {
          let message =
            "\(tag) input \(index) \(input) (json \(json), stateful \(stateful)): chunks \(steps) gave\n"
            + "\(String(decoding: chunked, as: UTF8.self))\ninstead of\n\(String(decoding: whole, as: UTF8.self))"
          Issue.record(Comment(rawValue: message))
          return
        }
      }
    }
    #expect(runs == 10_000)
  }

  /// Routes stdin the way `route-cli route` does (its LineReader and RecordWriter), once the
  /// table is compiled, and returns the output bytes.
  static func route(_ router: CompiledRouter, _ steps: [MemorySource.Step], json: Bool, stateful: Bool) -> [UInt8] {
    let out = MemorySink()
    var writer = RecordWriter(
      router: router, sessions: SessionState(), options: .init(format: json ? .json : .text, stateful: stateful),
      sink: out)
    var reader = LineReader(source: MemorySource(steps, output: out), chunkSize: 4)
    reader.forEachLine { line in
      if line.isTooLong {
        writer.tooLong(line: line.number, length: line.length, limit: LineReader.defaultLineLimit)
      } else {
        writer.route(line: line.number, bytes: line.bytes)
      }
    }
    return out.bytes
  }
}
