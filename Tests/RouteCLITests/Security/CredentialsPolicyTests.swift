import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// The `credentials` policy (docs/security.md, "Credentials in URLs"): a URL with a userinfo is
/// dropped with `credentials-in-url` under `refuse` (the default) and routed as if it had none
/// under `ignore` and `allow`, on every channel: stdin (after a line of the same pattern, whose
/// record is reused for later lines), arguments, JSON events, a universal link's `webpageURL`,
/// and `--stats`.
@Suite struct CredentialsPolicyTests {
  /// Lines with a userinfo, each of the `tag` route.
  static let withUserinfo = [
    "notes://user@tag/a", "notes://user:pass@tag/a", "notes://@tag/a", "https://victim:secret@notes.example.com/tags/a",
    #"{"url": "notes://u:p@tag/a"}"#,
    #"{"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://u@notes.example.com/tags/a"}}"#,
  ]
  /// Lines of the same route without one.
  static let plain = ["notes://tag/a", "https://notes.example.com/tags/a"]

  /// The table, with the policy set (nil: not set, the default).
  static func table(_ policy: String?, in directory: TemporaryDirectory) throws -> String {
    let extra = policy.map { #" "policies": { "credentials": "\#($0)" },"# } ?? ""
    let route =
      #"    { "name": "tag", "url": ["notes://tag/{name}", "https://notes.example.com/tags/{name}"], "deliver": { "scene": "main" } }"#
    let json = TestTables.json(routes: [route], extra: extra)
    return try directory.write("t.json", json)
  }

  /// Checks one record of a line with a userinfo under `policy`.
  static func check(_ record: [String: Any], refused: Bool, _ what: String) {
    if refused {
      #expect(record["outcome"] as? String == "drop", "\(what): \(record)")
      #expect(record["reason"] as? String == "credentials-in-url", "\(what): \(record)")
      #expect(record["rule"] == nil, "\(what): \(record)")
    } else {
      #expect(record["rule"] as? String == "tag", "\(what): \(record)")
      #expect((record["params"] as? [String: Any])?["name"] as? String == "a", "\(what): \(record)")
      #expect(record["reason"] == nil, "\(what): \(record)")
    }
  }

  @Test(arguments: [nil, "refuse", "ignore", "allow"])
  func everyChannelFollowsThePolicy(_ policy: String?) throws {
    let directory = try TemporaryDirectory()
    let table = try Self.table(policy, in: directory)
    let refused = policy == nil || policy == "refuse"
    // Stdin, stateless (records reused per pattern) and stateful (every line in full).
    for extra in [[], ["--stateful"]] {
      let lines = Self.plain + Self.withUserinfo + Self.plain + Self.withUserinfo
      let run = runRouteCLI(["route", table, "--json"] + extra, stdin: lines.joined(separator: "\n") + "\n")
      #expect(run.status == .success, "\(run.stderr)")
      let records = try run.stdoutLines.map(parseJSONObject)
      try #require(records.count == lines.count)
      for (line, record) in zip(lines, records) {
        if Self.plain.contains(line) {
          Self.check(record, refused: false, "\(policy ?? "default") \(extra): \(line)")
        } else {
          Self.check(record, refused: refused, "\(policy ?? "default") \(extra): \(line)")
        }
      }
      // The counts of --stats are those of the records.
      let stats = runRouteCLI(["route", table, "--stats", "--json"], stdin: lines.joined(separator: "\n") + "\n")
      let summary = try parseJSONObject(stats.stdout)
      let routed = records.filter { $0["rule"] != nil }.count
      #expect(summary["matched"] as? Int == routed, "\(stats.stdout)")
      #expect(summary["noRoute"] as? Int == lines.count - routed, "\(stats.stdout)")
    }
    // Arguments.
    let run = runRouteCLI(["route", table, "--json"] + Self.plain + Self.withUserinfo)
    let records = try run.stdoutLines.map(parseJSONObject)
    try #require(records.count == Self.plain.count + Self.withUserinfo.count)
    for record in records.prefix(Self.plain.count) { Self.check(record, refused: false, "argument") }
    for record in records.dropFirst(Self.plain.count) { Self.check(record, refused: refused, "argument") }
  }

  @Test func theTraceSaysWhatThePolicyDid() throws {
    let directory = try TemporaryDirectory()
    for (policy, words) in [
      ("refuse", "credentials: refuse"), ("ignore", "credentials: ignore"), ("allow", "credentials: allow"),
    ] {
      let table = try Self.table(policy, in: directory)
      let run = runRouteCLI(["route", table, "--explain", "notes://u@tag/a"])
      #expect(run.stdout.contains(words), "\(run.stdout)")
    }
  }

  @Test func anUnknownPolicyValueIsAPositionedError() throws {
    let directory = try TemporaryDirectory()
    let table = try Self.table("maybe", in: directory)
    let run = runRouteCLI(["check", table])
    #expect(run.status != .success)
    #expect(run.stderr.contains("t.json:2:"), "\(run.stderr)")
    #expect(run.stderr.contains("refuse"), "\(run.stderr)")
  }
}
