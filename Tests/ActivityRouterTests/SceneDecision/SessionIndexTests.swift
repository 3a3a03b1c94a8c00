import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import SceneDecision

/// The session index answers as a scan of every session would: random stateful runs over every
/// fixture table (and each tie-break order) decide the same with explanations (a step per
/// session, the scan) as without (the index), and the same from a state whose index was kept
/// up to date effect by effect as from one built afresh from its sessions.
@Suite struct SessionIndexTests {
  /// Every fixture table, with the events its fixtures' steps send.
  static func corpus() throws -> [(path: String, events: [String])] {
    var byTable: [String: [String]] = [:]
    let root = FixturePaths.fixtures
    let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
    for file in files.sorted() where file.hasSuffix(".fixture.json") {
      let path = root + "/" + file
      let object = try JSONSerialization.jsonObject(with: Data(try FixturePaths.bytes(path)))
      guard let fixture = object as? [String: Any], let table = fixture["table"] as? String,
        let steps = fixture["steps"] as? [[String: Any]]
      else { continue }
      let tablePath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(table)
        .standardized.path
      for step in steps {
        guard let event = step["event"] else { continue }
        if let line = event as? String {
          byTable[tablePath, default: []].append(line)
        } else {
          let data = try JSONSerialization.data(withJSONObject: ["event": event], options: [.sortedKeys])
          let text = String(decoding: data, as: UTF8.self)
          // {"event":{...}} -> {...}
          byTable[tablePath, default: []].append(String(text.dropFirst(9).dropLast()))
        }
      }
    }
    return byTable.keys.sorted().map { ($0, byTable[$0]!) }
  }

  /// Events that open, close, move and re-set windows of the table's scenes.
  static func windowEvents(_ table: RouteTable, _ rng: inout SeededGenerator) -> String {
    let ids = table.scenes.map(\.id)
    let id = ids.randomElement(using: &rng) ?? "main"
    let session = "s\(Int.random(in: 1...12, using: &rng))"
    let value = Int.random(in: 0...5, using: &rng)
    switch Int.random(in: 0..<10, using: &rng) {
    case 0, 1: return #"{"openWindow": {"id": "\#(id)", "value": \#(value)}}"#
    case 2: return #"{"openWindow": {"id": "\#(id)"}}"#
    case 3: return #"{"dismissWindow": {"value": \#(value)}}"#
    case 4: return #"{"session": {"activate": "\#(session)"}}"#
    case 5: return #"{"session": {"background": "\#(session)"}}"#
    case 6: return #"{"session": {"update": "\#(session)", "allowing": ["*"], "preferring": []}}"#
    case 7: return #"{"session": {"update": "\#(session)", "preferring": ["\#(id)"], "allowing": []}}"#
    case 8: return #"{"session": {"update": "\#(session)", "value": \#(value)}}"#
    default: return #"{"session": {"close": "\#(session)"}}"#
    }
  }

  static func decide(_ line: String, _ router: CompiledRouter, _ state: SessionState, explains: Bool) -> Decision? {
    var bytes = Array(line.utf8)
    let record = bytes.withUnsafeMutableBufferPointer {
      DecisionRecord(line: 1, utf8: UnsafeBufferPointer($0), router: router, state: state, explains: explains)
    }
    guard case .success(let (_, decision)) = record.result else { return nil }
    return decision
  }

  @Test func theIndexDecidesAsTheScanDoes() throws {
    let orders: [[ScenePolicies.TieBreak]] = [
      [.foreground, .recent, .oldest], [.recent, .foreground, .oldest], [.oldest], [.newest, .foreground], [],
    ]
    var rng = SeededGenerator(seed: 0x5E55_1015)
    var compared = 0
    var withOpenSessions = 0
    for (path, fixtureEvents) in try Self.corpus() {
      let loaded = TableLoader.load(contentsOf: path)
      guard var table = loaded.table else { continue }
      for ties in orders {
        table.policies.ties = ties
        let router = try #require(RouteCompiler.compile(table).router)
        var state = SessionState()
        for _ in 0..<60 {
          let line =
            Bool.random(using: &rng)
            ? fixtureEvents.randomElement(using: &rng)! : Self.windowEvents(table, &rng)
          let explained = Self.decide(line, router, state, explains: true)
          let fast = Self.decide(line, router, state, explains: false)
          // A state without its index (as after a change made through `sessions`).
          var rebuilt = state
          rebuilt.sessions = state.sessions
          #expect(rebuilt.index == nil)
          let fromScratch = Self.decide(line, router, rebuilt, explains: false)
          guard var explained, let fast else {
            #expect(fast == nil && explained == nil, "\(path) \(line)")
            continue
          }
          explained.message = ""
          explained.trace = []
          #expect(fast == explained, "\(path) ties \(ties): \(line) with \(state.sessions.count) sessions")
          #expect(fromScratch == fast, "\(path) ties \(ties): \(line)")
          compared += 1
          if !state.sessions.isEmpty { withOpenSessions += 1 }
          state.apply(fast)
          // The index kept effect by effect is the index built afresh.
          let fresh = SessionState(sessions: state.sessions)
          #expect(state.session("s1") == fresh.session("s1"))
          for scene in table.scenes.map(\.id) {
            #expect(state.sessions(of: scene) == fresh.sessions(of: scene))
          }
        }
      }
    }
    #expect(compared > 1_000)
    #expect(withOpenSessions > 500)
  }

  @Test func applyingInPlaceIsApplying() throws {
    let table = try #require(TableLoader.load(contentsOf: FixturePaths.notesTable).table)
    let router = try #require(RouteCompiler.compile(table).router)
    var state = SessionState()
    var copied = SessionState()
    for n in 0..<200 {
      let line = "notes://note/\(String(format: "%08X", n % 37))-0000-4000-8000-000000000000"
      let decision = try #require(Self.decide(line, router, state, explains: false))
      copied = copied.applying(decision)
      state.apply(decision)
      #expect(state == copied)
    }
    #expect(state.sessions.count == 38)  // the list window, then 37 distinct notes
  }
  /// An activation of the one foreground-active session leaves it at the front of its queue
  /// without a move only while its last activation does not go back: with the clock set back
  /// by hand, it moves behind the sessions activated later, as in an index built afresh.
  @Test func activatingTheActiveSessionKeepsItsQueueInOrder() {
    let sessions = [
      Session(id: "s1", scene: "main", state: .foregroundActive, lastActivated: 10, created: 1),
      Session(id: "s2", scene: "main", state: .foregroundInactive, lastActivated: 9, created: 2),
      Session(id: "s3", scene: "main", state: .background, lastActivated: 8, created: 3),
    ]
    let orders: [[ScenePolicies.TieBreak]] = [[.recent], [.foreground, .recent], [.newest], [.oldest, .recent], []]
    for ties in orders {
      var policies = ScenePolicies()
      policies.ties = ties
      var state = SessionState(sessions: sessions)
      state.indexSessions(for: policies)
      for (clock, id) in [(20, "s1"), (0, "s1"), (30, "s2"), (0, "s2"), (1, "s2"), (40, "s3"), (2, "s1")] {
        state.clock = clock
        var effects = SessionEffects()
        effects.appendActivate(id)
        state.apply(effects)
        let fresh = SessionIndex(state.storage, ties: ties)
        #expect(state.index?.bestPlain(of: "main") == fresh.bestPlain(of: "main"), "ties \(ties), \(id) at \(clock)")
        #expect(state.index?.active == fresh.active)
      }
    }
  }
}
