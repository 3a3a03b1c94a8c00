package import AppleAppFiles
import RouterSupport

/// The app's entitlements as far as links need them: the file `CODE_SIGN_ENTITLEMENTS` names,
/// and its `com.apple.developer.associated-domains` entries (`applinks:`, `activitycontinuation:`,
/// `webcredentials:`, `appclips:`, with `?mode=developer|managed`), expanded with the build
/// settings and read by the library's ``AssociatedDomain``.
///
/// ```swift
/// let entitlements = Entitlements.read(settings: settings, directory: dir, files: &files, log: &log)
/// entitlements?.associatedDomains.map(\.domain.description)   // ["applinks:beacon.example.com"]
/// ```
package struct Entitlements: Sendable {
  /// One entry and how it was written.
  package struct Entry: Sendable {
    package var domain: AssociatedDomain
    package var written: ResolvedString
  }

  package static let associatedDomainsKey = "com.apple.developer.associated-domains"

  /// The file, absolute.
  package var file: String
  package var associatedDomains: [Entry]

  /// Nil when the target names no entitlements file, or it cannot be read (reported).
  package static func read(
    settings: BuildSettings, directory: String, files: inout ProjectFiles, log: inout DiagnosticLog
  ) -> Entitlements? {
    guard let path = ResolvedString.setting("CODE_SIGN_ENTITLEMENTS", in: settings, for: "the entitlements", log: &log),
      !path.value.trimmingSpaces.isEmpty
    else { return nil }
    let absolute = files.absolute(path.value.trimmingSpaces, from: directory)
    guard ProjectFiles.isFile(absolute) else {
      log.error(
        .missingProjectFile,
        "the entitlements file '\(files.display(absolute))' that CODE_SIGN_ENTITLEMENTS names does not exist",
        at: path.location)
      return nil
    }
    let loaded = PlistDocument.load(absolute, displayName: files.display(absolute))
    if let source = loaded.document?.source ?? files.text(absolute) { files.keep(source, at: absolute) }
    log.add(
      contentsOf: loaded.diagnostics.map { d in
        var d = d
        if d.code == .plistSyntax { d.notes.append(.init("CODE_SIGN_ENTITLEMENTS names it here", at: path.location)) }
        return d
      })
    guard let document = loaded.document else { return nil }
    var problems: [Diagnostic] = []
    var out = Entitlements(file: absolute, associatedDomains: [])
    for entry in document.strings(at: [.key(associatedDomainsKey)], diagnostics: &problems) ?? [] {
      guard
        let written = ResolvedString.expanding(entry, with: settings, for: "the associated domain", log: &log)
      else { continue }
      switch AssociatedDomain.parse(written.value, at: entry.location) {
      case .success(let domain): out.associatedDomains.append(Entry(domain: domain, written: written))
      case .failure(let diagnostic): problems.append(diagnostic)
      }
    }
    log.add(contentsOf: problems)
    return out
  }
}
