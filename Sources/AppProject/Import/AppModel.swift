package import RouteTables

/// Everything read from an app for one target, configuration and platform: the settings, the
/// Info.plist as it ships, the entitlements, and what the sources say.
package struct AppModel {
  package var platform: Platform
  /// Why this platform: the settings that say which platforms the target builds for.
  package var platformOrigin: String
  package var settings: BuildSettings
  /// The target's name (or the package product's, or the folder's).
  package var name: String
  package var plist: ShippedInfoPlist?
  package var entitlements: Entitlements?
  /// The team that signs the app: `DEVELOPMENT_TEAM`, or the project's `TargetAttributes`.
  package var team: ResolvedString?
  package var index: SwiftIndex
  package var app: SwiftIndex.TypeDecl?
  package var scenes: [SourceScene]
  package var openWindowCalls: [OpenWindowScanner.Call]
  package var uikit: UIKitScanner
  /// Set for a `Package.swift` app: its Info.plist is generated from the manifest.
  package var isPackageApp = false
  /// What the summary says about the kind of project (`Xcode project`, `Package.swift app`, `folder`).
  package var kind: String

  /// Whether the app uses UIKit scene delegates rather than the SwiftUI `App` lifecycle.
  package var isUIKit: Bool { app == nil && (uikitEvidence || !(plist?.configurations.isEmpty ?? true)) }

  /// A `UIApplicationDelegate` in the sources.
  package var uikitEvidence: Bool { !index.types(conformingTo: "UIApplicationDelegate").isEmpty }
}
