import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// One compiled router, shared by 8 tasks at once, gives exactly the serial results.
///
/// `CompiledRouter` is an immutable `Sendable` value; each task keeps its own ``MatchScratch``.
/// The tasks share 12,000 events (task k takes every 8th from k), so that they route different
/// inputs at the same moment, and every answer (the full decision record, and
/// the rule of the allocation-free ``CompiledRouter/matchRoute(url:scratch:)``) is compared with
/// the serial run. Run it under `swift test --sanitize=thread` too (`.ci/run` does).
@Suite struct ConcurrencyTests {
  static let taskCount = 8
  static let eventCount = 12_000

  /// Lines for the Notes table: its fixture events, URLs built for its routes, and generated
  /// hostile URLs (many refused, some matching).
  static func lines() throws -> [String] {
    let fixture = try String(contentsOfFile: FixturePaths.fixtures + "/Notes/events.txt", encoding: .utf8)
      .split(separator: "\n").map(String.init)
    var rng = SeededGenerator(seed: 0xC0C0_2026)
    var urlGenerator = URLGenerator(seed: 0xC0C0_2027)
    let ids = ["6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", "not-a-uuid"]
    var lines: [String] = []
    while lines.count < eventCount {
      let id = ids[Int.random(in: 0..<ids.count, using: &rng)]
      let word = ["work", "a%20b", "caf%C3%A9", "x/y", ""][Int.random(in: 0..<5, using: &rng)]
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: lines.append(fixture[Int.random(in: 0..<fixture.count, using: &rng)])
      case 1: lines.append("notes://note/\(id)")
      case 2: lines.append("https://notes.example.com/n/\(id)/attachments/\(word)")
      case 3: lines.append("notes://tag/\(word)")
      case 4: lines.append("notes://search?q=\(word)&q=2")
      default: lines.append(urlGenerator.url())
      }
    }
    return lines
  }

  /// The decision record and the matched rule of one line, as text.
  static func answer(_ line: String, _ router: CompiledRouter, _ scratch: inout MatchScratch) -> String {
    let result = EventReader.read(line: line).map { event in
      (event: event, decision: DecisionEngine.decide(event, router: router))
    }
    var out: [UInt8] = []
    DecisionRecord(line: 1, input: line, result: result).appendJSON(to: &out, explain: false)
    let rule = router.matchRoute(url: line, scratch: &scratch).map(String.init) ?? "-"
    return String(decoding: out, as: UTF8.self) + " rule=" + rule
  }

  @Test func eightTasksGiveExactlyTheSerialResults() async throws {
    let loaded = TableLoader.load(contentsOf: FixturePaths.notesTable)
    let table = try #require(loaded.table)
    let router = try #require(RouteCompiler.compile(table).router)
    let lines = try Self.lines()
    var scratch = MatchScratch()
    let serial = lines.map { Self.answer($0, router, &scratch) }
    #expect(serial.filter { $0.contains(#""rule":"#) }.count > 2_000, "enough lines match a rule")
    #expect(serial.filter { $0.contains(#""outcome":"error""#) }.count > 500, "enough lines are refused")

    let results = await withTaskGroup(of: (Int, [String]).self) { group in
      for task in 0..<Self.taskCount {
        group.addTask {
          var scratch = MatchScratch()
          var answers: [String] = []
          for index in stride(from: task, to: lines.count, by: Self.taskCount) {
            answers.append(Self.answer(lines[index], router, &scratch))
          }
          return (task, answers)
        }
      }
      var all: [(Int, [String])] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == Self.taskCount)
    var answered = 0
    for (task, answers) in results {
      let expected = Array(stride(from: task, to: lines.count, by: Self.taskCount).map { serial[$0] })
      answered += answers.count
      let differing = zip(answers, expected).enumerated().filter { $0.element.0 != $0.element.1 }
        .map { task + $0.offset * Self.taskCount }
      #expect(
        differing.isEmpty,
        "task \(task) differs from the serial run on lines \(differing.prefix(10)): \(differing.first.map { lines[$0] } ?? "")"
      )
    }
    #expect(answered == lines.count)
  }
}
