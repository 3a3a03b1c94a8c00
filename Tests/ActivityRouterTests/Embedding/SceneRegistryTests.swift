import ActivityRouter
import Synchronization
import Testing

/// The registry reports what changed, only when something did, and keeps per-session context.
@Suite struct SceneRegistryTests {
  final class Recorder: Sendable {
    let changes = Mutex<[SceneRegistry.Change]>([])
    func record(_ change: SceneRegistry.Change) { changes.withLock { $0.append(change) } }
    var all: [SceneRegistry.Change] { changes.withLock { $0 } }
  }

  enum CounterKey: SceneContextKey { static let defaultValue = 0 }

  @Test func notifiesOnlyRealChanges() {
    var registry = SceneRegistry()
    let recorder = Recorder()
    registry.observe { recorder.record($0) }
    registry.connect("s1", scene: "main")
    registry.connect("s1", scene: "main")  // already connected: nothing
    registry.activate("s1")
    registry.activate("s1")  // already active: nothing
    registry.update("s1", preferring: [], allowing: ["*"])
    registry.update("s1", preferring: [], allowing: ["*"])  // identical: nothing
    registry.update("s1", value: ["id": 1])
    registry.update("s1", value: ["id": 1])  // identical: nothing
    registry.deactivate("s1")
    registry.deactivate("s1")  // already inactive: nothing
    registry.disconnect("s1")
    registry.disconnect("s1")  // already archived: nothing
    #expect(recorder.all.count == 6)
    guard recorder.all.count == 6 else { return }
    if case .connected(let s) = recorder.all[0] {
      #expect(s.id == "s1" && s.scene == "main")
    } else {
      Issue.record("\(recorder.all[0])")
    }
    #expect(recorder.all[1] == .activated("s1"))
    #expect(recorder.all[2] == .setsChanged("s1", preferring: [], allowing: ["*"]))
    #expect(recorder.all[3] == .valueChanged("s1", ["id": 1]))
    #expect(recorder.all[4] == .deactivated("s1"))
    #expect(recorder.all[5] == .disconnected("s1"))
    #expect(registry.state.session("s1")?.state == .unattached)
  }

  @Test func removedObserversAreNotCalled() {
    var registry = SceneRegistry()
    let recorder = Recorder()
    let token = registry.observe { recorder.record($0) }
    registry.connect("s1", scene: "main")
    registry.removeObserver(token)
    registry.activate("s1")
    #expect(recorder.all.count == 1)
  }

  @Test func contextValuesFollowTheSession() {
    var registry = SceneRegistry()
    registry.connect("s1", scene: "main")
    registry.connect("s2", scene: "main")
    registry.setContext(7, for: CounterKey.self, session: "s2")
    #expect(registry.context(CounterKey.self, session: "s2") == 7)
    #expect(registry.context(CounterKey.self, session: "s1") == CounterKey.defaultValue)
    registry.discard("s2")
    #expect(registry.context(CounterKey.self, session: "s2") == CounterKey.defaultValue)
    #expect(registry.state.session("s2") == nil)
  }

  @Test func decisionsSeeTheRegistryState() throws {
    var builder = RouteTable.Builder(app: "Notes", platform: .iPadOS)
    builder.scene("main")
    builder.scene("note-editor", presents: "NoteID", matching: ["note-editor"])
    builder.url("note", "notes://note/{id:int}", openWindow: "note-editor", value: ["id": "{id}"])
    let router = try builder.compile()
    var registry = SceneRegistry()
    registry.connect("s1", scene: "main")
    registry.activate("s1")
    registry.connect("s2", scene: "note-editor", value: ["id": 5])
    registry.update("s2", preferring: ["notes://note/5"], allowing: [])
    let event = try EventReader.read(line: "notes://note/5").get()
    let decision = DecisionEngine.decide(event, router: router, state: registry.state)
    #expect(decision.receiver?.session == "s2", "the editor prefers its own note (V2)")
    #expect(decision.outcome == .front)
  }
}
