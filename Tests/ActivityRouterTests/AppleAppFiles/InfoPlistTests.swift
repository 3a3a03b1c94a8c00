import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Info.plist reading: the fixtures' values, XML and binary agreeing, key positions, and every
/// problem at its line.
@Suite struct InfoPlistTests {
  static let apps = FixturePaths.fixtures + "/Apps"

  struct Encoding: CustomTestStringConvertible, Sendable {
    var app: String
    var testDescription: String { app }
    var xml: String { InfoPlistTests.apps + "/\(app)/Info.plist" }
    var binary: String { InfoPlistTests.apps + "/\(app)/Info.bplist" }
  }

  @Test func tasksManifestActivityTypesAndConfigurations() throws {
    let loaded = InfoPlist.load(path: Self.apps + "/Tasks/Info.plist", displayName: "Tasks/Info.plist")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    let plist = try #require(loaded.plist)
    #expect(plist.format == .xml)
    #expect(plist.bundleIdentifier?.value == "com.example.tasks")
    #expect(plist.supportsMultipleScenes)
    let manifest = try #require(plist.sceneManifest)
    #expect(manifest.supportsTabbedSceneCollection?.value == false)
    #expect(manifest.roles.map(\.name.value) == [SceneManifest.applicationRole])
    let configurations = manifest.configurations(for: SceneManifest.applicationRole)
    #expect(configurations.map(\.name?.value) == ["Default Configuration", "New Task Configuration"])
    #expect(manifest.defaultConfiguration()?.name?.value == "Default Configuration")
    #expect(manifest.defaultConfiguration()?.isDefault == true)
    let newTask = try #require(manifest.configuration(named: "New Task Configuration"))
    #expect(newTask.delegateClassName?.value == "$(PRODUCT_MODULE_NAME).NewTaskSceneDelegate")
    #expect(newTask.sceneClassName?.value == "UIWindowScene")
    #expect(newTask.index == 1 && !newTask.isDefault)
    #expect(configurations.first?.storyboardFile?.value == "Main")
    #expect(plist.declares(activityType: "NewTaskWindow"))
    #expect(!plist.declares(activityType: "newtaskwindow"))
    #expect(plist.userActivityTypes?.map(\.value) == ["NewTaskWindow", "com.example.tasks.view"])
    #expect(plist.registers(scheme: "tasks") && !plist.registers(scheme: "notes"))
  }

