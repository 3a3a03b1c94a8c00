import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import SceneDecision

/// The session index keeps presented values under ``SessionIndex/valueKey(_:)``, not under the
/// `JSONValue` itself: equal values (as `==` compares them) must share a key, and the positions
/// the index gives for a value must hold every session presenting an equal one, as a scan of
/// the sessions finds them.
@Suite struct SessionIndexValueKeyTests {
  /// A random value of a few levels, its strings and keys drawn from a small alphabet (with
  /// canonically equivalent spellings) so that equal values come up often.
  static func value(_ rng: inout SeededGenerator, depth: Int = 0) -> JSONValue {
    let strings = ["a", "K", "\u{212A}", "é", "e\u{301}", "", "note-editor", "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"]
    let numbers = ["1", "1.0", "1e0", "10e-1", "2", "-0", "0", "0.5", "5e-1"]
    switch Int.random(in: 0..<(depth < 2 ? 7 : 4), using: &rng) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2: return .number(JSONNumber(text: numbers.randomElement(using: &rng)!)!)
    case 3: return .string(strings.randomElement(using: &rng)!)
    case 4: return .array((0..<Int.random(in: 0...2, using: &rng)).map { _ in value(&rng, depth: depth + 1) })
    default:
      var members: [JSONObject.Member] = []
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        members.append(.init(key: strings.randomElement(using: &rng)!, value: value(&rng, depth: depth + 1)))
      }
      return .object(JSONObject(members))
    }
  }

  /// The same value with each object's members in another order.
  static func shuffled(_ value: JSONValue, _ rng: inout SeededGenerator) -> JSONValue {
    switch value {
    case .array(let a): return .array(a.map { shuffled($0, &rng) })
    case .object(let o):
      return .object(
        JSONObject(o.members.map { .init(key: $0.key, value: shuffled($0.value, &rng)) }.shuffled(using: &rng)))
    default: return value
    }
  }

  @Test func equalValuesShareAKey() {
    var rng = SeededGenerator(seed: 0x0BAD_CAFE)
    let values = (0..<400).map { _ in Self.value(&rng) }
    var equalPairs = 0
    for a in values {
      let b = Self.shuffled(a, &rng)
      // A shuffled object may repeat a key, and then differ (the first member of a key counts).
      if a == b { #expect(SessionIndex.valueKey(a) == SessionIndex.valueKey(b), "\(a) and \(b)") }
      for c in values.prefix(80) where a == c {
        #expect(SessionIndex.valueKey(a) == SessionIndex.valueKey(c), "\(a) and \(c)")
        equalPairs += 1
      }
    }
    #expect(equalPairs > 400)
    // Canonical equivalence and numbers by value.
    #expect(SessionIndex.valueKey(["id": "K"]) == SessionIndex.valueKey(["id": "\u{212A}"]))
    #expect(SessionIndex.valueKey(["id": "é"]) == SessionIndex.valueKey(["id": "e\u{301}"]))
    #expect(SessionIndex.valueKey(.number(JSONNumber(1))) == SessionIndex.valueKey(.number(JSONNumber(text: "1e0")!)))
    #expect(SessionIndex.valueKey(["a": 1, "b": 2]) == SessionIndex.valueKey(["b": 2, "a": 1]))
  }

  @Test func theIndexFindsEverySessionPresentingTheValue() {
    var rng = SeededGenerator(seed: 0x5E55_10F5)
    let values = (0..<60).map { _ in Self.value(&rng) }
    let sessions = (0..<120).map { n in
      Session(
        id: "s\(n + 1)", scene: "editor", value: Bool.random(using: &rng) ? values.randomElement(using: &rng) : nil)
    }
    let index = SessionIndex(sessions, ties: [.foreground, .recent])
    for value in values + values.map({ Self.shuffled($0, &rng) }) {
      let scanned = sessions.indices.filter { sessions[$0].value == value }
      let found = index.positions(presenting: value)
      #expect(found == found.sorted())
      #expect(found.filter { sessions[$0].value == value } == scanned, "\(value)")
    }
  }
}
