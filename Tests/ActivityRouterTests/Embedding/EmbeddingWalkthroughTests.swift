import ActivityRouter
import ActivityRouterTestSupport
import Synchronization
import Testing

/// The code of the Embedding article (`ActivityRouter.docc/Embedding.md`, `docs/embedding.md`),
/// step by step, with the values the article shows: if the API or a decision changes, this
/// fails and the article needs the same change.
@Suite struct EmbeddingWalkthroughTests {
  static let noteID = "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"

  /// Step 1 and 2: load a table file and compile it, with every diagnostic rendered.
  static func loadNotes() throws -> CompiledRouter {
    let loaded = TableLoader.load(contentsOf: FixturePaths.notesTable)
    guard let table = loaded.table, !loaded.diagnostics.hasErrors else {
      let renderer = DiagnosticRenderer(sources: loaded.sources)
      Issue.record(Comment(rawValue: renderer.render(loaded.diagnostics)))
      throw LoadFailure()
    }
    let compiled = RouteCompiler.compile(table)
    guard let router = compiled.router else {
      Issue.record(Comment(rawValue: DiagnosticRenderer(sources: loaded.sources).render(compiled.diagnostics)))
      throw LoadFailure()
    }
    return router
  }

  struct LoadFailure: Error {}

  @Test func loadCompileDecideApply() throws {
    let router = try Self.loadNotes()
    #expect(router.table.app == "Notes")

    var state = SessionState()  // no windows open: a cold launch
    let event = try EventReader.read(line: "notes://note/\(Self.noteID)").get()
    let decision = DecisionEngine.decide(event, router: router, state: state)
    #expect(decision.outcome == .open)
    #expect(decision.scene == "note-editor")
    #expect(decision.receiver == Decision.Receiver(scene: "main", session: "s1", isNew: true))
    #expect(decision.match?.routeName == "note")
    #expect(decision.action == .openWindow)
    #expect(decision.value == ["id": .string(Self.noteID)])
    #expect(decision.appleRules == [.e1, .v3, .s4, .d1, .d4, .d6, .w5, .w8])

    state = state.applying(decision)
    #expect(state.sessions.map(\.id) == ["s1", "s2"])
    #expect(state.session("s2")?.state == .foregroundActive)

    // The same link again: the editor that presents the note comes to the front.
    let again = DecisionEngine.decide(event, router: router, state: state)
    #expect(again.outcome == .front)
    #expect(again.session == "s2")
  }

  @Test func aUserActivityFromHandoff() throws {
    let router = try Self.loadNotes()
    let handoff = Event(
      .activity(
        UserActivity(
          activityType: "com.example.notes.edit", userInfo: ["noteID": .string(Self.noteID.lowercased())])))
    let decision = DecisionEngine.decide(handoff, router: router)
    #expect(decision.outcome == .open)
    #expect(decision.match?.routeName == "edit-handoff")
    #expect(decision.match?.parameters["id"] == .string(Self.noteID))
  }

  @Test func builtInCode() throws {
    var builder = RouteTable.Builder(app: "Notes", platform: .iPadOS, multipleScenes: true)
    builder.scene("main", title: "Notes")
    builder.scene("note-editor", title: "Note Editor", presents: "NoteID", matching: ["note-editor"])
    builder.url(
      "note", "notes://note/{id:uuid}", "https://notes.example.com/n/{id:uuid}",
      openWindow: "note-editor", value: ["id": "{id}"])
    builder.url("search", "notes://search?q={query}", deliverTo: "main", value: ["search": "{query}"])
    builder.activity(
      "edit-handoff", "com.example.notes.edit", userInfo: ["noteID": "{id:uuid}"],
      openWindow: "note-editor", value: ["id": "{id}"])
    let router = try builder.compile()
    #expect(router.table.routes.map(\.name) == ["note", "search", "edit-handoff"])

    var broken = RouteTable.Builder(app: "Notes", platform: .iPadOS)
    broken.scene("main")
    broken.url("tag", "notes://tag/{name}", deliverTo: "mian")
    #expect(throws: RouteTable.BuildError.self) { try broken.compile() }
    do {
      _ = try broken.compile()
    } catch {
      #expect(error.diagnostics.map(\.code) == [.unknownScene])
      #expect(error.description.contains("route 'tag': no scene declaration has id 'mian'. Did you mean 'main'?"))
    }
  }

  /// A table built in code gets the checks a table file's targets get (both ask
  /// RouteTable.targetProblems): what the loader refuses, the builder refuses.
  @Test func theBuilderRefusesWhatTheLoaderRefuses() throws {
    var builder = RouteTable.Builder(app: "Docs", platform: .macOS)
    builder.scene("main")
    builder.scene("documents", kind: .documentGroup)
    builder.url("doc", "docs://open/{id}", openWindow: "documents", value: "{id}")
    var builderCodes: [DiagnosticCode] = []
    do {
      _ = try builder.build()
      Issue.record("the builder accepted openWindow on a documentGroup")
    } catch {
      builderCodes = error.diagnostics.map(\.code)
    }

    let table = """
      { "app": "Docs", "platform": "macOS", "multipleScenes": true,
        "scenes": [ { "id": "main" }, { "id": "documents", "kind": "documentGroup", "contentTypes": ["public.plain-text"] } ],
        "routes": [ { "name": "doc", "url": "docs://open/{id}", "openWindow": { "id": "documents", "value": "{id}" } } ] }
      """
    let loaded = TableLoader.load(source: SourceText(file: "docs.json", text: table))
    // A window action on a DocumentGroup, and a value for a scene that presents no type.
    #expect(loaded.diagnostics.map(\.code) == [.invalidTarget, .invalidTarget])
    #expect(builderCodes == loaded.diagnostics.map(\.code))
  }