  @Test func valuesKeepTheLineAndColumnOfTheirKey() throws {
    let plist = try #require(
      InfoPlist.load(path: Self.apps + "/Tasks/Info.plist", displayName: "Tasks/Info.plist").plist)
    func position(_ location: ActivityRouter.SourceLocation?) -> String {
      location.map { "\($0.line):\($0.column)" } ?? "none"
    }
    #expect(position(plist.bundleIdentifier?.location) == "9:2")
    #expect(plist.bundleIdentifier?.location?.file == "Tasks/Info.plist")
    #expect(position(plist.userActivityTypes?.first?.location) == "39:3")
    let manifest = try #require(plist.sceneManifest)
    #expect(position(manifest.location) == "42:2")
    #expect(position(manifest.supportsMultipleScenes?.location) == "44:3")
    #expect(position(manifest.roles.first?.name.location) == "50:4")
    #expect(plist.configurationNames.map { position($0.location) } == ["53:6", "61:6"])
  }

  @Test func notesSchemesAndRoles() throws {
    let loaded = InfoPlist.load(path: Self.apps + "/Notes/Info.plist")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    let plist = try #require(loaded.plist)
    #expect(plist.urlSchemes.map(\.value) == ["notes", "notes-share", "x-example-notes"])
    #expect(plist.registers(scheme: "NOTES"))
    #expect(!plist.registers(scheme: "note"))
    #expect(plist.registration(ofScheme: "Notes-Share")?.value == "notes-share")
    #expect(plist.urlTypes.map(\.name?.value) == ["com.example.notes", "com.example.notes.share"])
    #expect(plist.urlTypes.map(\.role?.value) == ["Editor", "Viewer"])
    #expect(plist.userActivityTypes?.map(\.value) == ["com.example.notes.edit", "com.example.notes.open"])
    let manifest = try #require(plist.sceneManifest)
    #expect(
      manifest.roles.map(\.name.value) == [
        "UIWindowSceneSessionRoleApplication", "UIWindowSceneSessionRoleExternalDisplayNonInteractive",
      ])
    #expect(plist.configurationNames.map(\.value) == ["Default Configuration", "Note Editor", "Presentation"])
    #expect(
      manifest.defaultConfiguration(for: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")?.name?.value
        == "Presentation")
  }

  @Test(arguments: [Encoding(app: "Tasks"), Encoding(app: "Notes")])
  func xmlAndBinaryReadTheSame(_ encoding: Encoding) throws {
    let xml = InfoPlist.load(path: encoding.xml)
    let binary = InfoPlist.load(path: encoding.binary, displayName: "Info.bplist")
    #expect(xml.diagnostics.isEmpty && binary.diagnostics.isEmpty, "\(xml.diagnostics) \(binary.diagnostics)")
    let x = try #require(xml.plist)
    let b = try #require(binary.plist)
    #expect(b.format == .binary)
    #expect(binary.source == nil)
    #expect(x.withoutLocations == b.withoutLocations)
    let location = try #require(b.userActivityTypes?.first?.location)
    #expect(location == ActivityRouter.SourceLocation.fileOnly("Info.bplist"))
    #expect(location.isFileOnly && location.description == "Info.bplist")
  }

  // MARK: - Problems

  struct Problem: CustomTestStringConvertible, Sendable {
    var testDescription: String
    /// A plist body (inside the root dict), with a marker where the diagnostic must point.
    var body: String
    var code: DiagnosticCode
    var severity: Diagnostic.Severity
  }

  static func document(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  static let problems: [Problem] = [
    Problem(
      testDescription: "a flag that is not a boolean",
      body: """
          <key>UIApplicationSceneManifest</key>
          <dict>
            1️⃣<key>UIApplicationSupportsMultipleScenes</key>
            <string>YES</string>
          </dict>
        """, code: .wrongType, severity: .error),
    Problem(
      testDescription: "an integer is not a boolean",
      body: """
          <key>UIApplicationSceneManifest</key>
          <dict>
            1️⃣<key>UIApplicationSupportsMultipleScenes</key>
            <integer>1</integer>
          </dict>
        """, code: .wrongType, severity: .error),
    Problem(
      testDescription: "an activity type that is not a string",
      body: """
          <key>NSUserActivityTypes</key>
          <array>
            <string>a</string>
            1️⃣<integer>2</integer>
          </array>
        """, code: .wrongType, severity: .error),
    Problem(
      testDescription: "a misspelt role",
      body: """
          <key>UIApplicationSceneManifest</key>
          <dict>
            <key>UISceneConfigurations</key>
            <dict>
              1️⃣<key>UIWindowSceneSessionRoleApplicaton</key>
              <array><dict><key>UISceneConfigurationName</key><string>Default Configuration</string></dict></array>
            </dict>
          </dict>
        """, code: .unknownSceneRole, severity: .warning),
    Problem(
      testDescription: "a repeated configuration name",
      body: """
          <key>UIApplicationSceneManifest</key>
          <dict>
            <key>UISceneConfigurations</key>
            <dict>
              <key>UIWindowSceneSessionRoleApplication</key>
              <array>
                <dict><key>UISceneConfigurationName</key><string>Main</string></dict>
                <dict>1️⃣<key>UISceneConfigurationName</key><string>Main</string></dict>
              </array>
            </dict>
          </dict>
        """, code: .duplicateConfigurationName, severity: .warning),
    Problem(
      testDescription: "a scheme with a colon",
      body: """
          <key>CFBundleURLTypes</key>
          <array>
            <dict>
              <key>CFBundleURLSchemes</key>
              <array>1️⃣<string>notes:</string></array>
            </dict>
          </array>
        """, code: .invalidURLScheme, severity: .warning),
    Problem(
      testDescription: "a misspelt configuration key",
      body: """
          <key>UIApplicationSceneManifest</key>
          <dict>
            <key>UISceneConfigurations</key>
            <dict>
              <key>UIWindowSceneSessionRoleApplication</key>
              <array>
                <dict><key>UISceneConfigurationName</key><string>Main</string>1️⃣<key>UISceneDelegateClass</key><string>X</string></dict>
              </array>
            </dict>
          </dict>
        """, code: .unknownKey, severity: .warning),
  ]

  @Test(arguments: problems)
  func problemIsReportedAtItsKey(_ problem: Problem) throws {
    let marked = MarkedText(Self.document(problem.body))
    let loaded = InfoPlist.parse(bytes: Array(marked.text.utf8), file: "Info.plist")
    let (line, column) = try #require(marked.lineColumn("1️⃣"))
    #expect(loaded.diagnostics.count == 1, "\(loaded.diagnostics)")
    let d = try #require(loaded.diagnostics.first)
    #expect(d.code == problem.code)
    #expect(d.severity == problem.severity)
    #expect(d.location?.line == line && d.location?.column == column, "expected \(line):\(column), got \(d)")
    #expect(loaded.plist != nil)
  }

  @Test func syntaxErrorNamesTheLineFoundationReports() throws {
    let text = Self.document("  <key>A</key>\n  <string>unclosed\n  <key>B</key>")
    let loaded = InfoPlist.parse(bytes: Array(text.utf8), file: "Info.plist")
    #expect(loaded.plist == nil)
    let d = try #require(loaded.diagnostics.first)
    #expect(d.code == .plistSyntax && d.severity == .error)
    #expect(d.location?.file == "Info.plist")
    #expect(d.location?.line == 7 && d.location?.column == 1, "\(d)")
    #expect(loaded.source != nil)
  }

  @Test func aRootThatIsNotADictionaryIsAnError() throws {
    let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array/>\n</plist>\n"
    let loaded = InfoPlist.parse(bytes: Array(text.utf8), file: "Info.plist")
    #expect(loaded.plist == nil)
    let d = try #require(loaded.diagnostics.first)
    #expect(d.code == .wrongType)
    #expect(d.location?.line == 3 && d.location?.column == 1)
  }

  @Test func unreadableFile() {
    let loaded = InfoPlist.load(path: "/nonexistent/Info.plist")
    #expect(loaded.diagnostics.map(\.code) == [.unreadableFile])
    #expect(loaded.plist == nil)
  }

  @Test func keysWithEntitiesAndCommentsAreLocated() throws {
    let text = """
      <?xml version="1.0"?>
      <plist version="1.0">
      <!-- <key>NSUserActivityTypes</key> in a comment does not count -->
      <dict>
        <key>NSUser&#65;ctivityTypes</key>
        <array><string>a&amp;b</string></array>
      </dict>
      </plist>
      """
    let plist = try #require(InfoPlist.parse(bytes: Array(text.utf8), file: "p").plist)
    let type = try #require(plist.userActivityTypes?.first)
    #expect(type.value == "a&b")
    #expect(type.location?.line == 6 && type.location?.column == 10)
  }
}
