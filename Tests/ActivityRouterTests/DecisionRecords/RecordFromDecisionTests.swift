import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// A line's record written straight from its event and decision
/// (`DecisionRecord.appendJSON(line:utf8:router:…)`, what `LineRouter` and the plans' full
/// decisions write) must be the bytes of the record made of the line
/// (`DecisionRecord(line:utf8:router:…).appendJSON(to:explain:)`): every line of both tables,
/// with and without explanations, lines that are not UTF-8, over the echo limit, longer than the
/// writer's chunk, with characters to escape, JSON events and lines the reader refuses; and a
/// stateful run that meets the session limit.
@Suite struct RecordFromDecisionTests {
  /// Lines the table's corpus lacks: each goes another way through the writer.
  static let edgeLines: [[UInt8]] = [
    [],
    Array("not a url".utf8),
    [0x6E, 0x6F, 0x74, 0x65, 0x73, 0x3A, 0x2F, 0x2F, 0xFF, 0x61],  // notes://\xFFa: not UTF-8
    Array(("notes://tag/" + String(repeating: "a", count: 5000)).utf8),  // over the echo limit
    Array(("notes://tag/" + String(repeating: "é", count: 2100)).utf8),  // cut between characters
    Array(("notes://tag/" + String(repeating: "b", count: 2000)).utf8),  // longer than the chunk
    Array("notes://tag/%22quoted%22?x=%5C".utf8),
    Array(#"{"url": "notes://tag/a", "id": "x\"y\u0001"}"#.utf8),
    Array(#"{"url": "notes://note/not-a-uuid", "id": 7}"#.utf8),
    Array(#"{"openWindow": {"id": "note-editor", "value": "a\"b"}}"#.utf8),
    Array(#"{"launch": {}}"#.utf8),
    Array("{not json".utf8),
    Array("notes://tag/ä\u{2028}ö".utf8),
    // Echoed with one copy (the reader found nothing to escape): short, and past a word's copies.
    Array("notes://tag/a".utf8),
    Array("notes://tag/a~b&c'd(e)*f+g,h;i=j:k@l[m]n_o-p.q".utf8),
  ]

  static func lines() throws -> [[UInt8]] {
    try SharedScratchTests.lines().map { Array($0.utf8) } + edgeLines
  }

  /// The record made of the line, then written.
  static func viaRecord(_ line: [UInt8], _ n: Int, _ router: CompiledRouter, explains: Bool) -> [UInt8] {
    var out: [UInt8] = []
    line.withUnsafeBufferPointer { bytes in
      DecisionRecord(line: n, utf8: bytes, router: router, explains: explains).appendJSON(to: &out, explain: explains)
    }
    return out
  }

  @Test(arguments: [false, true])
  func theRecordWrittenFromTheDecisionIsTheRecordsBytes(explains: Bool) throws {
    let lines = try Self.lines()
    for (r, router) in try SharedScratchTests.routers().enumerated() {
      var scratch = MatchScratch()
      var lineRouter = LineRouter(router: router, options: .init(format: .json, explains: explains))
      var mismatches: [String] = []
      for (n, line) in lines.enumerated() {
        let expected = Self.viaRecord(line, n + 1, router, explains: explains)
        var direct: [UInt8] = []
        line.withUnsafeBufferPointer {
          DecisionRecord.appendJSON(
            line: n + 1, utf8: $0, router: router, explains: explains, scratch: &scratch, to: &direct)
        }
        var routed: [UInt8] = []
        line.withUnsafeBufferPointer { lineRouter.route(line: n + 1, utf8: $0, into: &routed) }
        if direct != expected || routed != expected {
          mismatches.append(
            "table \(r), line \(n + 1): \(String(decoding: direct, as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))"
          )
        }
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }
  }

  /// Without line numbers (`--no-line`), from a plan's full decisions and from a stateful run.
  @Test(arguments: [false, true])
  func withoutLineNumbersTheRecordLosesOnlyItsLine(stateful: Bool) throws {
    let lines = try Self.lines()
    for router in try SharedScratchTests.routers() {
      var numbered = LineRouter(router: router, options: .init(format: .json, stateful: stateful))
      var bare = LineRouter(
        router: router, options: .init(format: .json, stateful: stateful, includesLineNumber: false))
      var mismatches: [Int] = []
      for (n, line) in lines.enumerated() {
        var withLine: [UInt8] = []
        var without: [UInt8] = []
        line.withUnsafeBufferPointer {
          numbered.route(line: n + 1, utf8: $0, into: &withLine)
          bare.route(line: n + 1, utf8: $0, into: &without)
        }
        let prefix = Array(#"{"line":\#(n + 1),"#.utf8)
        if Array(withLine.prefix(prefix.count)) != prefix
          || [UInt8(ascii: "{")] + withLine.dropFirst(prefix.count) != without
        {
          mismatches.append(n + 1)
        }
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
  }

  /// A stateful run whose decisions meet the session limit: each line's record is the decision's,
  /// or the `session-limit` error and the sessions left as they were; a held decision is the
  /// one applied.
  @Test(arguments: [false, true])
  func aStatefulRunAtTheSessionLimitWritesWhatItsDecisionsWrite(holding: Bool) throws {
    let router = try SharedScratchTests.routers()[1]
    let lines = try FixturePaths.notesEventLines().filter { !$0.hasPrefix("#") }
    var options = LineRouter.Options(format: .json, stateful: true)
    options.openSessionLimit = 3
    var lineRouter = LineRouter(router: router, options: options)
    var state = SessionState()
    var mismatches: [String] = []
    var limited = 0
    for (n, line) in (lines + lines + lines).enumerated() {
      var routed: [UInt8] = []
      lineRouter.route(line: n + 1, text: line, into: &routed, holding: holding)
      var expected: [UInt8] = []
      var text = line
      text.withUTF8 { bytes in
        var record = DecisionRecord(line: n + 1, utf8: bytes, router: router, state: state)
        if case .success(let (_, decision)) = record.result {
          var open = state.sessions.count
          for effect in decision.effects {
            if case .create = effect { open += 1 }
            if case .close = effect { open -= 1 }
          }
          if open > 3, open > state.sessions.count {
            limited += 1
            record.result = .failure(
              EventError(
                code: .sessionLimit,
                message: "the decision would leave \(open) sessions open; the limit is 3 open at once"
                  + " (SessionLimits.openSessions): the sessions stay as they were",
                column: 1))
          } else {
            state = state.applying(decision)
          }
        }
        record.appendJSON(to: &expected)
      }
      if routed != expected {
        mismatches.append("line \(n + 1): \(String(decoding: routed, as: UTF8.self))")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    #expect(lineRouter.sessions == state)
    #expect(limited > 0)
  }
}