  @Test func renderRecordsAndExplanations() throws {
    let router = try Self.loadNotes()
    let line = "notes://tag/work"
    let result = EventReader.read(line: line).map { event in
      (event: event, decision: DecisionEngine.decide(event, router: router))
    }
    var bytes: [UInt8] = []
    DecisionRecord(line: 1, input: line, result: result).appendJSON(to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"line":1,"input":"notes://tag/work","event":"url","outcome":"open","scene":"main","session":"s1","receiver":{"scene":"main","session":"s1","new":true},"rule":"tag","params":{"name":"work"},"action":"deliver","value":{"tag":"work"},"appleRules":["E1","V3","S4","D1","D4","D6"],"message":"a new 'main' (s1) shows route 'tag'"}"#
        + "\n")

    let decision = try result.get().decision
    let explanation = decision.explanation.split(separator: "\n").map(String.init)
    #expect(explanation.first == "✓ gate: scheme 'notes' — the app registers it (CFBundleURLTypes)")
    #expect(
      explanation.contains(
        "✓ declaration: 'main' — the first declaration without handlesExternalEvents(matching:) [S4]"))
    #expect(explanation.last == "✓ route: route 'tag' — matches notes://tag/{name}")

    let bad = EventReader.read(line: #"https://notes.example.com\evil.com/"#)
    guard case .failure(let error) = bad else {
      Issue.record("a backslash in the authority must be refused")
      return
    }
    #expect(error.code == .ambiguousURL)
    #expect(error.reason == .backslash)
    #expect(error.column == 26)
  }

  @Test func reverseRouting() throws {
    let router = try Self.loadNotes()
    #expect(try router.url(for: "note", parameters: ["id": Self.noteID]) == "notes://note/\(Self.noteID)")
    #expect(
      try router.url(for: "note", parameters: ["id": Self.noteID], pattern: 1)
        == "https://notes.example.com/n/\(Self.noteID)")
    #expect(try router.url(for: "search", parameters: ["query": "a&b c"]) == "notes://search?q=a%26b%20c")
    #expect(throws: URLBuildError(.missingParameter, "route 'note' needs a value for 'id'")) {
      try router.url(for: "note")
    }
    #expect(
      throws: URLBuildError(
        .unknownParameter, "route 'note' has no parameter 'ID' (it takes 'id'); did you mean 'id'?")
    ) {
      try router.url(for: "note", parameters: ["ID": Self.noteID])
    }
  }

  @Test func aSceneRegistryKeepsTheStateInStep() throws {
    let router = try Self.loadNotes()
    final class Log: Sendable {
      let changes = Mutex<[SceneRegistry.Change]>([])
    }
    enum EditorServiceKey: SceneContextKey { static let defaultValue: String? = nil }

    let log = Log()
    var registry = SceneRegistry()
    registry.observe { change in log.changes.withLock { $0.append(change) } }
    registry.connect("s1", scene: "main")
    registry.activate("s1")
    registry.connect("s2", scene: "note-editor", value: ["id": .string(Self.noteID)])
    registry.update("s2", preferring: [Self.noteID], allowing: [])
    registry.update("s2", preferring: [Self.noteID], allowing: [])  // the same again: nobody is told
    registry.activate("s2")
    registry.setContext("editor service of s2", for: EditorServiceKey.self, session: "s2")
    #expect(log.changes.withLock { $0.count } == 5)

    let event = try EventReader.read(line: "notes://note/\(Self.noteID)").get()
    let decision = DecisionEngine.decide(event, router: router, state: registry.state)
    #expect(decision.outcome == .front)
    #expect(decision.receiver?.session == "s2")
    #expect(
      registry.context(EditorServiceKey.self, session: decision.receiver?.session ?? "") == "editor service of s2")
  }

  @Test func oneRouterManyTasksOneScratchEach() async throws {
    let router = try Self.loadNotes()
    let urls = (0..<1_000).map { $0 % 2 == 0 ? "notes://tag/t\($0)" : "notes://nowhere/\($0)" }
    let matched = await withTaskGroup(of: Int.self) { group in
      for chunk in stride(from: 0, to: urls.count, by: 250).map({ urls[$0..<min($0 + 250, urls.count)] }) {
        group.addTask {
          var scratch = MatchScratch()  // per task: never shared
          return chunk.reduce(0) { count, url in count + (router.matchRoute(url: url, scratch: &scratch) == nil ? 0 : 1)
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(matched == 500)
  }
}
