import ActivityRouter
import AppProject
import Testing

/// Sources in memory, read for one platform, as the scanners see them.
private func index(_ sources: [(String, String)], platform: Platform = .iPadOS) -> (SwiftIndex, DiagnosticLog) {
  var log = DiagnosticLog()
  let files = sources.map { name, text in
    let source = SourceText(file: name, text: text)
    let tokens = SwiftLexer.activeTokens(
      SwiftLexer.tokens(of: source).tokens, in: source, conditions: CompilationConditions(platform: platform),
      log: &log)
    return SwiftFile(path: "/src/" + name, source: source, tokens: tokens)
  }
  return (SwiftIndex(files: files), log)
}

private func scenes(_ text: String, platform: Platform = .iPadOS) -> (SceneScanner.Found, [Diagnostic]) {
  var (index, log) = index([("App.swift", text)], platform: platform)
  let found = SceneScanner.scan(index, log: &log)
  return (found, log.diagnostics)
}

/// The scene, view, openWindow and UIKit scanners on small sources: what they read, and what
/// they report instead of guessing.
@Suite struct SourceReaderTests {
  @Test func readsEachKindOfSceneWithItsArguments() throws {
    let (found, diagnostics) = scenes(
      """
      import SwiftUI
      @main struct NotesApp: App {
        var body: some Scene {
          WindowGroup(Text("Notes")) { NoteList() }
          WindowGroup("Note Editor", id: Ids.editor, for: Note.ID.self) { $id in Editor(id: id) } defaultValue: { 7 }
            .handlesExternalEvents(matching: Set(["note", Ids.editor]))
            .handlesExternalEvents(matching: [])
          Settings { Form {} }
          DocumentGroup(newDocument: TextFile()) { file in Editor(text: file.$document.text) }
        }
      }
      enum Ids { static let editor = "note-editor" }
      struct TextFile: FileDocument {
        static var readableContentTypes: [UTType] { [.plainText, .sketch] }
      }
      extension UTType { static let sketch = UTType(exportedAs: "com.example.sketch") }
      """)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(found.app?.name == "NotesApp")
    #expect(found.scenes.map(\.kind) == [.windowGroup, .windowGroup, .settings, .documentGroup])
    let editor = found.scenes[1]
    #expect(found.scenes[0].title?.value == "Notes")
    #expect(editor.id?.value == "note-editor")
    #expect(editor.presents?.value == "Note.ID")
    #expect(editor.defaultValue?.value == .number(JSONNumber(7)))
    #expect(editor.matching.map { $0.values.map(\.value) } == [["note", "note-editor"], []])
    #expect(found.scenes[3].contentTypes.map(\.value) == ["public.plain-text", "com.example.sketch"])
  }

