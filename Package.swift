// swift-tools-version: 6.2
// ActivityRouter: Apple's scene-selection rules and an app's deep-link routes, as a Swift
// library and a CLI that run anywhere Swift runs. No dependencies outside the toolchain.
//
// The targets are the data flow (docs/architecture.md draws this graph from this file):
//
//   RouterSupport → RouteEvents → AppleAppFiles → RouteTables → RouteMatcher → SceneDecision
//     → DecisionRecords → RouteFixtures → ActivityRouter (the one library product)
//
// Each target depends only on the one before it (and, through it, on those further back), so
// a dependency that points back up the flow is a compile error, not a review comment.
import PackageDescription

let strictness: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A library target of the data flow, depending on the stage before it.
func stage(_ name: String, after previous: String? = nil, exclude: [String] = []) -> Target {
  .target(
    name: name, dependencies: previous.map { [.target(name: $0)] } ?? [], exclude: exclude,
    swiftSettings: strictness)
}

/// Command plugins for an app's package: route-cli check on its tables, route-cli test on its
/// fixtures, with route-cli's compiler-style diagnostics; `swift package route-check` /
/// `route-test` in a package that depends on this one (docs/ci.md).
///
/// A plugin's tool is built for the host apart from the rest (every module again, as `-tool`),
/// so a build of everything compiles the library twice. `ACTIVITYROUTER_WITHOUT_PLUGINS=1` leaves
/// the plugins out of the package: CI's `swift test` and sanitizer builds, which never run a
/// plugin, set it; CI's examples build the plugins, and run them, without it (docs/ci.md).
let plugins: (products: [Product], targets: [Target]) =
  Context.environment["ACTIVITYROUTER_WITHOUT_PLUGINS"] == "1"
  ? ([], [])
  : (
    [.plugin(name: "RouteCheck", targets: ["RouteCheck"]), .plugin(name: "RouteTest", targets: ["RouteTest"])],
    [
      .plugin(
        name: "RouteCheck",
        capability: .command(
          intent: .custom(verb: "route-check", description: "Check the package's route tables with route-cli.")),
        dependencies: ["route-cli"]),
      .plugin(
        name: "RouteTest",
        capability: .command(
          intent: .custom(verb: "route-test", description: "Run the package's route fixtures with route-cli.")),
        dependencies: ["route-cli"]),
    ]
  )

let package = Package(
  name: "ActivityRouter",
  products: [
    .library(name: "ActivityRouter", targets: ["ActivityRouter"]),
    .executable(name: "route-cli", targets: ["route-cli"]),
  ] + plugins.products,
  dependencies: [],
  targets: [
    // Bytes, UTF-8, JSON with positions, diagnostics: what every stage reads and reports with.
    stage("RouterSupport"),
    // An input line becomes an event: the URL reader, user activities, window and session requests.
    stage("RouteEvents", after: "RouterSupport"),
    // The files an app already has: Info.plist, apple-app-site-association, associated domains.
    stage("AppleAppFiles", after: "RouteEvents"),
    // The route table: its model, the loader with positioned diagnostics, the JSON Schema.
    stage("RouteTables", after: "AppleAppFiles"),
    // The compiler and the matcher: one structure, built once (Compile/), read many times (Lookup/).
    stage("RouteMatcher", after: "RouteTables"),
    // Apple's scene-selection rules over the open sessions: (router, state, event) → Decision.
    stage("SceneDecision", after: "RouteMatcher"),
    // Output: a line in, a record out (LineRouter), in NDJSON or text; diagnostics rendered.
    stage("DecisionRecords", after: "SceneDecision"),
    // Route regression fixtures: the stateful runner, its reports, coverage and --update.
    stage("RouteFixtures", after: "DecisionRecords"),
    // The library product: re-exports every stage, so `import ActivityRouter` is all an embedder writes.
    stage("ActivityRouter", after: "RouteFixtures"),

    // Beside the flow, for the CLI: reads an app as Xcode builds it (project, build settings,
    // Info.plist, entitlements, Swift sources) into a route table draft (`route-cli init`,
    // `check --project`). Not part of the product.
    .target(name: "AppProject", dependencies: ["RouteTables"], swiftSettings: strictness),

    // The command line: argument parsing and help in swift-argument-parser's style, and streams.
    .target(name: "CommandSupport", dependencies: ["RouterSupport"], swiftSettings: strictness),
    .executableTarget(
      name: "route-cli",
      dependencies: ["ActivityRouter", "AppProject", "CommandSupport"],
      swiftSettings: strictness
    ),

    // Helpers every test target shares (fixture paths, marked text, seeded generators, goldens).
    .target(
      name: "ActivityRouterTestSupport", dependencies: ["ActivityRouter"], path: "Tests/ActivityRouterTestSupport",
      swiftSettings: strictness),
    .testTarget(
      name: "ActivityRouterTests",
      dependencies: ["ActivityRouter", "ActivityRouterTestSupport"],
      swiftSettings: strictness
    ),
    .testTarget(
      name: "AppProjectTests",
      dependencies: ["AppProject", "ActivityRouter", "ActivityRouterTestSupport"],
      swiftSettings: strictness
    ),
    .testTarget(
      name: "RouteCLITests",
      dependencies: ["route-cli", "ActivityRouter", "CommandSupport", "ActivityRouterTestSupport"],
      exclude: ["Goldens"],
      swiftSettings: strictness
    ),
  ] + plugins.targets,
  swiftLanguageModes: [.v6]
)
