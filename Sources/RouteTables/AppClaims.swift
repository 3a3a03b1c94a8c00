public import AppleAppFiles

/// What the app claims outside its code, read from the table and the files it references: the
/// URL schemes it registers, the activity types it declares, its associated domains with their
/// apple-app-site-association files, and its Info.plist.
///
/// When the table declares schemes (or references an Info.plist), a custom-scheme URL whose
/// scheme is not registered is "not for this app"; when it declares associated domains, an
/// https URL is a universal link only when the entitlement and the host's AASA file say so.
///
/// ```json
/// "appID": "ABCDE12345.com.example.notes",
/// "infoPlist": "../Apps/Notes/Info.plist",
/// "associatedDomains": { "applinks:notes.example.com": "../Apps/Notes/apple-app-site-association" }
/// ```
public struct AppClaims: Sendable {
  /// `<TeamID>.<BundleID>`, the app the AASA files are asked about.
  public var appID: String?
  /// The Info.plist, when the table references one.
  public var infoPlist: InfoPlist?
  /// Registered URL schemes, lowercased (the table's and the plist's `CFBundleURLTypes`).
  public var urlSchemes: [String] = []
  /// Whether schemes are declared at all (the scheme gate is on).
  public var declaresSchemes = false
  /// Declared activity types (`NSUserActivityTypes`), or nil when neither file declares them.
  public var activityTypes: [String]?
  /// The associated domains entitlement entries (`applinks:` ones route universal links).
  public var associatedDomains: [AssociatedDomain] = []
  /// The AASA file of each entry that has one, by entry.
  public var associations: [AssociatedDomain: AppSiteAssociation] = [:]

  /// No claims: every URL is taken to be for the app.
  public init() {}

  /// Whether the universal-link gate is on.
  public var declaresDomains: Bool { !associatedDomains.isEmpty }

  /// The `applinks:` entries.
  public var appLinkDomains: [AssociatedDomain] { associatedDomains.filter { $0.service == .applinks } }
}
