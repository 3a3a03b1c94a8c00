// swift-tools-version: 6.2
// ActivityRouter: Apple's scene-selection rules and an app's deep-link routes, as a Swift
// library and a CLI that run anywhere Swift runs. No dependencies outside the toolchain.
import PackageDescription

let strictness: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "ActivityRouter",
  products: [
    .library(name: "ActivityRouter", targets: ["ActivityRouter"]),
    .executable(name: "route-cli", targets: ["route-cli"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "ActivityRouter", swiftSettings: strictness),
    // Reads an app as Xcode builds it (project, build settings, Info.plist, entitlements, Swift
    // sources) for `route-cli init` and `check --project`; not a product.
    .target(name: "AppProject", dependencies: ["ActivityRouter"], swiftSettings: strictness),
    .executableTarget(
      name: "route-cli",
      dependencies: ["ActivityRouter", "AppProject"],
      swiftSettings: strictness
    ),
    .testTarget(
      name: "ActivityRouterTests",
      dependencies: ["ActivityRouter"],
      swiftSettings: strictness
    ),
    .testTarget(
      name: "AppProjectTests",
      dependencies: ["AppProject", "ActivityRouter"],
      swiftSettings: strictness
    ),
    .testTarget(
      name: "RouteCLITests",
      dependencies: ["route-cli", "ActivityRouter"],
      exclude: ["Goldens"],
      swiftSettings: strictness
    ),
  ],
  swiftLanguageModes: [.v6]
)
