import ActivityRouter
import ActivityRouterTestSupport
import RouteTables
import Testing

/// Captured values: typed, decoded exactly once, and refused rather than repaired.
@Suite struct MatchParameterTests {
  static let routes: [(String, String)] = [
    ("note", "app://h/note/{id:uuid}"),
    ("order", "app://h/order/{n:int}"),
    ("user", "app://h/user/{name}"),
    ("files", "app://h/files/{path*}"),
    ("search", "app://h/search?q={query}&page={page:int?}"),
    ("doc", "app://h/doc#{section?}"),
  ]

  @Test(arguments: [
    (
      "uuid is uppercased", "app://h/note/6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11",
      ["id": JSONValue.string("6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11")]
    ),
    ("int becomes a number", "app://h/order/042", ["n": .number(JSONNumber(42))]),
    ("negative int", "app://h/order/-5", ["n": .number(JSONNumber(-5))]),
    ("decoded once", "app://h/user/a%2520b", ["name": .string("a%20b")]),
    ("encoded slash stays inside", "app://h/user/a%2Fb", ["name": .string("a/b")]),
    ("unicode", "app://h/user/caf%C3%A9", ["name": .string("café")]),
    ("plus is not a space", "app://h/user/a+b", ["name": .string("a+b")]),
    ("catch-all joins segments", "app://h/files/a/b%20c/d", ["path": .string("a/b c/d")]),
    ("query captures, optional absent", "app://h/search?q=a%26b", ["query": .string("a&b")]),
    (
      "query first occurrence wins", "app://h/search?q=1&q=2&page=3",
      ["query": .string("1"), "page": .number(JSONNumber(3))]
    ),
    ("fragment captured", "app://h/doc#intro%20part", ["section": .string("intro part")]),
    ("fragment absent", "app://h/doc", [:]),
    // Kept in place (a UUID as two words, an integer, text of 15 bytes or fewer) or in an object.
    (
      "uuid in mixed case", "app://h/note/6f0E4f5A-6a57-4B55-9b0a-7C7c2b9B1e11",
      ["id": .string("6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11")]
    ),
    (
      "uuid with escapes", "app://h/note/%36f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e%31%31",
      ["id": .string("6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11")]
    ),
    ("int with escapes", "app://h/order/%34%32", ["n": .number(JSONNumber(42))]),
    ("int at its limit", "app://h/order/-9223372036854775808", ["n": .number(JSONNumber(Int64.min))]),
    ("text of 15 bytes", "app://h/user/fifteen-bytes-x", ["name": .string("fifteen-bytes-x")]),
    ("text of 16 bytes", "app://h/user/sixteen-bytes-xx", ["name": .string("sixteen-bytes-xx")]),
    ("query value with an escape", "app://h/search?q=meeting%20notes", ["query": .string("meeting notes")]),
    (
      "a query value and a typed one", "app://h/search?q=a&page=2#x",
      ["query": .string("a"), "page": .number(JSONNumber(2))]
    ),
  ])
  func capturesTypedValues(_ name: String, _ url: String, _ expected: [String: JSONValue]) throws {
    let router = try TestTables.router(Self.routes)
    let match = try #require(try router.match(url: url).get())
    #expect(Dictionary(uniqueKeysWithValues: match.parameters.map { ($0.key, $0.value) }) == expected)
  }

  /// Typed values made as the parameter types make them from the value's text (the reference:
  /// `ParameterType.value(of:)`), for UUIDs in every case mix and integers of every length.
  @Test func typedValuesAreTheTypesOwn() throws {
    let router = try TestTables.router(Self.routes)
    var rng = SeededGenerator(seed: 0x1D5)
    let hex = Array("0123456789abcdefABCDEF")
    for _ in 0..<500 {
      var uuid = ""
      for i in 0..<36 {
        uuid.append([8, 13, 18, 23].contains(i) ? "-" : hex[Int(rng.next() % UInt64(hex.count))])
      }
      let match = try #require(try router.match(url: "app://h/note/" + uuid).get())
      #expect(match.parameters["id"] == ParameterType.uuid.value(of: uuid), "\(uuid)")
      let digits = 1 + Int(rng.next() % 19)
      var n = rng.next() % 2 == 0 ? "-" : ""
      for _ in 0..<digits { n.append(String(rng.next() % 10)) }
      if case .success(let m?) = router.match(url: "app://h/order/" + n) {
        #expect(m.parameters["n"] == ParameterType.int.value(of: n), "\(n)")
      } else {
        #expect(Array(n.utf8).withUnsafeBufferPointer { ParameterType.parseInt($0) } == nil, "\(n)")
      }
    }
  }

  @Test(arguments: [
    ("NUL in a value", "app://h/user/a%00b"),
    ("control character in a value", "app://h/user/a%0Ab"),
    ("invalid UTF-8 in a value", "app://h/user/%C3%28"),
    ("int too large", "app://h/order/9223372036854775808"),
    ("not a uuid", "app://h/note/6f0e4f5a-6a57-4b55-9b0a"),
    ("required query key missing", "app://h/search?page=2"),
    ("optional typed query value of the wrong type", "app://h/search?q=x&page=two"),
    ("other host", "app://other/user/x"),
    ("other scheme", "web://h/user/x"),
    ("userinfo does not change the host", "app://h@evil/user/x"),
  ])
  func refusesRatherThanRepairs(_ name: String, _ url: String) throws {
    let router = try TestTables.router(Self.routes)
    switch router.match(url: url) {
    case .success(let match): #expect(match == nil, "\(name): matched \(String(describing: match))")
    case .failure: break  // refused by the URL reader: also not a match
    }
  }

  @Test func matchRuleAgreesWithMatch() throws {
    let router = try TestTables.router(Self.routes)
    var scratch = MatchScratch()
    for url in ["app://h/note/6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", "app://h/order/1", "app://h/nothing", "::"] {
      let index = router.matchRoute(url: url, scratch: &scratch)
      let full = (try? router.match(url: url).get())??.route
      #expect(index == full, "\(url)")
    }
  }

  @Test func activityRoutesMatchByTypeAndUserInfo() throws {
    let json = TestTables.json(routes: [
      #"    { "name": "edit", "activity": "com.x.edit", "userInfo": {"id": "{id:int}"}, "deliver": {} }"#,
      #"    { "name": "edit-draft", "activity": "com.x.edit", "userInfo": {"id": "{id:int}", "draft": true}, "deliver": {} }"#,
      #"    { "name": "view", "activity": "com.x.view", "userInfo": ["noteID"], "deliver": {} }"#,
    ])
    let router = try TestTables.router(json)
    #expect(router.match(activityType: "com.x.edit", userInfo: ["id": 5])?.routeName == "edit")
    #expect(router.match(activityType: "com.x.edit", userInfo: ["id": "5", "draft": true])?.routeName == "edit-draft")
    #expect(router.match(activityType: "com.x.edit", userInfo: ["id": 5])?.parameters["id"] == .number(JSONNumber(5)))
    #expect(router.match(activityType: "com.x.edit", userInfo: ["id": "five"]) == nil)
    #expect(router.match(activityType: "com.x.view", userInfo: ["noteID": "n1"])?.parameters["noteID"] == "n1")
    #expect(router.match(activityType: "com.x.view", userInfo: [:]) == nil)
    #expect(router.match(activityType: "com.x.other") == nil)
  }
}
