import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// The console blocks of docs/ci.md are what the commands print, on the inputs the page
/// describes (a table with a misspelt scene; a fixture whose first step expects the wrong outcome).
@Suite struct CIDocsTests {
  static let table = """
    {"app": "X", "platform": "iPadOS", "scenes": [{"id": "main"}],
     "routes": [{"name": "a", "url": "x://a", "deliver": {"scene": "mian"}}]}

    """

  static let fixture = """
    {
      "name": "a message link at launch",
      "table": "../Mail.routes.json",
      "steps": [
        { "name": "at launch", "event": "mailapp://message/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11",
          "expect": { "outcome": "drop" } },
        { "event": "mailapp://doctor", "expect": { "outcome": "open", "scene": "connection-doctor" } }
      ]
    }

    """

  /// The lines of the console block whose first line is `$ command`, without that line.
  static func block(_ command: String) throws -> [String] {
    let page = try FixturePaths.text(FixturePaths.path("docs/ci.md"))
    let start = try #require(
      page.range(of: "```console\n$ " + command + "\n"), "docs/ci.md has no block for \(command)")
    let end = try #require(page.range(of: "```", range: start.upperBound..<page.endIndex))
    return page[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
  }

  @Test func theGitHubFormatBlock() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.path + "/Routes", withIntermediateDirectories: true)
    try directory.write("Routes/App.routes.json", Self.table)
    let run = runRouteCLI(["check", "Routes/App.routes.json", "--format", "github"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    #expect(run.stdoutLines == (try Self.block("route-cli check Routes/App.routes.json --format github 2>/dev/null")))
  }

  @Test func theXcodeFormatBlock() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.path + "/Routes/fixtures", withIntermediateDirectories: true)
    let mail = try FixturePaths.text(FixturePaths.path("Examples/plugin-app/Routes/Mail.routes.json"))
    try directory.write("Routes/Mail.routes.json", mail)
    try directory.write("Routes/fixtures/launch.fixture.json", Self.fixture)
    let run = runRouteCLI(["test", "Routes/fixtures", "--format", "xcode"], currentDirectory: directory.path)
    #expect(run.status == .failure)
    let shown = run.stdoutLines.map { $0.replacingOccurrences(of: directory.path, with: "/tmp/app") }
    #expect(shown == (try Self.block("cd /tmp/app && route-cli test Routes/fixtures --format xcode")))
  }
}
