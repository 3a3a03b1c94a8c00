import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import SceneDecision

/// A state indexed with its router's own tie-break array, as a line router indexes it (the
/// engine then reads the index without comparing the two orders element by element), decides as
/// the same state without an index, over every fixture table, in an order that is not the
/// default one.
@Suite struct IndexOrderTests {
  @Test func aStateIndexedWithItsTablesTiesDecidesAsOneWithout() throws {
    var rng = SeededGenerator(seed: 0x71E5_0017)
    var withOpenSessions = 0
    for (path, fixtureEvents) in try SessionIndexTests.corpus() {
      guard var table = TableLoader.load(contentsOf: path).table else { continue }
      table.policies.ties = [.recent, .foreground, .oldest]
      let router = try #require(RouteCompiler.compile(table).router)
      var state = SessionState()
      for _ in 0..<40 {
        let line =
          Bool.random(using: &rng)
          ? fixtureEvents.randomElement(using: &rng)! : SessionIndexTests.windowEvents(table, &rng)
        var indexed = state
        indexed.indexSessions(for: router.table.policies)
        var unindexed = state
        unindexed.sessions = state.sessions
        #expect(unindexed.index == nil)
        let fromIndex = SessionIndexTests.decide(line, router, indexed, explains: false)
        let fromScan = SessionIndexTests.decide(line, router, unindexed, explains: false)
        #expect(fromIndex == fromScan, "\(path): \(line) with \(state.sessions.count) sessions")
        if !state.sessions.isEmpty { withOpenSessions += 1 }
        if let fromIndex { state.apply(fromIndex) }
      }
    }
    #expect(withOpenSessions > 100)
  }
}
