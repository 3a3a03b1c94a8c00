public import RouterSupport

/// One entry of an app's associated domains entitlement: `applinks:example.com`,
/// `applinks:*.example.com`, `applinks:example.com?mode=developer` (L1).
///
/// Hosts compare exactly (ASCII case-insensitive, IDNA ASCII form), never by containment. A
/// `*.` entry matches every subdomain of its domain but not the domain itself (Apple: "an entry
/// for `*.mywebsite.com` does not match `mywebsite.com` because of the period after the
/// asterisk"); among several entries the most specific covers a host (an exact entry, else the
/// longest wildcard domain). The `mode` (developer, managed) changes where the device fetches the
/// file, not which URLs match, so matching ignores it. A port is not part of the format.
///
/// ```swift
/// let entry = try AssociatedDomain.parse("applinks:*.example.com?mode=developer").get()
/// entry.matches(host: "shop.example.com")   // true
/// entry.matches(host: "example.com")        // false
/// entry.mode                                 // .developer
/// ```
public struct AssociatedDomain: Sendable, Hashable, CustomStringConvertible {
  /// The service before the `:`.
  public enum Service: String, Sendable, Hashable, CaseIterable {
    case applinks, webcredentials, activitycontinuation, appclips
  }

  /// The alternate mode after `?mode=`.
  public enum Mode: String, Sendable, Hashable, CaseIterable {
    case developer
    case managed
    case developerAndManaged = "developer+managed"
  }

  /// The service.
  public var service: Service
  /// The domain, normalized, without `*.`.
  public var domain: String
  /// Whether the entry was `*.domain`: every subdomain, not the domain itself.
  public var includesSubdomains: Bool
  /// The alternate mode, if any.
  public var mode: Mode?
  /// Where the entry was read.
  public var location: SourceLocation?

  /// Creates an entry from its parts; `domain` must already be normalized.
  public init(
    service: Service = .applinks, domain: String, includesSubdomains: Bool = false, mode: Mode? = nil,
    location: SourceLocation? = nil
  ) {
    self.service = service
    self.domain = domain
    self.includesSubdomains = includesSubdomains
    self.mode = mode
    self.location = location
  }

  /// Reads `service:domain[?mode=…]`; the error is an `invalid-associated-domain` diagnostic at `location`.
  public static func parse(_ text: String, at location: SourceLocation? = nil) -> Result<AssociatedDomain, Diagnostic> {
    func failure(_ why: String) -> Result<AssociatedDomain, Diagnostic> {
      .failure(
        Diagnostic(.error, .invalidAssociatedDomain, "'\(text)' is not an associated domain: \(why)", at: location))
    }
    guard let colon = text.firstIndex(of: ":") else { return failure("expected '<service>:<domain>'") }
    guard let service = Service(rawValue: String(text[..<colon])) else {
      let names = Service.allCases.map(\.rawValue)
      return failure(
        "unknown service '\(text[..<colon])'.\(EditDistance.didYouMean(String(text[..<colon]), among: names))")
    }
    var rest = Substring(text[text.index(after: colon)...])
    var mode: Mode?
    if let question = rest.firstIndex(of: "?") {
      let query = rest[rest.index(after: question)...]
      guard query.hasPrefix("mode="), let m = Mode(rawValue: String(query.dropFirst(5))) else {
        return failure("the only query is '?mode=developer', '?mode=managed' or '?mode=developer+managed'")
      }
      mode = m
      rest = rest[..<question]
    }
    let wildcard = rest.hasPrefix("*.")
    if wildcard { rest = rest.dropFirst(2) }
    guard let domain = AppSiteAssociation.normalizedDomain(String(rest)) else {
      return failure("'\(rest)' is not a domain name (no scheme, port, path or other wildcard)")
    }
    return .success(
      AssociatedDomain(service: service, domain: domain, includesSubdomains: wildcard, mode: mode, location: location))
  }

  /// Whether the entry covers `host` (normalized, as ``URLRecord/normalizedHost`` gives it).
  public func matches(host: String) -> Bool {
    includesSubdomains ? host.hasSuffix("." + domain) && host.utf8.count > domain.utf8.count + 1 : host == domain
  }

  /// The entry of `service` that covers `host`: an exact one, else the wildcard with the longest domain.
  public static func bestMatch(
    for host: String, among entries: [AssociatedDomain], service: Service = .applinks
  ) -> AssociatedDomain? {
    let covering = entries.filter { $0.service == service && $0.matches(host: host) }
    if let exact = covering.first(where: { !$0.includesSubdomains }) { return exact }
    return covering.max { $0.domain.utf8.count < $1.domain.utf8.count }
  }

  /// The entitlement form: `applinks:*.example.com?mode=developer`.
  public var description: String {
    "\(service.rawValue):\(includesSubdomains ? "*." : "")\(domain)\(mode.map { "?mode=\($0.rawValue)" } ?? "")"
  }
}
