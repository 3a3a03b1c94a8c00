import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import RouteEvents
import Testing

@testable import SceneDecision

/// A URL's identifier tested on the URL's bytes (`ActivationPredicate.evaluate(absoluteStringOf:)`,
/// what scene selection does for a URL event) held to the general evaluation of its
/// `absoluteString`: random URLs (ASCII, non-ASCII hosts and paths, bytes Foundation encodes,
/// letters in either case, accented letters, escapes) against random predicates (every operator,
/// every `[c]`/`[d]` option, ASCII and non-ASCII values, compounds). The general evaluation
/// folds with Foundation (`evaluateFolded`), so the ASCII comparison is held to it too.
@Suite struct AbsoluteStringPredicateTests {
  static let pieces: [String] = [
    "note", "NOTE", "Note-Editor", "note-editor", "editor", "café", "CAFÉ", "cafe", "Cafe\u{301}", "é", "É",
    "%C3%A9", "%c3%a9", "%20", " ", "ß", "ss", "İ", "ﬁ", "fi", "x", "7", "-", ".", "_", "~", "=", "&", "+", "[", "]",
    "\"", "|", "^", "`", "{", "}", "<", ">", "@", ":", "ö", "Ö", "日本", "🙂",
  ]
  static let values: [String] = [
    "note-editor", "NOTE-EDITOR", "note", "Note", "editor", "tes://", "notes://note/", "café", "CAFE", "cafe", "é",
    "e", "%C3", "%c3%a9", "%20", " ", "ss", "ß", "fi", "ﬁ", "İ", "i", "ö", "o", "日本", "?", "=", "/n/", "example",
    "EXAMPLE.COM", "*", "note*", "n?te", "*editor*",
  ]

  /// The pieces Foundation keeps as written (an ASCII URL made of them is its `absoluteString`).
  static let plainPieces: [String] = pieces.filter {
    $0.utf8.allSatisfy { b in b < 0x80 && !Array(" \"|^`{}<>[]".utf8).contains(b) }
  }

  static func randomURL(_ g: inout SeededGenerator) -> String {
    // Half of the URLs are made of pieces Foundation keeps, on an ASCII host.
    let plain = Bool.random(using: &g)
    let pieces = plain ? plainPieces : pieces
    let scheme = ["notes", "NOTES", "https", "HTTPS", "myapp"].randomElement(using: &g)!
    let host = ["notes.example.com", "Notes.Example.COM", "bücher.example", "note-editor.example", "x", "café.example"]
      .filter { !plain || $0.utf8.allSatisfy { $0 < 0x80 } }.randomElement(using: &g)!
    var path = ""
    for _ in 0..<Int.random(in: 0...4, using: &g) {
      path += "/" + (0..<Int.random(in: 1...3, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
    }
    var url = scheme + "://" + host
    if Bool.random(using: &g) && scheme.lowercased() == "https" {
      url += ":" + ["443", "0443", "8080"].randomElement(using: &g)!
    }
    url += path
    if Bool.random(using: &g) { url += "?q=" + pieces.randomElement(using: &g)! + pieces.randomElement(using: &g)! }
    if Int.random(in: 0..<4, using: &g) == 0 { url += "#" + pieces.randomElement(using: &g)! }
    return url
  }

  static func randomComparison(_ g: inout SeededGenerator) -> ActivationPredicate {
    let op = ActivationPredicate.Comparison.Operator.allCases.randomElement(using: &g)!
    let value = Int.random(in: 0..<5, using: &g) == 0 ? "" : values.randomElement(using: &g)!
    return .comparison(
      .init(op, value, caseInsensitive: Bool.random(using: &g), diacriticInsensitive: Bool.random(using: &g)))
  }

  static func randomPredicate(_ g: inout SeededGenerator, depth: Int = 0) -> ActivationPredicate {
    switch depth > 1 ? 0 : Int.random(in: 0..<8, using: &g) {
    case 0, 1, 2, 3: return randomComparison(&g)
    case 4:
      return .and((0..<Int.random(in: 1...3, using: &g)).map { _ in randomPredicate(&g, depth: depth + 1) })
    case 5: return .or((0..<Int.random(in: 1...3, using: &g)).map { _ in randomPredicate(&g, depth: depth + 1) })
    case 6: return .not(randomPredicate(&g, depth: depth + 1))
    default:
      return ActivationPredicate(
        matching: (0..<Int.random(in: 0...3, using: &g)).map { _ in values.randomElement(using: &g)! })
    }
  }

  /// The general evaluation, Foundation's folding for every comparison (no ASCII test).
  static func folded(_ p: ActivationPredicate, _ text: String) -> Bool {
    switch p {
    case .always: return true
    case .never: return false
    case .comparison(let c): return c.evaluateFolded(text)
    case .and(let parts): return parts.allSatisfy { folded($0, text) }
    case .or(let parts): return parts.contains { folded($0, text) }
    case .not(let inner): return !folded(inner, text)
    }
  }

  @Test func theURLsBytesAnswerAsItsAbsoluteStringDoes() throws {
    var g = SeededGenerator(seed: 0x0A85_5721)
    var disagreements: [String] = []
    var (asWritten, reencoded, positives, negatives) = (0, 0, 0, 0)
    for _ in 0..<3_000 {
      guard let url = try? URLRecord(parsing: Self.randomURL(&g)) else { continue }
      let absolute = url.absoluteString
      if absolute == url.text { asWritten += 1 } else { reencoded += 1 }
      for _ in 0..<8 {
        let predicate = Self.randomPredicate(&g)
        let general = Self.folded(predicate, absolute)
        if general { positives += 1 } else { negatives += 1 }
        let onBytes = predicate.evaluate(absoluteStringOf: url)
        let identifier = EventIdentifier.of(url: url).satisfies(predicate, ScenePolicies())
        if onBytes != general || identifier != general || predicate.evaluate(absolute) != general {
          disagreements.append("\(predicate) on \(absolute.debugDescription): \(general) expected")
        }
      }
    }
    #expect(asWritten > 1_000)
    #expect(reencoded > 500)
    #expect(positives > 2_000)
    #expect(negatives > 2_000)
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10).joined(separator: "\n"))")
  }

  @Test func theASCIITestAnswersAsFoundationsFoldingDoes() {
    var g = SeededGenerator(seed: 0xF01D_ED00)
    var disagreements: [String] = []
    var decided = 0
    for _ in 0..<4_000 {
      let text = (0..<Int.random(in: 0...6, using: &g)).map { _ in Self.pieces.randomElement(using: &g)! }.joined()
      let predicate = Self.randomPredicate(&g)
      let general = Self.folded(predicate, text)
      var bytes = text
      let ascii = bytes.withUTF8 { predicate.evaluateASCII($0) }
      if let ascii {
        decided += 1
        if ascii != general { disagreements.append("\(predicate) on \(text.debugDescription): \(general) expected") }
      }
      if predicate.evaluate(text) != general {
        disagreements.append("evaluate: \(predicate) on \(text.debugDescription): \(general) expected")
      }
    }
    #expect(decided > 1_000)
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10).joined(separator: "\n"))")
  }
}
