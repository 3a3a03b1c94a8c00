import ActivityRouter
import ActivityRouterTestSupport
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
  ])
  func capturesTypedValues(_ name: String, _ url: String, _ expected: [String: JSONValue]) throws {
    let router = try TestTables.router(Self.routes)
    let match = try #require(try router.match(url: url).get())
    #expect(Dictionary(uniqueKeysWithValues: match.parameters.members.map { ($0.key, $0.value) }) == expected)
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
