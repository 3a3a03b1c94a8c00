import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli init` on the fixture projects of `Fixtures/Projects/` (goldens of the whole run:
/// exit status, the table, the diagnostics), `init -o` updating a table it wrote, `--check`,
/// and `route-cli check --project` on seeded drift.
@Suite struct InitCommandTests {
  /// Runs route-cli in-process from the package root with `environment`.
  static func run(_ arguments: [String], environment: [String: String] = [:], in directory: String? = nil)
    -> RouteCLIRun
  {
    let memory = CommandContext.inMemory(environment: environment)
    var context = memory.context
    context.currentDirectory = directory ?? FixturePaths.packageRoot
    let status = CommandLineTool.routeCLI.run(arguments: arguments, context: context)
    return RouteCLIRun(stdoutBytes: memory.stdout.bytes, stderr: memory.stderr.text, status: status)
  }

  /// The golden text of a run: the command, its status, stdout and stderr.
  static func transcript(_ arguments: [String], _ run: RouteCLIRun, environment: [String: String] = [:]) -> String {
    let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
    return "$ \(env)route-cli \(arguments.joined(separator: " "))\nexit status \(run.status.rawValue)\n"
      + "--- stdout\n\(run.stdout)--- stderr\n\(run.stderr)"
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var golden: String
    var arguments: [String]
    var environment: [String: String] = [:]
    var status: ExitStatus = .success
    var testDescription: String { golden }
  }

  static let projects: [Case] = [
    .init(golden: "garden", arguments: ["init", "Fixtures/Projects/Garden"]),
    .init(
      golden: "garden-debug",
      arguments: ["init", "Fixtures/Projects/Garden/Garden.xcodeproj", "--configuration", "Debug"]),
    .init(golden: "ledger", arguments: ["init", "Fixtures/Projects/Ledger"]),
    .init(golden: "atlas-ipados", arguments: ["init", "Fixtures/Projects/Atlas"]),
    .init(golden: "atlas-macos", arguments: ["init", "Fixtures/Projects/Atlas", "--platform", "macOS"]),
    .init(golden: "atlas-visionos", arguments: ["init", "Fixtures/Projects/Atlas", "--platform", "visionOS"]),
    .init(golden: "beacon", arguments: ["init", "Fixtures/Projects/Beacon"]),
    .init(
      golden: "beacon-debug-setting",
      arguments: [
        "init", "Fixtures/Projects/Beacon", "--configuration", "Debug", "--setting", "BEACON_PARTNER_SCHEME=acme",
      ]),
    .init(
      golden: "beacon-environment", arguments: ["init", "Fixtures/Projects/Beacon"],
      environment: ["BEACON_PARTNER_SCHEME": "partner-beacon"]),
    .init(golden: "sprout", arguments: ["init", "Fixtures/Projects/Sprout/Package.swift"]),
  ]

  static let broken: [Case] = [
    .init(golden: "broken-syntax", arguments: ["init", "Fixtures/Projects/Broken/Syntax.xcodeproj"], status: .failure),
    .init(
      golden: "broken-missing", arguments: ["init", "Fixtures/Projects/Broken/Missing.xcodeproj"], status: .failure),
    .init(golden: "broken-cycle", arguments: ["init", "Fixtures/Projects/Broken/Cycle.xcodeproj"], status: .failure),
    .init(
      golden: "broken-entitlements", arguments: ["init", "Fixtures/Projects/Broken/Entitlements.xcodeproj"],
      status: .failure),
  ]

  static let drift: [Case] = [
    .init(
      golden: "check-garden-drift",
      arguments: ["check", "Fixtures/Projects/Garden/drifted-table.json", "--project", "Fixtures/Projects/Garden"]),
    .init(
      golden: "check-ledger-drift",
      arguments: ["check", "Fixtures/Projects/Ledger/drifted-table.json", "--project", "Fixtures/Projects/Ledger"]),
  ]

  @Test(arguments: projects + broken + drift)
  func golden(_ c: Case) {
    let run = Self.run(c.arguments, environment: c.environment)
    Golden.expect(Self.transcript(c.arguments, run, environment: c.environment), named: "init/\(c.golden).txt")
    #expect(run.status == c.status)
  }

  /// What `route-cli check` accepts: the table loads and compiles without an error.
  @Test(arguments: projects + broken)
  func theTablePassesCheck(_ c: Case) throws {
    let run = Self.run(c.arguments, environment: c.environment)
    let loaded = TableLoader.load(source: SourceText(file: "init.json", bytes: run.stdoutBytes))
    let table = try #require(loaded.table)
    #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
    #expect(RouteCompiler.compile(table).diagnostics.filter { $0.severity == .error }.isEmpty)
  }

  /// Every key init writes is named in "$from", with an origin; "$from" names nothing else.
  @Test(arguments: projects)
  func everyDerivedKeyHasAnOrigin(_ c: Case) throws {
    let run = Self.run(c.arguments, environment: c.environment)
    let root = try parseJSONObject(run.stdout)
    let from = try #require(root["$from"] as? [String: String])
    var paths: Set<String> = []
    for (key, value) in root where !key.hasPrefix("$") && key != "routes" {
      switch value {
      case let items as [String]: for item in items { paths.insert("\(key)[\(item)]") }
      case let scenes as [[String: Any]] where key == "scenes":
        for (i, scene) in scenes.enumerated() {
          // A scene the source declares without an id has none in the table: the loader's name.
          let kind = (scene["kind"] as? String).flatMap(SceneDeclaration.Kind.init(rawValue:)) ?? .windowGroup
          let id = scene["id"] as? String ?? SceneDeclaration.unnamed(kind, position: i + 1)
          paths.insert("scenes[\(id)]")
          for k in scene.keys where k != "id" { paths.insert("scenes[\(id)].\(k)") }
        }
      case let rows as [[String: Any]]:
        for row in rows { paths.insert("\(key)[\(row["activityType"] as? String ?? "")]") }
      case let entries as [String: Any]: for k in entries.keys { paths.insert("\(key)[\(k)]") }
      default: paths.insert(key)
      }
    }
    #expect(Set(from.keys) == paths)
    #expect(from.values.allSatisfy { !$0.isEmpty })
  }

  @Test func help() {
    let run = Self.run(["init", "--help"])
    Golden.expect(run.stdout, named: "help-init.txt")
    #expect(run.status == .success)
    for line in run.stdout.split(separator: "\n") where !line.hasPrefix("USAGE: ") { #expect(line.count <= 80) }
  }

  @Test func choicesAreSaidAndWrongOnesAreUsageErrors() {
    let wrong = Self.run(["init", "Fixtures/Projects/Garden", "--target", "Gardn"])
    #expect(wrong.status == .usageError)
    #expect(wrong.stderr.hasPrefix("Error: the project has no target 'Gardn'. Did you mean 'Garden'?"))
    let platform = Self.run(["init", "Fixtures/Projects/Beacon", "--platform", "macOS"])
    #expect(platform.status == .usageError)
    #expect(platform.stderr == "Error: the target does not build for macOS; it builds for iOS\n")
    let check = Self.run(["init", "Fixtures/Projects/Garden", "--check"])
    #expect(check.status == .usageError)
    let setting = Self.run(["init", "Fixtures/Projects/Garden", "--setting", "no-equals"])
    #expect(setting.status == .usageError)
  }

  // MARK: - Updating a table

  /// A copy of the Garden project in a temporary directory, to change.
  static func gardenCopy() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try FileManager.default.copyItem(
      atPath: FixturePaths.path("Fixtures/Projects/Garden"), toPath: directory.path + "/Garden")
    return directory
  }

  static func replace(_ old: String, with new: String, in path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try #require(text.contains(old), "'\(old)' is not in \(path)")
    try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func updatingKeepsWhatTheUserWroteAndFollowsTheProject() throws {
    let directory = try Self.gardenCopy()
    let table = directory.path + "/Garden.routes.json"
    let first = Self.run(["init", "Garden", "-o", table], in: directory.path)
    #expect(first.status == .success)
    #expect(first.stdout == "")
    // The user writes routes, a key of their own in a derived scene, a scene of their own, and
    // takes the app's name out of "$from" to keep their own.
    let routes = """
      [
          { "name": "plant", "url": "garden://plant/{id:uuid}", "deliver": { "scene": "WindowGroup#2", "value": "{id}" } }
        ]
      """
    try Self.replace(#""routes": []"#, with: #""routes": "# + routes, in: table)
    try Self.replace(
      "\"id\": \"plant\",\n      \"title\"",
      with: "\"id\": \"plant\",\n      \"comment\": \"one window per plant\",\n      \"title\"",
      in: table)
    try Self.replace(
      #""scenes": ["#, with: #""scenes": [{ "id": "inspector", "title": "Inspector" }, "#, in: table)
    try Self.replace(#""app": "Garden Journal","#, with: #""app": "My Garden","#, in: table)
    try Self.replace(
      #""app": "INFOPLIST_KEY_CFBundleDisplayName"#, with: #""$was-app": "INFOPLIST_KEY_CFBundleDisplayName"#, in: table
    )
    // The project changes: a new URL scheme, and the plant window goes.
    try Self.replace(
      "<string>garden</string>", with: "<string>garden</string>\n<string>gardenjournal</string>",
      in: directory.path + "/Garden/Garden/Info.plist")
    try Self.replace(
      #"WindowGroup("Plant", id: WindowID.plant, for: Plant.ID.self) { $plantID in"#,
      with: #"WindowGroup("Plant", id: "plant-card", for: Plant.ID.self) { $plantID in"#,
      in: directory.path + "/Garden/Garden/GardenApp.swift")

    let check = Self.run(["init", "Garden", "-o", table, "--check"], in: directory.path)
    #expect(check.status == .failure)
    #expect(check.stderr.contains("urlSchemes[gardenjournal]: \"gardenjournal\" is in the project"))
    #expect(check.stderr.contains("scenes[plant]: no longer in the project"))
    #expect(check.stderr.contains("scenes[plant-card]: in the project (Garden/GardenApp.swift:15:5: "))
    #expect(check.stderr.contains("app: your \"My Garden\" is kept"))
    #expect(check.stdout.hasSuffix("differences from the project; 'route-cli init -o \(table)' updates it\n"))

    let update = Self.run(["init", "Garden", "-o", table], in: directory.path)
    #expect(update.status == .success)
    let text = try String(contentsOfFile: table, encoding: .utf8)
    #expect(text.contains(#""routes": "# + routes))  // byte for byte
    #expect(text.contains(#""app": "My Garden""#))
    #expect(text.contains(#"{ "id": "inspector", "title": "Inspector" }"#))
    #expect(text.contains(#""gardenjournal""#))
    #expect(text.contains(#""id": "plant-card""#))
    // The WindowGroup without an id stands second now, after the user's scene: its name follows.
    #expect(text.contains(#""scenes[WindowGroup#2].onOpenURL""#))
    #expect(!text.contains("WindowGroup#1"))
    #expect(!text.contains(#""comment": "one window per plant""#))  // it went with the scene
    #expect(!text.contains("write the routes of garden:// URLs"))  // a route covers it now
    #expect(text.contains("write the routes of gardenjournal:// URLs"))
    let again = Self.run(["init", "Garden", "-o", table, "--check"], in: directory.path)
    #expect(again.status == .success)
    #expect(again.stdout == "\(table): the derived keys match the project\n")
  }

  /// A repository with the app in `ios/`, and its workspace, are found as a new user types them.
  @Test func findsTheProjectInARepositoryAndAWorkspace() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.path + "/repo", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: FixturePaths.path("Fixtures/Projects/Ledger"), toPath: directory.path + "/repo/ios")
    try FileManager.default.createDirectory(
      atPath: directory.path + "/repo/ios/Ledger.xcworkspace", withIntermediateDirectories: true)
    try directory.write(
      "repo/ios/Ledger.xcworkspace/contents.xcworkspacedata",
      #"<Workspace version = "1.0"><FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>"#
        + #"<FileRef location = "group:Ledger.xcodeproj"></FileRef></Workspace>"#)
    let repo = Self.run(["init", "repo"], in: directory.path)
    #expect(repo.status == .success)
    #expect(repo.stderr.hasPrefix("repo/ios/Ledger.xcodeproj: target 'Ledger'"))
    #expect(repo.stdout.contains(#""urlSchemes[ledger]": "ios/Ledger/Info.plist:24:5 CFBundleURLSchemes""#))
    let workspace = Self.run(["init", "repo/ios/Ledger.xcworkspace"], in: directory.path)
    #expect(workspace.status == .success)
    #expect(workspace.stderr.hasPrefix("repo/ios/Ledger.xcodeproj: project 'Ledger.xcodeproj'"))
  }

  @Test func checkStrictFailsOnDrift() {
    let run = Self.run([
      "check", "Fixtures/Projects/Garden/drifted-table.json", "--project", "Fixtures/Projects/Garden", "--strict",
    ])
    #expect(run.status == .failure)
    for code in ["not-in-table", "not-in-project", "contradicts-project", "undeclared-activity-type"] {
      #expect(run.stderr.contains("[\(code)]"), "\(code)")
    }
  }

  @Test func aTableInitWroteHasNoDrift() throws {
    let directory = try TemporaryDirectory()
    let table = directory.path + "/Ledger.routes.json"
    #expect(Self.run(["init", "Fixtures/Projects/Ledger", "-o", table]).status == .success)
    let run = Self.run(["check", table, "--project", "Fixtures/Projects/Ledger"])
    #expect(!run.stderr.contains("[not-in-table]"))
    #expect(!run.stderr.contains("[not-in-project]"))
    #expect(!run.stderr.contains("[contradicts-project]"))
  }
}

/// The README's console blocks of init and check --project are what the commands print.
@Suite struct InitReadmeTests {
  /// The lines of the console block that starts with `$ command`, without the command.
  static func block(after command: String) throws -> String {
    let readme = try FixturePaths.text(FixturePaths.path("README.md"))
    let start = try #require(readme.range(of: "$ " + command + "\n"), "the README has no block for \(command)")
    let rest = readme[start.upperBound...]
    let end = try #require(rest.range(of: "```"))
    return String(rest[..<end.lowerBound])
  }

  @Test func initPrintsWhatTheReadmeShows() throws {
    let directory = try TemporaryDirectory()
    let run = InitCommandTests.run(["init", "Fixtures/Projects/Garden", "-o", directory.path + "/Garden.routes.json"])
    let expected = try Self.block(
      after: "swift run -q route-cli init Fixtures/Projects/Garden -o /tmp/Garden.routes.json")
    #expect(run.stderr.replacingOccurrences(of: directory.path, with: "/tmp") == expected)
  }

  @Test func checkProjectPrintsWhatTheReadmeShows() throws {
    let run = InitCommandTests.run([
      "check", "Fixtures/Projects/Garden/drifted-table.json", "--project", "Fixtures/Projects/Garden",
    ])
    let lines = (run.stdout + run.stderr).split(separator: "\n").filter {
      $0.contains("[not-in") || $0.contains("[contradicts")
    }
    let expected = try Self.block(
      after:
        "swift run -q route-cli check Fixtures/Projects/Garden/drifted-table.json --project Fixtures/Projects/Garden 2>&1 | grep -E '\\[(not-in|contradicts)'"
    )
    #expect(lines.joined(separator: "\n") + "\n" == expected)
  }
}
