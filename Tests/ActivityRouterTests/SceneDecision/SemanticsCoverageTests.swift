import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// `docs/semantics.md` and the fixtures agree: every rule ID of Apple's semantics has one row;
/// every implemented rule is cited by a fixture under `Fixtures/`; every path a row lists exists
/// and shows that rule; and every fixture cites only known rule IDs.
@Suite struct SemanticsCoverageTests {
  /// One row of the page: an ID, its status, and the files it lists.
  struct Row: Sendable {
    var id: String
    var status: String
    var paths: [String]
    var text: String
  }

  /// Every rule ID the engine can cite: the cases of the one list, ``AppleRuleID``.
  static let expectedIDs: [String] = AppleRuleID.allCases.map(\.rawValue)
  static let statuses: Set<String> = ["implemented", "implemented (loader)", "not modelled", "universal links"]

  static let page: String =
    (try? String(contentsOfFile: FixturePaths.packageRoot + "/docs/semantics.md", encoding: .utf8)) ?? ""

  static let rows: [Row] = page.split(separator: "\n").compactMap { line -> Row? in
    guard line.hasPrefix("| ") else { return nil }
    let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard cells.count >= 5,
      cells[1].range(of: #"^(E|M|S|V|U|W|K|A|D|MAC|L|AMB)[0-9]+$"#, options: .regularExpression) != nil
    else { return nil }
    let paths = line.split(separator: "`").map(String.init).filter {
      $0.hasPrefix("Fixtures/") || $0.hasPrefix("Tests/") || $0.hasPrefix("docs/")
    }
    return Row(id: cells[1], status: cells[3], paths: paths, text: String(line))
  }

  /// Every fixture file under Fixtures/, with its `cites`.
  static let fixtures: [(path: String, cites: [String])] = {
    let root = FixturePaths.fixtures
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".fixture.json") }.sorted().map { file in
      let data = FileManager.default.contents(atPath: root + "/" + file) ?? Data()
      let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
      return ("Fixtures/" + file, object?["cites"] as? [String] ?? [])
    }
  }()

  @Test func everyRuleHasExactlyOneRow() {
    let ids = Self.rows.map(\.id)
    for id in Self.expectedIDs {
      #expect(ids.filter { $0 == id }.count == 1, "\(id) must have exactly one row in docs/semantics.md")
    }
    #expect(
      Set(ids).subtracting(Self.expectedIDs).isEmpty, "rows for unknown IDs: \(Set(ids).subtracting(Self.expectedIDs))")
    for row in Self.rows {
      #expect(Self.statuses.contains(row.status), "\(row.id): unknown status '\(row.status)'")
    }
  }

  @Test func theUniversalLinkRulesArePointedTo() {
    #expect(Self.page.contains("L1–L18"))
    #expect(Self.page.contains("docs/universal-links.md"))
  }

  struct RowCase: CustomTestStringConvertible, Sendable {
    var row: Row
    var testDescription: String { "\(row.id) (\(row.status))" }
  }

  static let rowCases = rows.map(RowCase.init)

  @Test(arguments: rowCases)
  func rowIsBackedByItsEvidence(_ c: RowCase) {
    let row = c.row
    let citing = Self.fixtures.filter { $0.cites.contains(row.id) }
    for path in row.paths {
      let full = FixturePaths.packageRoot + "/" + path
      #expect(FileManager.default.fileExists(atPath: full), "\(row.id): \(path) does not exist")
      if path.hasPrefix("Fixtures/") {
        #expect(citing.contains { $0.path == path }, "\(row.id): \(path) does not cite \(row.id)")
      } else {
        let text = (try? String(contentsOfFile: full, encoding: .utf8)) ?? ""
        let named = text.range(of: "(?<![A-Z0-9])\(row.id)(?![0-9])", options: .regularExpression) != nil
        #expect(named, "\(row.id): \(path) never names \(row.id)")
      }
    }
    switch row.status {
    case "implemented":
      #expect(!citing.isEmpty, "\(row.id) is implemented but no fixture under Fixtures/ cites it")
      #expect(row.paths.contains { $0.hasPrefix("Fixtures/") }, "\(row.id): list a fixture that shows it")
    case "implemented (loader)":
      #expect(row.paths.contains { $0.hasPrefix("Tests/") }, "\(row.id): list the test that shows it")
    case "not modelled":
      #expect(citing.isEmpty, "\(row.id) is not modelled, yet cited by \(citing.map(\.path))")
      let reason =
        row.text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty } ?? ""
      #expect(reason.count > 20, "\(row.id): say why it is not modelled")
    default:
      break
    }
  }

  @Test func everyFixtureCitesKnownRules() {
    let known = Set(Self.rows.map(\.id))
    #expect(Self.fixtures.count >= 100)
    for fixture in Self.fixtures {
      for id in fixture.cites {
        #expect(known.contains(id), "\(fixture.path) cites '\(id)', which docs/semantics.md does not list")
      }
    }
  }
}

/// The library's catalog of Apple rules says the same as `docs/semantics.md`.
@Suite struct AppleRuleCatalogTests {
  @Test func catalogAgreesWithTheSemanticsPage() {
    let rows = Dictionary(SemanticsCoverageTests.rows.map { ($0.id, $0.status) }, uniquingKeysWith: { a, _ in a })
    #expect(Set(AppleRule.catalog.map(\.id.rawValue)) == Set(rows.keys))
    for rule in AppleRule.catalog {
      guard let status = rows[rule.id.rawValue] else { continue }
      let modelledOnThePage = status.hasPrefix("implemented") || status == "universal links"
      #expect(rule.modelled == modelledOnThePage, "\(rule.id): catalog \(rule.modelled), page '\(status)'")
    }
  }
}

/// Rule IDs and reasons are cited through their types, never as string literals: so a rule the
/// engine cites is always one of ``AppleRuleID`` (and so in the catalog and on the page), and a
/// reason always one of ``DecisionReason``.
@Suite struct StableCodeTests {
  /// The Swift files under `Sources/<target>/`.
  static func sources(_ target: String) -> [(path: String, text: String)] {
    let root = FixturePaths.path("Sources/" + target)
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".swift") }.sorted().map {
      ("Sources/\(target)/\($0)", (try? String(contentsOfFile: root + "/" + $0, encoding: .utf8)) ?? "")
    }
  }

  @Test(arguments: ["SceneDecision", "AppleAppFiles", "DecisionRecords", "RouteMatcher"])
  func noRuleIDOrReasonIsWrittenAsAStringLiteral(_ target: String) {
    let files = Self.sources(target)
    #expect(!files.isEmpty)
    let ruleLiteral = #""(E|M|S|V|U|W|K|A|D|MAC|L|AMB)[0-9]{1,2}""#
    let reasonLiteral = "reason: \""
    for (path, text) in files {
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("//") { continue }
        #expect(
          line.range(of: ruleLiteral, options: .regularExpression) == nil,
          "\(path):\(number + 1): a rule ID as a string literal: \(code)")
        #expect(!line.contains(reasonLiteral), "\(path):\(number + 1): a reason as a string literal: \(code)")
      }
    }
  }

  @Test func everyReasonIsInTheOutputFormatPage() throws {
    let page = try FixturePaths.text(FixturePaths.path("docs/output-format.md"))
    for reason in DecisionReason.allCases {
      #expect(page.contains("| `\(reason.rawValue)` |"), "docs/output-format.md does not list the reason '\(reason)'")
    }
  }
}
