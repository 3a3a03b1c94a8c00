import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Hand-written UIKit predicates (M8): the subset UIKit allows parses; everything else is refused
/// with the UTF-8 offset of the problem, and the table loader turns it into a file position.
@Suite struct ActivationPredicateParsingTests {
  struct Refused: CustomTestStringConvertible, Sendable {
    var name: String
    /// The predicate, with 1️⃣ where the error must point.
    var predicate: String
    var testDescription: String { name }
  }

  static let refused: [Refused] = [
    Refused(name: "M8: MATCHES is not allowed", predicate: "self 1️⃣MATCHES '.*note.*'"),
    Refused(name: "M8: no key path off self", predicate: "self1️⃣.length == 'x'"),
    Refused(name: "M8: no key path other than self", predicate: "1️⃣name == 'x'"),
    Refused(name: "M8: no function expressions (selectors)", predicate: "1️⃣FUNCTION(self, 'lowercaseString') == 'x'"),
    Refused(name: "M8: no variables", predicate: "1️⃣$name == 'x'"),
    Refused(name: "M8: no format arguments", predicate: "self == 1️⃣%@"),
    Refused(name: "M8: operators outside the subset (IN)", predicate: "self 1️⃣IN {'a', 'b'}"),
    Refused(name: "M8: options other than c and d", predicate: "self CONTAINS[1️⃣n] 'x'"),
    Refused(name: "M8: the string goes on the right", predicate: "1️⃣'x' == self"),
    Refused(name: "M8: an unterminated string", predicate: "self == 'abc1️⃣"),
    Refused(name: "M8: a missing parenthesis", predicate: "(self == 'a' OR self == 'b'1️⃣"),
    Refused(name: "M8: two predicates without AND or OR", predicate: "self == 'a' 1️⃣self == 'b'"),
    Refused(name: "M8: NOT at the end", predicate: "NOT1️⃣"),
    Refused(name: "M8: NOT at the end of a compound", predicate: "TRUEPREDICATE AND NOT1️⃣"),
    Refused(name: "M8: ! at the end", predicate: "!1️⃣"),
    Refused(name: "M8: an empty predicate", predicate: "1️⃣"),
    Refused(name: "M8: only spaces", predicate: "   1️⃣"),
  ]

  @Test(arguments: refused)
  func refusedWithItsPosition(_ c: Refused) throws {
    let marked = MarkedText(c.predicate)
    let offset = try #require(marked.offsets["1️⃣"])
    do {
      let p = try ActivationPredicate(parsing: marked.text)
      Issue.record("parsed as \(p)")
    } catch {
      #expect(error.errors.count == 1)
      #expect(error.errors.first?.code == .invalidPredicate)
      #expect(error.errors.first?.offset == offset, "\(error.errors)")
    }
  }

  struct Accepted: CustomTestStringConvertible, Sendable {
    var name: String
    var predicate: String
    var expected: ActivationPredicate
    var testDescription: String { name }
  }

  static func cmp(_ op: ActivationPredicate.Comparison.Operator, _ v: String, c: Bool = false, d: Bool = false)
    -> ActivationPredicate
  {
    .comparison(.init(op, v, caseInsensitive: c, diacriticInsensitive: d))
  }

  static let accepted: [Accepted] = [
    Accepted(name: "M8: TRUEPREDICATE", predicate: "TRUEPREDICATE", expected: .always),
    Accepted(name: "M8: keywords are case-insensitive", predicate: "falsepredicate", expected: .never),
    Accepted(
      name: "M8: self == (Apple's clowntown example)", predicate: "self == 'http://clowntown.example.com/clown/Crusty'",
      expected: cmp(.equals, "http://clowntown.example.com/clown/Crusty")),
    Accepted(name: "M8: = is ==", predicate: "SELF = \"a\"", expected: cmp(.equals, "a")),
    Accepted(
      name: "M8: BEGINSWITH with [cd]", predicate: "self BEGINSWITH[cd] 'note'",
      expected: cmp(.beginsWith, "note", c: true, d: true)),
    Accepted(
      name: "M8: ENDSWITH with [c]", predicate: "self endswith[c] '.txt'", expected: cmp(.endsWith, ".txt", c: true)),
    Accepted(name: "M8: CONTAINS with [d]", predicate: "self CONTAINS[d] 'é'", expected: cmp(.contains, "é", d: true)),
    Accepted(name: "M8: LIKE", predicate: "self LIKE 'task-??'", expected: cmp(.like, "task-??")),
    Accepted(name: "M8: escaped quotes", predicate: #"self == 'it\'s'"#, expected: cmp(.equals, "it's")),
    Accepted(
      name: "M8: AND binds tighter than OR", predicate: "self == 'a' && self == 'b' || self == 'c'",
      expected: .or([.and([cmp(.equals, "a"), cmp(.equals, "b")]), cmp(.equals, "c")])),
    Accepted(
      name: "M8: NOT and parentheses", predicate: "NOT (self CONTAINS 'a' OR self CONTAINS 'b')",
      expected: .not(.or([cmp(.contains, "a"), cmp(.contains, "b")]))),
    Accepted(name: "M8: ! is NOT", predicate: "!TRUEPREDICATE", expected: .not(.always)),
    Accepted(name: "M8: a '!' inside the string is text", predicate: "self == '!'", expected: cmp(.equals, "!")),
  ]

  @Test(arguments: accepted)
  func acceptedAndRoundTrips(_ c: Accepted) throws {
    let parsed = try ActivationPredicate(parsing: c.predicate)
    #expect(parsed == c.expected)
    // The description is NSPredicate format syntax that parses back to the same predicate.
    #expect(try ActivationPredicate(parsing: parsed.description) == parsed)
  }

  @Test func theLoaderPointsInsideTheTableString() throws {
    let marked = MarkedText(
      #"""
      { "app": "A", "platform": "iPadOS", "lifecycle": "uikit", "routes": [],
        "scenes": [ { "id": "Main", "activationConditions": { "prefers": "self 1️⃣MATCHES 'x'" } } ] }
      """#)
    let loaded = TableLoader.load(source: SourceText(file: "t.json", text: marked.text))
    let (line, column) = try #require(marked.lineColumn("1️⃣"))
    let error = try #require(loaded.diagnostics.first { $0.severity == .error })
    #expect(error.code == .invalidPredicate)
    #expect(error.location?.line == line)
    #expect(error.location?.column == column)
  }
}
