package import AppleAppFiles
package import RouterSupport

/// A string from an app file after build-setting expansion: what it is, where it is written,
/// what was written, and which settings it took.
///
/// ```swift
/// // <string>$(APP_URL_SCHEME)</string> at Info.plist:28:4, with APP_URL_SCHEME = beacon
/// scheme.value       // "beacon"
/// scheme.written     // "$(APP_URL_SCHEME)"
/// scheme.references.first?.assignment?.origin   // "APP_URL_SCHEME = beacon (Config/Shared.xcconfig:3:1)"
/// ```
package struct ResolvedString: Sendable, Hashable {
  package var value: String
  /// Where the string is written (a plist key, a source line), or where the setting is set.
  package var location: SourceLocation?
  /// The text as written, references unexpanded.
  package var written: String
  /// The settings the text refers to, with what they gave.
  package var references: [BuildSettings.Reference]
  /// When the value is a build setting's (not written in a file): that assignment.
  package var setting: BuildSettingAssignment?

  package init(
    value: String, location: SourceLocation?, written: String, references: [BuildSettings.Reference] = [],
    setting: BuildSettingAssignment? = nil
  ) {
    self.value = value
    self.location = location
    self.written = written
    self.references = references
    self.setting = setting
  }

  /// Expands `located` (a value read from a file) with `settings`, reporting what cannot be
  /// resolved; nil when it cannot (the value is then not used).
  package static func expanding(
    _ located: Located<String>, with settings: BuildSettings, expand: Bool = true, for what: String,
    log: inout DiagnosticLog
  ) -> ResolvedString? {
    guard expand else {
      return ResolvedString(value: located.value, location: located.location, written: located.value)
    }
    let resolution = settings.expand(located.value, at: located.location)
    log.report(resolution, usedAt: located.location, for: what)
    guard resolution.isComplete else { return nil }
    return ResolvedString(
      value: resolution.text, location: located.location, written: located.value, references: resolution.references)
  }

  /// The value of the setting `name`, or nil when it is unset or cannot be resolved (reported).
  package static func setting(
    _ name: String, in settings: BuildSettings, for what: String, log: inout DiagnosticLog
  ) -> ResolvedString? {
    guard let assignment = settings.assignment(of: name), let resolution = settings.value(of: name) else { return nil }
    log.report(resolution, usedAt: assignment.location, for: what)
    guard resolution.isComplete else { return nil }
    return ResolvedString(
      value: resolution.text, location: assignment.location, written: assignment.value,
      references: resolution.references, setting: assignment)
  }
}

/// Writes the origins of derived facts for a table's `$from`: places relative to the project's
/// root, settings with their values.
///
/// ```swift
/// let origins = OriginFormatter(files: files)
/// origins.describe(scheme)   // "Info.plist:28:4 $(APP_URL_SCHEME); APP_URL_SCHEME = beacon (Config/Shared.xcconfig:3:1)"
/// ```
package struct OriginFormatter: Sendable {
  package var files: ProjectFiles

  package init(files: ProjectFiles) { self.files = files }

  /// `path:line:col` relative to the root; the file alone for a location without a line.
  package func place(_ location: SourceLocation?) -> String {
    guard let location else { return "" }
    let file = files.relativeDisplay(location.file)
    return location.isFileOnly ? file : "\(file):\(location.line):\(location.column)"
  }

  /// `NAME = value (place)` for an assignment.
  package func setting(_ a: BuildSettingAssignment) -> String {
    let key = a.conditions.isEmpty ? a.name : a.name + a.conditions.map { "[\($0.kind)=\($0.pattern)]" }.joined()
    return "\(key) = \(a.value) (\(a.location.map { place($0) } ?? a.level.phrase))"
  }

  /// Where a resolved string comes from: a setting (`NAME = written → value (place)`), or a
  /// place in a file with what is written there and the value of each setting it uses.
  package func describe(_ s: ResolvedString, what: String? = nil) -> String {
    if let assignment = s.setting {
      return setting(assignment) + (s.written != s.value ? " → \(s.value)" : "")
    }
    var text = place(s.location)
    if let what { text += " " + what }
    guard s.written != s.value else { return text }
    text += " \(s.written)"
    let via = s.references.compactMap { ref -> String? in
      guard let a = ref.assignment else { return nil }
      return "\(ref.name) = \(ref.value) (\(a.location.map { place($0) } ?? a.level.phrase))"
    }
    return via.isEmpty ? text : text + "; " + via.joined(separator: "; ")
  }
}
