package import RouterSupport

/// The diagnostics of one project read, each reported once, however often the value that
/// causes it is used.
///
/// ```swift
/// var log = DiagnosticLog()
/// log.report(settings.expand("$(APP_SCHEME)", at: here), usedAt: here, for: "the URL scheme")
/// log.diagnostics.first?.code   // unresolved-build-setting
/// ```
package struct DiagnosticLog: Sendable {
  package private(set) var diagnostics: [Diagnostic] = []
  private var seen: Set<String> = []

  package init() {}

  /// Adds `diagnostic` unless the same one (message, place and notes) is already there.
  package mutating func add(_ diagnostic: Diagnostic) {
    let key =
      diagnostic.description + diagnostic.notes.map { "\($0.message)@\($0.location.map(String.init) ?? "")" }.joined()
    guard seen.insert(key).inserted else { return }
    diagnostics.append(diagnostic)
  }

  package mutating func add(contentsOf diagnostics: [Diagnostic]) {
    for d in diagnostics { add(d) }
  }

  package mutating func warning(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []
  ) {
    add(Diagnostic(.warning, code, message, at: location, notes: notes))
  }

  package mutating func error(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []
  ) {
    add(Diagnostic(.error, code, message, at: location, notes: notes))
  }

  package mutating func note(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []
  ) {
    add(Diagnostic(.note, code, message, at: location, notes: notes))
  }

  /// Reports what kept a resolution from being complete: unset names (a warning at the
  /// `$(NAME)` that uses them), cycles (an error at the first assignment, with notes at the
  /// others) and unknown modifiers. `what` says what the value is for.
  package mutating func report(_ resolution: BuildSettings.Resolution, usedAt: SourceLocation?, for what: String) {
    for missing in resolution.unresolved {
      let place = missing.location ?? usedAt
      var notes: [Diagnostic.Note] = []
      if let usedAt, usedAt != place { notes.append(.init("needed for \(what) here", at: usedAt)) }
      warning(
        .unresolvedBuildSetting,
        "$(\(missing.name)) is not set by the project, the environment or --setting, so \(what) is left out; "
          + "set it with --setting \(missing.name)=VALUE",
        at: place, notes: notes)
    }
    for cycle in resolution.cycles {
      let names = cycle.map(\.name).joined(separator: " → ")
      let first = cycle.first
      error(
        .buildSettingCycle, "the build settings \(names) refer to each other in a cycle, so \(what) is left out",
        at: first?.location,
        notes: cycle.dropFirst().dropLast().map { .init("\($0.name) is set here", at: $0.location) })
    }
    for unknown in resolution.unknownModifiers {
      warning(
        .unknownBuildSettingModifier,
        "the modifier ':\(unknown.modifier)' is not one the reader knows; the value is used unmodified",
        at: unknown.location ?? usedAt)
    }
  }
}
