import AppleAppFiles
import RouteTables
import RouterSupport

/// An app described by a `Package.swift`: the `.iOSApplication(…)` product of a Swift
/// Playgrounds style package (name, `bundleIdentifier`, `teamIdentifier`,
/// `supportedDeviceFamilies`, `additionalInfoPlistContentFilePath`, `targets`), or an
/// `.executable` product (a macOS app); its sources are those of its executable targets
/// (`path:`, else `Sources/<name>`). The manifest is read with the Swift lexer, not run: values
/// must be literals.
enum SwiftPackageApp {
  static func load(
    _ manifest: String, options: AppImport.Options, files: inout ProjectFiles, log: inout DiagnosticLog
  ) -> AppImport.Result {
    var result = AppImport.Result(files: files, projectName: files.display(manifest))
    read(manifest, options: options, into: &result, files: &files, log: &log)
    result.files = files
    result.diagnostics = log.diagnostics
    return result
  }

  private static func read(
    _ manifest: String, options: AppImport.Options, into result: inout AppImport.Result, files: inout ProjectFiles,
    log: inout DiagnosticLog
  ) {
    guard let source = files.text(manifest) else {
      log.error(.unreadableFile, "cannot read '\(files.display(manifest))'", at: nil)
      return
    }
    let lexed = SwiftLexer.tokens(of: source)
    log.add(contentsOf: lexed.diagnostics)
    let tokens = SwiftLexer.activeTokens(
      lexed.tokens, in: source, conditions: CompilationConditions(platform: .macOS, flags: []), log: &log)
    let index = SwiftIndex(files: [SwiftFile(path: manifest, source: source, tokens: tokens)])
    let values = SwiftValues(index: index, file: 0)
    let root = ProjectFiles.directory(of: manifest)
    let file = index.files[0]

    var products: [(kind: String, call: SwiftCall)] = []
    var targets: [String: (path: String?, location: SourceLocation)] = [:]
    for k in tokens.indices where k > 0 && tokens[k - 1].is(".") && tokens[k].kind == .identifier {
      switch tokens[k].text {
      case "iOSApplication", "executable":
        if let call = SwiftCall.parse(tokens, at: k) { products.append((tokens[k].text, call)) }
      case "executableTarget":
        guard let call = SwiftCall.parse(tokens, at: k), let name = call.argument("name").flatMap(values.string)
        else { continue }
        targets[name.value] = (call.argument("path").flatMap(values.string)?.value, file.location(k))
      default: continue
      }
    }
    guard let product = products.first(where: { $0.kind == "iOSApplication" }) ?? products.first else {
      log.error(
        .noProject, "Package.swift has no .iOSApplication or .executable product: there is no app to read",
        at: source.location(at: 0))
      return
    }
    let call = product.call
    let name = call.argument("name").flatMap(values.string)?.value ?? "App"
    var platforms: [Platform] = []
    if product.kind == "iOSApplication" {
      let families =
        call.argument("supportedDeviceFamilies").map { range in
          range.compactMap { tokens[$0].kind == .identifier ? tokens[$0].text : nil }
        } ?? ["pad", "phone"]
      if families.contains("pad") { platforms.append(.iPadOS) }
      if families.contains("phone") { platforms.append(.iOS) }
    } else {
      platforms = [.macOS]
    }
    result.choices.append(
      .init(
        what: "product", chosen: name,
        among: products.compactMap { values.string($0.call.argument("name") ?? 0..<0)?.value },
        why: "the app product of Package.swift"))
    guard let platform = AppImport.pick(platforms, options.platform, into: &result) else { return }

    var assignments = [
      BuildSettingAssignment(name: "TARGET_NAME", value: name, level: .xcodeDefault),
      BuildSettingAssignment(
        name: "PRODUCT_NAME", value: name, level: .target, location: file.location(call.nameIndex)),
      BuildSettingAssignment(name: "GENERATE_INFOPLIST_FILE", value: "YES", level: .xcodeDefault),
      BuildSettingAssignment(name: "SRCROOT", value: root, level: .xcodeDefault),
    ]
    let keys = [
      ("bundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"), ("teamIdentifier", "DEVELOPMENT_TEAM"),
      ("additionalInfoPlistContentFilePath", "INFOPLIST_FILE"),
    ]
    for (label, setting) in keys {
      guard let range = call.argument(label), let value = values.string(range) else { continue }
      assignments.append(
        BuildSettingAssignment(name: setting, value: value.value, level: .target, location: value.location))
    }
    for (settingName, value) in options.settings {
      if let a = BuildSettingAssignment(parsingKey: settingName, value: value, level: .commandLine) {
        assignments.append(a)
      }
    }
    let settings = BuildSettings(
      assignments, context: .init(configuration: "Debug", sdk: PlatformChoice.sdk(for: platform)))
    let targetNames = call.argument("targets").flatMap(values.stringList)?.map(\.value) ?? Array(targets.keys).sorted()
    var sources: [String] = []
    for target in targetNames {
      let folder = files.absolute(targets[target]?.path ?? "Sources/\(target)", from: root)
      guard ProjectFiles.isDirectory(folder) else {
        log.warning(
          .missingProjectFile, "the folder '\(files.display(folder))' of the target '\(target)' does not exist",
          at: targets[target]?.location ?? file.location(call.nameIndex))
        continue
      }
      sources += ProjectFiles.files(under: folder, suffix: ".swift")
    }
    var model = AppImport.readApp(
      name: name, platform: platform, platformOrigin: "", settings: settings, directory: root,
      sources: sources.filter { $0 != manifest }, files: &files, log: &log)
    model.kind = "Package.swift app"
    model.isPackageApp = true
    result.facts = FactsBuilder.facts(model, choices: result.choices, files: files, log: &log)
    result.model = model
    return
  }
}

