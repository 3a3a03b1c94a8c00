import RouterSupport
import Testing

@testable import SceneDecision

/// A decision's effects kept without an array (the one new session of most decisions that open
/// a window) answer as the array of the same effects: the same elements, equality and hash,
/// whatever is appended or replaced after, and a decision applied with them changes the
/// sessions as the array's effects do.
@Suite struct SessionEffectsTests {
  static func created(_ id: String, clock: Int, value: JSONValue? = nil) -> SessionEffect {
    .create(
      Session(
        id: id, scene: "main", value: value, valueType: value == nil ? nil : "Item", state: .foregroundActive,
        lastActivated: clock, created: clock))
  }

  /// The effects kept in place and as an array: one new session, with and without a value, and
  /// one session brought to the front.
  static func pairs() -> [(kept: SessionEffects, array: [SessionEffect])] {
    let created = [nil, .string("42") as JSONValue?].map { value in
      var kept = SessionEffects()
      kept.appendCreated(
        id: "s3", scene: "main", value: value, valueType: value == nil ? nil : "Item", clock: 7)
      return (kept, [Self.created("s3", clock: 7, value: value)])
    }
    var activated = SessionEffects()
    activated.appendActivate("s3")
    var appended = SessionEffects()
    appended.append(.activate("s3"))
    return created + [(activated, [.activate("s3")]), (appended, [.activate("s3")])]
  }

  @Test func oneNewSessionAnswersAsItsArray() {
    for (kept, array) in Self.pairs() {
      #expect(kept.array == array)
      #expect(Array(kept) == array)
      #expect(kept.count == 1)
      #expect(!kept.isEmpty)
      #expect(kept == SessionEffects(array))
      #expect(kept.hashValue == SessionEffects(array).hashValue)
      // As the array itself hashes: a decision's hash is unchanged by how it keeps them.
      var a = Hasher()
      a.combine(kept)
      var b = Hasher()
      b.combine(array)
      #expect(a.finalize() == b.finalize())
      #expect(kept != SessionEffects())
      #expect(kept != SessionEffects([Self.created("s4", clock: 7)]))
    }
    #expect(SessionEffects().array.isEmpty)
    #expect(SessionEffects() == SessionEffects([]))
  }

  @Test func appendingAndReplacingKeepOrder() {
    for (kept, array) in Self.pairs() {
      var more = kept
      more.append(.activate("s1"))
      #expect(more.array == array + [.activate("s1")])
      var activated = kept
      activated.appendActivate("s1")
      #expect(activated.array == array + [.activate("s1")])
      var second = kept
      second.appendCreated(id: "s4", scene: "main", value: nil, valueType: nil, clock: 8)
      #expect(second.array == array + [Self.created("s4", clock: 8)])
      var replaced = kept
      replaced[0] = .close("s3")
      #expect(replaced.array == [.close("s3")])
      var visited: [SessionEffect] = []
      more.forEachEffect { visited.append($0) }
      #expect(visited == array + [.activate("s1")])
      var first = SessionEffects()
      first.append(.close("s1"))
      first.appendCreated(id: "s3", scene: "main", value: nil, valueType: nil, clock: 7)
      #expect(first.array == [.close("s1"), Self.created("s3", clock: 7)])
    }
  }

  /// A decision set with an array of effects, or keeping one session in place, answers and
  /// applies the same.
  @Test func decisionAnswersAndAppliesTheSame() {
    for (kept, array) in Self.pairs() {
      var inPlace = Decision(outcome: .open, scene: "main", session: "s3")
      inPlace.storedEffects = kept
      let asArray = Decision(outcome: .open, scene: "main", session: "s3", effects: array)
      #expect(inPlace.effects == array)
      #expect(inPlace == asArray)
      #expect(inPlace.hashValue == asArray.hashValue)
      // Applied to no sessions, and to two open ones (s3 among them, which an activation moves).
      var opened = SessionState()
      opened.apply(Decision(outcome: .open, effects: [Self.created("s3", clock: 1), Self.created("s1", clock: 2)]))
      for state in [SessionState(), opened] {
        #expect(state.applying(inPlace) == state.applying(asArray))
      }
      #expect(opened.applying(inPlace) != opened)
      var set = inPlace
      set.effects = [.activate("s1")]
      #expect(set.effects == [.activate("s1")])
    }
  }
  /// What the session limit counts, told from what is kept: the sessions created less those
  /// closed, as a walk over the array counts them; and the one activation kept in place named.
  @Test func openedCountAndSoleActivationAnswerAsTheArray() {
    let lists: [[SessionEffect]] = [
      [], [.activate("s1")], [Self.created("s2", clock: 3)], [Self.created("s2", clock: 3), .close("s1")],
      [.close("s1"), .close("s2"), .activate("s3")], [Self.created("s2", clock: 3), Self.created("s3", clock: 4)],
    ]
    for list in lists {
      let counted = list.reduce(0) {
        switch $1 {
        case .create: $0 + 1
        case .close: $0 - 1
        default: $0
        }
      }
      #expect(SessionEffects(list).openedCount == counted)
      #expect(SessionEffects(list).soleActivation == nil)
    }
    for (kept, array) in Self.pairs() {
      #expect(kept.openedCount == (array.first.map { if case .create = $0 { 1 } else { 0 } } ?? 0))
    }
    var activated = SessionEffects()
    activated.appendActivate("s3")
    #expect(activated.soleActivation == "s3")
    activated.append(.close("s3"))
    #expect(activated.soleActivation == nil)
    #expect(activated.openedCount == -1)
  }
}
