import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli check --format sarif` and `--format github`: the broken table of
/// ``CheckCommandTests`` as a SARIF log and as GitHub Actions annotations, at the positions
/// the text diagnostics give. (scripts/validate-reports.py validates the log against the
/// SARIF 2.1.0 schema.)
@Suite struct CheckReportFormatTests {
  typealias Expected = CheckCommandTests.Expected
  static let table = CheckCommandTests.brokenTable
  static let expected = CheckCommandTests.brokenDiagnostics

  /// The 1-based column in Unicode code points, as the SARIF log counts it.
  static func codePointColumn(_ e: Expected) throws -> Int {
    let at = try Expected.position(of: e.needle, onLine: e.line, in: table)
    return at.pad.count + 1  // one space per character before the needle
  }

  @Test func sarifHasAResultPerDiagnosticWithItsRuleRegionAndNotes() throws {
    let directory = try TemporaryDirectory()
    try directory.write("broken table.routes.json", Self.table)
    let run = runRouteCLI(["check", "broken table.routes.json", "--format", "sarif"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(run.stderr == "", "the log is the whole output")
    let log = try parseJSONObject(run.stdout)
    #expect(log["version"] as? String == "2.1.0")
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let runs = try #require(log["runs"] as? [[String: Any]])
    try #require(runs.count == 1)
    #expect(runs[0]["columnKind"] as? String == "unicodeCodePoints")
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "route-cli")
    #expect(driver["version"] as? String == ActivityRouterVersion.string)
    let rules = try #require(driver["rules"] as? [[String: Any]]).map { $0["id"] as? String }
    #expect(rules == ["unknown-key", "unknown-scene", "duplicate-rule-name"])
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    try #require(results.count == Self.expected.count)
    for (result, e) in zip(results, Self.expected) {
      #expect(result["ruleId"] as? String == e.code)
      #expect(rules[result["ruleIndex"] as? Int ?? -1] == e.code)
      #expect(result["level"] as? String == e.severity)
      #expect((result["message"] as? [String: Any])?["text"] as? String == e.message)
      let physical = try #require(
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "broken%20table.routes.json")
      let region = try #require(physical["region"] as? [String: Any])
      #expect(region["startLine"] as? Int == e.line)
      #expect(region["startColumn"] as? Int == (try Self.codePointColumn(e)))
      let related = result["relatedLocations"] as? [[String: Any]] ?? []
      #expect(related.count == (e.note == nil ? 0 : 1))
      if let note = e.note, let first = related.first {
        #expect((first["message"] as? [String: Any])?["text"] as? String == note.message)
        let noteRegion = (first["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(noteRegion?["startLine"] as? Int == note.line)
      }
    }
    // "é" is two bytes: the byte column 40 of the text diagnostic is code point 39.
    let colour = try #require(
      ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
        as? [String: Any])
    #expect(colour["startColumn"] as? Int == 39)
  }

  @Test func aCleanTableIsALogWithNoResults() throws {
    let run = runRouteCLI(["check", "Fixtures/Mail/Mail.routes.json", "--format", "sarif"])
    #expect(run.status == .success)
    let runs = try #require(try parseJSONObject(run.stdout)["runs"] as? [[String: Any]])
    #expect((runs.first?["results"] as? [Any])?.isEmpty == true)
  }

  @Test func warningsAreResultsOfLevelWarning() throws {
    // The Notes table's lost links (lost-link) are warnings: results, and the run still succeeds.
    let run = runRouteCLI(["check", FixturePaths.notesTableRelative, "--format", "sarif"])
    #expect(run.status == .success)
    let runs = try #require(try parseJSONObject(run.stdout)["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(results.count == 3)
    #expect(results.allSatisfy { $0["ruleId"] as? String == "lost-link" && $0["level"] as? String == "warning" })
  }

  @Test func githubAnnotatesEveryDiagnosticAndKeepsTheTextReport() throws {
    let directory = try TemporaryDirectory()
    try directory.write("broken.routes.json", Self.table)
    let run = runRouteCLI(["check", "broken.routes.json", "--format", "github"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    let annotations = run.stdoutLines.filter { $0.hasPrefix("::") }
    try #require(annotations.count == Self.expected.count)
    for (line, e) in zip(annotations, Self.expected) {
      let column = try e.column(in: Self.table)
      #expect(
        line.hasPrefix("::error file=broken.routes.json,line=\(e.line),col=\(column),title=\(e.code)::"), "\(line)")
    }
    #expect(
      annotations[2].hasSuffix(
        "route name 'tag' is used twice%0Anote: broken.routes.json:11:5: 'tag' is first used here"))
    #expect(run.stdoutLines.last == "broken.routes.json: 2 scenes, 3 routes; 4 errors, 0 warnings")
    let text = runRouteCLI(["check", "broken.routes.json"], currentDirectory: directory.path)
    #expect(run.stderr == text.stderr, "the compiler-style diagnostics are the same")
  }

  @Test func jsonAndAnotherFormatIsAUsageError() {
    let run = runRouteCLI(["check", FixturePaths.notesTableRelative, "--json", "--format", "sarif"])
    #expect(run.status == .usageError)
    #expect(run.stderr.contains("'--json' and '--format sarif' ask for two formats"))
    let same = runRouteCLI(["check", FixturePaths.notesTableRelative, "--json", "--format", "json"])
    #expect(same.status == .success)
  }

  @Test func annotationsEscapeWhatWouldEndTheCommand() {
    let annotation = GitHubAnnotation(
      .warning, file: "a,b:c%.json", line: 3, column: 7, title: "t: 1, 2", message: "50% done\r\nnext")
    #expect(
      annotation.command == "::warning file=a%2Cb%3Ac%25.json,line=3,col=7,title=t%3A 1%2C 2::50%25 done%0D%0Anext")
    #expect(GitHubAnnotation(.note, message: "whole run").command == "::notice::whole run")
  }

  @Test func aWholeFileDiagnosticHasNoPosition() {
    let d = Diagnostic(
      .error, .unreadableFile, "binary", at: SourceLocation(file: "Info.plist", line: 0, column: 0, offset: 0))
    #expect(GitHubAnnotation(d).command == "::error file=Info.plist,title=unreadable-file::binary")
    let log = SARIFLog.document([d], sources: [], toolVersion: "1")
    guard case .object(let root) = log, case .array(let runs)? = root["runs"], case .object(let run) = runs[0],
      case .array(let results)? = run["results"], case .object(let result) = results[0],
      case .array(let locations)? = result["locations"], case .object(let location) = locations[0],
      case .object(let physical)? = location["physicalLocation"]
    else {
      Issue.record("no physical location: \(log)")
      return
    }
    #expect(physical["region"] == nil)
    #expect(physical["artifactLocation"] == ["uri": "Info.plist"])
  }

  @Test func pathsBecomeURIReferences() {
    #expect(SARIFLog.uriReference("Routes/My App.routes.json") == "Routes/My%20App.routes.json")
    #expect(SARIFLog.uriReference("/abs/Notés#1.json") == "/abs/Not%C3%A9s%231.json")
    #expect(SARIFLog.uriReference("<stdin>") == "%3Cstdin%3E")
  }
}
