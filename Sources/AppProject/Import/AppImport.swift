import AppleAppFiles
import Foundation
package import RouteTables
package import RouterSupport

/// Reads an app as Xcode builds it, for `route-cli init` and `check --project`.
///
/// The path is an `.xcodeproj`, a `Package.swift` (a Swift Playgrounds style app), or a folder
/// holding one of them (or, failing both, Swift sources and an Info.plist). From an Xcode
/// project it picks the target (`--target`, else the first application target), the
/// configuration (`--configuration`, else the target's default, as xcodebuild picks it) and
/// the platform (`--platform`, else the first of iPadOS, macOS, visionOS, macCatalyst, iOS that
/// the target builds for), and says which it picked among which.
///
/// ```swift
/// let imported = AppImport.load("Fixtures/Projects/Garden", options: .init(), currentDirectory: root)
/// imported.choices.map(\.summary)   // ["target 'Garden' (the only application target; also: GardenTests)", …]
/// imported.facts?.scenes.count      // 3
/// ```
package enum AppImport {
  package struct Options: Sendable {
    package var target: String?
    package var configuration: String?
    package var platform: Platform?
    /// `--setting NAME=VALUE`, in order.
    package var settings: [(name: String, value: String)] = []
    package var environment: [String: String] = [:]

    package init(
      target: String? = nil, configuration: String? = nil, platform: Platform? = nil,
      settings: [(name: String, value: String)] = [], environment: [String: String] = [:]
    ) {
      self.target = target
      self.configuration = configuration
      self.platform = platform
      self.settings = settings
      self.environment = environment
    }
  }

  /// One choice made: what, which, among what, why.
  package struct Choice: Sendable, Hashable {
    package var what: String
    package var chosen: String
    package var among: [String]
    package var why: String

    /// `target 'Garden' (the only application target; also: GardenTests)`.
    package var summary: String {
      let others = among.filter { $0 != chosen }
      return "\(what) '\(chosen)' (\(why)\(others.isEmpty ? "" : "; also: " + others.joined(separator: ", ")))"
    }
  }

  package struct Result {
    package var model: AppModel?
    package var facts: ProjectFacts?
    package var choices: [Choice] = []
    package var diagnostics: [Diagnostic] = []
    package var files: ProjectFiles
    /// Set when an option names something the project does not have (a usage error).
    package var usageError: String?
    /// The project file the summary names (`Garden.xcodeproj`, `Package.swift`, the folder).
    package var projectName: String
  }

  /// Reads the app at `path` (as the user typed it; relative paths are resolved against
  /// `currentDirectory`).
  package static func load(_ path: String, options: Options, currentDirectory: String) -> Result {
    let absolute = ProjectFiles.normalize(path.hasPrefix("/") ? path : currentDirectory + "/" + path)
    var display = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    var log = DiagnosticLog()
    if absolute.hasSuffix(".xcodeproj") {
      let root = ProjectFiles.directory(of: absolute)
      display = ProjectFiles.directory(of: display)
      var files = ProjectFiles(root: root, displayRoot: display)
      return xcode(absolute, options: options, files: &files, log: &log)
    }
    if absolute.hasSuffix(".xcworkspace"), let project = workspaceProject(absolute) {
      let root = ProjectFiles.directory(of: absolute)
      var files = ProjectFiles(root: root, displayRoot: ProjectFiles.directory(of: display))
      var result = xcode(project, options: options, files: &files, log: &log)
      result.choices.insert(
        Choice(
          what: "project", chosen: files.relative(project), among: [files.relative(project)],
          why: "the workspace's first project outside Pods"), at: 0)
      return result
    }
    if ProjectFiles.name(of: absolute) == "Package.swift" {
      display = ProjectFiles.directory(of: display)
      var files = ProjectFiles(root: ProjectFiles.directory(of: absolute), displayRoot: display)
      return SwiftPackageApp.load(absolute, options: options, files: &files, log: &log)
    }
    var files = ProjectFiles(root: absolute, displayRoot: display)
    guard ProjectFiles.isDirectory(absolute) else {
      log.error(.noProject, "'\(path)' is not a folder, an .xcodeproj or a Package.swift", at: nil)
      return Result(diagnostics: log.diagnostics, files: files, projectName: path)
    }
    let entries = ProjectFiles.entries(absolute)
    var projects = entries.filter { $0.hasSuffix(".xcodeproj") }
    if projects.isEmpty && !entries.contains("Package.swift") { projects = nestedProjects(in: absolute) }
    if let first = projects.first {
      var result = xcode(absolute + "/" + first, options: options, files: &files, log: &log)
      if projects.count > 1 {
        result.choices.insert(
          Choice(what: "project", chosen: first, among: projects, why: "the first in the folder; name one to pick it"),
          at: 0)
      }
      return result
    }
    if entries.contains("Package.swift") {
      return SwiftPackageApp.load(absolute + "/Package.swift", options: options, files: &files, log: &log)
    }
    return FolderApp.load(absolute, options: options, files: &files, log: &log)
  }

  /// The first project a workspace's `contents.xcworkspacedata` lists (`group:` and `container:`
  /// locations, relative to the workspace's folder), CocoaPods' `Pods.xcodeproj` left out.
  static func workspaceProject(_ workspace: String) -> String? {
    guard let bytes = ProjectFiles.bytes(workspace + "/contents.xcworkspacedata") else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    for piece in text.components(separatedBy: "location = \"").dropFirst() {
      let location = String(piece.prefix { $0 != "\"" })
      guard let colon = location.firstIndex(of: ":") else { continue }
      let path = String(location[location.index(after: colon)...])
      guard path.hasSuffix(".xcodeproj"), ProjectFiles.name(of: path) != "Pods.xcodeproj" else { continue }
      let absolute = path.hasPrefix("/") ? path : ProjectFiles.directory(of: workspace) + "/" + path
      if ProjectFiles.isDirectory(absolute) { return ProjectFiles.normalize(absolute) }
    }
    return nil
  }

  /// The `.xcodeproj`s up to three folders down (an `ios/App.xcodeproj` beside the rest of a
  /// repository), shallowest first; dependency and build folders are not searched.
  static func nestedProjects(in root: String) -> [String] {
    let skipped: Set<String> = ["Pods", "Carthage", "build", "DerivedData", "node_modules", "vendor"]
    var found: [String] = []
    var level = [""]
    for _ in 0..<3 where found.isEmpty {
      var next: [String] = []
      for relative in level {
        let directory = relative.isEmpty ? root : root + "/" + relative
        for name in ProjectFiles.entries(directory) where ProjectFiles.isDirectory(directory + "/" + name) {
          let path = relative.isEmpty ? name : relative + "/" + name
          if name.hasSuffix(".xcodeproj") {
            found.append(path)
          } else if !skipped.contains(name) && !name.hasSuffix(".xcworkspace") && !name.hasSuffix(".xcassets") {
            next.append(path)
          }
        }
      }
      level = next
    }
    return found.sorted()
  }

  // MARK: - Xcode projects

  static func xcode(
    _ projectPath: String, options: Options, files: inout ProjectFiles, log: inout DiagnosticLog
  ) -> Result {
    var result = Result(files: files, projectName: files.display(projectPath))
    readXcode(projectPath, options: options, into: &result, files: &files, log: &log)
    result.files = files
    result.diagnostics = log.diagnostics
    return result
  }

  private static func readXcode(
    _ projectPath: String, options: Options, into result: inout Result, files: inout ProjectFiles,
    log: inout DiagnosticLog
  ) {
    guard let project = XcodeProject.read(projectPath, files: &files, log: &log) else { return }
    // The target.
    let apps = project.applicationTargets
    let target: XcodeProject.Target
    if let wanted = options.target {
      guard let found = project.targets.first(where: { $0.name == wanted }) else {
        result.usageError =
          "the project has no target '\(wanted)'.\(didYouMean(wanted, project.targets.map(\.name))) "
          + "Targets: \(project.targets.map(\.name).joined(separator: ", "))"
        return
      }
      target = found
      result.choices.append(
        Choice(what: "target", chosen: found.name, among: project.targets.map(\.name), why: "--target"))
    } else {
      guard let first = apps.first else {
        log.error(
          .noProject,
          "the project has no application target (targets: \(project.targets.map(\.name).joined(separator: ", ")))",
          at: nil)
        return
      }
      target = first
      let why = apps.count == 1 ? "the only application target" : "the first application target; --target picks another"
      result.choices.append(Choice(what: "target", chosen: first.name, among: project.targets.map(\.name), why: why))
    }
    // The configuration.
    let names = target.configurations.map(\.name)
    let configuration: XcodeProject.Configuration
    if let wanted = options.configuration {
      guard let found = target.configurations.first(where: { $0.name == wanted }) else {
        result.usageError =
          "the target '\(target.name)' has no configuration '\(wanted)'.\(didYouMean(wanted, names)) "
          + "Configurations: \(names.joined(separator: ", "))"
        return
      }
      configuration = found
      result.choices.append(Choice(what: "configuration", chosen: wanted, among: names, why: "--configuration"))
    } else {
      let preferred = target.defaultConfigurationName ?? project.defaultConfigurationName
      guard let found = target.configurations.first(where: { $0.name == preferred }) ?? target.configurations.first
      else {
        log.error(.invalidProject, "the target '\(target.name)' has no build configuration", at: target.location)
        return
      }
      configuration = found
      result.choices.append(
        Choice(
          what: "configuration", chosen: found.name, among: names,
          why: found.name == preferred ? "the target's default, as xcodebuild picks it" : "the first"))
    }
    let projectConfiguration = project.configurations.first { $0.name == configuration.name }
    // The settings, first to find the platforms, then for the platform.
    let stack = assignments(
      project: project, target: target, configuration: configuration, projectConfiguration: projectConfiguration,
      options: options, files: &files, log: &log)
    func settings(sdk: String, platform: Platform?) -> BuildSettings {
      var defaults = xcodeDefaults(project: project, target: target, configuration: configuration.name)
      defaults += sdkDefaults(sdk: sdk, platform: platform)
      return BuildSettings(defaults + stack, context: .init(configuration: configuration.name, sdk: sdk))
    }
    let probe = settings(sdk: "iphoneos", platform: nil)
    let sdkroot = probe.value(of: "SDKROOT")?.text ?? "iphoneos"
    let probeSDK = ["macosx", "xros", "iphoneos"].first { sdkroot.hasPrefix($0) } ?? "iphoneos"
    let platforms = PlatformChoice.platforms(settings(sdk: probeSDK, platform: nil))
    guard let platform = pick(platforms.list, options.platform, into: &result) else { return }
    let final = settings(sdk: PlatformChoice.sdk(for: platform), platform: platform)
    var model = readApp(
      name: target.name, platform: platform, platformOrigin: platforms.origin, settings: final,
      directory: project.directory, sources: target.sourceFiles, files: &files, log: &log)
    model.kind = "Xcode project"
    if model.team == nil, let team = target.attributeTeam {
      model.team = ResolvedString(value: team.value, location: team.location, written: team.value)
    }
    result.facts = FactsBuilder.facts(model, choices: result.choices, files: files, log: &log)
    result.model = model
    return
  }

  /// The assignments of every level but Xcode's defaults, lowest first.
  static func assignments(
    project: XcodeProject, target: XcodeProject.Target, configuration: XcodeProject.Configuration,
    projectConfiguration: XcodeProject.Configuration?, options: Options, files: inout ProjectFiles,
    log: inout DiagnosticLog
  ) -> [BuildSettingAssignment] {
    var out: [BuildSettingAssignment] = []
    for (name, value) in options.environment.sorted(by: { $0.key < $1.key }) where BuildSettingAssignment.isName(name) {
      out.append(BuildSettingAssignment(name: name, value: value, level: .environment))
    }
    if let base = projectConfiguration?.baseConfiguration {
      out += XCConfig.read(
        base, level: .projectXCConfig, files: &files, log: &log,
        referencedAt: projectConfiguration?.baseConfigurationLocation)
    }
    out += (projectConfiguration?.settings ?? []).map { a in
      var a = a
      a.level = .project
      return a
    }
    if let base = configuration.baseConfiguration {
      out += XCConfig.read(
        base, level: .targetXCConfig, files: &files, log: &log, referencedAt: configuration.baseConfigurationLocation)
    }
    out += configuration.settings
    for (name, value) in options.settings {
      guard let a = BuildSettingAssignment(parsingKey: name, value: value, level: .commandLine) else { continue }
      out.append(a)
    }
    return out
  }

  /// What Xcode sets itself for a target.
  static func xcodeDefaults(project: XcodeProject, target: XcodeProject.Target, configuration: String)
    -> [BuildSettingAssignment]
  {
    [
      ("TARGET_NAME", target.name), ("PROJECT_NAME", project.name), ("PROJECT_DIR", project.directory),
      ("SRCROOT", project.directory), ("SOURCE_ROOT", project.directory), ("PROJECT_FILE_PATH", project.path),
      ("CONFIGURATION", configuration), ("PRODUCT_NAME", "$(TARGET_NAME)"),
      ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"), ("EXECUTABLE_NAME", "$(PRODUCT_NAME)"),
      ("DEVELOPMENT_LANGUAGE", "en"), ("AppIdentifierPrefix", "$(DEVELOPMENT_TEAM)."),
      ("TeamIdentifierPrefix", "$(DEVELOPMENT_TEAM)."), ("INFOPLIST_EXPAND_BUILD_SETTINGS", "YES"),
    ].map { BuildSettingAssignment(name: $0.0, value: $0.1, level: .xcodeDefault) }
  }

  /// `PLATFORM_NAME` and `EFFECTIVE_PLATFORM_NAME` of the SDK a build uses.
  static func sdkDefaults(sdk: String, platform: Platform?) -> [BuildSettingAssignment] {
    guard platform != nil else { return [] }
    let effective = sdk == "macosx" ? "" : "-" + sdk
    return [
      BuildSettingAssignment(name: "PLATFORM_NAME", value: sdk, level: .xcodeDefault),
      BuildSettingAssignment(name: "EFFECTIVE_PLATFORM_NAME", value: effective, level: .xcodeDefault),
    ]
  }

  /// The platform: `--platform` (which must be one the target builds for), else the first listed.
  static func pick(_ platforms: [Platform], _ wanted: Platform?, into result: inout Result) -> Platform? {
    let names = platforms.map(\.rawValue)
    if let wanted {
      guard platforms.contains(wanted) else {
        result.usageError =
          "the target does not build for \(wanted.rawValue); it builds for \(names.joined(separator: ", "))"
        return nil
      }
      result.choices.append(Choice(what: "platform", chosen: wanted.rawValue, among: names, why: "--platform"))
      return wanted
    }
    guard let first = platforms.first else { return nil }
    let why =
      platforms.count == 1 ? "the only one it builds for" : "the first with several windows; --platform picks another"
    result.choices.append(Choice(what: "platform", chosen: first.rawValue, among: names, why: why))
    return first
  }

  static func didYouMean(_ name: String, _ among: [String]) -> String {
    EditDistance.suggestion(for: name, among: among).map { " Did you mean '\($0)'?" } ?? ""
  }

  // MARK: - What every kind of project shares

  /// Reads the Info.plist, the entitlements and the sources of one target for one platform.
  static func readApp(
    name: String, platform: Platform, platformOrigin: String, settings: BuildSettings, directory: String,
    sources: [String], files: inout ProjectFiles, log: inout DiagnosticLog
  ) -> AppModel {
    let plist = ShippedInfoPlist.read(
      settings: settings, directory: directory, platform: platform, files: &files, log: &log)
    let entitlements = Entitlements.read(settings: settings, directory: directory, files: &files, log: &log)
    let team = ResolvedString.setting("DEVELOPMENT_TEAM", in: settings, for: "the team ID", log: &log)
      .flatMap { $0.value.trimmingSpaces.isEmpty ? nil : $0 }
    let flags = Set(
      (settings.value(of: "SWIFT_ACTIVE_COMPILATION_CONDITIONS")?.text ?? "").split(separator: " ").map(String.init))
    let conditions = CompilationConditions(platform: platform, flags: flags)
    var swiftFiles: [SwiftFile] = []
    for path in sources {
      guard let source = files.text(path) else {
        log.warning(.missingProjectFile, "cannot read the source '\(files.display(path))'", at: nil)
        continue
      }
      let lexed = SwiftLexer.tokens(of: source)
      log.add(contentsOf: lexed.diagnostics)
      let active = SwiftLexer.activeTokens(lexed.tokens, in: source, conditions: conditions, log: &log)
      swiftFiles.append(SwiftFile(path: path, source: source, tokens: active))
    }
    let index = SwiftIndex(files: swiftFiles)
    let found = SceneScanner.scan(index, log: &log)
    var scenes = found.scenes
    var views = ViewScanner(index: index)
    for i in scenes.indices where scenes[i].content != nil {
      scenes[i].handlers = views.handlers(of: scenes[i], log: &log)
    }
    views.reportUnreached(log: &log)
    let delegates = (plist.configurations.compactMap(\.bareDelegateClass))
    let uikit = UIKitScanner.scan(index, delegateClasses: delegates, log: &log)
    return AppModel(
      platform: platform, platformOrigin: platformOrigin, settings: settings, name: name, plist: plist,
      entitlements: entitlements, team: team, index: index, app: found.app, scenes: scenes,
      openWindowCalls: OpenWindowScanner.calls(in: index), uikit: uikit, kind: "")
  }
}
