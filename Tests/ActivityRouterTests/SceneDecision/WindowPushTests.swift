import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// visionOS `pushWindow` (W19): the pushed session names the presenting one, which is hidden
/// and comes back when whatever closes the pushed window closes it; the link survives a
/// sessions file, and a file that links wrongly gets a positioned diagnostic.
@Suite struct WindowPushTests {
  static func table(_ platform: String) -> String {
    """
    { "app": "Cinema", "platform": "\(platform)", "multipleScenes": true,
      "scenes": [ { "id": "library" }, { "id": "player", "presents": "String" } ],
      "routes": [ { "name": "play", "url": "cinema://play/{t}", "pushWindow": { "id": "player", "value": "{t}" } } ] }
    """
  }

  static func event(_ line: String) throws -> Event { try EventReader.read(line: line).get() }

  static func start() -> SessionState { SessionState(sessions: [Session(id: "s1", scene: "library")]) }

  @Test func aPushHidesThePresentingWindowAndItsDismissalBringsItBack() throws {
    let router = try TestTables.router(Self.table("visionOS"))
    var state = Self.start()
    let push = DecisionEngine.decide(
      try Self.event(#"{"pushWindow": {"id": "player", "value": "a", "from": "s1"}}"#), router: router, state: state)
    #expect(push.outcome == .open)
    #expect(push.action == .pushWindow)
    state.apply(push)
    let pushed = try #require(state.sessions.first { $0.id == push.session })
    #expect(pushed.pushedFrom == "s1")
    #expect(state.sessions.first { $0.id == "s1" }?.state == .background)
    // Each way of closing the pushed window brings s1 back.
    for close in [
      #"{"dismissWindow": {"from": "\#(pushed.id)"}}"#, #"{"dismiss": {"from": "\#(pushed.id)"}}"#,
      #"{"session": {"close": "\#(pushed.id)"}}"#, #"{"dismissWindow": {"id": "player"}}"#,
    ] {
      let decision = DecisionEngine.decide(try Self.event(close), router: router, state: state)
      #expect(decision.closedSessions == [pushed.id], "\(close)")
      #expect(decision.appleRules.contains(.w19), "\(close)")
      let after = state.applying(decision)
      #expect(after.sessions.map(\.id) == ["s1"], "\(close)")
      #expect(after.sessions.first?.state == .foregroundActive, "\(close)")
    }
    // With the presenting window closed first, closing the pushed one brings nothing back.
    let gone = state.applying(
      DecisionEngine.decide(try Self.event(#"{"dismissWindow": {"id": "library"}}"#), router: router, state: state))
    #expect(gone.sessions.map(\.id) == [pushed.id])
    let last = DecisionEngine.decide(
      try Self.event(#"{"dismissWindow": {"from": "\#(pushed.id)"}}"#), router: router, state: gone)
    #expect(last.closedSessions == [pushed.id])
    #expect(!last.effects.contains(.activate("s1")))
    #expect(!last.appleRules.contains(.w19))
  }

  @Test func aPushedWindowCannotPushAndOtherPlatformsHaveNoPush() throws {
    let router = try TestTables.router(Self.table("visionOS"))
    var state = Self.start()
    state.apply(
      DecisionEngine.decide(
        try Self.event(#"{"pushWindow": {"id": "player", "value": "a"}}"#), router: router, state: state))
    let again = DecisionEngine.decide(
      try Self.event(#"{"pushWindow": {"id": "player", "value": "b", "from": "s2"}}"#), router: router, state: state)
    #expect(again.outcome == .ignore)
    #expect(again.reason == .pushFromPushedWindow)
    #expect(again.effects.isEmpty)
    for platform in ["iOS", "iPadOS", "macOS"] {
      let other = try TestTables.router(Self.table(platform))
      let decision = DecisionEngine.decide(
        try Self.event(#"{"pushWindow": {"id": "player", "value": "a", "from": "s1"}}"#), router: other,
        state: Self.start())
      #expect(decision.reason == .pushWindowUnavailable, "\(platform)")
      #expect(decision.effects.isEmpty, "\(platform)")
    }
  }

  @Test func aRoutePushesOverTheReceivingWindow() throws {
    let router = try TestTables.router(Self.table("visionOS"))
    let decision = DecisionEngine.decide(try Self.event("cinema://play/x"), router: router, state: Self.start())
    #expect(decision.outcome == .open)
    #expect(decision.match?.routeName == "play")
    #expect(decision.receiver?.session == "s1")
    let state = Self.start().applying(decision)
    #expect(state.sessions.first { $0.id == decision.session }?.pushedFrom == "s1")
    #expect(state.sessions.first { $0.id == decision.session }?.value == "x")
  }

  @Test func theLinkSurvivesAStateFile() throws {
    let router = try TestTables.router(Self.table("visionOS"))
    let table = router.table
    let state = Self.start().applying(
      DecisionEngine.decide(
        try Self.event(#"{"pushWindow": {"id": "player", "value": "a", "from": "s1"}}"#), router: router,
        state: Self.start()))
    let text = state.jsonText()
    #expect(text.contains(#""pushedFrom" : "s1""#) || text.contains(#""pushedFrom": "s1""#), "\(text)")
    let (read, diagnostics) = SessionState.load(source: SourceText(file: "s.json", text: text), table: table)
    #expect(diagnostics.isEmpty)
    #expect(read?.sessions == state.sessions)
  }

  @Test(arguments: [
    (#"{"sessions": [{"id": "s1", "scene": "library"}, {"id": "s2", "scene": "player", "pushedFrom": "s9"}]}"#, "s9"),
    (#"{"sessions": [{"id": "s1", "scene": "library", "pushedFrom": "s1"}]}"#, "over itself"),
    (
      #"{"sessions": [{"id": "s1", "scene": "library"}, {"id": "s2", "scene": "player", "pushedFrom": "s1"}, {"id": "s3", "scene": "player", "pushedFrom": "s2"}]}"#,
      "itself pushed"
    ),
  ])
  func aWrongLinkIsAnErrorAtItsValue(_ file: String, _ words: String) throws {
    let router = try TestTables.router(Self.table("visionOS"))
    let (state, diagnostics) = SessionState.load(source: SourceText(file: "s.json", text: file), table: router.table)
    #expect(state == nil)
    let error = try #require(diagnostics.first)
    #expect(error.message.contains(words), "\(error.message)")
    #expect(error.message.contains("W19"))
    // The column points at the value of the last pushedFrom that is wrong.
    let at = try #require(file.range(of: "\"pushedFrom\": \"", options: .backwards))
    #expect(error.location?.column == file.distance(from: file.startIndex, to: at.upperBound))
  }

  @Test func aPushRouteNeedsAnIDOrAValue() throws {
    let loaded = TestTables.load(
      """
      { "app": "C", "platform": "visionOS", "multipleScenes": true, "scenes": [ { "id": "library" } ],
        "routes": [ { "name": "p", "url": "c://p", "pushWindow": {} } ] }
      """)
    #expect(loaded.diagnostics.contains { $0.message.contains("'pushWindow' needs an 'id', a 'value'") })
  }
}
