// `swift package route-check [TABLE ...] [-- CHECK-OPTIONS]`: runs `route-cli check` on every
// route table of the package (every `*.routes.json` outside hidden folders and `.build`), or on
// the tables named, and fails when any has an error. Diagnostics are route-cli's, with absolute
// paths: `/path/App.routes.json:12:9: error: message [code]`, the form SwiftPM and Xcode show
// as issues at that line (docs/ci.md).
import Foundation
import PackagePlugin

@main
struct RouteCheck: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "route-cli").url
    let root = context.package.directoryURL
    let (named, options) = splitArguments(arguments)
    let tables = named.isEmpty ? findFiles(under: root, suffix: ".routes.json") : named.map { absolute($0, root) }
    guard !tables.isEmpty else {
      Diagnostics.error("route-check: no *.routes.json in \(root.path)")
      throw PluginFailure.noInput
    }
    var failed = 0
    for table in tables where try run(tool, ["check", table] + options, in: root) != 0 { failed += 1 }
    if failed > 0 {
      Diagnostics.error("route-check: \(failed) of \(tables.count) route table\(tables.count == 1 ? "" : "s") failed")
      throw PluginFailure.failed
    }
  }
}

enum PluginFailure: Error { case noInput, failed }
