import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// A decision whose URL is matched in a scratch its caller keeps for many lines (a line router,
/// a batch) must be the decision made in a fresh scratch: nothing one line leaves in the scratch
/// (its segments, captures, query items, the host slot the fast path read last) may reach the
/// next line's record. Every line is written both ways, with and without explanations, over
/// tables whose URLs take the fast path, the general path and the query constraints, and with
/// one scratch shared by two routers in turn.
@Suite struct SharedScratchTests {
  /// The tables: the plan tests' table of every value template, and the Notes app (UUIDs, a
  /// query, custom and https schemes, events that are not URLs).
  static func routers() throws -> [CompiledRouter] {
    let notes = TableLoader.load(contentsOf: FixturePaths.notesTable)
    let notesTable = try #require(notes.table)
    let notesRouter = try #require(RouteCompiler.compile(notesTable).router)
    return [try TestTables.router(LineRouterPlanTests.templateTable), notesRouter]
  }

  /// Lines for both tables: the plan tests' generated URLs and the Notes events, interleaved.
  static func lines() throws -> [String] {
    let notes = try FixturePaths.text(FixturePaths.notesEvents).split(separator: "\n").map(String.init)
    var lines: [String] = []
    for (i, url) in LineRouterPlanTests.templateURLs.prefix(1500).enumerated() {
      lines.append(url)
      lines.append(notes[i % notes.count])
    }
    return lines
  }

  /// The record of one line, decided with `scratch` when given, else with a scratch of its own.
  static func record(
    _ line: String, _ n: Int, _ router: CompiledRouter, explains: Bool, scratch: inout MatchScratch?
  ) -> [UInt8] {
    var text = line
    var out: [UInt8] = []
    text.withUTF8 { bytes in
      let record: DecisionRecord
      if scratch != nil {
        record = DecisionRecord(line: n, utf8: bytes, router: router, explains: explains, scratch: &scratch!)
      } else {
        record = DecisionRecord(line: n, utf8: bytes, router: router, explains: explains)
      }
      record.appendJSON(to: &out, explain: explains)
    }
    return out
  }

  @Test(arguments: [false, true])
  func oneScratchForEveryLineWritesWhatAFreshOneWrites(explains: Bool) throws {
    let routers = try Self.routers()
    let lines = try Self.lines()
    for (r, router) in routers.enumerated() {
      var shared: MatchScratch? = MatchScratch()
      var none: MatchScratch? = nil
      var mismatches: [String] = []
      for (n, line) in lines.enumerated() {
        let kept = Self.record(line, n + 1, router, explains: explains, scratch: &shared)
        let fresh = Self.record(line, n + 1, router, explains: explains, scratch: &none)
        if kept != fresh {
          mismatches.append(
            "table \(r), line \(n + 1) \(line): \(String(decoding: kept, as: UTF8.self)) vs \(String(decoding: fresh, as: UTF8.self))"
          )
        }
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }
  }

  @Test func oneScratchSharedByTwoRoutersInTurn() throws {
    let routers = try Self.routers()
    let lines = try Self.lines()
    var shared: MatchScratch? = MatchScratch()
    var none: MatchScratch? = nil
    var mismatches: [String] = []
    var routed = 0
    for (n, line) in lines.enumerated() {
      let router = routers[n % routers.count]
      let kept = Self.record(line, n + 1, router, explains: false, scratch: &shared)
      let fresh = Self.record(line, n + 1, router, explains: false, scratch: &none)
      if kept != fresh { mismatches.append("line \(n + 1) \(line)") }
      if String(decoding: fresh, as: UTF8.self).contains(#""rule":"#) { routed += 1 }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    // The comparison is about matches: most lines must take a route.
    #expect(routed > lines.count / 3)
  }

  /// A line router's stateful run (which matches every line in the router's one scratch)
  /// leaves the sessions and writes the records of decisions made one by one, each in a fresh
  /// scratch, and applied in turn.
  @Test func aStatefulRunWritesWhatDecisionsMadeOneByOneWrite() throws {
    let routers = try Self.routers()
    let lines = try Self.lines()
    for router in routers {
      var lineRouter = LineRouter(router: router, options: .init(format: .json, stateful: true))
      var state = SessionState()
      var mismatches: [String] = []
      for (n, line) in lines.prefix(600).enumerated() {
        var routed: [UInt8] = []
        lineRouter.route(line: n + 1, text: line, into: &routed)
        var text = line
        var expected: [UInt8] = []
        text.withUTF8 { bytes in
          let record = DecisionRecord(line: n + 1, utf8: bytes, router: router, state: state)
          record.appendJSON(to: &expected)
          if case .success(let (_, decision)) = record.result { state = state.applying(decision) }
        }
        if routed != expected { mismatches.append("line \(n + 1) \(line)") }
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
      #expect(lineRouter.sessions == state)
    }
  }
}
