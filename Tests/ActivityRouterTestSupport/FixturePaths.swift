import Foundation
import Testing

/// Paths into the package, found from this file's own path (no SwiftPM resources).
///
/// This file is `<root>/Tests/ActivityRouterTestSupport/FixturePaths.swift`: the package root is
/// three levels up.
///
/// ```swift
/// let table = FixturePaths.notesTable            // <root>/Fixtures/Notes/Notes.routes.json
/// let text = try FixturePaths.text(FixturePaths.notesEvents)
/// ```
package enum FixturePaths {
  /// The package root: the directory that holds `Package.swift`.
  package static let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // the file, ActivityRouterTestSupport, Tests
    return parts.joined(separator: "/")
  }()

  /// `Fixtures/`, the bundled fixture apps and the Apple-rule fixtures.
  package static let fixtures = path("Fixtures")
  /// The Notes route table, relative to the package root.
  package static let notesTableRelative = "Fixtures/Notes/Notes.routes.json"
  /// The Notes route table.
  package static let notesTable = path(notesTableRelative)
  /// The Notes events, one per line.
  package static let notesEvents = path("Fixtures/Notes/events.txt")
  /// `Schemas/`.
  package static let schemas = path("Schemas")
  /// The JSON Schema `route-cli schema` prints.
  package static let schema = path("Schemas/route-table.schema.json")

  /// `relative` under the package root.
  package static func path(_ relative: String) -> String { packageRoot + "/" + relative }

  /// The bytes of a file, failing the test when it cannot be read.
  package static func bytes(_ path: String) throws -> [UInt8] {
    Array(try #require(FileManager.default.contents(atPath: path), "cannot read \(path)"))
  }

  /// The text of a file, failing the test when it cannot be read or is not UTF-8.
  package static func text(_ path: String) throws -> String {
    try #require(String(validating: try bytes(path), as: UTF8.self), "\(path) is not UTF-8")
  }

  /// The lines of the Notes events fixture (without their newlines).
  package static func notesEventLines() throws -> [String] {
    try text(notesEvents).split(separator: "\n").map(String.init)
  }
}

/// A fresh directory under the system's temporary directory, removed when the value is dropped.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let table = try directory.write("broken.routes.json", brokenTable)
/// ```
package final class TemporaryDirectory {
  /// Its absolute path.
  package let path: String

  /// Creates the directory.
  package init() throws {
    path = NSTemporaryDirectory() + "/route-cli-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` to `name` in the directory and returns the file's absolute path.
  @discardableResult
  package func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }

  /// Writes `bytes` to `name` in the directory and returns the file's absolute path.
  @discardableResult
  package func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = path + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }
}
