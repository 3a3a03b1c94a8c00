// `swift package route-test [PATH ...] [-- TEST-OPTIONS]`: runs `route-cli test` on the route
// fixtures of the package (every `*.fixture.json` outside hidden folders and `.build`), or on
// the paths named; options such as `--junit FILE`, `--html FILE` or `--min-coverage N` go to
// route-cli. Problems print as compiler diagnostics (`route-cli test --format xcode`): a fixture
// that cannot be loaded as its diagnostics, a failing step as `/path/x.fixture.json:12:5: error:
// step 2 …` with its diff, the form SwiftPM and Xcode show as issues (docs/ci.md).
import Foundation
import PackagePlugin

@main
struct RouteTest: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "route-cli").url
    let root = context.package.directoryURL
    let (named, options) = splitArguments(arguments)
    let fixtures = named.isEmpty ? findFiles(under: root, suffix: ".fixture.json") : named.map { absolute($0, root) }
    guard !fixtures.isEmpty else {
      Diagnostics.error("route-test: no *.fixture.json in \(root.path)")
      throw PluginFailure.noInput
    }
    // Failing steps as compiler diagnostics (`file:line:col: error:`), unless a format is asked for.
    let format =
      options.contains { $0 == "--json" || $0 == "--format" || $0.hasPrefix("--format=") } ? [] : ["--format", "xcode"]
    if try run(tool, ["test"] + fixtures + format + options, in: root) != 0 {
      Diagnostics.error("route-test: the route fixtures failed")
      throw PluginFailure.failed
    }
  }
}

enum PluginFailure: Error { case noInput, failed }
