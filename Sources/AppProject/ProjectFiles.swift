import Foundation
package import RouterSupport

/// The files of one project: read from disk by absolute path, named in diagnostics by the path
/// the user typed, and in a table's `$from` relative to the project's root.
///
/// Every text file read is kept (``sources``), so diagnostics can show their lines.
///
/// ```swift
/// var files = ProjectFiles(root: "/src/Garden", displayRoot: "Garden")
/// let text = files.text("/src/Garden/Config/Base.xcconfig")   // SourceText named "Garden/Config/Base.xcconfig"
/// files.relative("/src/Garden/Config/Base.xcconfig")           // "Config/Base.xcconfig"
/// ```
package struct ProjectFiles: Sendable {
  /// The project's root directory, absolute, without a trailing `/`.
  package var root: String
  /// How the user named the root (`.` for the current directory).
  package var displayRoot: String
  /// Every text file read so far, by absolute path.
  package private(set) var read: [String: SourceText] = [:]

  package init(root: String, displayRoot: String) {
    self.root = ProjectFiles.normalize(root)
    self.displayRoot = displayRoot
  }

  /// The texts read, in the order of their names.
  package var sources: [SourceText] { read.values.sorted { $0.file < $1.file } }

  /// `path` made absolute (against the root when relative) and normalized.
  package func absolute(_ path: String, from directory: String? = nil) -> String {
    if path.hasPrefix("/") { return ProjectFiles.normalize(path) }
    return ProjectFiles.normalize((directory ?? root) + "/" + path)
  }

  /// The name of an absolute path for diagnostics: under the root, the root as typed plus the rest.
  package func display(_ absolute: String) -> String {
    let rel = relative(absolute)
    guard rel != absolute else { return absolute }
    if displayRoot == "." || displayRoot.isEmpty { return rel }
    return rel.isEmpty ? displayRoot : displayRoot + "/" + rel
  }

  /// An absolute path relative to the root, or the path itself when it is outside.
  package func relative(_ absolute: String) -> String {
    if absolute == root { return "" }
    return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : absolute
  }

  /// A file name in diagnostics back to the root-relative form `$from` uses.
  package func relativeDisplay(_ displayed: String) -> String {
    if displayRoot == "." || displayRoot.isEmpty { return displayed }
    return displayed.hasPrefix(displayRoot + "/") ? String(displayed.dropFirst(displayRoot.count + 1)) : displayed
  }

  /// Whether a regular file exists at the absolute path.
  package static func isFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
  }

  /// Whether a directory exists at the absolute path.
  package static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// The bytes of a file, or nil when it cannot be read.
  package static func bytes(_ path: String) -> [UInt8]? {
    try? BoundedFileReader.read(path, kind: .projectFile).get()
  }

  /// The text of a file, named for diagnostics, kept in ``sources``; nil when it cannot be read.
  package mutating func text(_ absolute: String) -> SourceText? {
    if let known = read[absolute] { return known }
    guard let bytes = ProjectFiles.bytes(absolute) else { return nil }
    let source = SourceText(file: display(absolute), bytes: bytes)
    read[absolute] = source
    return source
  }

  /// Keeps a text read some other way (a plist loaded by `InfoPlist`), for rendering.
  package mutating func keep(_ source: SourceText, at absolute: String) {
    read[absolute] = source
  }

  /// The entries of a directory, sorted, without hidden ones; empty when it cannot be listed.
  package static func entries(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// Every file under `directory` whose path ends with `suffix` (`".swift"`, or `"/Info.plist"`
  /// for files of that exact name), sorted; build
  /// products and package checkouts (`.build`, `build`, `DerivedData`, `Pods`, `Carthage`) skipped.
  package static func files(under directory: String, suffix: String, limit: Int = 5000) -> [String] {
    var out: [String] = []
    var stack = [directory]
    let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules"]
    while let dir = stack.popLast(), out.count < limit {
      for name in entries(dir).reversed() where !skipped.contains(name) {
        let path = dir + "/" + name
        if isDirectory(path) {
          if !name.hasSuffix(".xcodeproj") && !name.hasSuffix(".xcassets") { stack.append(path) }
        } else if path.hasSuffix(suffix) {
          out.append(path)
        }
      }
    }
    return out.sorted()
  }

  /// Removes `.` and `..` segments and doubled slashes.
  package static func normalize(_ path: String) -> String {
    var parts: [Substring] = []
    let absolute = path.hasPrefix("/")
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// The directory part of a path (`/a/b/c` → `/a/b`).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of a path.
  package static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
