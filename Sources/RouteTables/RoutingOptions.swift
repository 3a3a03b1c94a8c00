/// Table-wide matching options for URL routes.
///
/// ```swift
/// // "options": { "trailingSlash": "strict", "caseSensitivePaths": false }
/// var options = RoutingOptions()
/// options.trailingSlash = .strict
/// ```
public struct RoutingOptions: Sendable, Hashable {
  /// What a `/` at the end of a URL's path means.
  public enum TrailingSlash: String, Sendable, Hashable, CaseIterable, Codable {
    /// `/a/b/` matches the template `/a/b` (the default: links get pasted with and without it).
    case ignore
    /// `/a/b/` matches only a template that ends with `/`.
    case strict
  }

  public var trailingSlash: TrailingSlash = .ignore
  /// Whether literal path segments compare case-sensitively (the default, as AASA's
  /// `caseSensitive`). Scheme and host always compare case-insensitively.
  public var caseSensitivePaths: Bool = true
  /// Whether a `+` in a query key or value reads as a space (HTML forms and JLRoutes write spaces
  /// so); off by default, as Foundation and WHATWG keep `+`. `%2B` is always a `+`.
  public var plusAsSpaceInQuery: Bool = false

  /// The defaults.
  public init() {}
}
