import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import RouteEvents
import RouteTables
import Testing

@testable import SceneDecision

/// The matching predicates compiled once per table (`CompiledMatchingSets`, what scene selection
/// tests a URL line's identifier with) held to the general evaluation of the URL's
/// `absoluteString` (Foundation's folding, `AbsoluteStringPredicateTests.folded`): random URLs
/// against random predicates and `handlesExternalEvents` sets, edge texts (empty, shorter than
/// the values, non-ASCII), and the forms the sets compile to.
@Suite struct CompiledMatchingSetsTests {
  /// What scene selection does with a compiled set: a constant, or the tests on the URL's bytes
  /// (as they are when the set answers on them, else when they are its `absoluteString`); nil
  /// when the set cannot tell.
  static func answer(_ sets: CompiledMatchingSets, _ i: Int, _ url: URLRecord) -> Bool? {
    switch sets.scenes[i].form {
    case .general: return nil
    case .always: return true
    case .never: return false
    case .anyOf:
      return withUnsafePointer(to: url) { url in
        withUnsafePointer(to: sets) { CompiledMatchingSets.answer(sceneAt: i, url: url, of: $0) }
      }
    }
  }

  /// A set whose values no escape can reach (`Scene.answersOnBytes`: `CONTAINS` of unreserved
  /// bytes, not starting with a hex digit) is tested on the URL's bytes as they are, also when
  /// Foundation escapes some of them: it answers as the `absoluteString`'s evaluation, on random
  /// URLs (bytes Foundation escapes next to the values, non-ASCII hosts and paths, ports) and on
  /// URLs made so that an escape would split or make a value.
  @Test func setsThatAnswerOnTheBytesAnswerAsTheAbsoluteStringDoes() {
    let onBytes = ["note-editor", "NOTE-EDITOR", "note", "Note", "x", "tor", "n", "z9", "g.h", "_", "~a", "-", "o-e"]
    let notOnBytes = ["editor", "Editor", "3E", "20", "3cnote", "a b", "n<o", "%3C", "é", "7"]
    let predicates = (onBytes + notOnBytes).flatMap { value in
      [false, true].map { c in
        ActivationPredicate.comparison(.init(.contains, value, caseInsensitive: c, diacriticInsensitive: c))
      }
    }
    let sets = CompiledMatchingSets(predicates: predicates + [ActivationPredicate(matching: ["note-editor", "tor"])])
    let expected =
      Array(repeating: true, count: onBytes.count * 2) + Array(repeating: false, count: notOnBytes.count * 2) + [true]
    #expect(sets.scenes.map(\.answersOnBytes) == expected)
    var g = SeededGenerator(seed: 0xB7_7E5)
    var texts = (0..<3_000).map { _ in AbsoluteStringPredicateTests.randomURL(&g) }
    texts += [
      "notes://x/n<ote-editor", "notes://x/note-editor<", "notes://x/a%3Cnote-editor", "notes://x/a>ditor",
      "notes://x/a>tor", "notes://x/a b/tor", "notes://x/%20tor", "notes://x/a?q=<note-editor>#n%3Cote",
      "notes://x/a?q=x#note|editor", "notes://x/ab>ditor/3E", "notes://x/é/note-editor", "notes://café/note-editor",
      "https://notes.example.com:0443/note-editor", "https://u@notes.example.com/note-editor",
      "notes://x/{note-editor}", "NOTES://X/NOTE-EDITOR%7B", "notes:note-editor", "notes:/a<b/tor",
    ]
    var disagreements: [String] = []
    var (answeredOnBytes, escaped) = (0, 0)
    for text in texts {
      guard let url = try? URLRecord(parsing: text) else { continue }
      let absolute = url.absoluteString
      let onTheBytes = url.ranges.user == nil && url.ranges.portText == nil && url.ranges.hostIsASCII
      if onTheBytes && absolute != url.text { escaped += 1 }
      for (i, predicate) in (predicates + [ActivationPredicate(matching: ["note-editor", "tor"])]).enumerated() {
        guard let answer = Self.answer(sets, i, url) else { continue }
        if sets.scenes[i].answersOnBytes && onTheBytes { answeredOnBytes += 1 }
        if answer != AbsoluteStringPredicateTests.folded(predicate, absolute) {
          disagreements.append("\(predicate) on \(text.debugDescription) (\(absolute.debugDescription))")
        }
      }
    }
    #expect(escaped > 300, "\(escaped)")
    #expect(answeredOnBytes > 10_000, "\(answeredOnBytes)")
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10).joined(separator: "\n"))")
  }

  /// `CONTAINS` on ASCII bytes (`TextFolding.containsASCII`, places filtered eight at a time on
  /// the needle's first and last bytes) answers as a search that tries every place, folded and
  /// not: every length of needle and haystack up to past two words, at every offset, with
  /// letters of both cases, bytes next to them in the table (`@`, `[`, `` ` ``, `{`) and 0x01
  /// and 0x00 (where a word's zero-byte test flags more than it should).
  @Test func containsOnWordsAnswersAsEveryPlaceTried() {
    let alphabet: [UInt8] = Array("aAbBzZ@[`{-/".utf8) + [0x00, 0x01]
    var g = SeededGenerator(seed: 0xC0_47A1)
    func naive(_ h: [UInt8], _ n: [UInt8], _ lower: Bool) -> Bool {
      let f = { (b: UInt8) in lower ? TextFolding.lower(b) : b }
      guard n.count <= h.count else { return false }
      return (0...(h.count - n.count)).contains { i in (0..<n.count).allSatisfy { f(h[i + $0]) == f(n[$0]) } }
    }
    var found = 0
    for _ in 0..<20_000 {
      let h = (0..<Int.random(in: 0...24, using: &g)).map { _ in alphabet.randomElement(using: &g)! }
      var n = (0..<Int.random(in: 1...6, using: &g)).map { _ in alphabet.randomElement(using: &g)! }
      if !h.isEmpty && Bool.random(using: &g) {
        // A needle taken from the haystack (case flipped at random): found at a known place.
        let start = Int.random(in: 0..<h.count, using: &g)
        n = Array(h[start..<min(h.count, start + n.count)]).map { b in
          b &- 0x41 < 26 && Bool.random(using: &g) ? b | 0x20 : b
        }
      }
      guard n.count <= h.count else { continue }
      for lower in [false, true] {
        let expected = naive(h, n, lower)
        let answer = h.withUnsafeBufferPointer { h in
          n.withUnsafeBufferPointer { TextFolding.containsASCII(h, $0, lower: lower) }
        }
        #expect(answer == expected, "\(h) \(n) \(lower)")
        if expected { found += 1 }
      }
    }
    #expect(found > 5_000, "\(found)")
  }

  /// The test run on a record read in place (`URLRecord.testAbsoluteString(at:_:)`, what scene
  /// selection calls) is run on the same bytes, and answers the same, as the method on the record.
  @Test func theRecordReadInPlaceIsTestedAsTheMethodTestsIt() {
    var g = SeededGenerator(seed: 0x1A_91AC)
    var tested = 0
    for _ in 0..<2_000 {
      guard let url = try? URLRecord(parsing: AbsoluteStringPredicateTests.randomURL(&g)) else { continue }
      var seen: [UInt8]?
      let answer = withUnsafePointer(to: url) {
        URLRecord.testAbsoluteString(at: $0) { bytes in
          seen = Array(bytes)
          return bytes.count % 2 == 0 ? nil : bytes.count % 3 == 0
        }
      }
      #expect(answer == url.testAbsoluteString { $0.count % 2 == 0 ? nil : $0.count % 3 == 0 })
      if let seen {
        tested += 1
        #expect(String(decoding: seen, as: UTF8.self) == url.absoluteString)
        // Scene selection tests these bytes without scanning them for ASCII again.
        #expect(seen.allSatisfy { $0 < 0x80 }, "\(url.text)")
      } else {
        #expect(url.absoluteString != url.text)
      }
    }
    #expect(tested > 500)
    for (text, runs) in [
      ("https://Bücher.example/a", false), ("notes://e/ü", false), ("n://a", true),
      ("https://a.example/" + String(repeating: "x", count: 40), true),
    ] {
      guard let url = try? URLRecord(parsing: text) else {
        Issue.record("\(text) not read")
        continue
      }
      var ran = false
      _ = withUnsafePointer(to: url) {
        URLRecord.testAbsoluteString(at: $0) { _ in
          ran = true
          return true
        }
      }
      #expect(ran == runs, "\(text)")
    }
  }

  @Test func theCompiledSetsAnswerAsTheAbsoluteStringsEvaluationDoes() {
    var g = SeededGenerator(seed: 0x5E75_C0DE)
    var disagreements: [String] = []
    var (decided, positives, negatives) = (0, 0, 0)
    for _ in 0..<2_000 {
      guard let url = try? URLRecord(parsing: AbsoluteStringPredicateTests.randomURL(&g)) else { continue }
      let absolute = url.absoluteString
      let predicates: [ActivationPredicate?] = (0..<6).map { _ in
        switch Int.random(in: 0..<4, using: &g) {
        case 0: return nil
        case 1: return AbsoluteStringPredicateTests.randomPredicate(&g)
        default:
          return ActivationPredicate(
            matching: (0..<Int.random(in: 0...3, using: &g)).map { _ in
              Int.random(in: 0..<6, using: &g) == 0 ? "" : AbsoluteStringPredicateTests.values.randomElement(using: &g)!
            })
        }
      }
      let sets = CompiledMatchingSets(predicates: predicates)
      for (i, predicate) in predicates.enumerated() {
        guard let answer = Self.answer(sets, i, url) else { continue }
        guard let predicate else {
          disagreements.append("no predicate answered \(answer)")
          continue
        }
        decided += 1
        let general = AbsoluteStringPredicateTests.folded(predicate, absolute)
        if general { positives += 1 } else { negatives += 1 }
        if answer != general || predicate.evaluate(absoluteStringOf: url) != general {
          disagreements.append("\(predicate) on \(absolute.debugDescription): \(general) expected")
        }
      }
    }
    #expect(decided > 3_000)
    #expect(positives > 500)
    #expect(negatives > 500)
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10).joined(separator: "\n"))")
  }

  @Test func edgeTextsAnswerAsTheStringsEvaluationDoes() {
    let values = ["", "a", "A", "note-editor", "NOTE-EDITOR", "é", "e", "notes://", "//", "ab", "ba", "aaa"]
    var predicates: [ActivationPredicate?] = [nil, .always, .never, .or([]), .and([]), .not(.always)]
    for op in ActivationPredicate.Comparison.Operator.allCases {
      for value in values {
        for c in [false, true] {
          predicates.append(.comparison(.init(op, value, caseInsensitive: c, diacriticInsensitive: !c)))
        }
      }
    }
    predicates.append(ActivationPredicate(matching: ["note", "EDITOR", ""]))
    let sets = CompiledMatchingSets(predicates: predicates)
    let texts = ["", "a", "A", "aa", "aaa", "aaaa", "b", "ab", "ba", "note-editor", "Note-Editor/x", "é", "e", "x://é"]
    var disagreements: [String] = []
    for text in texts {
      var bytes = text
      for (i, predicate) in predicates.enumerated() {
        let answer = bytes.withUTF8 { text -> Bool? in
          switch sets.scenes[i].form {
          case .general: return nil
          case .always: return true
          case .never: return false
          case .anyOf: return sets.answer(sceneAt: i, text: text)
          }
        }
        guard let answer else { continue }
        let general = predicate.map { AbsoluteStringPredicateTests.folded($0, text) }
        if answer != general { disagreements.append("\(String(describing: predicate)) on \(text.debugDescription)") }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10).joined(separator: "\n"))")
  }

  @Test func setsCompileToTheirForms() {
    let sets = CompiledMatchingSets([
      SceneDeclaration(id: "main"),
      SceneDeclaration(id: "editor", matching: ["note-editor"]),
      SceneDeclaration(id: "two", matching: ["a", "", "B"]),
      SceneDeclaration(id: "star", matching: ["x", "*"]),
      SceneDeclaration(id: "empty", matching: ["", ""]),
      SceneDeclaration(id: "accent", matching: ["café"]),
    ])
    #expect(sets.scenes.map(\.form) == [.general, .anyOf, .anyOf, .always, .never, .general])
    #expect(sets.scenes.map(\.count) == [0, 1, 2, 0, 0, 0])
    #expect(sets.tests.map(\.op) == [.contains, .contains, .contains])
    #expect(sets.tests.allSatisfy { $0.caseInsensitive })
    #expect(String(decoding: sets.bytes, as: UTF8.self).hasPrefix("note-editoraB"))
    var text = "NOTES://Note-Editor/1"
    let answers = text.withUTF8 { [sets.answer(sceneAt: 1, text: $0), sets.answer(sceneAt: 2, text: $0)] }
    #expect(answers == [true, false])
    // A non-ASCII text is left to the general evaluation.
    text = "notes://café/note-editor"
    let nonASCII = text.withUTF8 { sets.answer(sceneAt: 1, text: $0) }
    #expect(nonASCII == nil)
  }
}
