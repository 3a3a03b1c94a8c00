import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteFixtures

/// Scenes the app declares without an id are named by kind and position (W2); the handlers of a
/// scene's views are read in order and reach records; an AASA question in a fixture is the
/// `route-cli aasa` answer.
@Suite struct SceneNamesAndViewsTests {
  static func table(_ scenes: String, routes: String = "", lifecycle: String = "") -> String {
    #"{ "app": "A", "platform": "macOS", \#(lifecycle) "scenes": [ \#(scenes) ], "routes": [ \#(routes) ] }"#
  }

  @Test func scenesWithoutAnIDAreNamedByKindAndPosition() throws {
    let loaded = TestTables.load(
      Self.table(
        #"{ "title": "Notes" }, { "id": "editor", "presents": "ID" }, { "kind": "documentGroup", "contentTypes": ["public.text"] }, { "kind": "settings" }"#
      ))
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let scenes = try #require(loaded.table).scenes
    #expect(scenes.map(\.id) == ["WindowGroup#1", "editor", "DocumentGroup#3", "Settings#4"])
    #expect(scenes.map(\.declaresID) == [false, true, false, false])
  }

  @Test func aWindowAndAUIKitConfigurationNeedAnID() {
    let window = TestTables.load(Self.table(#"{ "kind": "window", "title": "About" }"#))
    #expect(window.diagnostics.contains { $0.code == .missingKey && $0.message.contains("'id'") })
    let uiKit = TestTables.load(Self.table(#"{ "title": "Default" }"#, lifecycle: #""lifecycle": "uikit","#))
    #expect(uiKit.diagnostics.contains { $0.code == .missingKey && $0.message.contains("UISceneConfigurationName") })
  }

  @Test func openWindowByIDCannotNameAnUnnamedGroup() {
    let byID = TestTables.load(
      Self.table(
        #"{ "title": "Notes" }, { "title": "Editor", "presents": "ID" }"#,
        routes: #"{ "name": "n", "url": "a://n/{id}", "openWindow": { "id": "WindowGroup#2", "value": "{id}" } }"#))
    #expect(byID.diagnostics.contains { $0.code == .invalidTarget && $0.message.contains("without an id") })
    let byType = TestTables.load(
      Self.table(
        #"{ "title": "Notes" }, { "title": "Editor", "presents": "ID" }"#,
        routes: #"{ "name": "n", "url": "a://n/{id}", "openWindow": { "type": "ID", "value": "{id}" } }"#))
    #expect(!byType.diagnostics.hasErrors, "\(byType.diagnostics)")
    // A deliver route may name the group by its position.
    let deliver = TestTables.load(
      Self.table(
        #"{ "title": "Notes" }"#, routes: #"{ "name": "l", "url": "a://l", "deliver": { "scene": "WindowGroup#1" } }"#))
    #expect(!deliver.diagnostics.hasErrors, "\(deliver.diagnostics)")
  }

  @Test func viewHandlersAreReadInOrderWithTheirUnion() throws {
    let loaded = TestTables.load(
      Self.table(
        #"{ "id": "main", "onContinueUserActivity": ["a"], "views": [ { "name": "Sidebar", "onOpenURL": true }, { "name": "Detail", "onContinueUserActivity": ["b", "a"] } ] }"#
      ))
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let handlers = try #require(loaded.table?.scenes.first?.handlers)
    #expect(handlers.views.map(\.view) == [nil, "Sidebar", "Detail"])
    #expect(handlers.openURL)
    #expect(handlers.activityTypes == ["a", "b"])
  }

  @Test func aViewListedTwiceOrWithoutANameIsAnError() {
    let twice = TestTables.load(
      Self.table(#"{ "id": "main", "views": [ { "name": "V", "onOpenURL": true }, { "name": "V" } ] }"#))
    #expect(twice.diagnostics.contains { $0.code == .invalidValue && $0.message.contains("listed twice") })
    let unnamed = TestTables.load(Self.table(#"{ "id": "main", "views": [ { "onOpenURL": true } ] }"#))
    #expect(unnamed.diagnostics.contains { $0.code == .missingKey })
    let unknown = TestTables.load(Self.table(#"{ "id": "main", "views": [ { "name": "V", "onOpenURL2": true } ] }"#))
    #expect(unknown.diagnostics.hasErrors)
  }

  @Test func recordsListTheHandlersThatRanAndTheIdentifier() throws {
    let router = try TestTables.router(
      #"""
      { "app": "A", "platform": "iPadOS", "multipleScenes": true,
        "scenes": [ { "id": "main", "views": [ { "name": "List", "onOpenURL": true, "onContinueUserActivity": ["t"] },
                                               { "name": "Detail", "onOpenURL": true } ] } ],
        "routes": [ { "name": "x", "url": "a://x", "deliver": { "scene": "main" } },
                    { "name": "t", "activity": "t", "deliver": { "scene": "main" } } ] }
      """#)
    let state = SessionState(sessions: [Session(id: "s1", scene: "main")])
    let urlEvent = try EventReader.read(line: "a://x").get()
    let url = DecisionEngine.decide(urlEvent, router: router, state: state)
    #expect(url.handlers.map(\.view) == ["List", "Detail"])
    #expect(url.handlers.allSatisfy { $0.handler == .onOpenURL && $0.calls == 1 })
    let line = #"{"activity":{"activityType":"t","targetContentIdentifier":"doc-1"}}"#
    var out: [UInt8] = []
    let activity = try EventReader.read(line: line).get()
    let decision = DecisionEngine.decide(activity, router: router, state: state)
    DecisionRecord(line: 1, input: line, result: .success((activity, decision))).appendJSON(to: &out)
    let record = String(decoding: out, as: UTF8.self)
    #expect(
      record.contains(
        #""handlers":[{"handler":"onContinueUserActivity","view":"List","activityType":"t","calls":1}],"identifier":"doc-1""#
      ), "\(record)")
    // A URL's identifier is the URL the record echoes: not written again.
    out = []
    DecisionRecord(line: 1, input: "a://x", result: .success((urlEvent, url))).appendJSON(to: &out)
    #expect(!String(decoding: out, as: UTF8.self).contains("identifier"))
  }

  @Test func anAASAQuestionInAFixturePointsItsFileErrorsIntoTheFixture() {
    let text = #"""
      { "table": { "app": "A", "platform": "iOS", "scenes": [ { "id": "main" } ], "routes": [] },
        "steps": [
          { "aasa": { "file": { "applinks": { "details": 7 } }, "url": "https://example.com/" } } ] }
      """#
    guard case .failure(let failure) = FixtureLoader.load(source: SourceText(file: "inline.fixture.json", text: text))
    else {
      Issue.record("a broken inline AASA file loads")
      return
    }
    let error = failure.diagnostics.first { $0.severity == .error }
    #expect(error?.location?.file == "inline.fixture.json")
    #expect(error?.location?.line == 3)
  }

  @Test func anAASAQuestionAnswersForAnyAppOfTheFile() throws {
    let text = #"""
      { "table": { "app": "A", "platform": "iOS", "scenes": [ { "id": "main" } ], "routes": [] },
        "steps": [
          { "aasa": { "file": { "applinks": { "details": [ { "appID": "T.one", "components": [ { "/": "/a/*" } ] },
                                                          { "appID": "T.two", "components": [ { "/": "/b/*" } ] } ] } },
                      "url": "https://example.com/b/1" },
            "expect": { "outcome": "opens", "details": 1, "appIDs": ["T.two"] } },
          { "aasa": { "file": { "applinks": { "details": [ { "appID": "T.one", "components": [ { "/": "/a/*" } ] } ] } },
                      "url": "https://example.com/b/1" },
            "expect": { "outcome": "opens" } } ] }
      """#
    let fixture = try FixtureLoader.load(source: SourceText(file: "inline.fixture.json", text: text)).get()
    let result = FixtureRunner.run(fixture)
    #expect(result.steps[0].passed, "\(result.steps[0].differences)")
    #expect(!result.steps[1].passed)
    #expect(result.steps[1].differences.map(\.path) == ["outcome"])
  }
}
