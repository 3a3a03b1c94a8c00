import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli route --stats` counts what the records of `route --json` say, line for line.
@Suite struct RouteStatsTests {
  /// The Notes events, plus lines of every error kind and the Forge app's links.
  static let inputs: [(table: String, lines: [String])] = [
    (
      "Fixtures/Notes/Notes.routes.json",
      [
        "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "notes://tag/work", "notes://tag/home", "notes://nowhere",
        "https://notes.example.com\\evil.com/n/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "", "not a url",
        "{\"activity\": 3}",
        #"{"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://notes.example.com/n/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}}"#,
        #"{"activity": {"activityType": "com.example.notes.edit", "userInfo": {"noteID": "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}}}"#,
        #"{"notification": {"targetContentIdentifier": "x"}}"#,
        // Lines the matcher's fast path sees first: case, spaces, escapes, dot segments, non-ASCII.
        "NOTES://tag/a", " notes://tag/a", "notes://tag/a ", "notes://tag/a#x", "notes://tag/%2Fa", "notes://tag/é",
        "notes://tag/a/../b", "notes://tag/a\tb", "notes:tag/a", "notes:///tag/a", "notes://tag//a", "notes://tag/a/",
        "https://notes.example.com/n/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11/../6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11",
        "https://notes.example.com./n/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "https://user@notes.example.com/n/x",
        // Links the gate keeps out: the records say notForApp, so the counts must too.
        "https://notes.example.com/n/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11/export",
        "http://notes.example.com/n/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "https://elsewhere.example/n/x",
        "other://tag/a", "NOTESX://tag/a", "javascript:alert(1)",
        #"{"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://notes.example.com/help/x"}}"#,
      ]
    ),
    (
      "Fixtures/Forge/Forge.routes.json",
      [
        "https://forge.example.com/login", "https://forge.example.com/apple/swift",
        "https://forge.example.com/apple/swift/issues/42",
        "https://forge.example.com/apple/swift/pull/7/files", "forge://repo/apple/swift", "https://forge.example.com/",
        "https://elsewhere.example.com/apple/swift",
      ]
    ),
  ]

  @Test(arguments: 0..<2)
  func theCountsAreThoseOfTheRecords(_ which: Int) throws {
    let (table, lines) = RouteStatsTests.inputs[which]
    let input = (lines + lines.reversed()).joined(separator: "\n") + "\n"
    let records = runRouteCLI(["route", table, "--json"], stdin: input)
    #expect(records.status == .success)
    var rules: [String: Int] = [:]
    var errors: [String: Int] = [:]
    var events: [String: Int] = [:]
    var noRoute = 0
    var notForApp: [String: Int] = [:]
    for line in records.stdout.split(separator: "\n") {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      if let error = object["error"] as? [String: Any] {
        errors[error["code"] as? String ?? "?", default: 0] += 1
        continue
      }
      events[object["event"] as? String ?? "?", default: 0] += 1
      if object["outcome"] as? String == "notForApp" {
        notForApp[object["reason"] as? String ?? "?", default: 0] += 1
      } else if let rule = object["rule"] as? String {
        rules[rule, default: 0] += 1
      } else {
        noRoute += 1
      }
    }

    let run = runRouteCLI(["route", table, "--stats", "--json"], stdin: input)
    #expect(run.status == .success)
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(summary["lines"] as? Int == lines.count * 2)
    #expect(summary["rules"] as? [String: Int] == rules)
    #expect(summary["errors"] as? [String: Int] == errors)
    #expect(summary["events"] as? [String: Int] == events)
    #expect(summary["noRoute"] as? Int == noRoute)
    #expect(summary["notForApp"] as? [String: Int] == notForApp)
    #expect(summary["matched"] as? Int == rules.values.reduce(0, +))
    #expect(!rules.isEmpty && noRoute > 0, "the input has lines with and without a route")
    #expect(which != 0 || errors.count >= 2, "the Notes input has errors of several kinds")
    #expect(which != 0 || notForApp.count >= 3, "the Notes input has links the gate keeps out for several reasons")
  }

  @Test func theTextSummaryListsRoutesMostFirst() {
    let run = runRouteCLI(
      ["route", "Fixtures/Notes/Notes.routes.json", "--stats"],
      stdin: "notes://tag/a\nnotes://tag/b\nnotes://search?q=x\nnotes://nowhere\n%\n")
    #expect(run.status == .success)
    #expect(
      run.stdout == """
        5 lines: 4 events, 1 errors
          url: 4
          error invalid-url: 1
        routes: 3 matched, 1 no route
          tag: 2
          search: 1

        """)
  }

  /// `--no-line` is what every sharded run passes (docs/scale-out.md); a summary has no line
  /// numbers, so it is accepted and changes nothing.
  @Test func noLineIsAcceptedAndChangesNothing() {
    let input = "notes://tag/a\nnotes://nowhere\n"
    let plain = runRouteCLI(["route", "Fixtures/Notes/Notes.routes.json", "--stats", "--json"], stdin: input)
    let noLine = runRouteCLI(
      ["route", "Fixtures/Notes/Notes.routes.json", "--stats", "--json", "--no-line"], stdin: input)
    #expect(noLine.status == .success)
    #expect(noLine.stdout == plain.stdout && !plain.stdout.isEmpty)
  }

  @Test(arguments: ["--explain", "--stateful"])
  func decisionOptionsAreRefused(_ option: String) {
    let run = runRouteCLI(["route", "Fixtures/Notes/Notes.routes.json", "--stats", option], stdin: "notes://tag/a\n")
    #expect(run.status == .usageError)
    #expect(run.stderr.contains("'--stats'") && run.stderr.contains(option))
  }
}