/// A folder with neither an Xcode project nor a `Package.swift`: its Swift sources, the one
/// `Info.plist` and the one `.entitlements` file it holds (if there is exactly one), no build
/// settings. The platform is `--platform`, else iPadOS, said as a choice.
enum FolderApp {
  static func load(
    _ folder: String, options: AppImport.Options, files: inout ProjectFiles, log: inout DiagnosticLog
  ) -> AppImport.Result {
    var result = AppImport.Result(files: files, projectName: files.display(folder))
    read(folder, options: options, into: &result, files: &files, log: &log)
    result.files = files
    result.diagnostics = log.diagnostics
    return result
  }

  private static func read(
    _ folder: String, options: AppImport.Options, into result: inout AppImport.Result, files: inout ProjectFiles,
    log: inout DiagnosticLog
  ) {
    let sources = ProjectFiles.files(under: folder, suffix: ".swift").filter { !$0.contains("/Tests/") }
    guard !sources.isEmpty else {
      log.error(
        .noProject, "'\(files.display(folder))' holds no .xcodeproj, no Package.swift and no Swift source", at: nil)
      return
    }
    let platform = options.platform ?? .iPadOS
    result.choices.append(
      .init(
        what: "platform", chosen: platform.rawValue, among: [platform.rawValue],
        why: options.platform == nil ? "no project says which; --platform picks another" : "--platform"))
    var assignments = [
      BuildSettingAssignment(name: "TARGET_NAME", value: ProjectFiles.name(of: folder), level: .xcodeDefault),
      BuildSettingAssignment(name: "SRCROOT", value: folder, level: .xcodeDefault),
    ]
    let plists =
      ProjectFiles.files(under: folder, suffix: "/Info.plist")
      + (ProjectFiles.isFile(folder + "/Info.plist") ? [folder + "/Info.plist"] : [])
    if Set(plists).count == 1, let plist = plists.first {
      assignments.append(BuildSettingAssignment(name: "INFOPLIST_FILE", value: plist, level: .target))
    }
    let entitlements = ProjectFiles.files(under: folder, suffix: ".entitlements")
    if entitlements.count == 1 {
      assignments.append(BuildSettingAssignment(name: "CODE_SIGN_ENTITLEMENTS", value: entitlements[0], level: .target))
    }
    for (name, value) in options.settings {
      if let a = BuildSettingAssignment(parsingKey: name, value: value, level: .commandLine) { assignments.append(a) }
    }
    let settings = BuildSettings(
      assignments, context: .init(configuration: "Debug", sdk: PlatformChoice.sdk(for: platform)))
    var model = AppImport.readApp(
      name: ProjectFiles.name(of: folder), platform: platform, platformOrigin: "", settings: settings,
      directory: folder, sources: sources, files: &files, log: &log)
    model.kind = "folder"
    result.facts = FactsBuilder.facts(model, choices: result.choices, files: files, log: &log)
    result.model = model
    return
  }
}
