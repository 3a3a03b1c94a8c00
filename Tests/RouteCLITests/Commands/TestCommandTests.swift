import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `route-cli test`: a fixture that must fail fails with the right diff, `--update` round-trips,
/// JUnit XML reads back with the right counts, coverage and `--min-coverage`.
@Suite struct TestCommandTests {
  static let noteID = "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"

  /// A fixture on the Notes table with two steps; the second expects the wrong outcome.
  static func fixture(secondOutcome: String) -> String {
    """
    {
      "name": "two steps",
      "table": "\(FixturePaths.notesTable)",
      "steps": [
        { "event": "notes://note/\(noteID)", "expect": { "outcome": "open", "scene": "note-editor" } },
        { "name": "tag", "event": "notes://tag/work",
          "expect": { "outcome": "\(secondOutcome)", "receiver": { "scene": "note-editor" } } }
      ]
    }
    """
  }

  @Test func aPassingFixturePasses() throws {
    let directory = try TemporaryDirectory()
    try directory.write("ok.fixture.json", Self.fixture(secondOutcome: "drop"))
    let run = runRouteCLI(["test", directory.path])
    #expect(run.status == .success)
    #expect(run.stdout == "1 fixture, 2 steps: 2 passed\n")
    #expect(run.stderr == "")
  }

  /// A route table named where a fixture is expected gets one error that says what it is and
  /// what to run, not one unknown-key error a key.
  @Test func aRouteTableIsNamedAsOneAndCheckIsSuggested() {
    let run = runRouteCLI(["test", "Fixtures/Notes/Notes.routes.json"])
    #expect(run.status == .failure)
    let text = run.stdout + run.stderr
    #expect(text.contains("Notes.routes.json:1:1: error: this is a route table, not a fixture"))
    #expect(text.contains("route-cli check"))
    #expect(!text.contains("unknown-key"))
  }

