import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport

/// The docs cite only files the repository holds: no `../shared/…`, and the Apple rule reference
/// the records cite is docs/apple-rules.md, which defines every rule ID.
@Suite struct DocsReferencesTests {
  /// README.md, every page of docs/ and every README under Fixtures/ and Examples/.
  static func pages() -> [String] {
    var pages = ["README.md"]
    for folder in ["docs", "Fixtures", "Examples"] {
      let found = FileManager.default.enumerator(atPath: FixturePaths.path(folder))?.compactMap { $0 as? String } ?? []
      pages += found.filter { $0.hasSuffix(".md") && !$0.contains(".build/") }.map { "\(folder)/\($0)" }
    }
    return pages.sorted()
  }

  @Test func noPageCitesAFileOutsideTheRepository() throws {
    let pages = Self.pages()
    #expect(pages.contains("docs/apple-rules.md") && pages.contains("Fixtures/Apps/README.md"))
    for page in pages {
      let text = try FixturePaths.text(FixturePaths.path(page))
      #expect(!text.contains("../shared/"), "\(page) cites ../shared/")
    }
  }

  @Test func theAppleRuleReferenceDefinesEveryRuleID() throws {
    let text = try FixturePaths.text(FixturePaths.path("docs/apple-rules.md"))
    #expect(text.contains("## 14. Source list"), "the reference keeps its sources")
    for rule in AppleRule.catalog {
      let id = rule.id.rawValue
      #expect(text.contains("**\(id) ") || text.contains("| \(id) |"), "docs/apple-rules.md does not define \(id)")
    }
  }

  @Test func theDiagnosticsBlockOfTheTableFormatIsWhatCheckPrints() throws {
    let page = try FixturePaths.text(FixturePaths.path("docs/table-format.md"))
    let start = try #require(page.range(of: "```\nbroken.routes.json:"))
    let end = try #require(page.range(of: "```", range: page.index(after: start.lowerBound)..<page.endIndex))
    let block = String(page[page.index(start.lowerBound, offsetBy: 4)..<end.lowerBound])
    let directory = try TemporaryDirectory()
    try directory.write("broken.routes.json", CheckCommandTests.brokenTable)
    let run = runRouteCLI(["check", "broken.routes.json"], currentDirectory: directory.path)
    #expect(run.stderr.contains("\n" + block), "docs/table-format.md shows:\n\(block)\ncheck printed:\n\(run.stderr)")
  }

  @Test func theSessionsPageUsesFilesThatExist() throws {
    let page = try FixturePaths.text(FixturePaths.path("docs/sessions.md"))
    for file in ["Fixtures/Notes/Notes.routes.json", "Fixtures/Notes/open.sessions.json", "Fixtures/Notes/events.txt"] {
      #expect(page.contains(file))
      #expect(FileManager.default.fileExists(atPath: FixturePaths.path(file)), "\(file)")
    }
    // The file the page shows is the file it names.
    let shown = try #require(
      page.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
    #expect(try FixturePaths.text(FixturePaths.path("Fixtures/Notes/open.sessions.json")) == shown)
    let run = runRouteCLI(
      ["route", "Fixtures/Notes/Notes.routes.json", "--sessions", "Fixtures/Notes/open.sessions.json", "--stateful"],
      stdin: try FixturePaths.text(FixturePaths.path("Fixtures/Notes/events.txt")))
    #expect(run.status == .success, "\(run.stderr)")
    #expect(
      run.stdoutLines.first?.hasPrefix("1: front 'note-editor' (s2)") == true, "the open editor is brought forward")
  }

  /// The output lines of the README's console block that starts with `$ command` (continuation
  /// lines of the command left out).
  static func readmeBlock(_ command: String) throws -> [String] {
    let readme = try FixturePaths.text(FixturePaths.path("README.md"))
    let start = try #require(readme.range(of: "```console\n$ " + command), "the README has no block for \(command)")
    let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
    var lines = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    while let first = lines.first, !first.hasPrefix("1:") && !first.hasPrefix("2:") { lines.removeFirst() }
    return lines
  }

  @Test func theReadmesRouteBlocksAreWhatRoutePrints() throws {
    let note = "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"
    let first = runRouteCLI(["route", "Fixtures/Notes/Notes.routes.json", note, "notes://nowhere"])
    #expect(
      first.stdoutLines
        == (try Self.readmeBlock("swift run -q route-cli route Fixtures/Notes/Notes.routes.json notes://note/")))
    let explained = runRouteCLI([
      "route", "Fixtures/Notes/Notes.routes.json", "--stateful", "--explain", note, "notes://tag/work",
    ])
    let fromLine2 = Array(explained.stdoutLines.drop { !$0.hasPrefix("2:") })
    #expect(
      fromLine2
        == (try Self.readmeBlock("swift run -q route-cli route Fixtures/Notes/Notes.routes.json --stateful --explain")))
  }
}
