/// An app ID, `<TeamID>.<BundleID>` (L3), split into its parts.
///
/// ```swift
/// let id = AppID("ABCDE12345.com.example.notes")
/// id?.teamID     // "ABCDE12345"
/// id?.bundleID   // "com.example.notes"
/// AppID("com.example.notes")   // nil: "com" is not a ten-character team ID
/// ```
public struct AppID: Sendable, Hashable, CustomStringConvertible {
  /// The application identifier prefix, usually the team ID: ten uppercase letters or digits.
  public var teamID: String
  /// The bundle identifier.
  public var bundleID: String

  /// Splits `text` at its first `.`; nil unless the prefix is ten uppercase letters or digits and
  /// a bundle ID follows.
  public init?(_ text: String) {
    guard let dot = text.firstIndex(of: ".") else { return nil }
    let prefix = text[..<dot]
    let rest = text[text.index(after: dot)...]
    guard prefix.utf8.count == 10, !rest.isEmpty,
      prefix.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) })
    else { return nil }
    teamID = String(prefix)
    bundleID = String(rest)
  }

  /// `TEAMID.bundle.id`.
  public var description: String { "\(teamID).\(bundleID)" }
}