  @Test func reportsWhatItCannotFollow() throws {
    let (found, diagnostics) = scenes(
      """
      @main struct App1: App {
        var body: some Scene {
          WindowGroup(id: "tab-\\(kind)") { A() }
          makeScenes()
          WindowGroup(id: "ok") { B() } defaultValue: { Note.ID() }
            .handlesExternalEvents(matching: Self.sets)
        }
      }
      """)
    #expect(found.scenes.map { $0.id?.value } == [nil, "ok"])
    #expect(found.scenes[0].hasComputedID)
    #expect(found.scenes[1].matching.isEmpty)
    #expect(found.scenes[1].defaultValue == nil)
    #expect(diagnostics.map(\.code) == [.notFollowed, .notFollowed, .notFollowed, .notFollowed])
    #expect(diagnostics.map { $0.location!.line } == [3, 4, 5, 6])
    #expect(
      diagnostics[1].message.hasPrefix("'makeScenes()' in the body of 'App1' is not a scene the reader can follow"))
  }

  @Test func followsSceneTypesPropertiesAndAvailability() {
    let text = """
      @main struct Maps: App {
        var body: some Scene {
          Main().handlesExternalEvents(matching: ["map"])
          extras
          if #available(iOS 18, macOS 15, *) {
            WindowGroup(id: "new") { A() }
          } else {
            WindowGroup(id: "old") { A() }
          }
          #if os(macOS)
            Window("Tools", id: "tools") { T() }
          #endif
        }
        var extras: some Scene { WindowGroup(id: "extra") { E() } }
      }
      struct Main: Scene {
        var body: some Scene { WindowGroup(id: "main") { M() } }
      }
      """
    let (ipad, _) = scenes(text)
    #expect(ipad.scenes.map { $0.id?.value ?? "-" } == ["main", "extra", "new"])
    #expect(ipad.scenes[0].matching.first?.values.map(\.value) == ["map"])
    let (mac, _) = scenes(text, platform: .macOS)
    #expect(mac.scenes.map { $0.id?.value ?? "-" } == ["main", "extra", "new", "tools"])
  }

  @Test func followsViewsModifiersAndViewExtensions() throws {
    var (index, log) = index([
      (
        "App.swift",
        """
        @main struct A: App {
          var body: some Scene {
            WindowGroup(id: "main") { Root() }
            WindowGroup(id: "bare") { Text("x") }
          }
        }
        """
      ),
      (
        "Views.swift",
        """
        struct Root: View {
          var body: some View { Badge().modifier(Links()).handleHandoff() }
        }
        protocol Card: View {}
        struct Badge: Card {
          var body: some View { Text("") }
        }
        struct Links: ViewModifier {
          func body(content: Content) -> some View {
            content.handlesExternalEvents(preferring: ["main"], allowing: ["*"])
          }
        }
        extension View {
          func handleHandoff() -> some View {
            onContinueUserActivity(Kinds.edit) { _ in }.onOpenURL { _ in }
          }
        }
        enum Kinds { static let edit = "com.example.edit" }
        struct Orphan: View {
          var body: some View { Text("").onOpenURL { _ in } }
        }
        #Preview { Text("").onOpenURL { _ in } }
        """
      ),
    ])
    let found = SceneScanner.scan(index, log: &log)
    var views = ViewScanner(index: index)
    let main = views.handlers(of: found.scenes[0], log: &log)
    let bare = views.handlers(of: found.scenes[1], log: &log)
    #expect(main.openURL.count == 1)
    #expect(main.activityTypes.map(\.value) == ["com.example.edit"])
    #expect(main.preferring?.map(\.value) == ["main"])
    #expect(main.allowing?.map(\.value) == ["*"])
    #expect(main.followed == ["Root", "Badge", "Links"])
    #expect(bare.openURL.isEmpty && bare.preferring == nil)
    views.reportUnreached(log: &log)
    let unreached = log.diagnostics.filter { $0.message.contains("no scene in the table has it") }
    #expect(unreached.map { $0.location!.line } == [20])
    #expect(unreached.first?.message.hasPrefix("onOpenURL in 'Orphan'") == true)
  }

  @Test func findsOpenWindowUnderAnyName() {
    let (index, _) = index([
      (
        "V.swift",
        """
        struct V: View {
          @Environment(\\.openWindow) private var show
          var body: some View {
            Button("a") { show(id: "editor", value: note.id) }
            Button("b") { show(value: note) }
            Button("c") { openWindow(id: "tab-\\(n)") }
          }
        }
        """
      )
    ])
    let calls = OpenWindowScanner.calls(in: index)
    #expect(calls.map { $0.id?.value } == ["editor", nil, nil])
    #expect(calls.map(\.value) == ["note.id", "note", nil])
    #expect(calls[2].computedID == "\"…\"")
  }

  @Test func readsSceneDelegatesAndConfigurationForConnecting() {
    var (index, log) = index([
      (
        "AppDelegate.swift",
        """
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                           options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            if let activity = options.userActivities.first, activity.activityType == Kind.inspector {
              return UISceneConfiguration(name: "Inspector", sessionRole: session.role)
            }
            if options.userActivities.first?.activityType == "com.example.dynamic" {
              return UISceneConfiguration(name: configurationName(), sessionRole: session.role)
            }
            return UISceneConfiguration(name: "Default Configuration", sessionRole: session.role)
          }
        }
        enum Kind { static let inspector = "com.example.inspector" }
        """
      ),
      (
        "Delegates.swift",
        """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            router.handle(connectionOptions)
          }
          func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
        }
        extension SceneDelegate {
          func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem) async -> Bool { true }
        }
        final class InspectorDelegate: UIResponder, UIWindowSceneDelegate {
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "self == 'inspector'")
            scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "self == %@", id)
            _ = options.urlContexts
          }
        }
        """
      ),
    ])
    let uikit = UIKitScanner.scan(index, delegateClasses: ["SceneDelegate", "InspectorDelegate", "Missing"], log: &log)
    #expect(
      uikit.choices.map { "\($0.activityType.value) → \($0.configuration.value)" } == [
        "com.example.inspector → Inspector"
      ])
    let main = uikit.delegates["SceneDelegate"]
    #expect(main?.implements("scene(_:openURLContexts:)") == true)
    #expect(main?.implements("windowScene(_:performActionFor:completionHandler:)") == true)
    #expect(main?.implements("scene(_:continue:)") == false)
    #expect(main?.readsAtLaunch == nil)  // the options are handed on
    let inspector = uikit.delegates["InspectorDelegate"]
    #expect(inspector?.can?.value == "self == 'inspector'")
    #expect(inspector?.prefers == nil)
    #expect(inspector?.readsAtLaunch == ["urlContexts"])
    #expect(uikit.delegates["Missing"] == nil)
    #expect(
      log.diagnostics.map { "\($0.location!.file):\($0.location!.line)" } == [
        "Delegates.swift:13", "AppDelegate.swift:8",
      ])
  }
}
