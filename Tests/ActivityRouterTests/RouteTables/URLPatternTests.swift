import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteTables

/// The pattern grammar: what each form reads as, and where errors point.
@Suite struct URLPatternTests {
  @Test func readsEveryForm() throws {
    let p = try URLPattern(
      parsing: "HTTPS://*.Example.com:8443/a/{id:int}/{tab?}/*/{rest*}?q={query}&type=repo&flag#{frag?}")
    #expect(p.scheme == "https")
    #expect(p.host == .subdomains(of: "example.com"))
    #expect(p.port == 8443)
    #expect(
      p.segments == [
        .literal("a"), .parameter(.init(name: "id", type: .int)), .optional(.init(name: "tab")), .wildcard,
        .catchAll("rest"),
      ])
    #expect(
      p.query == [
        .init(name: "q", value: .parameter(.init(name: "query"), required: true)),
        .init(name: "type", value: .literal("repo")), .init(name: "flag", value: .present),
      ])
    #expect(p.fragment == .parameter(.init(name: "frag"), required: false))
    #expect(p.parameterNames == ["id", "tab", "rest", "query", "frag"])
  }

  @Test(arguments: [
    ("notes://note", 0, false), ("notes://note/", 0, false), ("app:///settings", 1, false), ("app://h/a/b/", 2, true),
  ])
  func segmentsAndTrailingSlash(_ text: String, _ count: Int, _ trailing: Bool) throws {
    let p = try URLPattern(parsing: text)
    #expect(p.segments.count == count)
    #expect(p.trailingSlash == trailing)
  }

  @Test func literalsAreDecodedAndHostsLowercasedAndIDNAEncoded() throws {
    let p = try URLPattern(parsing: "https://Bücher.example/caf%C3%A9")
    #expect(p.host == .exact("xn--bcher-kva.example"))
    #expect(p.segments == [.literal("café")])
  }

  @Test func anEscapedCustomHostIsOpaque() throws {
    let p = try URLPattern(parsing: "myapp://CAF%C3%A9/x")
    #expect(p.host == .exact("caf%c3%a9"))
  }

  @Test(arguments: [
    ("no scheme", "1️⃣notes/note", DiagnosticCode.invalidPattern),
    ("escaped https host", "https://caf1️⃣%C3%A9/x", .invalidPattern),
    ("escaped ASCII in a custom host", "myapp://1️⃣%65xample/x", .invalidPattern),
    ("raw and escaped custom host", "myapp://1️⃣é%C3%A9/x", .invalidPattern),
    ("no slashes after a special scheme", "https:1️⃣example.com/x", .invalidPattern),
    ("unknown type", "a://h/{id:1️⃣number}", .unknownParameterType),
    ("unclosed capture in a segment", "a://h/x1️⃣{id", .invalidPattern),
    ("bad name", "a://h/{1️⃣9x}", .invalidPattern),
    ("empty segment", "a://h/a/1️⃣/b", .invalidPattern),
    ("host parameter on https", "https://1️⃣{host}/x", .invalidPattern),
    ("bad escape", "a://h/1️⃣%zz", .invalidPattern),
    ("port too large", "a://h:1️⃣70000/", .invalidPattern),
    ("catch-all not last", "a://h/1️⃣{r*}/x", .invalidPattern),
    ("typed catch-all", "a://h/{1️⃣r:int*}", .invalidPattern),
    ("query key twice", "a://h/x?a=1&1️⃣a=2", .invalidPattern),
    ("too many optionals", "a://h/{a?}/{b?}/{c?}/{d?}/1️⃣{e?}", .tableLimit),
  ])
  func errorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode) {
    expectPatternError(marked, code)
  }

  @Test func valueTemplatesRenderTypedValuesAndText() throws {
    let t = try ValueTemplate(json: ["id": "{id}", "title": "Note {id}", "braces": "{{x}}", "n": 3, "opt": "{missing}"])
    let v = t.render(["id": .number(JSONNumber(7))])
    #expect(v == ["id": 7, "title": "Note 7", "braces": "{x}", "n": 3, "opt": nil])
    #expect(t.parameterNames == ["id", "missing"])
  }

  /// The loader reads a target's value from the positioned JSON as it is: the same template as
  /// from the value without positions, and the same first error.
  @Test(arguments: [
    #"{"id": "{id}", "title": "Note {id}", "braces": "{{x}}", "n": 3, "opt": "{missing}"}"#,
    #"{"route": "r1", "nested": {"a": [1, "x", {"b": "{b}"}], "c": {"d": true, "e": null}}}"#,
    #"["{a}", "plain", 2.5, [], {}, {"k": "v"}]"#, #""note-{id}""#, #"{"all": {"literal": [1, 2, "3"]}}"#,
    "7", "null", #""{unclosed""#, #"{"a": "ok", "b": "{bad name}", "c": "{x"}"#,
  ])
  func valueTemplatesFromPositionedJSONAreTheSame(_ json: String) throws {
    let node = try JSONParser.parse(Array(json.utf8))
    let fromValue = Result { () throws(TemplateErrors) in try ValueTemplate(json: node.value) }
    let fromNode = Result { () throws(TemplateErrors) in try ValueTemplate(node: node) }
    switch (fromValue, fromNode) {
    case (.success(let a), .success(let b)): #expect(a == b)
    case (.failure(let a), .failure(let b)): #expect(a.errors.map(\.message) == b.errors.map(\.message))
    default: Issue.record("one way failed and the other did not: \(fromValue) vs \(fromNode)")
    }
  }
}
