import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// The one-pass parser of the usual pattern form gives exactly the full parser's pattern and
/// layout for every text it takes, and takes the usual form.
@Suite struct PlainPatternParserTests {
  static func expectSame(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
    guard let plain = URLPattern.parsed(text, plainParser: true) else { return false }
    guard let full = URLPattern.parsed(text, plainParser: false) else {
      Issue.record("the full parser refuses '\(text)'", sourceLocation: sourceLocation)
      return true
    }
    #expect(full == plain, "\(text)", sourceLocation: sourceLocation)
    #expect(full.layout == plain.layout, "\(text)", sourceLocation: sourceLocation)
    var a = ""
    var b = ""
    dump(full, to: &a)
    dump(plain, to: &b)
    #expect(a == b, "\(text)", sourceLocation: sourceLocation)
    return true
  }

  @Test func takesTheUsualForm() {
    for text in [
      "https://example.com/users/{id:int}/repos", "app://h", "app://h/", "app://h/a/", "https://example.com:8443/x",
      "https://example.com/{rest*}", "https://example.com/{rest*}/", "app://h/*/{u:uuid}/{s:string}",
      "https://api.example.com/v1/a.b-c_d~e!$&'()+,;=:@/x",
      "app://h/{ab}/{a}/{abc}/{b}/{ba}/{c:int}/{d:uuid}/{e*}", "app://h/{a}/x/{aa}/{a-}/{a.}",
    ] {
      #expect(Self.expectSame(text), "\(text)")
    }
  }

  @Test func leavesOtherFormsToTheFullParser() {
    for text in [
      "HTTPS://example.com/x", "https://Example.com/x", "https://*.example.com/x", "mailto:{a}", "app:///x",
      "app://{h}/x", "https://example.com/x?q={q}", "https://example.com/x#f", "https://example.com/{a?}",
      "https://example.com/caf%C3%A9", "https://example.com/{name}.json", "https://example.com/{t:a|b}",
      "https://example.com[/en]/x", "https://example.com//x", "https://example.com/{a}/{a}",
      "https://example.com/{rest*}/x", "https://example.com/{n:int*}", "https://example.com:99999/x",
      "https://example.com:/x", "https://bücher.example/x", "https://example.com/a b",
      "https://example.com/1/2/3/4/5/6/7/8/9",
      "https://example.com/{}", "https://example.com/{n:box}", "https://user@example.com/x",
      "https://example.com/{a}/x/{b:int}/{a:uuid}", "app://h/{ab}/{a}/{abc}/{ab*}",
      "app://h/{b}/{a}/{c}/{d}/{e}/{f}/{g}/{a}",
    ] {
      #expect(URLPattern.parsed(text, plainParser: true) == nil, "\(text)")
    }
  }

  /// Each ASCII byte in a scheme, a host and a path literal: the plain parser takes the text
  /// exactly when the byte belongs there (its table of byte classes is the rule), and reads it
  /// as the full parser does.
  @Test func takesEachByteWhereItBelongs() {
    let lower = "abcdefghijklmnopqrstuvwxyz0123456789"
    let scheme = Set((lower + "+-.").utf8)
    let host = Set((lower + "-._").utf8)
    let literal = Set((0x21...0x7E as ClosedRange<UInt8>).filter { !"%*[]{}?#".utf8.contains($0) })
    for byte in 0..<UInt8(128) where byte != UInt8(ascii: "/") {
      let c = String(UnicodeScalar(byte))
      for (text, expected) in [
        ("a\(c)b://h/x", scheme.contains(byte)), ("app://h\(c)x/y", host.contains(byte)),
        ("app://h/a\(c)z/y", literal.contains(byte)),
      ] {
        #expect(Self.expectSame(text) == expected, "byte \(byte) in \(text.debugDescription)")
      }
    }
    #expect(!Self.expectSame("app://h/caf\u{E9}"))
  }

