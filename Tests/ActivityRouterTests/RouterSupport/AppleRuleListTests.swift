import ActivityRouter
import Testing

@testable import RouterSupport

/// The rule list a decision cites: an array's behaviour, whether the rules fit inline or not.
@Suite struct AppleRuleListTests {
  @Test func codesAreTheCasesPositions() {
    #expect(AppleRuleList.codesAreCasePositions)
  }

  /// Every length from empty to past the inline room, with every rule somewhere: the list reads
  /// back what an array holds, in order, and `contains` agrees with the array's.
  @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 40])
  func behavesAsAnArray(length: Int) {
    let all = AppleRuleID.allCases
    for offset in stride(from: 0, to: all.count, by: 7) {
      let rules = (0..<length).map { all[(offset + $0 * 13) % all.count] }
      let list = AppleRuleList(rules)
      #expect(list.count == rules.count)
      #expect(Array(list) == rules)
      for rule in all { #expect(list.contains(rule) == rules.contains(rule), "\(rule) in \(rules)") }
    }
  }

  @Test func citingKeepsTheFirstOccurrence() {
    var list: AppleRuleList = []
    var array: [AppleRuleID] = []
    for rule in [AppleRuleID.e1, .v3, .e1, .s4, .v3, .d1] + AppleRuleID.allCases.prefix(20) {
      list.cite(rule)
      if !array.contains(rule) { array.append(rule) }
    }
    #expect(Array(list) == array)
    #expect(list.count == array.count)
    #expect(list.count > 16)
  }

  @Test func equalListsAreEqualAndHashAlike() {
    let a: AppleRuleList = [.e1, .v3, .s4]
    var b = AppleRuleList()
    b.append(.e1)
    b.append(.v3)
    b.append(.s4)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != [.e1, .s4, .v3])
    #expect(a != [.e1, .v3])
    let long = AppleRuleList(AppleRuleID.allCases.prefix(20))
    #expect(long == AppleRuleList(Array(AppleRuleID.allCases.prefix(20))))
    #expect(long != AppleRuleList(AppleRuleID.allCases.prefix(19)))
    #expect(a.description == #"["E1", "V3", "S4"]"#)
  }
}
