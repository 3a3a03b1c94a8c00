import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// `targetContentIdentifier` patterns on activity routes, and quick-action (`shortcut`) and
/// notification-response (`notification`) routes: parsing (good and bad, at exact positions),
/// matching, precedence, no-match cases with their reasons, and decisions that carry the match.
@Suite struct EventRouteTests {
  static func route(_ name: String, _ trigger: String, value: String? = nil) -> String {
    let v = value.map { #", "value": \#($0)"# } ?? ""
    return #"    { "name": "\#(name)", \#(trigger), "deliver": { "scene": "main"\#(v) } }"#
  }

  static let routes = [
    route("item-exact", #""activity": "com.example.item", "targetContentIdentifier": "item-home""#),
    route("item-typed", #""activity": "com.example.item", "targetContentIdentifier": "item-{id:int}""#),
    route("item-slug", #""activity": "com.example.item", "targetContentIdentifier": "{slug}-{id:int}""#),
    route("item-any", #""activity": "com.example.item", "targetContentIdentifier": "{tci}""#),
    route("item-none", #""activity": "com.example.item""#),
    route("new-message", #""shortcut": "com.example.chat.new-message", "userInfo": { "/to/id": "{to?}" }"#),
    route("search", #""shortcut": "com.example.chat.search""#),
    route("open-any", #""shortcut": "com.example.chat.open-{what}""#),
    route("open-room", #""shortcut": "com.example.chat.open-{what}", "targetContentIdentifier": "room-{room}""#),
    route(
      "reply",
      #""notification": { "categoryIdentifier": "MESSAGE", "actionIdentifier": "REPLY" }, "userInfo": { "/room/id": "{room}" }"#
    ),
    route("mark-read", #""notification": { "categoryIdentifier": "MESSAGE", "actionIdentifier": "MARK_READ" }"#),
    route(
      "open-message",
      #""notification": { "categoryIdentifier": "MESSAGE" }, "targetContentIdentifier": "room-{room}""#),
    route(
      "dismissed",
      #""notification": { "actionIdentifier": "com.apple.UNNotificationDismissActionIdentifier" }"#),
    route("any-notification", #""notification": {}"#),
  ]

  static func router() throws -> CompiledRouter { try TestTables.router(TestTables.json(routes: routes)) }

  // MARK: identifier patterns

  @Test(arguments: [
    ("a literal", "item-home", IdentifierPattern.Kind.literal, [String]()),
    ("a whole capture", "{id}", .capture, ["id"]),
    ("an affix", "item-{id:int}", .affixed, ["id"]),
    ("two captures", "{slug}-{id:int}", .affixed, ["slug", "id"]),
    ("a version", "v{major:int}.{minor:int}", .affixed, ["major", "minor"]),
    ("slashes are text", "chat/{room}", .affixed, ["room"]),
    ("literal braces", "{{x}}-{id}", .affixed, ["id"]),
  ])
  func parsesIdentifierPatterns(_ name: String, _ text: String, _ kind: IdentifierPattern.Kind, _ names: [String])
    throws
  {
    let pattern = try IdentifierPattern(parsing: text)
    #expect(pattern.kind == kind)
    #expect(pattern.parameters.map(\.name) == names)
  }

  @Test(arguments: [
    ("unclosed", "item-{id", 5, "unclosed '{'"),
    ("a stray brace", "item}", 4, "unexpected '}'"),
    ("adjacent captures", "{a}{b}", 3, "two captures with nothing between them"),
    ("empty capture", "x{}", 1, "empty capture"),
    ("optional inside", "x-{id?}", 5, "optional, catch-all, list and value-set"),
    ("unknown type", "x-{id:num}", 6, "unknown parameter type 'num'"),
    ("a name twice", "{a}-{a}", 5, "captured twice"),
    ("a bad name", "x-{9}", 3, "expected a parameter name"),
    ("empty", "", 0, "cannot be empty"),
  ])
  func refusesIdentifierPatterns(_ name: String, _ text: String, _ offset: Int, _ words: String) throws {
    do {
      _ = try IdentifierPattern(parsing: text)
      Issue.record("accepted \(text)")
    } catch {
      let first = try #require(error.errors.first)
      #expect(first.offset == offset, "\(error.errors)")
      #expect(first.message.contains(words), "\(first.message)")
    }
  }

  @Test func anUnknownTypeSuggestsOne() throws {
    #expect(throws: TemplateErrors.self) { try IdentifierPattern(parsing: "x-{id:itn}") }
    do { _ = try IdentifierPattern(parsing: "x-{id:itn}") } catch {
      #expect(error.errors.first?.message.contains("Did you mean 'int'?") == true, "\(error.errors)")
    }
  }

  // MARK: activities by targetContentIdentifier

  @Test(
    arguments: [
      ("a literal beats every pattern", "item-home", "item-exact", [:] as JSONObject),
      ("an affix beats a whole capture", "item-42", "item-typed", ["id": 42]),
      ("the longer literal first", "my-post-42", "item-slug", ["slug": "my-post", "id": 42]),
      ("a typed capture that does not fit falls through", "item-x", "item-any", ["tci": "item-x"]),
      ("a whole capture", "anything", "item-any", ["tci": "anything"]),
    ] as [(String, String, String, JSONObject)])
  func activitiesByTargetContentIdentifier(_ name: String, _ tci: String, _ route: String, _ parameters: JSONObject)
    throws
  {
    let match = try #require(
      try Self.router().match(activityType: "com.example.item", targetContentIdentifier: tci), "\(name)")
    #expect(match.routeName == route)
    #expect(match.parameters.object == parameters)
  }

  @Test func anActivityWithoutAnIdentifierTakesTheRouteWithoutAPattern() throws {
    let router = try Self.router()
    #expect(router.match(activityType: "com.example.item")?.routeName == "item-none")
    let rejected = router.activityRejections(activityType: "com.example.item")
    #expect(rejected.map(\.routeName) == ["item-exact", "item-typed", "item-slug", "item-any"])
    #expect(rejected.allSatisfy { $0.reason == "there is no targetContentIdentifier" }, "\(rejected)")
  }

  // MARK: quick actions

  @Test(
    arguments: [
      ("an exact type", ShortcutItem(type: "com.example.chat.search"), "search", [:] as JSONObject),
      (
        "userInfo by key path", ShortcutItem(type: "com.example.chat.new-message", userInfo: ["to": ["id": "ana"]]),
        "new-message", ["to": "ana"]
      ),
      ("an optional key path absent", ShortcutItem(type: "com.example.chat.new-message"), "new-message", [:]),
      ("a type pattern", ShortcutItem(type: "com.example.chat.open-inbox"), "open-any", ["what": "inbox"]),
      (
        "a type pattern and an identifier beat the type pattern alone",
        ShortcutItem(type: "com.example.chat.open-recent", targetContentIdentifier: "room-7"), "open-room",
        ["what": "recent", "room": "7"]
      ),
    ] as [(String, ShortcutItem, String, JSONObject)])
  func quickActions(_ name: String, _ item: ShortcutItem, _ route: String, _ parameters: JSONObject) throws {
    let match = try #require(try Self.router().match(shortcut: item).match, "\(name)")
    #expect(match.routeName == route)
    #expect(match.parameters.object == parameters)
  }

  @Test func aQuickActionNoRouteTakesSaysWhyForEachRoute() throws {
    let (match, rejected) = try Self.router().match(shortcut: ShortcutItem(type: "com.example.other"))
    #expect(match == nil)
    #expect(rejected.count == 4)
    #expect(
      rejected.contains { $0.routeName == "open-any" && $0.reason.contains("is not com.example.chat.open-{what}") })
  }

  // MARK: notification responses

  @Test(
    arguments: [
      (
        "a custom action with a key path",
        NotificationResponse(
          actionIdentifier: "REPLY", categoryIdentifier: "MESSAGE", userInfo: ["room": ["id": "r1"]]), "reply",
        ["room": "r1"] as JSONObject
      ),
      (
        "another action of the category",
        NotificationResponse(actionIdentifier: "MARK_READ", categoryIdentifier: "MESSAGE"),
        "mark-read", [:]
      ),
      (
        "the default action by identifier",
        NotificationResponse(categoryIdentifier: "MESSAGE", targetContentIdentifier: "room-9"),
        "open-message", ["room": "9"]
      ),
      (
        "the dismiss action",
        NotificationResponse(
          actionIdentifier: NotificationResponse.dismissActionIdentifier, categoryIdentifier: "OTHER"), "dismissed", [:]
      ),
      ("any other", NotificationResponse(categoryIdentifier: "OTHER"), "any-notification", [:]),
      (
        "a reply without the room falls to the category route",
        NotificationResponse(
          actionIdentifier: "REPLY", categoryIdentifier: "MESSAGE", targetContentIdentifier: "room-3"),
        "open-message", ["room": "3"]
      ),
    ] as [(String, NotificationResponse, String, JSONObject)])
  func notificationResponses(
    _ name: String, _ response: NotificationResponse, _ route: String, _ parameters: JSONObject
  )
    throws
  {
    let (match, rejected) = try Self.router().match(notification: response)
    let found = try #require(match, "\(name)")
    #expect(found.routeName == route, "\(rejected)")
    #expect(found.parameters.object == parameters)
  }

  @Test func aNotificationPassedOverSaysWhy() throws {
    let response = NotificationResponse(actionIdentifier: "REPLY", categoryIdentifier: "MESSAGE")
    let (match, rejected) = try Self.router().match(notification: response)
    #expect(match?.routeName == "any-notification")
    let reasons = Dictionary(uniqueKeysWithValues: rejected.map { ($0.routeName, $0.reason) })
    #expect(reasons["reply"]?.contains("userInfo '/room/id' is missing") == true, "\(reasons)")
    #expect(reasons["mark-read"] == "the action is 'REPLY', not 'MARK_READ'", "\(reasons)")
    #expect(reasons["open-message"] == "there is no targetContentIdentifier", "\(reasons)")
  }

  // MARK: decisions and events

  @Test func aDecisionCarriesTheNotificationRouteAndItsParameters() throws {
    let line =
      #"{"notification": {"categoryIdentifier": "MESSAGE", "actionIdentifier": "REPLY", "userInfo": {"room": {"id": "r5"}}}}"#
    let event = try EventReader.read(line: line).get()
    let decision = DecisionEngine.decide(event, router: try Self.router(), explains: true)
    #expect(decision.match?.routeName == "reply", "\(decision.trace)")
    #expect(decision.match?.parameters == ["room": "r5"])
    #expect(decision.trace.contains { $0.subject == "route 'reply'" && $0.verdict == .chosen }, "\(decision.trace)")
  }

  @Test func aTableWithoutRoutesOfTheKindDecidesAsBefore() throws {
    let router = try TestTables.router(TestTables.json(routes: [TestTables.route("u", "x://h/a")]))
    for line in [#"{"notification": {"categoryIdentifier": "M"}}"#, #"{"shortcut": {"type": "t"}}"#] {
      let decision = DecisionEngine.decide(try EventReader.read(line: line).get(), router: router, explains: true)
      #expect(decision.outcome == .open || decision.outcome == .deliver, "\(decision)")
      #expect(decision.match == nil)
      #expect(!decision.trace.contains { $0.stage == .route }, "\(decision.trace)")
    }
  }

  @Test func aResponseNoRouteTakesFollowsUnroutedEvents() throws {
    let routes = [Self.route("reply", #""notification": { "actionIdentifier": "REPLY" }"#)]
    let event = Event(.notification(NotificationResponse(actionIdentifier: "OTHER")))
    let dropped = DecisionEngine.decide(event, router: try TestTables.router(TestTables.json(routes: routes)))
    #expect(dropped.outcome == .drop && dropped.reason == .noRoute, "\(dropped)")
    let delivering = TestTables.json(routes: routes, extra: #" "policies": { "unroutedEvents": "deliver" },"#)
    let delivered = DecisionEngine.decide(event, router: try TestTables.router(delivering))
    #expect(delivered.outcome == .open || delivered.outcome == .deliver, "\(delivered)")
  }

  @Test func aDecisionCarriesTheQuickActionRoute() throws {
    let event = try EventReader.read(line: #"{"shortcut": {"type": "com.example.chat.search"}}"#).get()
    let decision = DecisionEngine.decide(event, router: try Self.router(), explains: false)
    #expect(decision.match?.routeName == "search")
  }

  @Test(arguments: [
    ("an empty action", #"{"notification": {"actionIdentifier": ""}}"#, 39, "non-empty string"),
    ("userInfo not an object", #"{"notification": {"userInfo": 3}}"#, 31, "'userInfo' must be an object"),
    ("an unknown key", #"{"notification": {"category": "M"}}"#, 19, "unknown key 'category'"),
    ("a shortcut's userInfo", #"{"shortcut": {"type": "t", "userInfo": []}}"#, 40, "'userInfo' must be an object"),
  ])
  func eventReaderErrors(_ name: String, _ line: String, _ column: Int, _ words: String) throws {
    guard case .failure(let error) = EventReader.read(line: line) else {
      Issue.record("read \(line)")
      return
    }
    #expect(error.column == column, "\(error)")
    #expect(error.message.contains(words), "\(error.message)")
  }

  @Test func theEventReaderKeepsEveryField() throws {
    let line =
      #"{"notification": {"categoryIdentifier": "M", "actionIdentifier": "A", "targetContentIdentifier": "t", "userInfo": {"a": [1]}}}"#
    guard case .notification(let r) = try EventReader.read(line: line).get().kind else {
      Issue.record("not a notification")
      return
    }
    #expect(
      r
        == NotificationResponse(
          actionIdentifier: "A", categoryIdentifier: "M", targetContentIdentifier: "t", userInfo: ["a": [1]]))
    guard case .notification(let d) = try EventReader.read(line: #"{"notification": {}}"#).get().kind else { return }
    #expect(d.isDefaultAction && d.categoryIdentifier == "" && d.targetContentIdentifier == nil)
  }

  // MARK: the table

  @Test(arguments: [
    (
      "a bad identifier pattern", #""activity": "t", "targetContentIdentifier": "item-1️⃣{id""#,
      DiagnosticCode.invalidPattern,
      "unclosed"
    ),
    ("a bad type pattern", #""shortcut": "open-{1️⃣9}""#, .invalidPattern, "expected a parameter name"),
    (
      "an identifier on a URL route", #""url": "x://h/a", 1️⃣"targetContentIdentifier": "t""#, .invalidValue,
      "belongs to event routes"
    ),
    ("two triggers", #""shortcut": "a", 1️⃣"notification": {}"#, .invalidValue, "has both 'shortcut' and 'notification'"),
    ("an unknown notification key", #""notification": { 1️⃣"category": "M" }"#, .unknownKey, "categoryIdentifier"),
    ("an empty action", #""notification": { "actionIdentifier": 1️⃣"" }"#, .invalidValue, "cannot be empty"),
    (
      "a value it does not capture",
      #""shortcut": "s", "deliver": 1️⃣{ "scene": "main", "value": "{x}" }, "priority": 0"#,
      .unknownParameter, "which its trigger does not capture"
    ),
  ])
  func loaderErrorsPointAtTheProblem(_ name: String, _ marked: String, _ code: DiagnosticCode, _ words: String) throws {
    let body =
      marked.contains("deliver")
      ? #"    { "name": "r", \#(marked) }"# : #"    { "name": "r", \#(marked), "deliver": { "scene": "main" } }"#
    let text = MarkedText(TestTables.json(routes: [body]))
    let loaded = TestTables.load(text.text)
    let first = try #require(loaded.diagnostics.first, "no diagnostic for \(name)")
    #expect(first.code == code, "\(loaded.diagnostics)")
    #expect(first.message.contains(words), "\(first.message)")
    let position = try #require(text.lineColumn("1️⃣"))
    #expect(first.location?.line == position.line && first.location?.column == position.column, "\(first)")
  }

  @Test func aShortNameForASystemActionIsAWarningWithTheFullOne() throws {
    let loaded = TestTables.load(
      TestTables.json(routes: [Self.route("r", #""notification": { "actionIdentifier": "dismiss" }"#)]))
    let d = try #require(loaded.diagnostics.first)
    #expect(d.severity == .warning)
    #expect(d.message.contains("com.apple.UNNotificationDismissActionIdentifier"), "\(d.message)")
  }

  @Test(arguments: [
    ("two equal quick-action routes", #""shortcut": "s-{a}""#, #""shortcut": "s-{b}""#),
    (
      "two equal notification routes", #""notification": { "categoryIdentifier": "M" }"#,
      #""notification": { "categoryIdentifier": "M" }"#
    ),
    (
      "two equal identifiers", #""activity": "t", "targetContentIdentifier": "i-{a}""#,
      #""activity": "t", "targetContentIdentifier": "i-{b}""#
    ),
  ])
  func duplicatesAreReportedNamingBoth(_ name: String, _ a: String, _ b: String) throws {
    let diagnostics = try TestTables.compileDiagnostics(
      TestTables.json(routes: [Self.route("first", a), Self.route("second", b)]))
    let d = try #require(diagnostics.first { $0.code == .duplicateRoute }, "\(diagnostics)")
    #expect(d.message.contains("route 'second'") && d.message.contains("route 'first'"), "\(d.message)")
  }
}
