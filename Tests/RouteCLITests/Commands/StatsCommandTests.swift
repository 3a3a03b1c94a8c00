import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli stats merge`: the summaries of shards add up to the summary of one run over the
/// whole input, byte for byte, whatever the cut and the order; mistakes are positioned errors.
@Suite struct StatsCommandTests {
  /// The stats inputs of `RouteStatsTests` (every error kind, gated links), several times over.
  static let inputs = RouteStatsTests.inputs.map { ($0.table, Array(repeating: $0.lines, count: 3).flatMap { $0 }) }

  /// A temporary folder of the test's own.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stats-merge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `--stats` (with `--json` when asked) over `lines`.
  static func summary(_ table: String, _ lines: ArraySlice<String>, json: Bool) -> String {
    let input = lines.map { $0 + "\n" }.joined()
    return runRouteCLI(["route", table, "--stats"] + (json ? ["--json"] : []), stdin: input).stdout
  }

  @Test(arguments: [[1, 2], [5, 17, 40], [0, 0, 30], [3, 9, 12, 33, 60]])
  func shardsMergeIntoTheSummaryOfOneRun(cuts: [Int]) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (table, lines) in Self.inputs {
      let bounds = [0] + cuts.map { min($0, lines.count) } + [lines.count]
      var files: [String] = []
      for (k, (start, end)) in zip(bounds, bounds.dropFirst()).enumerated() {
        let path = folder.appendingPathComponent("shard\(k).json").path
        try Self.summary(table, lines[start..<max(start, end)], json: true).write(
          toFile: path, atomically: true, encoding: .utf8)
        files.append(path)
      }
      for json in [true, false] {
        let whole = Self.summary(table, lines[...], json: json)
        for order in [files, files.reversed()] {
          let merged = runRouteCLI(["stats", "merge", table] + order + (json ? ["--json"] : []))
          #expect(merged.status == .success, "\(merged.stderr)")
          #expect(merged.stderr.isEmpty)
          #expect(merged.stdout == whole, "\(table), cuts \(cuts), json \(json)")
        }
      }
    }
  }

  @Test func concatenatedSummariesOnStandardInputMergeToo() {
    let (table, lines) = Self.inputs[0]
    let shards = [lines[..<10], lines[10..<11], lines[11...]].map { Self.summary(table, $0, json: true) }
    let merged = runRouteCLI(["stats", "merge", table, "-", "--json"], stdin: shards.joined())
    #expect(merged.status == .success, "\(merged.stderr)")
    #expect(merged.stdout == Self.summary(table, lines[...], json: true))
  }

  @Test func everyMistakeIsAnErrorAtItsPositionAndNothingIsWritten() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.json").path
    try """
    {"lines":3,"events":{"url":3},"errors":{},"matched":3,"noRoute":0,"notForApp":{},"rules":{"nte":3}}

    {"lines":-1,"events":{},"errors":{},"matched":1,"noRoute":0,"notForApp":{},"rules":{"note":1},"extra":1}
    {"lines":1,"events":{"url":1},"errors":{},"matched":2,"noRoute":0,"notForApp":{},"rules":{"note":1}}
    [1]

    """.write(toFile: bad, atomically: true, encoding: .utf8)
    let good = folder.appendingPathComponent("good.json").path
    try Self.summary(FixturePaths.notesTableRelative, ["notes://tag/a"], json: true)
      .write(toFile: good, atomically: true, encoding: .utf8)
    let run = runRouteCLI(["stats", "merge", FixturePaths.notesTableRelative, bad, good, folder.path + "/missing.json"])
    #expect(run.status == .failure)
    #expect(run.stdout.isEmpty)
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.hasPrefix("error: ") }.map {
      String($0.dropFirst($0.hasPrefix(folder.path) ? folder.path.count + 1 : 0))
    }
    #expect(
      errors == [
        "bad.json:1:91: error: 'nte' is not a route of the table. Did you mean 'note'? [invalid-value]",
        "bad.json:3:95: error: unknown key 'extra' in a summary [unknown-key]",
        "bad.json:3:10: error: expected a count, a whole number from 0 to 9007199254740991 [invalid-value]",
        "bad.json:4:53: error: 'matched' is 2, but the routes' counts in 'rules' add up to 1 [invalid-value]",
        "bad.json:5:1: error: expected a summary object, found array [wrong-type]",
        "error: cannot read the route summary '\(folder.path)/missing.json': No such file or directory [unreadable-file]",
      ], "\(run.stderr)")
  }

  @Test func aFileOfAnotherKindIsNamedNotQuoted() {
    let run = runRouteCLI(["stats", "merge", FixturePaths.notesTableRelative, "Fixtures/Notes/events.txt"])
    #expect(run.status == .failure)
    #expect(run.stderr.contains("cannot be the route summary: it is not a JSON object"), "\(run.stderr)")
    let firstLine = (try? String(contentsOfFile: FixturePaths.notesEvents, encoding: .utf8))?.split(separator: "\n")
      .first
    #expect(firstLine.map { !run.stderr.contains($0) } ?? false)
  }

  @Test(arguments: [
    ["stats", "mrge", FixturePaths.notesTableRelative, "x.json"],
    ["stats", "merge", FixturePaths.notesTableRelative],
    ["stats", "merge", "-", "x.json"],
    ["stats", "merge", FixturePaths.notesTableRelative, "-", "-"],
  ])
  func usageErrorsExit64(arguments: [String]) {
    let run = runRouteCLI(arguments)
    #expect(run.status == .usageError, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }
}
