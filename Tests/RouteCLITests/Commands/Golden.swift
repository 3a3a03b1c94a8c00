import Foundation
import Testing

/// Golden files under `Tests/RouteCLITests/Goldens/`, found through `#filePath`.
///
/// `RECORD_GOLDENS=1 swift test` rewrites a golden that differs (or is missing) from the actual
/// output, and still fails the test, so nothing passes silently.
enum Golden {
  static let directory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Goldens"
  }()

  /// The golden's text, or nil when it does not exist.
  static func text(_ name: String) -> String? {
    try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
  }

  /// Expects `actual` to equal the golden `name`.
  static func expect(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
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
