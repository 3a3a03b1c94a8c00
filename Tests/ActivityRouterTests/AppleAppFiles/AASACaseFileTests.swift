import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Runs every case file of `Fixtures/Apps/aasa-cases/` (format: `Fixtures/Apps/README.md`), one
/// named test case per file, and checks that the files together cite every rule L1–L18.
@Suite struct AASACaseFileTests {
  static let directory = FixturePaths.fixtures + "/Apps/aasa-cases"

  /// One case file, named after its file.
  struct CaseFile: CustomTestStringConvertible, Sendable {
    var name: String
    var path: String { AASACaseFileTests.directory + "/" + name }
    var testDescription: String { name }
  }

  static let files: [CaseFile] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { CaseFile(name: $0) }
  }()

  /// One `cases` entry, read from JSON.
  struct Expectation {
    var url: String
    var expect: AASAVerdict.Outcome
    var cites: [String]
    var why: String
    var appID: String?
    var reason: String?
    var details: Int?
    var component: Int?
    var delivers: String?
  }

  static func read(_ file: CaseFile) throws -> (root: JSONValue, cases: [Expectation]) {
    let data = try #require(FileManager.default.contents(atPath: file.path), "cannot read \(file.path)")
    let root = try JSONParser.parse(Array(data)).value
    let defaultAppID = root["appID"]?.stringValue
    var cases: [Expectation] = []
    for item in root["cases"]?.arrayValue ?? [] {
      let cites = item["cites"]?.stringValue.map { [$0] } ?? item["cites"]?.arrayValue?.compactMap(\.stringValue) ?? []
      let outcome = try #require(
        item["expect"]?.stringValue.flatMap(AASAVerdict.Outcome.init(rawValue:)), "bad 'expect' in \(item)")
      let appID: String? = item["appID"].map { $0.stringValue } ?? defaultAppID
      cases.append(
        Expectation(
          url: try #require(item["url"]?.stringValue), expect: outcome, cites: cites,
          why: try #require(item["why"]?.stringValue, "a case needs 'why'"), appID: appID,
          reason: item["reason"]?.stringValue, details: item["details"]?.numberValue?.int64Value.map(Int.init),
          component: item["component"]?.numberValue?.int64Value.map(Int.init), delivers: item["delivers"]?.stringValue))
    }
    return (root, cases)
  }

  @Test func thereAreCaseFiles() {
    #expect(Self.files.count >= 8)
  }

  @Test(arguments: files)
  func caseFile(_ file: CaseFile) throws {
    let (root, cases) = try Self.read(file)
    #expect(!cases.isEmpty)
    let aasaPath = Self.directory + "/" + (try #require(root["aasa"]?.stringValue, "a case file needs 'aasa'"))
    let loaded = AppSiteAssociation.load(path: aasaPath, domain: root["domain"]?.stringValue)
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let association = try #require(loaded.association)
    let domains = try (root["associatedDomains"]?.arrayValue ?? []).map { entry in
      try AssociatedDomain.parse(try #require(entry.stringValue)).get()
    }
    for c in cases {
      #expect(!c.cites.isEmpty, "\(c.url): a case cites at least one rule")
      let url = try URLRecord(parsing: c.url)
      let verdict =
        root["associatedDomains"] == nil
        ? association.evaluate(url, appID: c.appID)
        : association.evaluate(url, appID: c.appID, associatedDomains: domains)
      let context =
        "\(c.url) [\(c.cites.joined(separator: ", "))]: \(c.why) — got \(verdict.outcome) (\(verdict.reason.rawValue)): \(verdict.message)"
      #expect(verdict.outcome == c.expect, "\(context)")
      if let reason = c.reason { #expect(verdict.reason.rawValue == reason, "\(context)") }
      if let details = c.details { #expect(verdict.detailsIndex == details, "\(context)") }
      if let component = c.component { #expect(verdict.componentIndex == component, "\(context)") }
      if let delivers = c.delivers { #expect(verdict.userActivity(for: url)?.activityType == delivers, "\(context)") }
    }
  }

  @Test func everyUniversalLinkRuleIsCitedByACase() throws {
    var cited = Set<String>()
    for file in Self.files {
      for c in try Self.read(file).cases { cited.formUnion(c.cites) }
    }
    let rules = Set((1...18).map { "L\($0)" })
    #expect(rules.subtracting(cited).isEmpty, "not cited by any case: \(rules.subtracting(cited).sorted())")
    #expect(cited.subtracting(rules).isEmpty, "unknown rule IDs: \(cited.subtracting(rules).sorted())")
  }
}
