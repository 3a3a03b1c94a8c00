package import AppleAppFiles
package import RouterSupport

/// An Xcode project (`App.xcodeproj/project.pbxproj`) as far as routing needs it: the project's
/// and each target's build configurations, where their settings are written, and each target's
/// Swift sources.
///
/// ```swift
/// var files = ProjectFiles(root: "/src/Garden", displayRoot: "Garden")
/// var log = DiagnosticLog()
/// let project = XcodeProject.read("/src/Garden/Garden.xcodeproj", files: &files, log: &log)
/// project?.targets.map(\.name)                     // ["Garden", "GardenTests"]
/// project?.applicationTargets.first?.sourceFiles   // ["/src/Garden/Garden/GardenApp.swift", …]
/// ```
package struct XcodeProject: Sendable {
  /// One build configuration (`XCBuildConfiguration`) of the project or of a target.
  package struct Configuration: Sendable {
    package var name: String
    /// The `buildSettings`, each located at its key in the pbxproj (level set by the caller).
    package var settings: [BuildSettingAssignment]
    /// The absolute path of the base `.xcconfig`, if any.
    package var baseConfiguration: String?
    /// Where the base configuration is named.
    package var baseConfigurationLocation: SourceLocation?
    package var location: SourceLocation?
  }

  /// One target (`PBXNativeTarget`).
  package struct Target: Sendable {
    package var name: String
    /// `com.apple.product-type.application`, …
    package var productType: String
    package var configurations: [Configuration]
    package var defaultConfigurationName: String?
    /// The absolute paths of its Swift sources: the Sources build phase and the folders Xcode 16
    /// keeps in sync, without their exceptions.
    package var sourceFiles: [String]
    /// `DevelopmentTeam` of the project's `TargetAttributes` for this target (older projects).
    package var attributeTeam: Located<String>?
    package var location: SourceLocation?

    /// Whether the target builds an app (iOS, macOS, visionOS, watchOS, Messages, App Clip).
    package var isApplication: Bool {
      productType.hasPrefix("com.apple.product-type.application")
    }
  }

  /// The `.xcodeproj` directory, absolute.
  package var path: String
  /// The directory relative paths start from (`SRCROOT`), absolute.
  package var directory: String
  /// The project's name: the `.xcodeproj` without its extension (`PROJECT_NAME`).
  package var name: String
  package var configurations: [Configuration]
  package var defaultConfigurationName: String?
  package var targets: [Target]

  /// The targets that build apps, in project order.
  package var applicationTargets: [Target] { targets.filter(\.isApplication) }

  /// Reads `project.pbxproj` inside the `.xcodeproj` at `path` (absolute). Syntax errors and
  /// dangling references are diagnostics; whatever could be read is returned. Nil only when
  /// the file cannot be read or holds no project at all.
  package static func read(_ path: String, files: inout ProjectFiles, log: inout DiagnosticLog) -> XcodeProject? {
    let pbxproj = path + "/project.pbxproj"
    guard let source = files.text(pbxproj) else {
      log.error(.missingProjectFile, "cannot read '\(files.display(pbxproj))'", at: nil)
      return nil
    }
    let parsed = OpenStepPlist.parse(source)
    log.add(contentsOf: parsed.diagnostics)
    guard let root = parsed.root else { return nil }
    var reader = PBXReader(
      source: source, objects: root["objects"]?.entries ?? [], projectPath: path, files: files, log: log)
    defer {
      log = reader.log
      files = reader.files
    }
    guard let rootID = root["rootObject"]?.string, let project = reader.object(rootID, at: root.entry("rootObject"))
    else {
      reader.log.error(
        .invalidProject, "the project file has no rootObject that names a PBXProject object",
        at: source.location(at: root.offset))
      return nil
    }
    return reader.project(project, id: rootID)
  }
}
