/// The kinds of file the router reads, each with the name messages give it and the most bytes
/// it may have.
///
/// Every file goes through ``BoundedFileReader`` with the limit of its kind, so no file named
/// on a command line or in a table or fixture can take unbounded memory.
///
/// ```swift
/// FileKind.aasa.limit          // 131_072: Apple's own limit for the file it downloads
/// FileKind.table.description   // "the route table"
/// ```
package enum FileKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// A route table (JSON).
  case table
  /// An Info.plist (XML, binary or OpenStep).
  case infoPlist
  /// An apple-app-site-association file (JSON), as a web server serves it.
  case aasa
  /// A fixture (JSON).
  case fixture
  /// A sessions or state file (JSON).
  case sessions
  /// A file of an app's project that `route-cli init` reads (project, settings, sources).
  case projectFile
  /// Route summaries (`route-cli route --stats --json` output, one JSON object a line).
  case summary

  /// The most bytes a file of this kind may have.
  ///
  /// The JSON files share the JSON parser's 16 MiB (`JSONLimits.default`). An AASA file comes
  /// from a web server, so it is hostile: 128 KiB, the limit of the system's own download (since
  /// iOS 9.3.1; a larger file is not used by the device at all). An Info.plist is parsed by
  /// Foundation, which takes several times the file's size: 8 MiB, far above any app's (a
  /// few KiB). A project file (an `.pbxproj` of a large app is a few MiB): 64 MiB.
  package var limit: Int {
    switch self {
    case .table, .fixture, .sessions, .summary: return 16 << 20
    case .aasa: return 128 << 10
    case .infoPlist: return 8 << 20
    case .projectFile: return 64 << 20
    }
  }

  /// What messages call a file of this kind: "cannot read the route table 'x'".
  package var description: String {
    switch self {
    case .table: return "the route table"
    case .infoPlist: return "the property list"
    case .aasa: return "the apple-app-site-association file"
    case .fixture: return "the fixture"
    case .sessions: return "the session state"
    case .projectFile: return "the project file"
    case .summary: return "the route summary"
    }
  }
}