  /// Each ASCII byte in a parameter's name, first and after the first: a template and a
  /// pattern take the name exactly when it is an ASCII letter or `_`, then ASCII letters,
  /// digits, `_`, `-` and `.` (the table of name bytes is the rule), and the two parsers read
  /// the pattern the same.
  @Test func takesEachNameByteWhereItBelongs() {
    let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    let first = Set((letters + "_").utf8)
    let later = Set((letters + "0123456789_-.").utf8)
    for byte in 0..<UInt8(128) {
      let c = String(UnicodeScalar(byte))
      for (name, expected) in [
        ("\(c)a", first.contains(byte)), ("a\(c)", later.contains(byte)), ("a\(c)b", later.contains(byte)),
      ] {
        let template = try? ValueTemplate(parsing: "{\(name)}")
        #expect((template == .parameter(name)) == expected, "byte \(byte) in \(name.debugDescription)")
        if byte != UInt8(ascii: "/"), byte > 0x20, byte < 0x7F, !"%?#".utf8.contains(byte) {
          _ = Self.expectSame("app://h/x/{\(name)}/y")
        }
      }
    }
  }

  /// Random texts from the pieces of both forms (and of broken ones): every one the plain
  /// parser takes, the full parser reads the same.
  @Test func randomPatternsReadTheSame() {
    var rng = SeededGenerator(seed: 0x9A77E4)
    let origins = [
      "https://example.com", "app://h", "app://h:80", "app://h:0080", "a+b.c-d://x_y.z", "HTTP://e.com", "app://",
      "app:", "app://h:", "app://h:123456", "app://H", "app://h:65536", "app://h:000443",
      "app://h:" + String(repeating: "9", count: 40),  // a port longer than an Int (crash-683ba8fe)
    ]
    let pieces = [
      "/users", "/{id}", "/{n:int}", "/{u:uuid}", "/{s:string}", "/*", "/{rest*}", "/", "//", "/a.b", "/{id}",
      "/{x:nope}", "/{a?}", "/x?q", "/x#f", "/%41", "/{a}b", "/[/g]", "/é", "/{", "/}", "/{rest*?}", "/{9}",
      "/~!$&'()+,;=:@", "/-._",
    ]
    var taken = 0
    for _ in 0..<20_000 {
      var text = origins[Int.random(in: 0..<origins.count, using: &rng)]
      for _ in 0..<Int.random(in: 0..<10, using: &rng) { text += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
      if Self.expectSame(text) { taken += 1 }
    }
    #expect(taken > 1_000)
  }

  /// Patterns read one after another as a table's are (each taking the last one's scheme,
  /// host and port when it starts with the same origin) read as they do alone.
  @Test func patternsReadInSequenceReadAsAlone() {
    var rng = SeededGenerator(seed: 0x0819_1A)
    let origins = [
      "https://example.com", "https://example.co", "https://example.comm", "https://example.com:8443",
      "https://example.com:844", "http://example.com", "https://api.example.com", "app://h", "app://hostname",
      "app://hostname:80", "https://a-very-long-host-name.example.com", "https://example.com:", "HTTPS://example.com",
      "https://example.com?q", "https://exa_mple.com",
    ]
    let pieces = [
      "/users", "/{id}", "/{n:int}", "/*", "/{rest*}", "/", "//", "/a.b", "/x?q", "/{a}b", "/é", ":80", "x",
    ]
    var texts: [String] = []
    for _ in 0..<10_000 {
      var text = origins[Int.random(in: 0..<origins.count, using: &rng)]
      for _ in 0..<Int.random(in: 0..<5, using: &rng) { text += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
      texts.append(text)
    }
    let inSequence = URLPattern.parsedInSequence(texts)
    var taken = 0
    var dumped = (a: "", b: "")
    for (text, pattern) in zip(texts, inSequence) {
      let alone = URLPattern.parsed(text, plainParser: true)
      #expect(pattern == alone, "\(text)")
      #expect(pattern?.layout == alone?.layout, "\(text)")
      dumped = ("", "")
      dump(pattern, to: &dumped.a)
      dump(alone, to: &dumped.b)
      #expect(dumped.a == dumped.b, "\(text)")
      if pattern != nil { taken += 1 }
    }
    #expect(taken > 3_000)
  }
}
