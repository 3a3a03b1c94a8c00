import ActivityRouter
import Testing

@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("", "", 0), ("abc", "", 3), ("kitten", "sitting", 3), ("--scene", "--scenes", 1), ("rute", "route", 1),
    ("flaw", "lawn", 2), ("é", "e", 1),
  ])
  func distance(_ a: String, _ b: String, _ expected: Int) {
    #expect(EditDistance.distance(a, b) == expected)
    #expect(EditDistance.distance(b, a) == expected)
  }

  @Test func closestPrefersTheSmallestDistanceThenTheFirstListed() {
    #expect(EditDistance.suggestion(for: "--jsn", among: ["--json", "--jsnx"]) == "--json")
    #expect(EditDistance.suggestion(for: "chek", among: ["route", "check"]) == "check")
    #expect(EditDistance.suggestion(for: "abcdef", among: ["uvwxyz"]) == nil)
    #expect(EditDistance.suggestion(for: "abcd", among: ["abcdwxyz"]) == nil)  // distance 4 is too far
  }
}
