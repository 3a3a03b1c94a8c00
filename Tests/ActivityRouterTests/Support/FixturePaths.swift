/// Paths of the repository's fixtures, found from this file's location (no SwiftPM resources).
enum FixturePaths {
  /// The package root: three folders up from this file.
  static let root: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)
    return parts.joined(separator: "/")
  }()

  static let fixtures = root + "/Fixtures"
  static let notesTable = fixtures + "/Notes/Notes.routes.json"
  static let schemas = root + "/Schemas"
}
