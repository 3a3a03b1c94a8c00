// swift-tools-version: 6.2
// link-resolver: a small Unix-domain-socket service that embeds ActivityRouter. It depends on
// the library by path (the repository root, `../..`) and on nothing else.
//
//   swift build --package-path Examples/link-resolver
//   Examples/link-resolver/.build/debug/link-resolver --table Fixtures/Notes/Notes.routes.json --socket /tmp/links.sock
import PackageDescription

let package = Package(
  name: "link-resolver",
  dependencies: [.package(name: "ActivityRouter", path: "../..")],
  targets: [
    .executableTarget(
      name: "link-resolver",
      dependencies: [.product(name: "ActivityRouter", package: "ActivityRouter")]
    )
  ],
  swiftLanguageModes: [.v6]
)
