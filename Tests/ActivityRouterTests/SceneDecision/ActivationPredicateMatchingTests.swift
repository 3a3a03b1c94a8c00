import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// How `handlesExternalEvents` condition strings match an event identifier (M1–M7), the
/// predicates SwiftUI builds from them (V9), and Foundation's case- and diacritic-insensitive
/// search as the oracle for containment.
@Suite struct ActivationPredicateMatchingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var set: [String]
    var identifier: String?
    var matches: Bool
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "M1: an empty set never matches", set: [], identifier: "anything", matches: false),
    Case(name: "M1: an empty set does not match an empty identifier", set: [], identifier: "", matches: false),
    Case(name: "M2: an empty string never matches", set: [""], identifier: "anything", matches: false),
    Case(name: "M2: a set of empty strings is an empty set", set: ["", ""], identifier: "", matches: false),
    Case(
      name: "M2: the other strings of the set still count", set: ["", "note"], identifier: "notes://note/1",
      matches: true),
    Case(name: "M3: \"*\" matches anything", set: ["*"], identifier: "x", matches: true),
    Case(name: "M3: \"*\" matches a missing identifier (E3)", set: ["*"], identifier: nil, matches: true),
    Case(name: "M3: \"*\" anywhere in the set makes it TRUE", set: ["zzz", "*"], identifier: "abc", matches: true),
    Case(name: "M3: \"note*\" is not a glob", set: ["note*"], identifier: "notes://note/1", matches: false),
    Case(name: "M3: \"note*\" matches its literal text", set: ["note*"], identifier: "x-note*-y", matches: true),
    Case(name: "M4: case-insensitive", set: ["NoteEditor"], identifier: "notes://noteeditor/1", matches: true),
    Case(name: "M4: diacritic-insensitive", set: ["éditeur"], identifier: "EDITEUR", matches: true),
    Case(name: "M4: both sides are folded", set: ["editeur"], identifier: "Éditeur", matches: true),
    Case(name: "M4: decomposed marks fold like precomposed ones", set: ["é"], identifier: "cafe\u{301}", matches: true),
    Case(
      name: "M5: containment, not equality", set: ["photoIdentifier="], identifier: "app://open?photoIdentifier=42",
      matches: true),
    Case(
      name: "M5: containment anywhere, not only a prefix", set: ["=42"], identifier: "app://open?photoIdentifier=42",
      matches: true),
    Case(
      name: "M5: not contained", set: ["photoIdentifier="], identifier: "app://open?photoIdentifier", matches: false),
    Case(name: "M5: a missing identifier contains nothing (E3)", set: ["a"], identifier: nil, matches: false),
    Case(name: "M6: any string of the set", set: ["a-1", "b-2"], identifier: "x-b-2", matches: true),
    Case(name: "M6: none of them", set: ["a-1", "b-2"], identifier: "x-c-3", matches: false),
    Case(name: "M7: ? is literal", set: ["a?c"], identifier: "abc", matches: false),
    Case(name: "M7: % is literal", set: ["100%"], identifier: "1000", matches: false),
    Case(name: "M7: [ is literal", set: ["[ab]"], identifier: "a", matches: false),
    Case(
      name: "M7: literal special characters match themselves", set: ["[ab]?%"], identifier: "x[AB]?%y", matches: true),
    Case(
      name: "E8: a diacritic does not match its percent-escape", set: ["café"], identifier: "myapp://menu/caf%C3%A9",
      matches: false),
  ]

  @Test(arguments: cases)
  func matching(_ c: Case) {
    #expect(ActivationPredicate(matching: c.set).evaluate(c.identifier) == c.matches)
  }

  struct Built: CustomTestStringConvertible, Sendable {
    var name: String
    var set: [String]
    var predicate: String
    var testDescription: String { name }
  }

  static let built: [Built] = [
    Built(name: "V9: \"*\" becomes TRUEPREDICATE", set: ["a", "*"], predicate: "TRUEPREDICATE"),
    Built(name: "V9: an empty set becomes FALSEPREDICATE", set: [], predicate: "FALSEPREDICATE"),
    Built(name: "V9: empty strings are dropped", set: ["", ""], predicate: "FALSEPREDICATE"),
    Built(name: "V9: one string is self CONTAINS[cd]", set: ["", "note"], predicate: "self CONTAINS[cd] 'note'"),
    Built(
      name: "V9: several strings are an OR", set: ["a", "b"],
      predicate: "(self CONTAINS[cd] 'a') OR (self CONTAINS[cd] 'b')"),
  ]

  @Test(arguments: built)
  func setsBecomeUIKitPredicates(_ c: Built) throws {
    let predicate = ActivationPredicate(matching: c.set)
    #expect(predicate.description == c.predicate)
    #expect(try ActivationPredicate(parsing: c.predicate) == predicate)
  }

  // MARK: - Foundation as the oracle for M4, M5, M7

  /// What identifiers are made of: URL text, percent-escapes, wildcard-looking characters,
  /// precomposed and decomposed Latin letters, ß, Greek with tonos and final sigma, Cyrillic,
  /// Turkish dotted I, and CJK.
  static let alphabet: [String] =
    Array("abcxyzABCXYZ0129-_./:?#=&%*[]~ ").map(String.init) + [
      "é", "É", "è", "ê", "ë", "ü", "Ü", "ö", "Ö", "å", "Å", "ñ", "Ñ", "ç", "Ç", "ø", "Ø", "æ",
      "e\u{301}", "E\u{301}", "u\u{308}", "a\u{30A}", "\u{301}", "ß", "ẞ",
      "Σ", "σ", "ς", "ά", "Ά", "ω", "Ж", "ж", "Ё", "ё", "İ", "ı", "東", "京",
    ]

  static func randomString(_ g: inout SeededGenerator, length: ClosedRange<Int>) -> String {
    let n = Int.random(in: length, using: &g)
    return (0..<n).map { _ in alphabet.randomElement(using: &g)! }.joined()
  }

  /// Changes the case and the diacritics of some characters, so that most needles taken from
  /// the haystack still match (positives), and some do not.
  static func perturb(_ s: String, _ g: inout SeededGenerator) -> String {
    let variants: [Character: [String]] = [
      "e": ["E", "é", "É", "e\u{301}"], "a": ["A", "å", "Å"], "u": ["U", "ü", "Ü"], "c": ["C", "ç"],
      "é": ["e", "E", "É"], "ü": ["u", "U"], "å": ["a", "A"], "σ": ["Σ", "ς"], "ж": ["Ж"], "ß": ["ẞ", "ss", "SS"],
    ]
    return s.map { ch in
      guard let options = variants[ch], Bool.random(using: &g) else { return String(ch) }
      return options.randomElement(using: &g)!
    }.joined()
  }

  @Test func conditionsAgreeWithFoundationOnSeededStrings() {
    var g = SeededGenerator(seed: 0x5EED_2026)
    var checked = 0
    var positives = 0
    var disagreements: [String] = []
    for _ in 0..<2_500 {
      let haystack = Self.randomString(&g, length: 0...24)
      var needle: String
      if !haystack.isEmpty, Int.random(in: 0..<3, using: &g) > 0 {
        let characters = Array(haystack)
        let start = Int.random(in: 0..<characters.count, using: &g)
        let end = Int.random(in: start...min(characters.count, start + 6), using: &g)
        needle = Self.perturb(String(characters[start..<max(end, start + 1)]), &g)
      } else {
        needle = Self.randomString(&g, length: 1...4)
      }
      // A needle that is exactly "*" is M3's special case, not a substring search. A needle
      // that starts with a combining mark is not text a condition can hold (it has no base
      // character); Foundation finds a lone U+0301 inside "_\u{301}", which [d] folding removes.
      if needle == "*" || needle.isEmpty { continue }
      if let first = needle.unicodeScalars.first, first.properties.generalCategory == .nonspacingMark { continue }
      let cd: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
      let oracle = haystack.range(of: needle, options: cd) != nil
      let actual = ActivationPredicate(matching: [needle]).evaluate(haystack)
      checked += 1
      if oracle { positives += 1 }
      if oracle != actual {
        disagreements.append(
          "\(haystack.debugDescription) contains \(needle.debugDescription): Foundation \(oracle), ActivationPredicate \(actual)"
        )
      }
      // Hand-written UIKit predicates (M8) with [cd]: BEGINSWITH and ENDSWITH are anchored
      // searches. Foundation's backwards anchored search misses a suffix before a trailing
      // decomposed mark ("a\u{30A}" ends with "a" is false, "å" is true): canonically
      // equivalent text must match alike (M7), so the oracle reads the composed form.
      let composed = haystack.precomposedStringWithCanonicalMapping
      for (op, options) in [
        (ActivationPredicate.Comparison.Operator.beginsWith, cd.union(.anchored)),
        (.endsWith, cd.union([.anchored, .backwards])),
      ] {
        let anchoredOracle = composed.range(of: needle, options: options) != nil
        let predicate = ActivationPredicate.comparison(
          .init(op, needle, caseInsensitive: true, diacriticInsensitive: true))
        if predicate.evaluate(haystack) != anchoredOracle {
          disagreements.append(
            "\(haystack.debugDescription) \(op.rawValue)[cd] \(needle.debugDescription): Foundation \(anchoredOracle)")
        }
      }
    }
    #expect(checked >= 2_000)
    #expect(positives >= 500, "the generator should produce matches too")
    #expect(
      disagreements.isEmpty,
      "\(disagreements.count) disagreements:\n\(disagreements.prefix(20).joined(separator: "\n"))")
  }

  /// Compatibility ligatures: the engine folds "ﬁ" to "fi" and finds "ile" in "ﬁle"; Foundation
  /// does not match inside a ligature's expansion. No identifier in practice holds ligatures, and
  /// NSPredicate's behaviour on Apple platforms is not documented; the model keeps folded
  /// containment (M7) and this test records the difference.
  @Test func ligaturesAreFoldedUnlikeFoundation() {
    withKnownIssue("M7 folds compatibility ligatures; Foundation's range(of:) does not match inside them") {
      for (haystack, needle) in [("ﬁle", "ile"), ("ﬁle", "f")] {
        let oracle = haystack.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        #expect(ActivationPredicate(matching: [needle]).evaluate(haystack) == oracle)
      }
    }
  }
}
