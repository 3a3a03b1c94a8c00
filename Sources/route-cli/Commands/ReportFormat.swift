import CommandSupport

/// What `check` and `test` print with `--format`: text for people, one JSON document, a SARIF
/// log (`check`), the text with a GitHub Actions annotation for each problem, or (`test`) each
/// failing step as a compiler diagnostic, `/abs/path:line:col: error: …`, the form Xcode and
/// SwiftPM show as an issue at that line.
enum ReportFormat: String, CaseIterable, Sendable {
  case text, json, sarif, github, xcode

  /// `--format`, with `--json` as its older spelling; `allowed` are the formats of the command.
  static func parse(_ parsed: ParsedArguments, allowed: [ReportFormat] = allCases) throws(UsageError) -> ReportFormat {
    let format = try parsed.converted("format", ReportFormat.init(rawValue:)) ?? .text
    guard allowed.contains(format) else {
      throw .validation("'--format \(format.rawValue)' is not a format of this command")
    }
    if parsed.flag("json") {
      guard parsed.value("format") == nil || format == .json else {
        throw .validation("'--json' and '--format \(format.rawValue)' ask for two formats")
      }
      return .json
    }
    return format
  }
}
