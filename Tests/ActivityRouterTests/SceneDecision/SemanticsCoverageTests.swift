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

  /// The rule IDs of apple-semantics.md sections 1–9 and 13, by prefix and range.
  static let ranges: [(String, ClosedRange<Int>)] = [
    ("E", 1...8), ("M", 1...8), ("S", 0...11), ("V", 1...11), ("U", 1...12), ("W", 1...25), ("K", 1...16),
    ("A", 1...8), ("D", 1...6), ("MAC", 1...6), ("AMB", 1...15),
  ]
  static let expectedIDs: [String] = ranges.flatMap { prefix, range in range.map { "\(prefix)\($0)" } }
  static let statuses: Set<String> = ["implemented", "implemented (loader)", "not modelled", "universal links"]

  static let page: String =
    (try? String(contentsOfFile: FixturePaths.packageRoot + "/docs/semantics.md", encoding: .utf8)) ?? ""

  static let rows: [Row] = page.split(separator: "\n").compactMap { line -> Row? in
    guard line.hasPrefix("| ") else { return nil }
    let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard cells.count >= 5,
      cells[1].range(of: #"^(E|M|S|V|U|W|K|A|D|MAC|AMB)[0-9]+$"#, options: .regularExpression) != nil
    else { return nil }
    let paths = line.split(separator: "`").map(String.init).filter {
      $0.hasPrefix("Fixtures/") || $0.hasPrefix("Tests/")
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
    let known = Set(Self.rows.map(\.id)).union((1...18).map { "L\($0)" })
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
    #expect(Set(AppleRule.catalog.map(\.id)) == Set(rows.keys))
    for rule in AppleRule.catalog {
      guard let status = rows[rule.id] else { continue }
      #expect(
        rule.modelled == status.hasPrefix("implemented"), "\(rule.id): catalog \(rule.modelled), page '\(status)'")
    }
  }
}
