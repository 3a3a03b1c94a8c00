import RouteEvents
public import RouterSupport

/// The `applinks` part of an `apple-app-site-association` file: which URLs of one domain open
/// which apps (section 10 of `apple-semantics.md`, L1–L18).
///
/// Load a file with ``load(path:domain:displayName:)``: it is read with the positioned JSON reader,
/// so every problem has file, line and column, and every component keeps its location. Then ask
/// ``evaluate(_:appID:exclusionsStopLaterEntries:)`` about URLs. The file applies to its own ``domain`` only (L16); without a
/// domain the host is not checked, which suits testing a file on its own.
///
/// ```swift
/// let loaded = AppSiteAssociation.load(path: "Fixtures/Apps/aasa/example.com.json", domain: "example.com")
/// guard let aasa = loaded.association, !loaded.diagnostics.hasErrors else { ... }
/// let verdict = aasa.evaluate(try URLRecord(parsing: "https://example.com/buy/42"),
///                             appID: "ABCDE12345.com.example.app")
/// verdict.opens                                   // true
/// aasa.components(for: "ABCDE12345.com.example.app").map(\.text)
/// ```
public struct AppSiteAssociation: Sendable, Hashable {
  /// The file name diagnostics and locations use.
  public var file: String
  /// The domain the file was served for, normalized (lowercase, IDNA ASCII); nil skips the host check.
  public var domain: String?
  /// Whether the file has an `applinks` key at all.
  public var hasAppLinks: Bool
  /// `applinks.defaults`: the domain level of L10.
  public var defaults: AASAMatchingOptions
  /// `applinks.substitutionVariables` (L13).
  public var substitutionVariables: SubstitutionVariables
  /// `applinks.details`, in order (L3, L17).
  public var details: [AASADetails]

  /// Creates a model; ``load(path:domain:displayName:)`` is the usual source.
  public init(
    file: String, domain: String? = nil, hasAppLinks: Bool = true,
    defaults: AASAMatchingOptions = AASAMatchingOptions(),
    substitutionVariables: SubstitutionVariables = SubstitutionVariables(), details: [AASADetails] = []
  ) {
    self.file = file
    self.domain = domain
    self.hasAppLinks = hasAppLinks
    self.defaults = defaults
    self.substitutionVariables = substitutionVariables
    self.details = details
  }

  /// Every app ID the file names, in order of first appearance.
  public var appIDs: [String] {
    var seen = Set<String>()
    return details.flatMap(\.appIDs).map(\.value).filter { seen.insert($0).inserted }
  }

  /// The entries that name `appID`, in order.
  public func details(listing appID: String) -> [AASADetails] {
    details.filter { $0.lists(appID: appID) }
  }

  /// The components that apply to `appID`, entry by entry, in evaluation order: what the file
  /// claims (and excludes) for the app. Cross-checks read their `path` patterns.
  public func components(for appID: String) -> [AASAComponent] {
    details(listing: appID).flatMap(\.components)
  }

  /// The host form of a domain, as ``domain`` stores it: ASCII-lowercased, IDNA ASCII for a
  /// non-ASCII name; nil when `text` is not a plain host name (a port, a path, a `*`).
  ///
  /// ```swift
  /// AppSiteAssociation.normalizedDomain("Example.COM")      // "example.com"
  /// AppSiteAssociation.normalizedDomain("bücher.example")   // "xn--bcher-kva.example"
  /// AppSiteAssociation.normalizedDomain("example.com:443")  // nil
  /// ```
  public static func normalizedDomain(_ text: String) -> String? {
    guard !text.isEmpty, !text.contains(where: { "/:@?#*[] \\%".contains($0) }),
      let url = try? URLRecord(parsing: "https://\(text)/"), url.path == "/", url.port == nil
    else { return nil }
    return url.normalizedHost
  }
}

/// The result of loading an apple-app-site-association file: the model built from what could be
/// read, every diagnostic, and the source text for rendering them.
///
/// ```swift
/// let loaded = AppSiteAssociation.load(path: path, domain: "example.com")
/// print(DiagnosticRenderer(sources: [loaded.source]).render(loaded.diagnostics))
/// ```
public struct LoadedAppSiteAssociation: Sendable {
  /// The model; nil when the file could not be read or is not a JSON object.
  public var association: AppSiteAssociation?
  /// Every problem found, errors and warnings.
  public var diagnostics: [Diagnostic]
  /// The file's text.
  public var source: SourceText

  /// Creates a result.
  public init(association: AppSiteAssociation?, diagnostics: [Diagnostic], source: SourceText) {
    self.association = association
    self.diagnostics = diagnostics
    self.source = source
  }
}
