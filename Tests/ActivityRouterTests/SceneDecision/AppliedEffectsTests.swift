import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import SceneDecision

/// A decision's effects, kept apart from it and applied (what a stateful `LineRouter` keeps of
/// a JSON line's decision), leave the sessions as the decision applied does.
@Suite struct AppliedEffectsTests {
  @Test func theEffectsAppliedAreTheDecisionApplied() throws {
    for router in try SharedScratchTests.routers() {
      var state = SessionState()
      var byEffects = SessionState()
      var created = 0
      for line in try SharedScratchTests.lines().prefix(600) {
        guard let event = try? EventReader.read(line: line).get() else { continue }
        let decision = DecisionEngine.decide(event, router: router, state: state, explains: false)
        let effects: SessionEffects = decision.storedEffects
        if effects.createsSession { created += 1 }
        state = state.applying(decision)
        byEffects.apply(effects)
        #expect(byEffects == state, "\(line)")
        if byEffects != state { return }
      }
      #expect(created > 0)
      #expect(!state.sessions.isEmpty)
    }
  }
}
