/// `caseSensitive` and `percentEncoded` as one level of an AASA file sets them: the domain
/// (`applinks.defaults`), the app (`details[].defaults`) or the URL (a component) (L10).
///
/// A key left out inherits from the level above; the built-in values are both `true` (L4, L10).
/// Only these two keys are honoured in `defaults`; `/`, `?` and `#` there are ignored (AMB12).
///
/// ```swift
/// let domain = AASAMatchingOptions(caseSensitive: Located(false))
/// let app = AASAMatchingOptions()
/// let url = AASAMatchingOptions(percentEncoded: Located(false))
/// let effective = AASAMatchingOptions.resolve([domain, app, url])
/// effective.caseSensitive    // false, from the domain level
/// effective.percentEncoded   // false, from the URL level
/// ```
public struct AASAMatchingOptions: Sendable, Hashable {
  /// `caseSensitive` as written at this level; nil when the level leaves it out.
  public var caseSensitive: Located<Bool>?
  /// `percentEncoded` as written at this level; nil when the level leaves it out.
  public var percentEncoded: Located<Bool>?

  /// Creates one level's options.
  public init(caseSensitive: Located<Bool>? = nil, percentEncoded: Located<Bool>? = nil) {
    self.caseSensitive = caseSensitive
    self.percentEncoded = percentEncoded
  }

  /// The values in force after `levels`, from least to most specific, over the built-in `true`s.
  public static func resolve(_ levels: [AASAMatchingOptions]) -> Effective {
    var effective = Effective()
    for level in levels {
      if let c = level.caseSensitive { effective.caseSensitive = c.value }
      if let p = level.percentEncoded { effective.percentEncoded = p.value }
    }
    return effective
  }

  /// The options a pattern runs under, after the three levels are resolved.
  ///
  /// ```swift
  /// AASAMatchingOptions.Effective()   // caseSensitive: true, percentEncoded: true (the built-ins)
  /// ```
  public struct Effective: Sendable, Hashable, CustomStringConvertible {
    /// Whether letters must match in case (L12). Built-in: true.
    public var caseSensitive = true
    /// Whether the URL is compared still percent-encoded (true) or decoded once (false) (L11). Built-in: true.
    public var percentEncoded = true

    /// Creates effective options (the built-ins by default).
    public init(caseSensitive: Bool = true, percentEncoded: Bool = true) {
      self.caseSensitive = caseSensitive
      self.percentEncoded = percentEncoded
    }

    /// `caseSensitive=true percentEncoded=true`.
    public var description: String { "caseSensitive=\(caseSensitive) percentEncoded=\(percentEncoded)" }
  }
}
