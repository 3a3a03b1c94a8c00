import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli bundle`: one file with the table's Info.plist and AASA files embedded, which routes
/// exactly as the table does from another folder.
@Suite struct BundleCommandTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Tables that name files (Notes: an XML plist and an AASA file; Tasks: a binary plist), with
  /// lines that reach the gate, the plist's schemes and the routes.
  static let tables: [(table: String, lines: [String])] = [
    (RouteStatsTests.inputs[0].table, RouteStatsTests.inputs[0].lines),
    (
      "Fixtures/Tasks/Tasks.routes.json",
      ["tasks://task/42", "tasks://new", "other://x", "https://tasks.example.com/t/1", "tasks://nowhere", "{\"x\":1}"]
    ),
  ]

  @Test(arguments: tables.indices)
  func theBundleRoutesAsTheTableDoesFromAnotherFolder(index: Int) throws {
    let (table, lines) = Self.tables[index]
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("app.bundle.json").path
    let made = runRouteCLI(["bundle", table, "-o", bundle])
    #expect(made.status == .success, "\(made.stderr)")
    #expect(made.stdout.isEmpty && made.stderr.isEmpty)
    let text = try String(contentsOfFile: bundle, encoding: .utf8)
    #expect(text.contains(#""contents""#) || text.contains(#""base64""#))
    let input = lines.map { $0 + "\n" }.joined()
    for format in [["--json"], [], ["--json", "--stateful"]] {
      let fromTable = runRouteCLI(["route", table] + format, stdin: input)
      // Run from the bundle's folder, by a relative name: no path of the table resolves there.
      let fromBundle = runRouteCLI(["route", "app.bundle.json"] + format, stdin: input, currentDirectory: folder.path)
      #expect(fromBundle.status == fromTable.status)
      #expect(fromBundle.stdout == fromTable.stdout, "\(table) \(format)")
    }
    let checkTable = runRouteCLI(["check", table, "--json"])
    let checkBundle = runRouteCLI(["check", "app.bundle.json", "--json"], currentDirectory: folder.path)
    #expect(checkBundle.status == checkTable.status)
    #expect(
      checkBundle.stdout.components(separatedBy: "\"code\"").count
        == checkTable.stdout.components(separatedBy: "\"code\"").count)
    // A bundle has nothing left to embed: bundling it again gives the same bytes.
    let again = runRouteCLI(["bundle", "app.bundle.json"], currentDirectory: folder.path)
    #expect(again.status == .success)
    #expect(again.stdout == text)
  }

  @Test func aFileTheTableNamesThatCannotBeReadIsAnErrorWhereTheTableNamesIt() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    {
      "app": "X", "platform": "iPadOS", "scenes": [{ "id": "main" }], "routes": [],
      "associatedDomains": { "applinks:x.example": "missing-aasa.json" }
    }

    """.write(to: folder.appendingPathComponent("t.routes.json"), atomically: true, encoding: .utf8)
    let run = runRouteCLI(["bundle", "t.routes.json", "-o", "out.json"], currentDirectory: folder.path)
    #expect(run.status == .failure)
    #expect(run.stderr.hasPrefix("t.routes.json:3:48: error: cannot read"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
  }
}
