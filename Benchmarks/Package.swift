// swift-tools-version: 6.2
// The benchmark suite of ActivityRouter: a separate package so that the library's own build and
// tests never pay for it. It depends on the library by path (`..`) and on nothing else.
//
//   scripts/bench-data.sh                      # once: tables and URL sets under Benchmarks/data/generated
//   swift run -c release --package-path Benchmarks route-bench match \
//     --routes Benchmarks/data/tables/github.txt --urls Benchmarks/data/generated/github.urls
import PackageDescription

let package = Package(
  name: "Benchmarks",
  dependencies: [.package(name: "ActivityRouter", path: "..")],
  targets: [
    .executableTarget(
      name: "route-bench",
      dependencies: [.product(name: "ActivityRouter", package: "ActivityRouter")]
    )
  ],
  swiftLanguageModes: [.v6]
)
