import Testing

@testable import SceneDecision

/// A decision's closed and opened sessions and extra URLs, kept as one reference that is empty
/// when the three are, answer as the three arrays: the same elements whichever is set and in
/// whatever order, the same equality, and the hash of the three arrays in order (what a
/// decision hashed when it kept them as three stored arrays).
@Suite struct DecisionSessionListsTests {
  static let extra = ExtraURL(url: "notes://b", outcome: .drop, reason: .extraURLNeedsAppDelegate)

  /// Every combination of the three, empty or not.
  static func combinations() -> [(closed: [String], opened: [String], extraURLs: [ExtraURL])] {
    var all: [(closed: [String], opened: [String], extraURLs: [ExtraURL])] = []
    for closed in [[], ["s2"], ["s2", "s3"]] as [[String]] {
      for opened in [[], ["s4", "s5"]] as [[String]] {
        for extraURLs in [[], [Self.extra]] as [[ExtraURL]] { all.append((closed, opened, extraURLs)) }
      }
    }
    return all
  }

  static func hash(_ closed: [String], _ opened: [String], _ extraURLs: [ExtraURL]) -> Int {
    var hasher = Hasher()
    hasher.combine(closed)
    hasher.combine(opened)
    hasher.combine(extraURLs)
    return hasher.finalize()
  }

  /// `init(closing:)`, the form a decision is made with, is `init(closed:)`: empty when nothing
  /// is closed, else the closed sessions alone.
  @Test func closingIsClosed() {
    for closed in [[], ["s2"], ["s2", "s3"]] as [[String]] {
      let lists = DecisionSessionLists(closing: closed)
      #expect(lists == DecisionSessionLists(closed: closed))
      #expect(lists.isEmpty == closed.isEmpty)
      #expect(lists.closed == closed)
      #expect(lists.opened.isEmpty && lists.extraURLs.isEmpty)
    }
  }

  @Test func listsAnswerAsTheirArrays() {
    for (closed, opened, extraURLs) in Self.combinations() {
      let made = DecisionSessionLists(closed: closed, opened: opened, extraURLs: extraURLs)
      var set = DecisionSessionLists()
      set.extraURLs = extraURLs
      set.opened = opened
      set.closed = closed
      for lists in [made, set] {
        #expect(lists.closed == closed)
        #expect(lists.opened == opened)
        #expect(lists.extraURLs == extraURLs)
        #expect(lists.isEmpty == (closed.isEmpty && opened.isEmpty && extraURLs.isEmpty))
        var hasher = Hasher()
        hasher.combine(lists)
        #expect(hasher.finalize() == Self.hash(closed, opened, extraURLs))
      }
      #expect(made == set)
      for (c, o, e) in Self.combinations() {
        let other = DecisionSessionLists(closed: c, opened: o, extraURLs: e)
        #expect((made == other) == (c == closed && o == opened && e == extraURLs))
      }
    }
    #expect(DecisionSessionLists() == DecisionSessionLists(closed: []))
  }

  @Test func emptiedListsAreEmptyAgain() {
    var lists = DecisionSessionLists(closed: ["s2"], opened: ["s4", "s5"], extraURLs: [Self.extra])
    let kept = lists
    lists.closed = []
    #expect(!lists.isEmpty)
    lists.opened.append("s6")
    #expect(lists.opened == ["s4", "s5", "s6"])
    lists.opened = []
    lists.extraURLs.removeAll()
    #expect(lists.isEmpty)
    #expect(lists == DecisionSessionLists())
    // The copy made before is not changed by the changes after.
    #expect(kept == DecisionSessionLists(closed: ["s2"], opened: ["s4", "s5"], extraURLs: [Self.extra]))
  }

  @Test func decisionAnswersAsWithStoredArrays() {
    for (closed, opened, extraURLs) in Self.combinations() {
      var decision = Decision(outcome: .dismiss, scene: "main", closedSessions: closed)
      decision.openedSessions = opened
      decision.extraURLs = extraURLs
      #expect(decision.closedSessions == closed)
      #expect(decision.openedSessions == opened)
      #expect(decision.extraURLs == extraURLs)
      #expect(decision.storedLists == DecisionSessionLists(closed: closed, opened: opened, extraURLs: extraURLs))
      var same = Decision(outcome: .dismiss, scene: "main")
      same.extraURLs = extraURLs
      same.closedSessions += closed
      same.openedSessions = opened
      #expect(same == decision)
      #expect(same.hashValue == decision.hashValue)
      var other = decision
      other.closedSessions.append("s9")
      #expect(other != decision)
      #expect(decision.closedSessions == closed)
    }
  }
}
