import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Tables that reference the app's Info.plist and AASA files: merging, conflicts with both
/// locations, the cross-checks of `route-cli check`, and the gate.
@Suite struct AppFilesInTableTests {
  static let apps = FixturePaths.fixtures + "/Apps"

  static func table(_ body: String, lifecycle: String = "swiftui") -> String {
    """
    {
      "app": "Notes", "platform": "iPadOS", "lifecycle": "\(lifecycle)",
      "appID": "ABCDE12345.com.example.notes",
      \(body)
    }
    """
  }

  static func load(_ json: String) -> LoadedTable {
    TableLoader.load(source: SourceText(file: FixturePaths.fixtures + "/Notes/test.routes.json", text: json))
  }

  static func lint(_ json: String) throws -> [Diagnostic] {
    let loaded = load(json)
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    let table = try #require(loaded.table)
    let router = try #require(RouteCompiler.compile(table).router)
    return AppFilesLinter.check(router)
  }

  @Test func thePlistIsMergedIntoTheTable() throws {
    let loaded = Self.load(
      Self.table(
        """
        "infoPlist": "../Apps/Notes/Info.plist", "scenes": [{ "id": "main" }], "routes": []
        """))
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    let table = try #require(loaded.table)
    #expect(table.claims.urlSchemes.contains("notes"))
    #expect(table.claims.activityTypes?.contains("com.example.notes.edit") == true)
    #expect(table.claims.declaresSchemes)
    #expect(loaded.sources.count == 2, "the plist is a source for diagnostics")
  }

  @Test func aConflictNamesBothPlaces() throws {
    let loaded = Self.load(
      Self.table(
        """
        "multipleScenes": false, "infoPlist": "../Apps/Notes/Info.plist", "scenes": [{ "id": "main" }], "routes": []
        """))
    let conflict = try #require(loaded.diagnostics.first { $0.code == .conflictingDeclaration })
    #expect(conflict.location?.file.hasSuffix("test.routes.json") == true)
    let note = try #require(conflict.notes.first?.location)
    #expect(note.file.hasSuffix("Apps/Notes/Info.plist"))
    #expect(note.line > 0)
  }

  @Test func uikitConfigurationsMustBeInTheManifest() throws {
    let loaded = Self.load(
      Self.table(
        """
        "infoPlist": "../Apps/Tasks/Info.plist",
        "scenes": [{ "id": "Default Configuration" }, { "id": "New Task Configuraton" }], "routes": []
        """, lifecycle: "uikit"))
    let conflict = try #require(loaded.diagnostics.first { $0.code == .conflictingDeclaration })
    #expect(conflict.message.contains("'New Task Configuraton'"))
    #expect(conflict.message.contains("Did you mean 'New Task Configuration'?"))
  }

  /// A8: activity routes for types NSUserActivityTypes lacks are reported.
  @Test func checkFindsDeadRoutesUnhandledLinksSchemesAndTypes() throws {
    let diagnostics = try Self.lint(
      Self.table(
        """
        "infoPlist": "../Apps/Notes/Info.plist",
        "associatedDomains": { "applinks:notes.example.com": "../Apps/Notes/apple-app-site-association" },
        "scenes": [{ "id": "main" }],
        "routes": [
          { "name": "export", "url": "https://notes.example.com/n/{id}/export", "deliver": {} },
          { "name": "elsewhere", "url": "https://docs.example.com/{page}", "deliver": {} },
          { "name": "about", "url": "https://notes.example.com/about", "deliver": {} },
          { "name": "list", "url": "https://notes.example.com/", "deliver": {} },
          { "name": "old-scheme", "url": "evernote://note/{id}", "deliver": {} },
          { "name": "share", "activity": "com.example.notes.share", "deliver": {} }
        ]
        """))
    func find(_ code: DiagnosticCode, _ text: String) -> Diagnostic? {
      diagnostics.first { $0.code == code && $0.message.contains(text) }
    }
    #expect(find(.deadRoute, "'export'") != nil, "excluded by /n/*/export")
    #expect(find(.deadRoute, "'export'")?.notes.first?.location?.file.hasSuffix("apple-app-site-association") == true)
    #expect(find(.deadRoute, "'elsewhere'") != nil, "host not associated")
    #expect(find(.deadRoute, "'about'") != nil, "no component claims /about")
    #expect(find(.deadRoute, "'list'") == nil, "/ is claimed")
    #expect(find(.unhandledLink, "'/n/*'") != nil, "notes are claimed but no route takes them")
    #expect(find(.unhandledLink, "'/tags/?*'") != nil)
    #expect(find(.unregisteredScheme, "'evernote'") != nil)
    #expect(find(.undeclaredActivityType, "'com.example.notes.share'") != nil)
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test func theBundledAppsAreClean() throws {
    for table in [
      "Notes/Notes.routes.json", "Tasks/Tasks.routes.json", "Mail/Mail.routes.json", "Forge/Forge.routes.json",
    ] {
      let loaded = TableLoader.load(contentsOf: FixturePaths.fixtures + "/" + table)
      #expect(loaded.diagnostics.isEmpty, "\(table): \(loaded.diagnostics)")
      let loadedTable = try #require(loaded.table)
      let router = try #require(RouteCompiler.compile(loadedTable).router)
      #expect(AppFilesLinter.check(router).isEmpty, "\(table): \(AppFilesLinter.check(router))")
    }
  }
}
