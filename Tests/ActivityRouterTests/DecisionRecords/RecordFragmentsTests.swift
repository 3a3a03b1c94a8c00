import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// A delivered route's record is written from a fragment the scratch keeps from line to line
/// (from the event's field to the parameters' key), replaced when another decision of the same
/// route slot comes: the bytes must be those written afresh, with the cache cold (a fresh
/// scratch for every line), warm (one scratch for every line, the lines twice) and after its
/// slots were taken by another table's decisions (one scratch for every fixture table in turn).
/// Every line is decided against the sessions the earlier lines left (since the last of every 48),
/// so receivers that are new, that exist and that receive all come.
@Suite struct RecordFragmentsTests {
  /// Every fixture table that compiles, with its name.
  static func routers() throws -> [(String, CompiledRouter)] {
    let paths = try FileManager.default.contentsOfDirectory(atPath: FixturePaths.fixtures).sorted().compactMap {
      app -> String? in
      let path = FixturePaths.path("Fixtures/\(app)/\(app).routes.json")
      return FileManager.default.fileExists(atPath: path) ? path : nil
    }
    var routers: [(String, CompiledRouter)] = []
    for path in paths {
      guard let table = TableLoader.load(contentsOf: path).table, let router = RouteCompiler.compile(table).router
      else { continue }
      routers.append((path, router))
    }
    return routers
  }

  /// The fixtures' URLs (every quoted string with `://` in a fixture file) and the Notes events.
  static func lines() throws -> [String] {
    var found = Set<String>()
    let root = FixturePaths.fixtures
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".json") {
      let text = try FixturePaths.text(root + "/" + file)
      for piece in text.split(separator: "\"") where piece.contains("://") && !piece.contains("\n") {
        found.insert(String(piece))
      }
    }
    return found.sorted() + (try FixturePaths.notesEventLines())
  }

  /// A line's record written afresh (through a ``DecisionRecord``, which keeps no fragment), and
  /// the decision, for the sessions.
  static func fresh(_ line: String, _ n: Int, _ router: CompiledRouter, _ state: SessionState, explains: Bool)
    -> ([UInt8], Decision?)
  {
    var text = line
    var out: [UInt8] = []
    var decision: Decision?
    text.withUTF8 { bytes in
      let record = DecisionRecord(line: n, utf8: bytes, router: router, state: state, explains: explains)
      record.appendJSON(to: &out, explain: explains)
      if case .success(let (_, made)) = record.result { decision = made }
    }
    return (out, decision)
  }

  /// The same line's record written in `scratch` (its fragments).
  static func kept(
    _ line: String, _ n: Int, _ router: CompiledRouter, _ state: SessionState, explains: Bool,
    scratch: inout MatchScratch
  ) -> [UInt8] {
    var text = line
    var out: [UInt8] = []
    text.withUTF8 {
      DecisionRecord.appendJSON(
        line: n, utf8: $0, router: router, state: state, explains: explains, scratch: &scratch, to: &out)
    }
    return out
  }

  /// Writes `lines` through `router` with `scratch` (a fresh one for each line when nil),
  /// against the sessions the lines leave, and returns the lines whose records differ from the
  /// fresh ones, and how many were delivered routes.
  static func compare(
    _ lines: [String], _ router: CompiledRouter, explains: Bool, scratch: inout MatchScratch?
  ) -> (mismatches: [String], delivered: Int) {
    var state = SessionState()
    var mismatches: [String] = []
    var delivered = 0
    for (i, line) in lines.enumerated() {
      let (expected, decision) = fresh(line, i + 1, router, state, explains: explains)
      var written: [UInt8]
      if scratch != nil {
        written = kept(line, i + 1, router, state, explains: explains, scratch: &scratch!)
      } else {
        var own = MatchScratch()
        written = kept(line, i + 1, router, state, explains: explains, scratch: &own)
      }
      if written != expected {
        mismatches.append(
          "\(line): \(String(decoding: written, as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))")
      }
      if String(decoding: expected, as: UTF8.self).contains(#""action":"deliver""#) { delivered += 1 }
      // The sessions start again every 48 lines: enough for new, existing and receiving
      // receivers to come, without a state that grows with every line (a decision that explains
      // itself reads every session).
      if let decision { state = (i + 1) % 48 == 0 ? SessionState() : state.applying(decision) }
    }
    return (mismatches, delivered)
  }

  @Test(arguments: [false, true])
  func coldAndWarmFragmentsWriteWhatAFreshRecordWrites(explains: Bool) throws {
    let lines = try Self.lines()
    var delivered = 0
    for (name, router) in try Self.routers() {
      var none: MatchScratch? = nil
      let cold = Self.compare(lines, router, explains: explains, scratch: &none)
      #expect(cold.mismatches.isEmpty, "\(name) cold: \(cold.mismatches.prefix(2))")
      // Warm: one scratch, the lines twice (the second time every fragment is in its slot).
      var shared: MatchScratch? = MatchScratch()
      let warm = Self.compare(lines + lines, router, explains: explains, scratch: &shared)
      #expect(warm.mismatches.isEmpty, "\(name) warm: \(warm.mismatches.prefix(2))")
      delivered += warm.delivered
    }
    // The comparison is about delivered routes: many lines must be.
    #expect(delivered > 100)
  }

  /// One scratch for every table in turn, a few lines each, many times: each table's route
  /// numbers are the others', so their fragments take one another's slots (eviction).
  @Test func fragmentsReplacedByAnotherTablesWriteWhatAFreshRecordWrites() throws {
    let lines = try Self.lines()
    let routers = try Self.routers()
    var shared: MatchScratch? = MatchScratch()
    var mismatches: [String] = []
    var delivered = 0
    for start in stride(from: 0, to: lines.count, by: 40) {
      let chunk = Array(lines[start..<min(start + 40, lines.count)])
      for (name, router) in routers {
        let result = Self.compare(chunk, router, explains: false, scratch: &shared)
        mismatches += result.mismatches.map { "\(name) \($0)" }
        delivered += result.delivered
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(2))")
    #expect(delivered > 100)
  }
}
