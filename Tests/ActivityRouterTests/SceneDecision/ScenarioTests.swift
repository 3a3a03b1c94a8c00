import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Scenarios in the style of a state-machine test: a router and a sequence of events; each
/// event is decided against the current sessions (``DecisionEngine/decide(_:router:state:)``),
/// checked, and applied (``SessionState/applying(_:)``) before the next. Every step also checks
/// that the engine is a pure function: deciding twice from the same state gives the same
/// decision, and applying a decision returns a new state without changing the old one.
@Suite struct ScenarioTests {
  /// What one step must decide; nil fields are not checked.
  struct Step: Sendable {
    var event: String
    var outcome: Decision.Outcome
    var scene: String?
    var session: String?
    /// `"s1 new"` or `"s1"` (an existing session): the receiver of stage one.
    var receiver: String?
    var rule: String?
    var cites: [String] = []
    /// The open session ids afterwards, in order.
    var open: [String]?

    init(
      _ event: String, _ outcome: Decision.Outcome, scene: String? = nil, session: String? = nil,
      receiver: String? = nil, rule: String? = nil, cites: [String] = [], open: [String]? = nil
    ) {
      self.event = event
      self.outcome = outcome
      self.scene = scene
      self.session = session
      self.receiver = receiver
      self.rule = rule
      self.cites = cites
      self.open = open
    }
  }

  struct Scenario: CustomTestStringConvertible, Sendable {
    var name: String
    /// A fixture table path relative to `Fixtures/`, or an inline table.
    var table: String
    var sessions: String?
    var steps: [Step]
    var testDescription: String { name }
  }

  static let notes = "Notes/Notes.routes.json"
  static let mail = "Mail/Mail.routes.json"
  static let tasks = "Tasks/Tasks.routes.json"
  static let note = "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"
  static let u1 = "11111111-1111-1111-1111-111111111111"
  static let u2 = "22222222-2222-2222-2222-222222222222"

