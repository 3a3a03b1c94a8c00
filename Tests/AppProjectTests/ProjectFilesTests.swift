import ActivityRouter
import ActivityRouterTestSupport
import AppProject
import Foundation
import Testing

/// A fresh directory of files written by a test, removed afterwards.
private final class Scratch {
  let path: String

  init(_ files: [String: String]) throws {
    path = NSTemporaryDirectory() + "/app-project-tests-" + UUID().uuidString
    for (name, text) in files {
      let file = path + "/" + name
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Xcode's project files: xcconfig files, the pbxproj model, the Info.plist as it ships, and
/// the table written from what they say.
@Suite struct ProjectFilesTests {
  @Test func xcconfigIncludesAreReadInPlaceAndProblemsHaveTheirLine() throws {
    let scratch = try Scratch([
      "Config/App.xcconfig": """
      // Comments are skipped.
      #include "Shared.xcconfig"
      #include? "Local.xcconfig"
      #include "Nowhere.xcconfig"
      HOST = https://example.com/path
      SCHEME = app;
      this is not a setting
      FLAGS = $(inherited) -b
      """,
      "Config/Shared.xcconfig": "FLAGS = -a\n#include \"App.xcconfig\"\n",
    ])
    var files = ProjectFiles(root: scratch.path, displayRoot: "P")
    var log = DiagnosticLog()
    let assignments = XCConfig.read(
      scratch.path + "/Config/App.xcconfig", level: .targetXCConfig, files: &files, log: &log)
    #expect(assignments.map(\.name) == ["FLAGS", "HOST", "SCHEME", "FLAGS"])
    #expect(assignments[1].value == "https:")  // '//' starts a comment, as in Xcode
    #expect(assignments[2].value == "app")
    #expect(
      assignments.map { $0.location?.description } == [
        "P/Config/Shared.xcconfig:1:1", "P/Config/App.xcconfig:5:1", "P/Config/App.xcconfig:6:1",
        "P/Config/App.xcconfig:8:1",
      ])
    let settings = BuildSettings(assignments, context: .init(configuration: "Debug", sdk: "iphoneos"))
    #expect(settings.value(of: "FLAGS")?.text == "-a -b")
    #expect(
      log.diagnostics.map { "\($0.code) \($0.location!.description)" } == [
        "build-setting-cycle P/Config/Shared.xcconfig:2:1", "missing-project-file P/Config/App.xcconfig:4:1",
        "xcconfig-syntax P/Config/App.xcconfig:7:1",
      ])
  }

  @Test func readsTargetsSourcesAndConfigurationsOfBothProjectStyles() throws {
    var files = ProjectFiles(root: FixturePaths.packageRoot + "/Fixtures/Projects", displayRoot: "Projects")
    var log = DiagnosticLog()
    let garden = try #require(
      XcodeProject.read(
        FixturePaths.packageRoot + "/Fixtures/Projects/Garden/Garden.xcodeproj", files: &files, log: &log))
    #expect(garden.targets.map(\.name) == ["Garden", "GardenTests"])
    #expect(garden.applicationTargets.map(\.name) == ["Garden"])
    let app = garden.targets[0]
    #expect(
      app.sourceFiles.map { ($0 as NSString).lastPathComponent } == [
        "ContentView.swift", "GardenApp.swift", "Models.swift", "PlantDetail.swift",
      ])
    #expect(app.configurations.map(\.name) == ["Debug", "Release"])
    #expect(app.configurations[0].baseConfiguration?.hasSuffix("/Garden/Garden/Config/Debug.xcconfig") == true)
    let ledger = try #require(
      XcodeProject.read(
        FixturePaths.packageRoot + "/Fixtures/Projects/Ledger/Ledger.xcodeproj", files: &files, log: &log))
    #expect(ledger.targets.first?.sourceFiles.count == 6)
    #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
    // A malformed project is still read past its error.
    let broken = XcodeProject.read(
      FixturePaths.packageRoot + "/Fixtures/Projects/Broken/Syntax.xcodeproj", files: &files, log: &log)
    #expect(broken?.targets.first?.sourceFiles.count == 1)
    #expect(log.diagnostics.map(\.code) == [.plistSyntax])
  }

  struct PlistCase: CustomTestStringConvertible, Sendable {
    var name: String
    var settings: [String: String]
    var plist: String?
    var multiple: Bool?
    var codes: [DiagnosticCode] = []
    var testDescription: String { name }
  }

  static let manifest = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict>
    </dict></plist>
    """

  static let plistCases: [PlistCase] = [
    .init(
      name: "generation gives a manifest with multiple scenes",
      settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"],
      multiple: true),
    .init(
      name: "the file's key wins over generation (Xcode's UIKit template)",
      settings: [
        "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
        "INFOPLIST_FILE": "Info.plist",
      ], plist: manifest, multiple: false),
    .init(
      name: "without GENERATE_INFOPLIST_FILE the keys are ignored, and said so",
      settings: ["INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"], multiple: nil,
      codes: [.ignoredBuildSetting]),
    .init(
      name: "a missing file is an error at its setting",
      settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "Gone.plist"], multiple: nil,
      codes: [.missingProjectFile]),
  ]

  @Test(arguments: plistCases) func theInfoPlistAsItShips(_ c: PlistCase) throws {
    let scratch = try Scratch(c.plist.map { ["Info.plist": $0] } ?? [:])
    let assignments = c.settings.sorted { $0.key < $1.key }.map {
      BuildSettingAssignment(
        name: $0.key, value: $0.value, level: .target,
        location: SourceLocation(file: "p", line: 1, column: 1, offset: 0))
    }
    let settings = BuildSettings(assignments, context: .init(configuration: "Debug", sdk: "iphoneos"))
    var files = ProjectFiles(root: scratch.path, displayRoot: ".")
    var log = DiagnosticLog()
    let plist = ShippedInfoPlist.read(
      settings: settings, directory: scratch.path, platform: .iPadOS, files: &files, log: &log)
    #expect(plist.supportsMultipleScenes?.value == c.multiple)
    #expect(log.diagnostics.map(\.code) == c.codes)
  }

  /// A folder without a project: its one Info.plist and its one entitlements file, at any depth,
  /// are the app's (a regression: the Info.plist was looked for by a name ending in a path).
  @Test func aFolderWithoutAProjectReadsItsInfoPlistAndEntitlements() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>trail</string></array></dict></array>
      <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><true/></dict>
      </dict></plist>
      """
    let entitlements = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
      <array><string>applinks:trail.example</string></array></dict></plist>
      """
    let scratch = try Scratch([
      "Trail/Info.plist": plist, "Trail/Trail.entitlements": entitlements,
      "Trail/TrailApp.swift":
        "import SwiftUI\n@main struct TrailApp: App { var body: some Scene { WindowGroup { Text(\"t\") } } }\n",
    ])
    let result = AppImport.load(scratch.path, options: .init(), currentDirectory: "/")
    let model = try #require(result.model)
    #expect(model.plist?.supportsMultipleScenes?.value == true)
    #expect(result.facts?.urlSchemes.map(\.value) == ["trail"])
    #expect(model.entitlements != nil)
  }

  @Test func draftsAreCompactWhereTheyFit() {
    let doc = DraftValue.object([
      ("short", .json(.array([.string("a"), .string("b")]))),
      ("scene", .json(["id": "main", "title": "Garden"])),
      ("long", .json(.array((0..<12).map { .string("item-number-\($0)") }))),
      ("raw", .raw("[\n    1\n  ]")),
    ])
    #expect(
      doc.text() == """
        {
          "short": ["a", "b"],
          "scene": { "id": "main", "title": "Garden" },
          "long": [
            "item-number-0",
            "item-number-1",
            "item-number-2",
            "item-number-3",
            "item-number-4",
            "item-number-5",
            "item-number-6",
            "item-number-7",
            "item-number-8",
            "item-number-9",
            "item-number-10",
            "item-number-11"
          ],
          "raw": [
            1
          ]
        }

        """)
  }

  @Test func aTableWrittenByHandIsAdopted() throws {
    var facts = ProjectFacts(header: "h")
    facts.top = [
      .init(key: "app", fact: .init("Garden", "PRODUCT_NAME")), .init(key: "platform", fact: .init("iPadOS", "p")),
    ]
    facts.urlSchemes = [.init(value: "garden", origin: "Info.plist:3:3")]
    facts.scenes = [
      .init(id: "main", origin: "App.swift:4:5", fields: [.init(key: "onOpenURL", fact: .init(true, "V.swift:9:8"))])
    ]
    let hand = """
      {"app": "My Garden", "platform": "iPadOS", "urlSchemes": ["legacy"],
       "scenes": [{"id": "main", "title": "Main"}], "routes": [{"name": "r", "url": "legacy://x", "deliver": {}}]}
      """
    let draft = TableDraft.write(facts, updating: SourceText(file: "t.json", text: hand))
    #expect(draft.diagnostics.isEmpty)
    let root = try JSONParser.parse(Array(draft.text.utf8)).value
    #expect(root["app"] == "My Garden")  // the user's, kept
    #expect(root["urlSchemes"] == ["garden", "legacy"])
    #expect(root["scenes"] == [["id": "main", "onOpenURL": true, "title": "Main"]])
    #expect(root["routes"] == [["name": "r", "url": "legacy://x", "deliver": [:]]])
    // "platform" is written by hand with the project's value: it stays the user's.
    #expect(root["$from"]?.objectValue?.keys == ["urlSchemes[garden]", "scenes[main]", "scenes[main].onOpenURL"])
    #expect(
      draft.differences.map { "\($0.kind) \($0.path)" } == [
        "kept app", "added urlSchemes[garden]", "added scenes[main].onOpenURL",
      ])
    #expect(!draft.text.contains("$next"))
  }
}
