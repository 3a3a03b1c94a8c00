import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// The version `route-cli --version` prints comes from one place and has its CHANGELOG entry;
/// the man page is written from the help screens (docs/releasing.md).
@Suite struct ReleaseFilesTests {
  @Test func theVersionIsTheFirstChangelogEntry() throws {
    let changelog = try FixturePaths.text(FixturePaths.packageRoot + "/CHANGELOG.md")
    let entries = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
    let first = try #require(entries.first)
    #expect(first.dropFirst(3).split(separator: " ").first.map(String.init) == ActivityRouterVersion.string)
    #expect(runRouteCLI(["--version"]).stdout == ActivityRouterVersion.string + "\n")
  }
}
