import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// The AASA wildcard matcher: named cases, and both engines against a tiny recursive reference on
/// seeded random pattern/text pairs.
@Suite struct WildcardPatternTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var pattern: String
    var text: String
    var matches: Bool
    var caseSensitive = true
    var testDescription: String { "'\(pattern)' \(matches ? "matches" : "does not match") '\(text)'" }
  }

  static let cases: [Case] = [
    Case(pattern: "*", text: "", matches: true),
    Case(pattern: "?*", text: "", matches: false),
    Case(pattern: "?*", text: "x", matches: true),
    Case(pattern: "/buy/*", text: "/buy/42/x", matches: true),
    Case(pattern: "/buy/*", text: "/buyer", matches: false),
    Case(pattern: "/id/????", text: "/id/481", matches: false),
    Case(pattern: "/id/????", text: "/id/4815", matches: true),
    Case(pattern: "abc", text: "abcd", matches: false),
    Case(pattern: "*.pdf", text: "/a/b.pdf", matches: true),
    Case(pattern: "/?/", text: "/é/", matches: true),
    Case(pattern: "/?/", text: "/éé/", matches: false),
    Case(pattern: "/Sourdough/*", text: "/SOURDOUGH/x", matches: true, caseSensitive: false),
    Case(pattern: "/Sourdough/*", text: "/SOURDOUGH/x", matches: false),
    Case(pattern: "/ÉTÉ", text: "/été", matches: true, caseSensitive: false),
    Case(pattern: "$(digit)$(digit)", text: "42", matches: true),
    Case(pattern: "$(digit)$(digit)", text: "4", matches: false),
    Case(pattern: "$(upper)", text: "a", matches: true, caseSensitive: false),
    Case(pattern: "$(upper)", text: "a", matches: false),
    Case(pattern: "$(region)", text: "GB", matches: true),
    Case(pattern: "$(region)", text: "UK", matches: false),
    Case(pattern: "$(lang)-*", text: "en-anything", matches: true),
    Case(pattern: "$(nope)", text: "", matches: false),
    Case(pattern: "$(", text: "$(", matches: true),
    Case(pattern: "a$(digit", text: "a$(digit", matches: true),
  ]

  @Test(arguments: cases)
  func namedCase(_ c: Case) {
    #expect(WildcardPattern(c.pattern, caseSensitive: c.caseSensitive).matches(c.text) == c.matches)
  }

  @Test func undefinedVariablesAreListedWithTheirOffsets() throws {
    let p = WildcardPattern("/é/$(nope)/$(digit)/$(x)")
    #expect(p.undefinedVariables.map(\.name) == ["nope", "x"])
    #expect(p.undefinedVariables.map(\.offset) == [4, 21])  // UTF-8 offsets: "é" is two bytes
  }

  // MARK: - Random differential tests

  /// The reference: a plain recursive matcher over the pattern text (`*`, `?`, `$(v)`, literals).
  /// Exponential in the worst case, which is fine for the short inputs it gets.
  static func reference(_ p: Substring, _ t: Substring, _ variables: [String: [String]]) -> Bool {
    guard let first = p.first else { return t.isEmpty }
    if p.hasPrefix("$("), let close = p.firstIndex(of: ")") {
      let name = String(p[p.index(p.startIndex, offsetBy: 2)..<close])
      let rest = p[p.index(after: close)...]
      return (variables[name] ?? []).contains { reference(Substring($0) + rest, t, variables) }
    }
    switch first {
    case "*": return (0...t.count).contains { reference(p.dropFirst(), t.dropFirst($0), variables) }
    case "?": return !t.isEmpty && reference(p.dropFirst(), t.dropFirst(), variables)
    default: return t.first == first && reference(p.dropFirst(), t.dropFirst(), variables)
    }
  }

  static func randomString(_ alphabet: [String], maxLength: Int, _ rng: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...maxLength, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "" }.joined()
  }

  @Test func globEngineAgreesWithTheReferenceOnRandomPairs() {
    var rng = SeededGenerator(seed: 0x5EED_0001)
    var disagreements: [String] = []
    for _ in 0..<12_000 {
      let pattern = Self.randomString(["a", "b", "*", "?"], maxLength: 8, &rng)
      let text = Self.randomString(["a", "b"], maxLength: 10, &rng)
      let compiled = WildcardPattern(pattern)
      let expected = Self.reference(Substring(pattern), Substring(text), [:])
      let scalars = Array(text.unicodeScalars)
      if compiled.matches(text) != expected || WildcardPattern.automatonMatch(compiled.tokens, scalars) != expected {
        disagreements.append("'\(pattern)' vs '\(text)': expected \(expected)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }

  @Test func automatonAgreesWithTheReferenceOnRandomPairsWithVariables() {
    var rng = SeededGenerator(seed: 0x5EED_0002)
    var disagreements: [String] = []
    for _ in 0..<12_000 {
      let values = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
        Self.randomString(["a", "b", "*", "?"], maxLength: 3, &rng)
      }
      let variables = SubstitutionVariables(custom: [
        .init(name: "v", values: values), .init(name: "w", values: ["ab", "b"]),
      ])
      let pattern = Self.randomString(["a", "b", "*", "?", "$(v)", "$(w)", "$(digit)"], maxLength: 6, &rng)
      let text = Self.randomString(["a", "b", "1"], maxLength: 9, &rng)
      let digits = (0...9).map(String.init)
      let expected = Self.reference(
        Substring(pattern), Substring(text), ["v": values, "w": ["ab", "b"], "digit": digits])
      if WildcardPattern(pattern, variables: variables).matches(text) != expected {
        disagreements.append("'\(pattern)' with v=\(values) vs '\(text)': expected \(expected)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }

  @Test func pathologicalPatternsStayFast() {
    let text = String(repeating: "a", count: 20_000)
    let stars = WildcardPattern(String(repeating: "*a", count: 12) + "*b")
    #expect(!stars.matches(text))
    let variables = SubstitutionVariables(custom: [.init(name: "v", values: ["a", "aa", "a*"])])
    let alternations = WildcardPattern(String(repeating: "$(v)*", count: 8) + "b", variables: variables)
    #expect(!alternations.matches(text))
    #expect(alternations.matches(text + "b"))
  }
}
