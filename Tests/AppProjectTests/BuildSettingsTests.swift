import ActivityRouter
import AppProject
import Testing

/// `key = value` at `level`, on line `line` of a file named for the level.
private func set(
  _ key: String, _ value: String, _ level: BuildSettingAssignment.Level = .target, line: Int = 1
) -> BuildSettingAssignment {
  BuildSettingAssignment(
    parsingKey: key, value: value, level: level,
    location: SourceLocation(file: "\(level)", line: line, column: 1, offset: 0))!
}

/// Build-setting resolution as Xcode does it: levels, `$(inherited)`, conditions, modifiers,
/// unset names and cycles.
@Suite struct BuildSettingsTests {
  static func settings(
    _ assignments: [BuildSettingAssignment], configuration: String = "Debug", sdk: String = "iphoneos"
  ) -> BuildSettings {
    BuildSettings(assignments, context: .init(configuration: configuration, sdk: sdk))
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var assignments: [BuildSettingAssignment]
    var setting: String
    var expected: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    .init(
      name: "the target's level beats the project's and the xcconfigs'",
      assignments: [
        set("A", "projectXCConfig", .projectXCConfig), set("A", "project", .project),
        set("A", "targetXCConfig", .targetXCConfig), set("A", "target", .target),
      ], setting: "A", expected: "target"),
    .init(
      name: "--setting beats everything", assignments: [set("A", "target"), set("A", "cli", .commandLine)],
      setting: "A", expected: "cli"),
    .init(
      name: "$(inherited) takes the value of the level below",
      assignments: [set("FLAGS", "-a", .project), set("FLAGS", "$(inherited) -b", .target)], setting: "FLAGS",
      expected: "-a -b"),
    .init(
      name: "$(inherited) in an xcconfig takes an earlier line of the same file",
      assignments: [
        set("FLAGS", "-a", .targetXCConfig, line: 1), set("FLAGS", "$(inherited) -b", .targetXCConfig, line: 2),
      ], setting: "FLAGS", expected: "-a -b"),
    .init(
      name: "$(inherited) with nothing below is empty",
      assignments: [set("FLAGS", "$(inherited) -b")], setting: "FLAGS", expected: " -b"),
    .init(
      name: "${NAME} is $(NAME)", assignments: [set("A", "x"), set("B", "${A}-$(A)")], setting: "B",
      expected: "x-x"),
    .init(
      name: "a name built from a reference",
      assignments: [
        set("ICON_Debug", "debug-icon"), set("ICON", "$(ICON_$(CONFIGURATION))"),
        set("CONFIGURATION", "Debug", .xcodeDefault),
      ],
      setting: "ICON", expected: "debug-icon"),
    .init(
      name: ":rfc1034identifier turns all but letters, digits, '-' and '.' into '-'",
      assignments: [set("PRODUCT_NAME", "My App_2"), set("ID", "com.example.$(PRODUCT_NAME:rfc1034identifier)")],
      setting: "ID", expected: "com.example.My-App-2"),
    .init(
      name: ":c99extidentifier makes a module name",
      assignments: [set("PRODUCT_NAME", "2 Gardens-App"), set("M", "$(PRODUCT_NAME:c99extidentifier)")],
      setting: "M", expected: "_2_Gardens_App"),
    .init(
      name: ":lower and :upper chain",
      assignments: [set("N", "Garden App"), set("S", "$(N:lower:rfc1034identifier)-$(N:upper)")], setting: "S",
      expected: "garden-app-GARDEN APP"),
    .init(
      name: ":default= fills an unset name", assignments: [set("S", "$(APP_SCHEME:default=garden)")],
      setting: "S", expected: "garden"),
    .init(
      name: ":default= leaves a set name alone",
      assignments: [set("APP_SCHEME", "beacon"), set("S", "$(APP_SCHEME:default=garden)")],
      setting: "S", expected: "beacon"),
    .init(
      name: "$() is nothing (the xcconfig trick for '//')", assignments: [set("URL", "https:/$()/example.com")],
      setting: "URL", expected: "https://example.com"),
    .init(
      name: "a condition that holds beats the plain assignment, in any order",
      assignments: [set("A[sdk=iphoneos*]", "device"), set("A", "plain")], setting: "A", expected: "device"),
    .init(
      name: "a condition that does not hold is skipped",
      assignments: [set("A", "plain"), set("A[sdk=macosx*]", "mac"), set("A[config=Release]", "release")],
      setting: "A", expected: "plain"),
    .init(
      name: "path modifiers",
      assignments: [set("P", "Config/App.Debug.xcconfig"), set("S", "$(P:file)|$(P:base)|$(P:suffix)|$(P:dir)")],
      setting: "S", expected: "App.Debug.xcconfig|App.Debug|.xcconfig|Config/"),
  ]

