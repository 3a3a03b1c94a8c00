import ActivityRouter
import ActivityRouterTestSupport
import CommandSupport
import Foundation
import Testing

/// The whole observable output of the bundled corpus, byte for byte, against golden files under
/// `Goldens/corpus/`: what holds a refactoring to "nothing a user sees changed".
///
/// - Every step of every fixture under `Fixtures/`, decided statefully as `route-cli test` does,
///   written as NDJSON with the explanation and as text, and the open sessions after it.
/// - `route-cli route` over each bundled route table, with every event line the corpus has for
///   that table (`Fixtures/Notes/events.txt` and the steps of the fixtures that name the table),
///   in each output mode: records with and without `--json`, `--explain`, `--stateful`,
///   `--no-line`, and `--stats`; stdout, stderr and the exit status.
/// - `route-cli check` on each table, and `route-cli test Fixtures` in text and JSON.
///
/// `RECORD_GOLDENS=1 swift test --filter CorpusGoldenTests` rewrites the goldens (and fails).
@Suite struct CorpusGoldenTests {
  /// A group of fixtures (a folder under `Fixtures/`), one golden each.
  struct FixtureGroup: CustomTestStringConvertible, Sendable {
    var folder: String
    var files: [String]
    var testDescription: String { folder }
    var golden: String { "corpus/fixtures-" + folder.replacingOccurrences(of: "/", with: "-") + ".txt" }
  }

  static let fixtureRoot = FixturePaths.path("Fixtures")

  static let fixtureFiles: [String] = {
    let paths = FileManager.default.enumerator(atPath: fixtureRoot)?.compactMap { $0 as? String } ?? []
    return paths.filter { $0.hasSuffix(".fixture.json") }.sorted()
  }()

  static let fixtureGroups: [FixtureGroup] = {
    var groups: [String: [String]] = [:]
    for file in fixtureFiles {
      let parts = file.split(separator: "/").map(String.init)
      // Fixtures/Semantics/S/x.fixture.json → Semantics/S; Fixtures/Notes/fixtures/x → Notes.
      let folder = parts[0] == "Semantics" ? parts[0] + "/" + parts[1] : parts[0]
      groups[folder, default: []].append(file)
    }
    return groups.keys.sorted().map { FixtureGroup(folder: $0, files: groups[$0]!) }
  }()

  @Test(arguments: fixtureGroups)
  func everyFixtureStepDecidesAsBefore(_ group: FixtureGroup) throws {
    var out = ""
    for file in group.files {
      out += "=== \(file)\n"
      switch FixtureLoader.load(contentsOf: Self.fixtureRoot + "/" + file) {
      case .failure(let failure):
        out += DiagnosticRenderer(sources: failure.sources).render(failure.diagnostics) + "\n"
      case .success(let fixture):
        var state = fixture.initialState
        for (index, step) in fixture.steps.enumerated() {
          var line = step.event
          let result = line.withUTF8 { EventReader.read(utf8: $0) }
            .map { (event: $0, decision: DecisionEngine.decide($0, router: fixture.router, state: state)) }
          if case .success(let r) = result { state = state.applying(r.decision) }
          let record = DecisionRecord(line: index + 1, input: step.event, result: result)
          var json: [UInt8] = []
          record.appendJSON(to: &json, explain: true)
          var text: [UInt8] = []
          record.appendText(to: &text, explain: false)
          var sessions: [UInt8] = []
          JSONWriter.append(state.json, to: &sessions)
          out += String(decoding: json, as: UTF8.self) + String(decoding: text, as: UTF8.self)
          out += "sessions " + String(decoding: sessions, as: UTF8.self) + "\n"
        }
      }
    }
    Golden.expect(Self.portable(out), named: group.golden)
  }

  /// A bundled route table and every event line the corpus has for it.
  struct TableEvents: CustomTestStringConvertible, Sendable {
    var table: String
    var lines: [String]
    var testDescription: String { table }
    var name: String { String(table.split(separator: "/").last!.split(separator: ".").first!) }
  }

  static let tables: [TableEvents] = {
    let paths = FileManager.default.enumerator(atPath: fixtureRoot)?.compactMap { $0 as? String } ?? []
    let tableFiles = paths.filter { $0.hasSuffix(".routes.json") }.sorted()
    var lines: [String: [String]] = [:]
    for file in fixtureFiles {
      guard case .success(let fixture) = FixtureLoader.load(contentsOf: fixtureRoot + "/" + file),
        let path = fixture.tablePath
      else { continue }
      let relative = String(path.dropFirst(fixtureRoot.count + 1))
      lines[relative, default: []] += fixture.steps.map(\.event)
    }
    return tableFiles.map { file in
      var events: [String] = []
      let eventsFile = fixtureRoot + "/" + file.split(separator: "/").dropLast().joined(separator: "/") + "/events.txt"
      if let text = try? String(contentsOfFile: eventsFile, encoding: .utf8) {
        events += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
      }
      events += lines[file] ?? []
      return TableEvents(table: "Fixtures/" + file, lines: events)
    }
  }()

  static let routeModes: [[String]] = [
    [], ["--json"], ["--json", "--explain"], ["--json", "--stateful"], ["--stateful", "--explain"],
    ["--json", "--no-line"], ["--no-line"], ["--stats"], ["--stats", "--json"],
  ]

  @Test(arguments: tables)
  func routeWritesWhatItWroteBefore(_ table: TableEvents) {
    var out = ""
    let stdin = table.lines.joined(separator: "\n") + "\n"
    for mode in Self.routeModes {
      let run = runRouteCLI(["route", table.table] + mode, stdin: stdin)
      out += "=== route \(table.table) \(mode.joined(separator: " ")): status \(run.status.rawValue)\n"
      out += run.stdout
      if !run.stderr.isEmpty { out += "--- stderr\n" + run.stderr }
    }
    let check = runRouteCLI(["check", table.table])
    out += "=== check \(table.table): status \(check.status.rawValue)\n" + check.stdout + check.stderr
    let checkJSON = runRouteCLI(["check", table.table, "--json"])
    out += "=== check --json: status \(checkJSON.status.rawValue)\n" + checkJSON.stdout + checkJSON.stderr
    Golden.expect(Self.portable(out), named: "corpus/route-\(table.name).txt")
  }

  @Test func testOverTheWholeCorpusReportsAsBefore() {
    var out = ""
    for mode in [[], ["--json"], ["--coverage"]] {
      let run = runRouteCLI(["test", "Fixtures"] + mode)
      out +=
        "=== test Fixtures \(mode.joined(separator: " ")): status \(run.status.rawValue)\n" + run.stdout + run.stderr
    }
    Golden.expect(Self.portable(Self.withoutTimings(out)), named: "corpus/test-Fixtures.txt")
  }

  @Test func theCorpusHasWhatTheGoldensAreAbout() {
    #expect(Self.fixtureGroups.count >= 10)
    #expect(Self.tables.count >= 4)
    #expect(Self.tables.allSatisfy { !$0.lines.isEmpty })
  }

  /// The text with the package root written as `<root>`, so that a checkout elsewhere reads the
  /// same goldens (AASA locations in messages name their file).
  static func portable(_ text: String) -> String {
    text.replacingOccurrences(of: FixturePaths.packageRoot, with: "<root>")
  }

  /// Durations (`0.12 s`, `"time":0.12`) replaced by a placeholder: they are not output the
  /// refactoring must keep.
  static func withoutTimings(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let range = rest.range(of: #"[0-9]+\.[0-9]+ ?(s|ms)\b"#, options: .regularExpression) {
      out += rest[..<range.lowerBound] + "<time>"
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
