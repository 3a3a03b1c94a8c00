import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// `LostLinkCheck`: a route's link that the selection rules send to a scene whose handlers do not
/// know it is reported, with the witness; the fix it suggests makes the warning go away; an
/// accepted loss is not reported.
@Suite struct LostLinkCheckTests {
  static func router(editor: String = "", route: String = "") throws -> CompiledRouter {
    let loaded = TableLoader.load(
      source: SourceText(
        file: "t.routes.json",
        text: """
          {
            "app": "T", "platform": "iPadOS", "multipleScenes": true,
            "scenes": [
              { "id": "main", "kind": "windowGroup" },
              { "id": "editor", "kind": "windowGroup", "presents": "ID"\(editor) }
            ],
            "routes": [
              { "name": "tag", "url": "t://tag/{name}", "deliver": { "scene": "main" }\(route) },
              { "name": "open", "url": "t://item/{id:int}", "openWindow": { "id": "editor", "value": "{id}" } }
            ]
          }
          """))
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let table = try #require(loaded.table)
    return try #require(RouteCompiler.compile(table).router)
  }

  @Test func aLinkAnOpenWindowTakesAndDoesNotHandleIsReported() throws {
    let router = try Self.router()
    let found = LostLinkCheck.check(router)
    try #require(found.count == 1, "\(found)")
    #expect(found[0].code == .lostLink && found[0].severity == .warning)
    #expect(
      found[0].message.hasPrefix("route 'tag' is handled in 'main', but with one 'editor' window open, t://tag/sample"))
    #expect(found[0].location?.line == 8)
    #expect(found[0].notes.first?.location?.line == 5)
    // The witness is what a stateful run shows: that state, that link, dropped as wrong-scene.
    let state = SessionState(sessions: [Session(id: "s1", scene: "editor", valueType: "ID")])
    let decision = DecisionEngine.decide(
      Event(.url(try URLRecord(parsing: "t://tag/sample"))), router: router, state: state)
    #expect(decision.outcome == .drop && decision.reason == .wrongScene)
  }

  @Test func theSuggestedFixRemovesTheLoss() throws {
    let router = try Self.router(editor: #", "preferring": [], "allowing": []"#)
    #expect(LostLinkCheck.check(router).isEmpty)
  }

  @Test func anAcceptedLossIsNotReportedAndAnEmptyReasonIsAnError() throws {
    #expect(
      LostLinkCheck.check(try Self.router(route: #", "acceptLostLinks": "the editor shows tags itself""#)).isEmpty)
    let loaded = TableLoader.load(
      source: SourceText(
        file: "t.json",
        text: #"""
          {"app": "T", "platform": "iPadOS", "scenes": [{"id": "main"}],
           "routes": [{"name": "a", "url": "t://a", "deliver": {"scene": "main"}, "acceptLostLinks": " "}]}
          """#))
    #expect(loaded.diagnostics.contains { $0.code == .invalidValue && $0.message.contains("acceptLostLinks") })
  }

  @Test func routesThatOpenWindowsAreNotLost() throws {
    // `openWindow` is called from whichever scene receives the link: nothing to lose.
    let found = LostLinkCheck.check(try Self.router())
    #expect(!found.contains { $0.message.contains("route 'open'") })
  }
}
