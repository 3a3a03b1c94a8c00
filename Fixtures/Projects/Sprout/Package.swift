// swift-tools-version: 5.9

// Sprout, a Swift Playgrounds app: the app is described here, not in an Xcode project.
import AppleProductTypes
import PackageDescription

let package = Package(
  name: "Sprout",
  platforms: [.iOS("17.0")],
  products: [
    .iOSApplication(
      name: "Sprout",
      targets: ["SproutApp"],
      bundleIdentifier: "com.example.sprout",
      teamIdentifier: "SPR0UT4242",
      displayVersion: "1.0",
      bundleVersion: "1",
      appIcon: .placeholder(icon: .leaf),
      accentColor: .presetColor(.green),
      supportedDeviceFamilies: [.pad, .phone],
      supportedInterfaceOrientations: [.portrait, .landscapeRight, .landscapeLeft],
      additionalInfoPlistContentFilePath: "AdditionalInfo.plist"
    )
  ],
  targets: [
    .executableTarget(name: "SproutApp", path: "Sources/SproutApp")
  ]
)
