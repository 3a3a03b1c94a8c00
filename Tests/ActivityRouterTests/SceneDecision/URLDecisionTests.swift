import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import SceneDecision

/// A URL line is decided from its URL alone (`DecisionEngine.decide(url:…)`, no `Event` made,
/// its identifier reading the URL in place): the decision handed to the sink, and whether it read
/// the event's details, are those of the URL's `Event` decided as any event is.
@Suite struct URLDecisionTests {
  /// The tables: the plan tests' and Notes' (SwiftUI), and a UIKit one (its handlers differ).
  static func routers() throws -> [CompiledRouter] {
    let uiKit = TableLoader.load(contentsOf: FixturePaths.path("Fixtures/Messenger/Messenger.routes.json"))
    let uiKitTable = try #require(uiKit.table)
    #expect(uiKitTable.lifecycle == .uiKit)
    return try SharedScratchTests.routers() + [try #require(RouteCompiler.compile(uiKitTable).router)]
  }

  /// What a ``DecisionSinkTests/Recording`` sink is handed by `decide`, and the reads it made.
  static func handed(
    explains: Bool, _ decide: (inout any DecisionSink, inout Bool) -> Void
  ) -> (Decision?, Bool) {
    var reads = false
    let decision = withUnsafeTemporaryAllocation(of: Decision.self, capacity: 1) { room -> Decision? in
      let target = room.baseAddress!
      var handed = false
      withUnsafeMutablePointer(to: &handed) { handed in
        var sink: any DecisionSink = DecisionSinkTests.Recording(
          builder: DecisionBuilder(into: target, handed: handed), counts: DecisionSinkTests.Counts(),
          keepsEffects: true)
        decide(&sink, &reads)
      }
      return handed ? target.move() : nil
    }
    return (decision, reads)
  }

  @Test(arguments: [false, true])
  func aURLDecidedFromItsURLIsDecidedAsItsEvent(explains: Bool) throws {
    var urls = 0
    for router in try Self.routers() {
      var mismatches: [String] = []
      // With open sessions too: each decision applied to the state of the next.
      var state = SessionState()
      let lines =
        try SharedScratchTests.lines() + ["messenger://chat/42", "https://example.com/a?b=c#d", "x://"]
      for line in lines {
        guard case .success(let event) = EventReader.read(line: line), case .url(let url) = event.kind,
          event.extraURLs.isEmpty
        else { continue }
        urls += 1
        let (fromURL, urlReads) = Self.handed(explains: explains) { sink, reads in
          DecisionEngine.decide(
            url: url, router: router, state: state, explains: explains, readsEventDetails: &reads, scratch: nil,
            into: &sink)
        }
        let (fromEvent, eventReads) = Self.handed(explains: explains) { sink, reads in
          DecisionEngine.decide(
            event, router: router, state: state, explains: explains, readsEventDetails: &reads, scratch: nil,
            into: &sink)
        }
        guard let fromURL, let fromEvent, fromURL == fromEvent, urlReads == eventReads else {
          mismatches.append(line)
          continue
        }
        if state.sessions.count < 20 { state = state.applying(fromURL) }
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }
    #expect(urls > 1000)
  }

  /// The identifier of a URL read in place has the text, rule and source of the one that keeps
  /// the URL, and tests a predicate the same way.
  @Test func anIdentifierReadingItsURLInPlaceIsTheSame() throws {
    for text in ["notes://note/6F0E", "https://Example.com:443/a/../b?q=%41#f", "x:y"] {
      let url = try URLRecord(parsing: text)
      let kept = EventIdentifier.of(url: url)
      withUnsafePointer(to: url) { p in
        let lent = EventIdentifier.of(urlAt: p)
        #expect(lent == kept && lent.text == kept.text && lent.rule == kept.rule && lent.source == kept.source)
        #expect(lent.resolved() == kept.resolved() && lent.resolved().isResolved && !lent.isResolved)
      }
    }
  }
}
