import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import SceneDecision

/// Closing a session leaves a hole in the state's storage (its slot, until the holes outnumber
/// the open sessions and the storage is compacted): a state with sessions opened and closed
/// effect by effect is, in every way it can be read, the state built from scratch from the
/// sessions left open (its sessions, its lookups, its session file, its hash, and the
/// decisions taken against it).
@Suite struct SessionClosingTests {
  static let scenes = ["main", "note-editor"]

  /// The sessions as closing removed them before holes: every session of the id, at once.
  struct Model {
    var sessions: [Session] = []
    var clock = 0
    var next = 1

    /// The state built from scratch: the sessions, then the clock and the next number as kept.
    var state: SessionState {
      var state = SessionState(sessions: sessions)
      state.clock = clock
      state.nextSessionNumber = next
      return state
    }

    mutating func apply(_ effect: SessionEffect) {
      if case .close(let id) = effect {
        sessions.removeAll { $0.id == id }
        return
      }
      var state = self.state
      state.apply(effect)
      sessions = state.sessions
      clock = state.clock
      next = state.nextSessionNumber
    }
  }

  static func uuid(_ n: Int) -> String { "\(n)0000000-0000-4000-8000-000000000000" }

  /// A new session, numbered and stamped as a decision makes it.
  static func created(_ state: SessionState, _ rng: inout SeededGenerator) -> SessionEffect {
    let scene = scenes.randomElement(using: &rng)!
    let value: JSONValue? = Bool.random(using: &rng) ? ["id": .string(uuid(Int.random(in: 0..<4, using: &rng)))] : nil
    let clock = state.clock + 1
    return .create(
      Session(
        id: "s\(state.nextSessionNumber)", scene: scene, value: value, valueType: value == nil ? nil : "NoteID",
        preferring: Int.random(in: 0..<6, using: &rng) == 0 ? ["note-editor"] : nil, state: .foregroundActive,
        lastActivated: clock, created: clock))
  }

  /// An effect on a random open session (or a close of an unknown one).
  /// Opens `count` new sessions in both the state and the model.
  static func open(_ count: Int, _ state: inout SessionState, _ model: inout Model, _ rng: inout SeededGenerator) {
    for _ in 0..<count {
      let effect = created(state, &rng)
      state.apply(effect)
      model.apply(effect)
    }
  }