  @Test(arguments: cases) func resolves(_ c: Case) throws {
    let resolution = try #require(Self.settings(c.assignments).value(of: c.setting))
    #expect(resolution.text == c.expected)
    #expect(resolution.isComplete)
  }

  @Test func anUnsetNameIsReportedWhereItIsWritten() throws {
    let settings = Self.settings([set("ID", "com.example.$(TEAM_SUFFIX)", line: 7)])
    let resolution = try #require(settings.value(of: "ID"))
    #expect(!resolution.isComplete)
    #expect(resolution.unresolved.map(\.name) == ["TEAM_SUFFIX"])
    #expect(resolution.unresolved.first?.location?.line == 7)
    var log = DiagnosticLog()
    log.report(resolution, usedAt: nil, for: "the bundle identifier")
    #expect(log.diagnostics.map(\.code) == [.unresolvedBuildSetting])
    #expect(log.diagnostics.first?.message.hasPrefix("$(TEAM_SUFFIX) is not set") == true)
  }

  @Test func aCycleIsAnErrorThatNamesEveryLink() throws {
    let settings = Self.settings([set("A", "$(B)", line: 1), set("B", "x$(C)", line: 2), set("C", "$(A)", line: 3)])
    let resolution = try #require(settings.value(of: "A"))
    #expect(!resolution.isComplete)
    var log = DiagnosticLog()
    log.report(resolution, usedAt: nil, for: "A")
    let d = try #require(log.diagnostics.first)
    #expect(d.code == .buildSettingCycle)
    #expect(d.severity == .error)
    #expect(d.message.contains("A → B → C → A"))
    #expect(d.notes.map { $0.location?.line } == [2, 3])
  }

  @Test func anUnknownModifierIsReportedAndIgnored() throws {
    let resolution = try #require(Self.settings([set("N", "x"), set("S", "$(N:sparkle)")]).value(of: "S"))
    #expect(resolution.text == "x")
    #expect(resolution.unknownModifiers.map(\.modifier) == ["sparkle"])
  }

  @Test func expandsTextThatIsNotASetting() {
    let settings = Self.settings([set("PRODUCT_BUNDLE_IDENTIFIER", "com.example.garden")])
    let here = SourceLocation(file: "Info.plist", line: 12, column: 3, offset: 0)
    let resolution = settings.expand("$(PRODUCT_BUNDLE_IDENTIFIER).plant/$(MISSING)", at: here)
    #expect(resolution.text == "com.example.garden.plant/")
    #expect(resolution.references.map(\.name) == ["PRODUCT_BUNDLE_IDENTIFIER", "MISSING"])
    #expect(resolution.unresolved.map(\.name) == ["MISSING"])
    #expect(resolution.unresolved.first?.location == here)
  }

  @Test(arguments: [
    ("OTHER", "OTHER", 0), ("OTHER[sdk=iphoneos*]", "OTHER", 1), ("A[sdk=iphoneos*][config=Debug]", "A", 2),
  ])
  func readsConditionalKeys(key: String, name: String, conditions: Int) throws {
    let a = try #require(BuildSettingAssignment(parsingKey: key, value: "", level: .target))
    #expect(a.name == name)
    #expect(a.conditions.count == conditions)
  }

  @Test(arguments: ["", "1ABC", "A[sdk", "A[sdk=x]junk", "A B"])
  func refusesKeysThatAreNotNames(key: String) {
    #expect(BuildSettingAssignment(parsingKey: key, value: "", level: .target) == nil)
  }
}
