public import RouteEvents

/// A URL's path, query and fragment in the four forms AASA patterns compare against: still
/// percent-encoded or decoded once (L11), each as written or case-folded (L12).
///
/// The encoded form is what Foundation's `path(percentEncoded: true)` (and `query`, `fragment`)
/// return, read by ``URLRecord``: the URL as written, with characters outside RFC 3986 encoded,
/// so `%2F` stays three characters and is no path separator. The decoded form decodes that text
/// once (an escape that cannot be decoded stays as written). An absent query or fragment reads as
/// `""` (L16). Query items split on `&` and the first `=`; a name without `=` has the value `""`.
///
/// ```swift
/// let input = AASAMatchInput(try URLRecord(parsing: "https://example.com/caf%C3%A9/?id=7&id=42"))
/// input.view(percentEncoded: false, caseSensitive: true).path.trimmed   // "/café" as scalars
/// input.view(percentEncoded: true, caseSensitive: true).items.count     // 2
/// ```
public struct AASAMatchInput: Sendable {
  /// One form of the URL's components.
  public struct View: Sendable {
    /// The path, trailing slashes dropped (and the same without its leading slash).
    public var path: AASAPathPattern.PreparedPath
    /// The whole query, "" when absent.
    public var query: [Unicode.Scalar]
    /// The fragment, "" when absent.
    public var fragment: [Unicode.Scalar]
    /// The query items: name (folded when case-insensitive) and value scalars.
    public var items: [(name: String, value: [Unicode.Scalar])]
  }

  /// The views by (percentEncoded, caseSensitive): index `(encoded ? 0 : 2) + (sensitive ? 0 : 1)`.
  private let views: [View]

  /// Prepares the four views of `url`.
  public init(_ url: URLRecord) {
    let path = url.path
    let query = url.query ?? ""
    let fragment = url.fragment ?? ""
    var views: [View] = []
    for encoded in [true, false] {
      let form: (String) -> String = { encoded ? $0 : (PercentDecoding.decode(Substring($0)) ?? $0) }
      for sensitive in [true, false] {
        let items = AASAMatchInput.split(query).map { name, value in
          (
            name: String(String.UnicodeScalarView(WildcardPattern.prepare(form(name), caseSensitive: sensitive))),
            value: WildcardPattern.prepare(form(value), caseSensitive: sensitive)
          )
        }
        views.append(
          View(
            path: AASAPathPattern.PreparedPath(form(path), caseSensitive: sensitive),
            query: WildcardPattern.prepare(form(query), caseSensitive: sensitive),
            fragment: WildcardPattern.prepare(form(fragment), caseSensitive: sensitive),
            items: items))
      }
    }
    self.views = views
  }

  /// The view a component with these effective options compares against.
  public func view(percentEncoded: Bool, caseSensitive: Bool) -> View {
    views[(percentEncoded ? 0 : 2) + (caseSensitive ? 0 : 1)]
  }

  /// The view for effective options.
  public func view(_ options: AASAMatchingOptions.Effective) -> View {
    view(percentEncoded: options.percentEncoded, caseSensitive: options.caseSensitive)
  }

  /// Splits a query on `&`, then on the first `=`; empty pieces are skipped, a missing value is "".
  static func split(_ query: String) -> [(String, String)] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { piece in
      guard let equals = piece.firstIndex(of: "=") else { return (String(piece), "") }
      return (String(piece[..<equals]), String(piece[piece.index(after: equals)...]))
    }
  }
}
