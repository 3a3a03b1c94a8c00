import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// `userInfo` constraints by key path (JSON Pointer, RFC 6901) into nested dictionaries and
/// arrays: parsing (good and bad, at exact positions), matching, no-match cases and the reasons
/// an explanation gives.
@Suite struct UserInfoKeyPathTests {
  static func activityRoute(_ name: String, _ type: String, _ userInfo: String, priority: Int = 0) -> String {
    #"    { "name": "\#(name)", "activity": "\#(type)", "userInfo": \#(userInfo), "deliver": { "scene": "main" }, "priority": \#(priority) }"#
  }

  static let routes = [
    activityRoute("feed", "com.example.feed", #"{ "/feed/url": "{url}", "/feed/kind": "rss" }"#),
    activityRoute("first-item", "com.example.items", #"{ "/items/0/id": "{id:int}" }"#),
    activityRoute("dotted", "com.example.push", #"{ "gcm.message_id": "{message}" }"#),
    activityRoute("escaped", "com.example.escaped", #"{ "/a~1b/c~0d": "{v}" }"#),
    activityRoute("top", "com.example.top", #"{ "/room": "{room}", "mode": "{mode?}" }"#),
  ]

  static func router() throws -> CompiledRouter {
    try TestTables.router(TestTables.json(routes: routes))
  }

  @Test(arguments: [
    ("a plain key", "gcm.message_id", ["gcm.message_id"]),
    ("two steps", "/feed/url", ["feed", "url"]),
    ("an index", "/items/0/id", ["items", "0", "id"]),
    ("escapes", "/a~1b/c~0d", ["a/b", "c~d"]),
    ("one step", "/room", ["room"]),
  ])
  func parses(_ name: String, _ text: String, _ steps: [String]) throws {
    let path = try UserInfoKeyPath(parsing: text)
    #expect(path.steps == steps)
    // A one-step path is the plain key it reads.
    #expect(path.text == (text == "/room" ? "room" : text))
  }

  @Test(arguments: [
    ("a stray tilde", "/a~2b", 2, "'~' in a key path"),
    ("a tilde at the end", "/a~", 2, "'~' in a key path"),
    ("an empty step", "/a//b", 2, "empty step"),
    ("a trailing slash", "/a/", 2, "empty step"),
    ("only a slash", "/", 0, "empty step"),
  ])
  func refuses(_ name: String, _ text: String, _ offset: Int, _ words: String) throws {
    do {
      _ = try UserInfoKeyPath(parsing: text)
      Issue.record("accepted \(text)")
    } catch {
      let first = try #require(error.errors.first)
      #expect(first.offset == offset, "\(error.errors)")
      #expect(first.message.contains(words), "\(first.message)")
    }
  }

  @Test(
    arguments: [
      (
        "nested dictionaries", "com.example.feed",
        ["feed": ["url": "https://a.example/rss", "kind": "rss"]] as JSONObject,
        "feed", ["url": "https://a.example/rss"] as JSONObject
      ),
      ("an array index, a number", "com.example.items", ["items": [["id": 7], ["id": 8]]], "first-item", ["id": 7]),
      ("an array index, a string", "com.example.items", ["items": [["id": "9"]]], "first-item", ["id": 9]),
      ("a dotted top-level key", "com.example.push", ["gcm.message_id": "0:17"], "dotted", ["message": "0:17"]),
      ("escaped steps", "com.example.escaped", ["a/b": ["c~d": "x"]], "escaped", ["v": "x"]),
      (
        "a key path beside a plain key", "com.example.top", ["room": "r1", "mode": "edit"], "top",
        ["room": "r1", "mode": "edit"]
      ),
    ] as [(String, String, JSONObject, String, JSONObject)])
  func matches(_ name: String, _ type: String, _ userInfo: JSONObject, _ route: String, _ parameters: JSONObject)
    throws
  {
    let match = try #require(try Self.router().match(activityType: type, userInfo: userInfo), "\(name)")
    #expect(match.routeName == route)
    #expect(match.parameters.object == parameters)
  }

  @Test(
    arguments: [
      ("a missing inner key", "com.example.feed", ["feed": ["kind": "rss"]] as JSONObject, "no key 'url' in '/feed'"),
      ("a scalar where a dictionary is needed", "com.example.feed", ["feed": "x"], "'/feed' is a string value"),
      ("a different literal", "com.example.feed", ["feed": ["url": "u", "kind": "atom"]], #"is "atom", not "rss""#),
      ("an index out of range", "com.example.items", ["items": []], "is an array of 0"),
      ("the wrong type", "com.example.items", ["items": [["id": "seven"]]], "not of type int"),
      ("a nested value for a capture", "com.example.items", ["items": [["id": ["n": 1]]]], "not of type int"),
      ("a dotted key is not a path", "com.example.push", ["gcm": ["message_id": "1"]], "no key 'gcm.message_id'"),
    ] as [(String, String, JSONObject, String)])
  func doesNotMatchAndSaysWhy(_ name: String, _ type: String, _ userInfo: JSONObject, _ reason: String) throws {
    let router = try Self.router()
    #expect(router.match(activityType: type, userInfo: userInfo) == nil, "\(name)")
    let rejections = router.activityRejections(activityType: type, userInfo: userInfo)
    #expect(rejections.count == 1, "\(rejections)")
    #expect(rejections.first?.reason.contains(reason) == true, "\(rejections)")
  }

  @Test func aLeadingZeroIsNotAnIndex() throws {
    let json = TestTables.json(routes: [Self.activityRoute("r", "t", #"{ "/items/01": "{v}" }"#)])
    let router = try TestTables.router(json)
    #expect(router.match(activityType: "t", userInfo: ["items": ["a", "b"]]) == nil)
    #expect(router.match(activityType: "t", userInfo: ["items": ["01": "a"]])?.parameters == ["v": "a"])
  }

  /// A table whose marked userInfo key is wrong: the first error is at the marker.
  @Test(arguments: [
    ("a stray tilde", #"{ "/feed/1️⃣~x": "{v}" }"#, DiagnosticCode.invalidPattern, "'~' in a key path"),
    ("an empty step", #"{ "/feed1️⃣//x": "{v}" }"#, .invalidPattern, "empty step"),
    ("the same path twice", #"{ "room": "{a}", 1️⃣"/room": "{b}" }"#, .invalidValue, "constrained twice"),
    ("a key path in the list form", #"["a", 1️⃣"/b/c"]"#, .invalidValue, "names no parameter"),
  ])
  func loaderErrorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode, _ words: String) throws {
    let text = MarkedText(TestTables.json(routes: [Self.activityRoute("r", "t", marked)]))
    let loaded = TestTables.load(text.text)
    let first = try #require(loaded.diagnostics.first, "no diagnostic for \(name)")
    #expect(first.code == code, "\(loaded.diagnostics)")
    #expect(first.message.contains(words), "\(first.message)")
    let position = try #require(text.lineColumn("1️⃣"))
    #expect(first.location?.line == position.line && first.location?.column == position.column, "\(first)")
  }

  @Test func theSamePathWrittenTwoWaysIsOneConstraintForConflicts() throws {
    let json = TestTables.json(routes: [
      Self.activityRoute("a", "t", #"{ "room": "{r}" }"#), Self.activityRoute("b", "t", #"{ "/room": "{r}" }"#),
    ])
    let diagnostics = try TestTables.compileDiagnostics(json)
    #expect(diagnostics.contains { $0.code == .duplicateRoute && $0.message.contains("route 'b'") }, "\(diagnostics)")
  }

  @Test func explainNamesTheRouteAndTheMissingStep() throws {
    let table = try #require(TestTables.load(TestTables.json(routes: Self.routes)).table)
    let router = try #require(RouteCompiler.compile(table).router)
    let event = Event(.activity(UserActivity(activityType: "com.example.feed", userInfo: ["feed": ["kind": "rss"]])))
    let decision = DecisionEngine.decide(event, router: router, state: SessionState(), explains: true)
    #expect(decision.outcome == .drop)
    let step = try #require(decision.trace.first { $0.subject == "route 'feed'" }, "\(decision.trace)")
    #expect(step.detail.contains("userInfo '/feed/url' is missing (no key 'url' in '/feed')"), "\(step)")
  }
}
