package import RouterSupport

/// The stable codes of what reading an app project finds (`route-cli init`, `check --project`).
///
/// Codes never change once published (see ``DiagnosticCode``); the reader also uses the
/// library's own codes where they fit: `plist-syntax`, `unreadable-file`, `wrong-type`,
/// `invalid-associated-domain`, `invalid-app-id`, `undeclared-activity-type`.
extension DiagnosticCode {
  /// No Xcode project, `Package.swift` or Swift source where the path points.
  package static let noProject = DiagnosticCode("no-project")
  /// A file the project names (an xcconfig, the Info.plist, the entitlements) does not exist.
  package static let missingProjectFile = DiagnosticCode("missing-project-file")
  /// A project object is not of the shape Xcode writes (a target without configurations, a
  /// reference to an object that does not exist).
  package static let invalidProject = DiagnosticCode("invalid-project")
  /// An xcconfig line is neither a setting, an `#include` nor a comment.
  package static let xcconfigSyntax = DiagnosticCode("xcconfig-syntax")
  /// `$(NAME)` names a build setting that nothing sets; the value it is part of is not used.
  package static let unresolvedBuildSetting = DiagnosticCode("unresolved-build-setting")
  /// Build settings refer to each other in a cycle, or `#include`s do.
  package static let buildSettingCycle = DiagnosticCode("build-setting-cycle")
  /// `$(NAME:modifier)` uses a modifier the reader does not know; the value is used unmodified.
  package static let unknownBuildSettingModifier = DiagnosticCode("unknown-build-setting-modifier")
  /// A setting Xcode ignores where it is (an `INFOPLIST_KEY_` setting without `GENERATE_INFOPLIST_FILE`).
  package static let ignoredBuildSetting = DiagnosticCode("ignored-build-setting")
  /// The Swift source reader cannot follow something (a computed id, a helper that builds scenes);
  /// it reports it and guesses nothing.
  package static let notFollowed = DiagnosticCode("not-followed")
  /// A Swift source ends inside a comment, a string or an `#if` block.
  package static let swiftSyntax = DiagnosticCode("swift-syntax")
  /// The Info.plist names a scene delegate class that no source defines.
  package static let missingSceneDelegate = DiagnosticCode("missing-scene-delegate")
  /// What the sources do cannot work with what the project declares (`openWindow` in an app
  /// without multiple scenes, a registered scheme no scene handles).
  package static let inertHandler = DiagnosticCode("inert-handler")
  /// The project declares something the table lacks.
  package static let notInTable = DiagnosticCode("not-in-table")
  /// The table declares something the project does not.
  package static let notInProject = DiagnosticCode("not-in-project")
  /// The table and the project say different things about the same declaration.
  package static let contradictsProject = DiagnosticCode("contradicts-project")
}
