public import RouterSupport

/// The route a URL or activity matched, with its parameters as typed JSON values.
///
/// ```swift
/// let match = try router.match(url: "notes://note/2F1A…").get()
/// match?.routeName                 // "note"
/// match?.parameters["id"]          // "2F1A…" (uppercase, a uuid)
/// match?.parameters.object         // {"id": "2F1A…"}, a JSONObject
/// ```
public struct RouteMatch: Sendable, Hashable {
  /// The route's index in the table.
  public var route: Int
  /// The route's name.
  public var routeName: String
  /// For a URL route, which of its patterns matched (0 for the first).
  public var pattern: Int
  /// Captured parameters in capture order; an absent optional parameter has no entry. Read by
  /// key or in order as a ``JSONObject`` is (``RouteParameters/object`` is one): a match keeps up
  /// to four of them without an array, packed, typed values as what they are (``RouteParameters``).
  ///
  /// ```swift
  /// match.parameters["id"]           // .string("2F1A…")
  /// match.parameters.count           // 1
  /// ```
  public var parameters: RouteParameters
  /// The path parameters whose raw value held `%2F` or `%5C`, in capture order: their value
  /// holds a `/` or `\` that the URL's path did not show as a separator (docs/security.md).
  ///
  /// ```swift
  /// try router.match(url: "notes://tag/a%2Fb").get()?.decodedSeparators   // ["name"]
  /// ```
  public var decodedSeparators: [String]

  /// Creates a match.
  public init(
    route: Int, routeName: String, pattern: Int = 0, parameters: RouteParameters = RouteParameters(),
    decodedSeparators: [String] = []
  ) {
    self.route = route
    self.routeName = routeName
    self.pattern = pattern
    self.parameters = parameters
    self.decodedSeparators = decodedSeparators
  }
}
