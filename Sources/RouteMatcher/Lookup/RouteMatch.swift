public import RouterSupport

/// The rule a URL or activity matched, with its parameters as typed JSON values.
///
/// ```swift
/// let match = try router.match(url: "notes://note/2F1A…").get()
/// match?.ruleName                  // "note"
/// match?.parameters["id"]          // "2F1A…" (uppercase, a uuid)
/// ```
public struct RouteMatch: Sendable, Hashable {
  /// The rule's index in the table.
  public var rule: Int
  public var ruleName: String
  /// For a URL rule, which of its patterns matched (0 for the first).
  public var pattern: Int
  /// Captured parameters in capture order; an absent optional parameter has no entry.
  public var parameters: JSONObject

  /// Creates a match.
  public init(rule: Int, ruleName: String, pattern: Int = 0, parameters: JSONObject = JSONObject()) {
    self.rule = rule
    self.ruleName = ruleName
    self.pattern = pattern
    self.parameters = parameters
  }
}
