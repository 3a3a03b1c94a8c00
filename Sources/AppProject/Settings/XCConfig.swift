package import RouterSupport

/// A build configuration file (`.xcconfig`), with its `#include`s read in place.
///
/// One setting a line: `NAME = value` or `NAME[sdk=iphoneos*][config=Debug] = value`; `//` starts
/// a comment anywhere on a line (so `https://example.com` reads as `https:`, as in Xcode, which
/// is why xcconfig files write `https:/$()/example.com`); a `;` at the end of a value is dropped.
/// `#include "path"` reads another file at that point, relative to the including file;
/// `#include? "path"` does the same when the file exists and is silent otherwise. A missing
/// file, an include cycle and a line that is none of these are diagnostics at their line; the
/// rest of the file is still read.
///
/// ```swift
/// var files = ProjectFiles(root: "/src/App", displayRoot: "App")
/// var log = DiagnosticLog()
/// let settings = XCConfig.read("/src/App/Config/Debug.xcconfig", level: .targetXCConfig, files: &files, log: &log)
/// settings.first?.origin   // "APP_URL_SCHEME = garden (App/Config/Base.xcconfig:3:1)"
/// ```
package enum XCConfig {
  /// The assignments of the file at `path` and of everything it includes, in reading order.
  package static func read(
    _ path: String, level: BuildSettingAssignment.Level, files: inout ProjectFiles, log: inout DiagnosticLog,
    referencedAt reference: SourceLocation? = nil
  ) -> [BuildSettingAssignment] {
    var chain: [String] = []
    return read(
      ProjectFiles.normalize(path), level: level, files: &files, log: &log, reference: reference, optional: false,
      chain: &chain)
  }

  private static func read(
    _ path: String, level: BuildSettingAssignment.Level, files: inout ProjectFiles, log: inout DiagnosticLog,
    reference: SourceLocation?, optional: Bool, chain: inout [String]
  ) -> [BuildSettingAssignment] {
    if chain.contains(path) {
      log.error(
        .buildSettingCycle,
        "'\(files.display(path))' includes itself (through \(chain.map { files.display($0) }.joined(separator: " → ")))",
        at: reference)
      return []
    }
    guard let source = files.text(path) else {
      if !optional {
        log.error(
          .missingProjectFile, "the configuration file '\(files.display(path))' does not exist or cannot be read",
          at: reference)
      }
      return []
    }
    chain.append(path)
    defer { chain.removeLast() }
    var out: [BuildSettingAssignment] = []
    let text = String(decoding: source.bytes, as: UTF8.self)
    var offset = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let lineStart = offset
      offset += rawLine.utf8.count + 1
      let line = String(rawLine)
      let here = source.location(at: lineStart + leadingSpaces(line))
      let code = withoutComment(line).trimmingSpaces
      if code.isEmpty { continue }
      if code.hasPrefix("#include") {
        let isOptional = code.hasPrefix("#include?")
        guard let target = quotedPath(code.dropFirst(isOptional ? 9 : 8)) else {
          log.warning(.xcconfigSyntax, "expected #include \"path\"; the line is ignored", at: here)
          continue
        }
        let included = files.absolute(target, from: ProjectFiles.directory(of: path))
        out += read(
          included, level: level, files: &files, log: &log, reference: here, optional: isOptional, chain: &chain)
        continue
      }
      guard let equals = code.firstIndex(of: "=") else {
        log.warning(
          .xcconfigSyntax, "expected NAME = value, #include or a // comment; the line is ignored", at: here)
        continue
      }
      var value = String(code[code.index(after: equals)...]).trimmingSpaces
      if value.hasSuffix(";") { value = String(value.dropLast()).trimmingSpaces }
      guard
        let assignment = BuildSettingAssignment(
          parsingKey: String(code[..<equals]), value: value, level: level, location: here)
      else {
        log.warning(
          .xcconfigSyntax,
          "'\(String(code[..<equals]).trimmingSpaces)' is not a build setting name; the line is ignored",
          at: here)
        continue
      }
      out.append(assignment)
    }
    return out
  }

  private static func leadingSpaces(_ line: String) -> Int {
    line.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
  }

  /// The line before its first `//`.
  private static func withoutComment(_ line: String) -> String {
    let bytes = Array(line.utf8)
    var k = 0
    while k + 1 < bytes.count {
      if bytes[k] == UInt8(ascii: "/"), bytes[k + 1] == UInt8(ascii: "/") {
        return String(decoding: bytes[..<k], as: UTF8.self)
      }
      k += 1
    }
    return line
  }

  /// `"path"` (or `<path>`) after an `#include`.
  private static func quotedPath(_ rest: Substring) -> String? {
    let trimmed = String(rest).trimmingSpaces
    guard trimmed.count >= 2, let first = trimmed.first, let last = trimmed.last,
      (first == "\"" && last == "\"") || (first == "<" && last == ">")
    else { return nil }
    return String(trimmed.dropFirst().dropLast())
  }
}
