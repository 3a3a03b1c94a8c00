public import RouterSupport

/// One rule of a `details` entry: an `applinks.Details.Components` object, or one string of the
/// legacy `paths` array (L4, L14).
///
/// A component matches a URL when every key it gives matches (L6); a key it leaves out is `*`,
/// which matches anything, an absent component included. The first component that matches
/// decides (L5): it opens the app, or with `exclude` it stops the search and keeps the link in
/// the browser (L9).
///
/// ```swift
/// let c = association.details[0].components[1]
/// c.text                        // {"/":"/help/website/*","exclude":true}
/// c.exclude                     // true
/// c.effective.caseSensitive     // from the URL, app or domain level (L10)
/// ```
public struct AASAComponent: Sendable, Hashable {
  /// Where a component came from.
  public enum Origin: String, Sendable, Hashable {
    /// An object of the `components` array.
    case components
    /// A string of the legacy `paths` array (`NOT ` makes it an exclusion, L14).
    case paths
  }

  /// Its position in `components` (or `paths`) of its entry.
  public var index: Int
  /// Whether it came from `components` or the legacy `paths`.
  public var origin: Origin
  /// The `/` pattern; nil matches any path.
  public var path: AASAPathPattern?
  /// The `?` pattern or dictionary; nil matches any query.
  public var query: AASAQuery?
  /// The `#` pattern; nil matches any fragment.
  public var fragment: AASAPattern?
  /// `exclude` (or a legacy `NOT ` prefix): a match keeps the link out of the app (L9, L14).
  public var exclude: Bool
  /// `caseSensitive` / `percentEncoded` as written on this component (the URL level).
  public var options: AASAMatchingOptions
  /// The options in force after the domain, app and URL levels (L10).
  public var effective: AASAMatchingOptions.Effective
  /// `comment`, which the system ignores.
  public var comment: String?
  /// The component as compact JSON without its `comment` (a legacy path: the JSON string), for
  /// explanations.
  public var text: String
  /// Where the component starts in the file.
  public var location: SourceLocation?

  /// Creates a component.
  public init(
    index: Int, origin: Origin = .components, path: AASAPathPattern? = nil, query: AASAQuery? = nil,
    fragment: AASAPattern? = nil, exclude: Bool = false, options: AASAMatchingOptions = AASAMatchingOptions(),
    effective: AASAMatchingOptions.Effective = AASAMatchingOptions.Effective(), comment: String? = nil,
    text: String = "", location: SourceLocation? = nil
  ) {
    self.index = index
    self.origin = origin
    self.path = path
    self.query = query
    self.fragment = fragment
    self.exclude = exclude
    self.options = options
    self.effective = effective
    self.comment = comment
    self.text = text
    self.location = location
  }

  /// `components[1]` or `paths[1]`: how explanations name it inside its entry.
  public var label: String { "\(origin.rawValue)[\(index)]" }
}
