/// File paths as the loaders name them: relative paths resolved against the file that names
/// them, with `.` and `name/..` removed, so that a file reached from several others has one name.
///
/// ```swift
/// FilePaths.normalize("Fixtures/Notes/fixtures/../Notes.routes.json")   // "Fixtures/Notes/Notes.routes.json"
/// ```
package enum FilePaths {
  /// Removes `.` and `name/..` components (a leading `..` stays).
  package static func normalize(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != "..", !last.isEmpty {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    return parts.joined(separator: "/")
  }
}