  /// On a terminal, each progress update reaches it at once (stderr is buffered), and the line
  /// is cleared, and that handed over, before the summary is written.
  @Test func progressOnATerminalIsHandedOverAtOnceAndClearedBeforeTheSummary() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.fixture.json", Self.fixture(secondOutcome: "drop"))
    try directory.write("b.fixture.json", Self.fixture(secondOutcome: "drop"))
    let log = DeliveryLog()
    let context = CommandContext(
      stdout: log.sink("out"), stderr: log.sink("err"), stdin: CommandContext.inMemory().context.stdin,
      stderrIsTerminal: true, currentDirectory: FixturePaths.packageRoot)
    let status = CommandLineTool.routeCLI.run(arguments: ["test", directory.path], context: context)
    #expect(status == .success)
    let delivered = log.deliveries
    let updates = delivered.filter { $0.stream == "err" && $0.text.contains("Running fixtures: ") }
    #expect(updates.map(\.text) == ["\r\u{1B}[2KRunning fixtures: 1/2", "\r\u{1B}[2KRunning fixtures: 2/2"])
    let clear = try #require(delivered.firstIndex { $0.stream == "err" && $0.text == "\r\u{1B}[2K" })
    let summary = try #require(delivered.firstIndex { $0.stream == "out" && $0.text.contains("2 fixtures") })
    #expect(clear < summary)
  }

  @Test func aFailingFixtureFailsWithTheDiff() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("bad.fixture.json", Self.fixture(secondOutcome: "deliver"))
    let run = runRouteCLI(["test", file])
    #expect(run.status == .failure)
    #expect(
      run.stdout == """
        ✗ \(file) — two steps
          step 2 "tag" (line 6): notes://tag/work
            - outcome: "deliver"
            + outcome: "drop"
        1 fixture, 2 steps: 1 passed, 1 failed

        """)
  }

  @Test func updateRewritesTheExpectationAndRoundTrips() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("bad.fixture.json", Self.fixture(secondOutcome: "deliver"))
    let update = runRouteCLI(["test", file, "--update"])
    #expect(update.status == .success)
    #expect(update.stderr.contains("step 2: outcome: \"deliver\" → \"drop\""))
    #expect(update.stderr.hasSuffix("1 fixture updated\n"))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains(#"{ "outcome": "drop", "receiver": { "scene": "note-editor" } }"#))
    #expect(text.contains(#""expect": { "outcome": "open", "scene": "note-editor" }"#), "passing steps are kept")
    let again = runRouteCLI(["test", file])
    #expect(again.status == .success)
    let noop = runRouteCLI(["test", file, "--update"])
    #expect(noop.stderr == "0 fixtures updated\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
  }

  @Test func junitXMLReadsBackWithTheRightCounts() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.fixture.json", Self.fixture(secondOutcome: "deliver"))
    try directory.write("b.fixture.json", Self.fixture(secondOutcome: "drop"))
    try directory.write("c.fixture.json", #"{ "table": "missing.json", "steps": [] }"#)
    let report = directory.path + "/junit.xml"
    let run = runRouteCLI(["test", directory.path, "--junit", report])
    #expect(run.status == .failure)
    let data = try Data(contentsOf: URL(fileURLWithPath: report))
    let counter = JUnitCounter()
    let parser = XMLParser(data: data)
    parser.delegate = counter
    #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
    #expect(counter.suites == 3)
    #expect(counter.cases.count == 5)  // 2 + 2 steps, 1 load failure
    #expect(counter.failures == 1)  // the failing step
    #expect(counter.errors == 1)  // the fixture that cannot be loaded: an error, not a failure
    #expect(counter.root["tests"] == "5")
    #expect(counter.root["failures"] == "1")
    #expect(counter.root["errors"] == "1")
    // Every case says where it is written and how long it took; steps carry their line.
    for attributes in counter.cases {
      #expect(attributes["file"]?.hasSuffix(".fixture.json") == true, "\(attributes)")
      let time = try #require(attributes["time"], "\(attributes)")
      #expect(Double(time) != nil && time.contains("."), "\(time)")
    }
    let steps = counter.cases.filter { $0["name"] != "load" }
    #expect(steps.map { $0["line"] } == ["5", "6", "5", "6"])
    #expect(counter.failedCase?["file"] == directory.path + "/a.fixture.json")
    #expect(counter.failedCase?["line"] == "6")
    #expect(counter.erroredCase?["file"] == directory.path + "/c.fixture.json")
    #expect(counter.erroredCase?["name"] == "load")
    #expect(counter.suiteAttributes.allSatisfy { $0["time"] != nil && $0["file"] != nil })
  }

  @Test func junitTimeIsSecondsWithSixDecimals() {
    #expect(FixtureSuite.seconds(.microseconds(41)) == "0.000041")
    #expect(FixtureSuite.seconds(.milliseconds(1500)) == "1.500000")
    #expect(FixtureSuite.seconds(.seconds(12) + .nanoseconds(999)) == "12.000000")
    #expect(FixtureSuite.seconds(.zero) == "0.000000")
  }

  @Test func theHTMLReportIsOnePageWithEveryFixtureStepDiffAndCoverage() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.fixture.json", Self.fixture(secondOutcome: "deliver"))
    try directory.write("b.fixture.json", Self.fixture(secondOutcome: "drop"))
    try directory.write("c.fixture.json", #"{ "table": "missing.json", "steps": [] }"#)
    let page = directory.path + "/report.html"
    let run = runRouteCLI(["test", directory.path, "--html", page])
    #expect(run.status == .failure)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(
      html.contains(
        "<p id=\"summary\" class=\"fail\">3 fixtures, 4 steps: 3 passed, 1 failed, 1 could not be loaded</p>"))
    // Every fixture and every step; the failing one with its diff, escaped.
    #expect(html.components(separatedBy: "<details class=\"fixture").count - 1 == 2)
    #expect(html.components(separatedBy: "<tr class=\"step passed\"").count - 1 == 3)
    let failing = html.components(separatedBy: "<tr class=\"step failed\"")
    try #require(failing.count == 2)
    let row = try #require(failing[1].components(separatedBy: "</tr>").first)
    #expect(row.contains("<div class=\"name\">tag</div>"))
    #expect(row.contains("<del>- outcome: &quot;deliver&quot;</del>"))
    #expect(row.contains("<ins>+ outcome: &quot;drop&quot;</ins>"))
    #expect(html.contains("c.fixture.json</h3>") && html.contains("[unreadable-file]"))
    // Coverage by route, scene and Apple rule.
    #expect(html.contains("<li class=\"covered\"><span class=\"mark\">✓</span> <code>note</code></li>"))
    #expect(html.contains("<li class=\"uncovered\"><span class=\"mark\">✗</span> <code>search</code></li>"))
    #expect(html.contains("<h4>Scenes (2 of 2)</h4>"))
    #expect(html.contains("<code>S1</code>"))
    // Self-contained: nothing to fetch.
    for external in ["src=", "href=", "<link", "@import", "url("] { #expect(!html.contains(external), "\(external)") }
  }

  @Test func githubFormatAnnotatesEachFailingStepAtItsLine() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.fixture.json", Self.fixture(secondOutcome: "deliver"))
    try directory.write("c.fixture.json", #"{ "table": "missing.json", "steps": [] }"#)
    let run = runRouteCLI(["test", ".", "--format", "github"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    let annotations = run.stdoutLines.filter { $0.hasPrefix("::") }
    #expect(
      annotations == [
        "::error file=c.fixture.json,line=1,col=12,title=unreadable-file::cannot read the route table '\(directory.path)/missing.json': No such file or directory",
        "::error file=a.fixture.json,line=6,col=5,title=two steps%3A step 2::step 2 \"tag\": notes://tag/work%0A- outcome: \"deliver\"%0A+ outcome: \"drop\"",
      ])
    // The report follows, as in text.
    #expect(run.stdout.hasSuffix("2 fixtures, 2 steps: 1 passed, 1 failed, 1 could not be loaded\n"))
    let both = runRouteCLI(["test", ".", "--format", "github", "--json"], currentDirectory: directory.path)
    #expect(both.status == .usageError)
    let sarif = runRouteCLI(["test", ".", "--format", "sarif"], currentDirectory: directory.path)
    #expect(sarif.status == .usageError)
  }

  @Test func xcodeFormatPrintsEachProblemAsACompilerDiagnosticAtAnAbsolutePath() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.fixture.json", Self.fixture(secondOutcome: "deliver"))
    try directory.write("c.fixture.json", #"{ "table": "missing.json", "steps": [] }"#)
    let run = runRouteCLI(["test", ".", "--format", "xcode"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(
      run.stdoutLines == [
        "\(directory.path)/c.fixture.json:1:12: error: cannot read the route table '\(directory.path)/missing.json': No such file or directory [unreadable-file]",
        #"{ "table": "missing.json", "steps": [] }"#,
        "           ^",
        "\(directory.path)/a.fixture.json:6:5: error: step 2 \"tag\": notes://tag/work: outcome: expected \"deliver\", got \"drop\"",
        "    - outcome: \"deliver\"",
        "    + outcome: \"drop\"",
        "2 fixtures, 2 steps: 1 passed, 1 failed, 1 could not be loaded",
      ])
    #expect(run.stderr == "")
  }

  @Test func jsonReportsEveryStep() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.fixture.json", Self.fixture(secondOutcome: "deliver"))
    let run = runRouteCLI(["test", directory.path, "--json"])
    #expect(run.status == .failure)
    let root = try parseJSONObject(run.stdout)
    #expect(root["schemaVersion"] as? Int == 1)
    #expect(root["command"] as? String == "test")
    #expect(root["passed"] as? Bool == false)
    let fixtures = try #require(root["fixtures"] as? [[String: Any]])
    let steps = try #require(fixtures.first?["steps"] as? [[String: Any]])
    #expect(steps.count == 2)
    let differences = try #require(steps[1]["differences"] as? [[String: Any]])
    #expect(differences.first?["path"] as? String == "outcome")
    #expect(differences.first?["expected"] as? String == "deliver")
    #expect(differences.first?["actual"] as? String == "drop")
  }

  @Test func coverageNamesWhatNoFixtureExercised() throws {
    let directory = try TemporaryDirectory()
    try directory.write("ok.fixture.json", Self.fixture(secondOutcome: "drop"))
    let run = runRouteCLI(["test", directory.path, "--coverage"])
    #expect(run.status == .success)
    #expect(run.stdout.contains("routes not exercised (6):"))
    #expect(run.stdout.contains(": route 'search'"))
    #expect(!run.stdout.contains(": route 'note'\n"))
    #expect(run.stdout.contains("Coverage: routes and scenes 40.0%"))  // note, tag; main, note-editor of 8 + 2
    let below = runRouteCLI(["test", directory.path, "--min-coverage", "50"])
    #expect(below.status == .failure)
    #expect(below.stderr.contains("below --min-coverage 50.0%"))
    let above = runRouteCLI(["test", directory.path, "--min-coverage", "40"])
    #expect(above.status == .success)
  }

  @Test func noFixturesIsAnError() throws {
    let directory = try TemporaryDirectory()
    let run = runRouteCLI(["test", directory.path])
    #expect(run.status == .failure)
    #expect(run.stderr.hasPrefix("error: no *.fixture.json under"))
  }

  @Test func everyBundledFixturePasses() {
    let run = runRouteCLI(["test", "Fixtures"])
    #expect(run.status == .success, "\(run.stdout)")
  }
}

/// Counts JUnit elements and reads their attributes.
private final class JUnitCounter: NSObject, XMLParserDelegate {
  var suites = 0, failures = 0, errors = 0
  var root: [String: String] = [:]
  var suiteAttributes: [[String: String]] = []
  var cases: [[String: String]] = []
  var failedCase: [String: String]?, erroredCase: [String: String]?

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    switch name {
    case "testsuites": root = attributes
    case "testsuite":
      suites += 1
      suiteAttributes.append(attributes)
    case "testcase": cases.append(attributes)
    case "failure":
      failures += 1
      failedCase = cases.last
    case "error":
      errors += 1
      erroredCase = cases.last
    default: break
    }
  }
}

/// Sinks that buffer like the real ones and log what each flush hands over, in order.
private final class DeliveryLog {
  struct Delivery {
    var stream: String
    var text: String
  }
  var deliveries: [Delivery] = []

  final class Sink: OutputSink {
    let name: String
    let log: DeliveryLog
    var pending: [UInt8] = []
    var failure: SystemError? { nil }

    init(name: String, log: DeliveryLog) {
      self.name = name
      self.log = log
    }

    func write(_ bytes: UnsafeRawBufferPointer) { pending += bytes }

    func flush() {
      guard !pending.isEmpty else { return }
      log.deliveries.append(Delivery(stream: name, text: String(decoding: pending, as: UTF8.self)))
      pending = []
    }
  }

  func sink(_ name: String) -> Sink { Sink(name: name, log: self) }
}