  static func changed(_ state: SessionState, _ rng: inout SeededGenerator) -> SessionEffect {
    guard let id = state.sessions.randomElement(using: &rng)?.id else { return .close("s999") }
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return .activate(id)
    case 1: return .setState(id, .background)
    case 2: return .update(id, SessionUpdate(value: .some(["id": .string(uuid(Int.random(in: 0..<4, using: &rng)))])))
    case 3: return .update(id, SessionUpdate(allowing: ["*"]))
    case 4: return .close("s999")
    default: return .close(id)
    }
  }

  /// Events of the Notes table that read the open sessions: links to notes (by value), closes,
  /// new notes, and window actions.
  static let events = [
    "notes://note/\(uuid(1))", "notes://note/\(uuid(2))/close", "notes://new?title=x", "notes://search?q=a",
    #"{"openWindow": {"id": "note-editor", "value": {"id": "\#(uuid(3))"}}}"#,
    #"{"dismissWindow": {"id": "note-editor"}}"#, #"{"dismissWindow": {"value": {"id": "\#(uuid(0))"}}}"#,
    #"{"openWindow": {"id": "main"}}"#, #"{"session": {"activate": "s3"}}"#,
  ]

  /// The two states read the same in every way, and decide the same.
  static func expectSame(
    _ state: SessionState, _ expected: SessionState, _ routers: [CompiledRouter], _ note: String
  ) {
    #expect(state == expected, "\(note)")
    #expect(state.sessions == expected.sessions, "\(note)")
    #expect(state.hashValue == expected.hashValue, "\(note)")
    #expect(state.sessionCount == expected.sessions.count, "\(note)")
    #expect(state.jsonText() == expected.jsonText(), "\(note)")
    for n in 1..<state.nextSessionNumber + 1 { #expect(state.session("s\(n)") == expected.session("s\(n)"), "\(note)") }
    for scene in scenes { #expect(state.sessions(of: scene) == expected.sessions(of: scene), "\(note)") }
    // At most as many holes as open sessions: no storage without an open session.
    #expect(state.storage.count <= 2 * state.sessionCount, "\(note)")
    for router in routers {
      for event in events {
        for explains in [false, true] {
          let decided = SessionIndexTests.decide(event, router, state, explains: explains)
          let fromScratch = SessionIndexTests.decide(event, router, expected, explains: explains)
          #expect(decided == fromScratch, "\(note): \(event)")
          if let decided {
            #expect(state.applying(decided) == expected.applying(decided), "\(note): \(event)")
          }
        }
      }
    }
  }

  /// The Notes table, in its tie-break order and in another one (whose decisions read an index
  /// made from the state's, its holes and all).
  static func routers() throws -> [CompiledRouter] {
    var table = try #require(TableLoader.load(contentsOf: FixturePaths.notesTable).table)
    let own = try #require(RouteCompiler.compile(table).router)
    table.policies.ties = [.oldest, .foreground]
    return [own, try #require(RouteCompiler.compile(table).router)]
  }

  @Test func openingAndClosingIsBuildingFromScratch() throws {
    let routers = try Self.routers()
    var rng = SeededGenerator(seed: 0xC105_E5)
    var state = SessionState()
    var model = Model()
    var holes = 0
    var compactions = 0
    for step in 0..<400 {
      // Mostly opening, then mostly closing, in turn: the holes grow past the open sessions
      // (a compaction) several times.
      let opens = [3, 0, 2, 0][step / 50 % 4]
      let effect =
        Int.random(in: 0..<4, using: &rng) < opens ? Self.created(state, &rng) : Self.changed(state, &rng)
      let (slots, holesBefore) = (state.storage.count, state.holes)
      state.apply(effect)
      model.apply(effect)
      if state.holes == holesBefore + 1 { holes += 1 }
      if state.storage.count < slots { compactions += 1 }
      if step % 10 == 0 || state.holes > 0 && step % 3 == 0 {
        Self.expectSame(state, model.state, routers, "step \(step) \(effect)")
      } else {
        #expect(state == model.state, "step \(step) \(effect)")
      }
    }
    #expect(holes > 50)
    #expect(compactions > 3)
  }

  @Test func closingEverythingLeavesNoSlot() throws {
    let routers = try Self.routers()
    var rng = SeededGenerator(seed: 0xA11)
    var state = SessionState()
    var model = Model()
    Self.open(40, &state, &model, &rng)
    // Oldest first, then the rest newest first: holes, compactions, and at last none open.
    let ids = state.sessions.map(\.id)
    for id in ids.prefix(20) + ids.dropFirst(20).reversed() {
      state.apply(.close(id))
      model.apply(.close(id))
      #expect(state == model.state, "closing \(id)")
      #expect(state.session(id) == nil)
    }
    #expect(state.sessions.isEmpty && state.storage.isEmpty && state.holes == 0)
    Self.expectSame(state, model.state, routers, "every session closed")
    // A close of an id never open, or closed already, changes nothing.
    let before = state
    state.apply(.close("s1"))
    state.apply(.close("s12345"))
    #expect(state == before)
    // And the state opens again.
    Self.open(5, &state, &model, &rng)
    Self.expectSame(state, model.state, routers, "reopened")
  }

  @Test func theSessionsSetterAfterHoles() throws {
    let routers = try Self.routers()
    var rng = SeededGenerator(seed: 0x5E7)
    var state = SessionState()
    var model = Model()
    Self.open(12, &state, &model, &rng)
    for id in ["s2", "s5", "s11"] {
      state.apply(.close(id))
      model.apply(.close(id))
    }
    #expect(state.holes == 3)
    // Changed in place (`_modify`): the holes go, and so does the index.
    state.sessions[0].state = .background
    model.sessions[0].state = .background
    #expect(state.index == nil && state.storage.count == 9)
    Self.expectSame(state, model.state, routers, "after _modify")
    // Applying builds the index again; more holes; then the setter.
    for id in ["s3", "s7"] {
      state.apply(.close(id))
      model.apply(.close(id))
    }
    #expect(state.holes == 2)
    state.sessions = state.sessions
    #expect(state.index == nil && state.storage.count == 7)
    Self.expectSame(state, model.state, routers, "after the setter")
    let effect = Self.created(state, &rng)
    state.apply(effect)
    model.apply(effect)
    Self.expectSame(state, model.state, routers, "after the setter and a new session")
  }

  /// A stateful run over Notes lines that open windows and close earlier ones: the session
  /// file it leaves is the one of the sessions built from scratch, and its records are those
  /// of a run that starts each line from a state built from scratch.
  @Test func aStatefulRunWithClosesIsARunFromScratch() throws {
    let router = try Self.routers()[0]
    var lines: [String] = []
    for i in 0..<60 {
      lines.append("notes://note/\(Self.uuid(i % 9))")
      lines.append("notes://new?title=n\(i)")
      if i % 2 == 1 { lines.append("notes://note/\(Self.uuid((i / 2) % 9))/close") }
    }
    var run = LineRouter(router: router, options: .init(format: .json, stateful: true))
    var fromScratch = SessionState()
    var holes = 0
    for (n, line) in lines.enumerated() {
      var out: [UInt8] = []
      run.route(line: n + 1, text: line, into: &out)
      var expected: [UInt8] = []
      var once = LineRouter(router: router, sessions: fromScratch, options: .init(format: .json, stateful: true))
      once.route(line: n + 1, text: line, into: &expected)
      #expect(out == expected, "line \(n + 1): \(line)")
      let kept = once.sessions
      fromScratch = SessionState(sessions: kept.sessions)
      fromScratch.clock = kept.clock
      fromScratch.nextSessionNumber = kept.nextSessionNumber
      #expect(run.sessions == fromScratch)
      #expect(run.sessions.jsonText() == fromScratch.jsonText())
      holes = max(holes, run.sessions.holes)
    }
    #expect(holes > 5)
  }
}
