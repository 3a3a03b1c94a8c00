import Foundation
package import Testing

/// Golden files under `Tests/RouteCLITests/Goldens/`, found from the package root.
///
/// `RECORD_GOLDENS=1 swift test` rewrites a golden that differs (or is missing) from the actual
/// output, and still fails the test, so nothing passes silently.
package enum Golden {
  /// Where the goldens are.
  package static let directory = FixturePaths.path("Tests/RouteCLITests/Goldens")

  /// The golden's text, or nil when it does not exist.
  package static func text(_ name: String) -> String? {
    try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
  }

  /// Expects `actual` to equal the golden `name`.
  package static func expect(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = text(name)
    if expected == actual { return }
    if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
      try? actual.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
      Issue.record("Recorded a new golden \(name); run the tests again", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "golden \(name) differs (RECORD_GOLDENS=1 rewrites it)", sourceLocation: sourceLocation)
  }
}
