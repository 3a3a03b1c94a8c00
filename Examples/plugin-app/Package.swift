// swift-tools-version: 6.2
// plugin-app: an app's package that uses ActivityRouter's command plugins on its own route table
// and fixtures. It depends on the repository root by path (`../..`); an app writes
// `.package(url: "…/ActivityRouter.git", from: "0.2.0")` instead.
//
//   swift package --package-path Examples/plugin-app route-check
//   swift package --package-path Examples/plugin-app route-test -- --junit route-tests.xml
import PackageDescription

let package = Package(
  name: "plugin-app",
  dependencies: [.package(name: "ActivityRouter", path: "../..")],
  targets: [
    // The app's code; the plugins read only Routes/.
    .target(name: "MailApp")
  ],
  swiftLanguageModes: [.v6]
)