  static let scenarios: [Scenario] = [
    Scenario(
      name: "Notes, iPadOS: a note link, Handoff of the same note, a tag link into the wrong scene, closing the note",
      table: notes,
      steps: [
        Step(
          "notes://note/\(note)", .open, scene: "note-editor", session: "s2", receiver: "s1 new", rule: "note",
          cites: ["E1", "S4", "W8", "D6"], open: ["s1", "s2"]),
        Step(
          #"{"activity":{"activityType":"com.example.notes.edit","userInfo":{"noteID":"\#(note.lowercased())"}}}"#,
          .front,
          scene: "note-editor", session: "s2", rule: "edit-handoff", cites: ["E3", "V10", "W8"], open: ["s1", "s2"]),
        Step("notes://tag/work", .drop, receiver: "s2", rule: "tag", cites: ["D3"], open: ["s1", "s2"]),
        Step(#"{"session":{"activate":"s1"}}"#, .front, scene: "main", session: "s1", cites: ["V10"]),
        Step("notes://tag/work", .deliver, scene: "main", session: "s1", receiver: "s1", rule: "tag"),
        Step(
          "notes://note/\(note)/close", .dismiss, scene: "note-editor", receiver: "s1", rule: "close-note", open: ["s1"]
        ),
        Step(
          "notes://new?title=Groceries", .open, scene: "note-editor", session: "s3", receiver: "s1", rule: "new-note",
          cites: ["W6"], open: ["s1", "s3"]),
      ]),
    Scenario(
      name: "Mail, macOS: windows by id and by value, a unique Window, dismiss by value, Dock reopen", table: mail,
      steps: [
        Step(#"{"launch":{}}"#, .open, scene: "mail-viewer", session: "s1", cites: ["W24"]),
        Step(
          "mailapp://message/\(u1)", .open, scene: "message", session: "s3", receiver: "s2 new", rule: "message",
          cites: ["MAC1", "W8"], open: ["s1", "s2", "s3"]),
        Step(
          #"{"openWindow":{"id":"message","value":"\#(u1)"}}"#, .front, scene: "message", session: "s3", cites: ["W8"]),
        Step(#"{"openWindow":{"id":"account-info","value":"\#(u1)"}}"#, .open, scene: "account-info", session: "s4"),
        Step(#"{"openWindow":{"id":"connection-doctor"}}"#, .open, scene: "connection-doctor", session: "s5"),
        Step("mailapp://doctor", .front, scene: "connection-doctor", session: "s5", receiver: "s6 new", cites: ["W7"]),
        Step(
          "mailapp://close/\(u1)", .dismiss, receiver: "s7 new", rule: "close-everywhere", cites: ["W17"],
          open: ["s1", "s2", "s5", "s6", "s7"]),
        Step(#"{"dismissWindow":{"id":"mail-viewer"}}"#, .dismiss, scene: "mail-viewer", cites: ["W16"], open: ["s5"]),
        Step(#"{"dismissWindow":{"id":"mail-viewer"}}"#, .ignore, cites: ["W21"], open: ["s5"]),
        Step(#"{"session":{"background":"s5"}}"#, .update, session: "s5"),
        Step(#"{"reopen":{}}"#, .open, scene: "mail-viewer", session: "s8", cites: ["MAC6"], open: ["s5", "s8"]),
      ]),
    Scenario(
      name: "Tasks, Mac Catalyst (UIKit): configurations, activation requests, archive and reconnect, destruction",
      table: tasks,
      steps: [
        Step(#"{"launch":{}}"#, .open, scene: "Default Configuration", session: "s1", cites: ["K6"]),
        Step(
          "tasks://new", .open, scene: "New Task Configuration", session: "s2", receiver: "s1", rule: "new-task-window",
          cites: ["K9", "K7", "K15"], open: ["s1", "s2"]),
        Step(
          #"{"notification":{"targetContentIdentifier":"new-task"}}"#, .deliver, scene: "New Task Configuration",
          session: "s2",
          cites: ["U2"]),
        Step(#"{"session":{"archive":"s2"}}"#, .update, session: "s2", cites: ["K13"]),
        Step(
          #"{"notification":{"targetContentIdentifier":"new-task"}}"#, .deliver, scene: "New Task Configuration",
          session: "s2",
          cites: ["U8", "K8"]),
        Step("tasks://task/4", .deliver, scene: "Default Configuration", session: "s1", receiver: "s1", rule: "task"),
        Step(#"{"session":{"close":"s2"}}"#, .dismiss, cites: ["K14"], open: ["s1"]),
        Step(#"{"requestSceneSessionActivation":{"session":"s2"}}"#, .ignore, open: ["s1"]),
      ]),
    Scenario(
      name: "Contacts, iPadOS: the view's sets change with the selection (V6)",
      table: #"""
        { "app": "Contacts", "platform": "iPadOS", "multipleScenes": true, "policies": { "unroutedEvents": "deliver" },
          "scenes": [ { "id": "contacts", "preferring": [], "allowing": ["*"] } ], "routes": [] }
        """#, sessions: #"{ "sessions": [ { "id": "s1", "scene": "contacts" } ] }"#,
      steps: [
        Step("contacts://c-0001", .deliver, session: "s1", cites: ["S2"]),
        Step(
          #"{"session":{"update":"s1","preferring":["c-0001"],"allowing":[]}}"#, .update, session: "s1", cites: ["V6"]),
        Step("contacts://c-0002", .open, session: "s2", receiver: "s2 new", cites: ["V3", "S4"]),
        Step("contacts://c-0001", .deliver, session: "s1", cites: ["V2", "S2"]),
        Step("contacts://c-0003", .deliver, session: "s2"),
      ]),
    Scenario(
      name: "iPhone: one scene for everything; openWindow does nothing",
      table: #"""
        { "app": "Phone", "platform": "iOS", "policies": { "unroutedEvents": "deliver" },
          "scenes": [ { "id": "main" }, { "id": "editor", "matching": ["editor"] } ], "routes": [] }
        """#,
      steps: [
        Step("myapp://editor/1", .open, scene: "editor", session: "s1", cites: ["S1", "AMB9", "S3"]),
        Step("myapp://list", .deliver, scene: "editor", session: "s1", cites: ["V4"]),
        Step(#"{"openWindow":{"id":"main"}}"#, .ignore, cites: ["W11"], open: ["s1"]),
      ]),
    Scenario(
      name:
        "UIKit without multiple scenes: requestSceneSessionActivation(nil) connects the one scene, never a second (K2)",
      table: #"""
        { "app": "Single", "platform": "iPadOS", "multipleScenes": false, "lifecycle": "uikit",
          "policies": { "unroutedEvents": "deliver" }, "scenes": [ { "id": "Default" } ], "routes": [] }
        """#,
      steps: [
        Step(
          #"{"requestSceneSessionActivation":{"session":null}}"#, .open, scene: "Default", session: "s1",
          cites: ["K2", "K9"], open: ["s1"]),
        Step(#"{"requestSceneSessionActivation":{"session":null}}"#, .ignore, cites: ["K2"], open: ["s1"]),
        Step(#"{"session":{"archive":"s1"}}"#, .update, session: "s1"),
        Step(#"{"requestSceneSessionActivation":{"session":null}}"#, .ignore, cites: ["K2"], open: ["s1"]),
      ]),
  ]

  static func router(_ table: String) throws -> CompiledRouter {
    let loaded =
      table.hasPrefix("{")
      ? TableLoader.load(source: SourceText(file: "inline.json", text: table))
      : TableLoader.load(contentsOf: FixturePaths.fixtures + "/" + table)
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let compiled = RouteCompiler.compile(try #require(loaded.table))
    return try #require(compiled.router)
  }

  static func initialState(_ scenario: Scenario, _ router: CompiledRouter) throws -> SessionState {
    guard let text = scenario.sessions else { return SessionState() }
    let (state, diagnostics) = SessionState.load(
      source: SourceText(file: "sessions.json", text: text), table: router.table)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return try #require(state)
  }

  @Test(arguments: scenarios)
  func walk(_ scenario: Scenario) throws {
    let router = try Self.router(scenario.table)
    var state = try Self.initialState(scenario, router)
    for (index, step) in scenario.steps.enumerated() {
      let label = Comment(rawValue: "step \(index + 1): \(step.event)")
      let event = try EventReader.read(line: step.event).get()
      let before = state
      let decision = DecisionEngine.decide(event, router: router, state: state)
      // Pure: the same inputs give the same decision, and deciding changes nothing.
      #expect(DecisionEngine.decide(event, router: router, state: state) == decision, label)
      #expect(state == before, label)

      #expect(decision.outcome == step.outcome, label)
      if let scene = step.scene { #expect(decision.scene == scene, label) }
      if let session = step.session { #expect(decision.session == session, label) }
      if let receiver = step.receiver {
        let parts = receiver.split(separator: " ")
        #expect(decision.receiver?.session == String(parts[0]), label)
        #expect(decision.receiver?.isNew == (parts.count > 1), label)
      }
      if let rule = step.rule { #expect(decision.match?.routeName == rule, label) }
      for id in step.cites {
        #expect(decision.appleRules.map(\.rawValue).contains(id), "\(label): cites \(id) in \(decision.appleRules)")
      }

      let next = state.applying(decision)
      #expect(state == before, "\(label): applying returns a new state and leaves this one alone")
      if let open = step.open { #expect(next.sessions.map(\.id) == open, label) }
      Self.checkInvariants(next, label)
      state = next
    }
  }

  /// What every reachable state satisfies: unique ids, at most one active session, new ids
  /// never reused, the clock ahead of every stamp.
  static func checkInvariants(_ state: SessionState, _ label: Comment) {
    let ids = state.sessions.map(\.id)
    #expect(Set(ids).count == ids.count, label)
    #expect(state.sessions.filter { $0.state == .foregroundActive }.count <= 1, label)
    for s in state.sessions {
      #expect(s.lastActivated <= state.clock && s.created <= state.clock, label)
      if s.id.hasPrefix("s"), let n = Int(s.id.dropFirst()) { #expect(n < state.nextSessionNumber, label) }
    }
  }

  /// A seeded random walk over the Notes, Mail and Tasks apps: every decision is deterministic,
  /// leaves its input alone, and keeps the invariants; session ids are never reused.
  @Test(arguments: [ScenarioTests.notes, ScenarioTests.mail, ScenarioTests.tasks])
  func randomWalkKeepsTheInvariants(_ table: String) throws {
    let router = try Self.router(table)
    var g = SeededGenerator(seed: 0xC0FFEE)
    let urls: [String] = [
      "notes://note/\(Self.note)", "notes://tag/work", "notes://note/\(Self.note)/close", "notes://new",
      "notes://unknown",
      "mailapp://message/\(Self.u1)", "mailapp://message/\(Self.u2)/close", "mailapp://close/\(Self.u1)",
      "mailapp://doctor",
      "mailapp://viewer/new", "https://mail.example.com/m/\(Self.u2)", "tasks://new", "tasks://task/3",
      "tasks://task/5/window",
    ]
    var state = SessionState()
    var seen: Set<String> = []
    for index in 0..<400 {
      let open = state.sessions.map(\.id)
      let target = open.randomElement(using: &g) ?? "s1"
      var lines =
        urls + [
          #"{"launch":{}}"#, #"{"reopen":{}}"#, #"{"notification":{"targetContentIdentifier":"new-task"}}"#,
          #"{"session":{"activate":"\#(target)"}}"#, #"{"session":{"background":"\#(target)"}}"#,
          #"{"session":{"archive":"\#(target)"}}"#, #"{"session":{"close":"\#(target)"}}"#,
          #"{"requestSceneSessionActivation":{"session":"\#(target)"}}"#,
          #"{"requestSceneSessionActivation":{"session":null}}"#,
          #"{"dismissWindow":{"from":"\#(target)"}}"#,
        ]
      if let scene = router.table.scenes.randomElement(using: &g), scene.kind != .settings {
        lines.append(#"{"openWindow":{"id":"\#(scene.id)"}}"#)
      }
      let line = lines.randomElement(using: &g)!
      let label = Comment(rawValue: "\(table) event \(index + 1): \(line)")
      let event = try EventReader.read(line: line).get()
      let before = state
      let decision = DecisionEngine.decide(event, router: router, state: state)
      #expect(DecisionEngine.decide(event, router: router, state: state) == decision, label)
      let next = state.applying(decision)
      #expect(state == before, label)
      for s in next.sessions where !open.contains(s.id) {
        #expect(!seen.contains(s.id), "\(label): id \(s.id) reused")
      }
      seen.formUnion(next.sessions.map(\.id))
      Self.checkInvariants(next, label)
      state = next
    }
  }
}
