import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Every fixture table (Forge, the largest, included), compiled at the same time by different
/// tasks, and each router shared by tasks that decide against open sessions, route in bulk and
/// build URLs back (reverse routing) at once: every answer is the serial one. CI runs it under
/// ThreadSanitizer (`.ci/run`, the library's tests), which reports any data race on the way.
@Suite struct ConcurrentTablesTests {
  static let apps = ["Forge", "Mail", "Notes", "Tasks"]
  static let taskCount = 8

  /// The URL events of an app's fixtures, each also with a query and a trailing slash added.
  static func lines(_ app: String) throws -> [String] {
    let directory = FixturePaths.fixtures + "/\(app)/fixtures"
    var events: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    where file.hasSuffix(".fixture.json") {
      let data = try #require(FileManager.default.contents(atPath: directory + "/" + file))
      let fixture = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      for step in fixture["steps"] as? [[String: Any]] ?? [] {
        if let event = step["event"] as? String { events.append(event) }
      }
    }
    return events + events.map { $0 + "?x=1" } + events.map { $0 + "/" }
  }

  /// A table compiled, its lines, and the open sessions a stateful run of them leaves.
  struct Loaded: Sendable {
    var app: String
    var router: CompiledRouter
    var lines: [String]
    var sessions: SessionState
  }

  static func load(_ app: String) throws -> Loaded {
    let table = try #require(TableLoader.load(contentsOf: FixturePaths.fixtures + "/\(app)/\(app).routes.json").table)
    let router = try #require(RouteCompiler.compile(table).router)
    let lines = try Self.lines(app)
    var state = SessionState()
    for line in lines {
      if case .success(let event) = EventReader.read(line: line) {
        state = state.applying(DecisionEngine.decide(event, router: router, state: state))
      }
    }
    return Loaded(app: app, router: router, lines: lines, sessions: state)
  }

  /// Everything one line gives: the explained record against the open sessions, the matched
  /// route, and the URL built back from the match's parameters (or why it could not be).
  static func answers(_ line: String, _ loaded: Loaded, _ scratch: inout MatchScratch) -> String {
    let router = loaded.router
    let result = EventReader.read(line: line).map { event in
      (event: event, decision: DecisionEngine.decide(event, router: router, state: loaded.sessions))
    }
    var out: [UInt8] = []
    DecisionRecord(line: 1, input: line, result: result).appendJSON(to: &out, explain: true)
    let rule = router.matchRoute(url: line, scratch: &scratch).map(String.init) ?? "-"
    var reverse = "-"
    if case .success(let match?) = router.match(url: line) {
      var parameters: [String: String] = [:]
      for key in match.parameters.keys {
        switch match.parameters[key] {
        case .string(let text)?: parameters[key] = text
        case let value?: parameters[key] = "\(value)"
        case nil: break
        }
      }
      do {
        reverse = try router.url(for: match.routeName, parameters: parameters, pattern: match.pattern)
      } catch {
        reverse = "error: \(error)"
      }
    }
    return String(decoding: out, as: UTF8.self) + " rule=" + rule + " url=" + reverse
  }

  /// The bulk output of lines `indices` against the open sessions.
  static func bulk(_ loaded: Loaded, _ indices: some Sequence<Int>) -> [UInt8] {
    var bulk = BulkRouter(router: loaded.router, state: loaded.sessions)
    var out: [UInt8] = []
    for index in indices {
      var line = loaded.lines[index]
      line.withUTF8 { bulk.appendRecord(line: index + 1, utf8: $0, to: &out) }
    }
    return out
  }

  @Test func tablesCompiledAtOnceAndSharedGiveExactlyTheSerialAnswers() async throws {
    // Serial: each table compiled, every line answered, and the bulk output.
    var serial: [String: (answers: [String], bulk: [UInt8])] = [:]
    var serialSessions: [String: SessionState] = [:]
    for app in Self.apps {
      let loaded = try Self.load(app)
      serialSessions[app] = loaded.sessions
      var scratch = MatchScratch()
      serial[app] = (loaded.lines.map { Self.answers($0, loaded, &scratch) }, Self.bulk(loaded, loaded.lines.indices))
    }
    let forge = try #require(serial["Forge"])
    #expect(forge.answers.count > 300, "the largest table has many lines")
    #expect(
      forge.answers.filter { $0.contains(" url=") && !$0.contains(" url=-") && !$0.contains("url=error") }.count > 100)
    let notes = try Self.load("Notes")
    #expect(!notes.sessions.sessions.isEmpty, "the decisions run against open sessions")

    // Concurrent compiles: two tasks for each table, all at once.
    let compiled = try await withThrowingTaskGroup(of: Loaded.self) { group in
      for app in Self.apps + Self.apps { group.addTask { try Self.load(app) } }
      var all: [Loaded] = []
      for try await loaded in group { all.append(loaded) }
      return all
    }
    #expect(compiled.count == 2 * Self.apps.count)
    for loaded in compiled {
      #expect(loaded.sessions == serialSessions[loaded.app], "\(loaded.app): the stateful run of a concurrent compile")
    }

    // Each router shared by 8 tasks: answers and bulk output of interleaved lines.
    let routers = Dictionary(compiled.map { ($0.app, $0) }, uniquingKeysWith: { first, _ in first })
    let results = await withTaskGroup(of: (String, Int, [String], [UInt8]).self) { group in
      for app in Self.apps {
        let loaded = routers[app]!
        for task in 0..<Self.taskCount {
          group.addTask {
            var scratch = MatchScratch()
            let indices = Array(stride(from: task, to: loaded.lines.count, by: Self.taskCount))
            let answers = indices.map { Self.answers(loaded.lines[$0], loaded, &scratch) }
            return (app, task, answers, Self.bulk(loaded, indices))
          }
        }
      }
      var all: [(String, Int, [String], [UInt8])] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == Self.apps.count * Self.taskCount)
    for (app, task, answers, bulk) in results {
      let expected = try #require(serial[app])
      let indices = Array(stride(from: task, to: expected.answers.count, by: Self.taskCount))
      let differing = zip(answers, indices.map { expected.answers[$0] }).enumerated().filter {
        $0.element.0 != $0.element.1
      }
      #expect(differing.isEmpty, "\(app), task \(task): \(differing.count) answers differ from the serial run")
      let serialBulk = Self.bulk(routers[app]!, indices)
      #expect(bulk == serialBulk, "\(app), task \(task): the bulk output differs")
    }
    // The bulk output of the whole input, from interleaved tasks, is the serial one line by line.
    for app in Self.apps {
      let expected = try #require(serial[app]).bulk
      #expect(Self.bulk(routers[app]!, routers[app]!.lines.indices) == expected, "\(app): a shared router changed")
    }
  }
}
