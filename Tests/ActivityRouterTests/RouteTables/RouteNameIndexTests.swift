import ActivityRouterTestSupport
import Testing

@testable import RouteTables

/// The duplicate-name index finds a name again exactly when a `[String: Int]` would: names
/// short and long, held in the small form or not, beyond ASCII, and equal as strings though
/// written with other bytes.
@Suite struct RouteNameIndexTests {
  /// The same text made into strings in other ways than decoding (which gives the small form
  /// up to 15 ASCII bytes): a native string of larger capacity, and one grown and cut back.
  private func otherForms(_ text: String) -> [String] {
    var large = String()
    large.reserveCapacity(64)
    large.append(text)
    var cut = text + String(repeating: "x", count: 20)
    cut.removeLast(20)
    return [text, large, cut, String(Substring(text)), String(decoding: Array(text.utf8), as: UTF8.self)]
  }

  @Test func findsANameAgainAsADictionaryWould() {
    var rng = SeededGenerator(seed: 0x2A3E)
    // Three ASCII letters, then two beyond ASCII: "\u{212A}" (the Kelvin sign) equals "K".
    let alphabet: [Unicode.Scalar] = ["a", "b", "K", "\u{E9}", "\u{212A}"]
    for round in 0..<40 {
      // One round in four names beyond ASCII too (the index then keeps a dictionary from there).
      let beyond = round % 4 == 0 ? 5 : 0
      var names = RouteNameIndex(expected: 4)
      var dictionary: [String: Int] = [:]
      var routes: [Route] = []
      for _ in 0..<200 {
        let count = Int.random(in: 0...20, using: &rng)
        var text = ""
        for _ in 0..<count {
          let scalar =
            Int.random(in: 0..<100, using: &rng) < beyond
            ? alphabet[Int.random(in: 3..<5, using: &rng)] : alphabet[Int.random(in: 0..<3, using: &rng)]
          text.unicodeScalars.append(scalar)
        }
        let forms = otherForms(text)
        let name = forms[Int.random(in: 0..<forms.count, using: &rng)]
        let expected = dictionary[name]
        let found = names.firstIndex(of: name, recording: routes.count, in: routes)
        #expect(found == expected, "round \(round): '\(name)'")
        guard found == nil else { continue }
        dictionary[name] = routes.count
        routes.append(
          Route(name: name, index: routes.count, trigger: .url([]), target: RouteTarget(action: .deliver)))
      }
    }
  }
}
