public import RouterSupport

/// One rule of a route table: what it matches (URL patterns or an activity), what it asks
/// for, and its place in precedence.
///
/// ```swift
/// let rule = Rule(name: "note", index: 0,
///                 trigger: .url([try URLPattern(parsing: "notes://note/{id:uuid}")]),
///                 target: RuleTarget(action: .openWindow, scene: "note-editor",
///                                    value: try ValueTemplate(parsing: "{id}")))
/// ```
public struct Rule: Sendable, Hashable {
  /// What a rule matches.
  public enum Trigger: Sendable, Hashable {
    /// One or more URL patterns (for example a custom-scheme link and a universal link).
    case url([URLPattern])
    /// A user activity.
    case activity(ActivityPattern)
  }

  /// The rule's name, unique in the table.
  public var name: String
  /// The rule's position in the table (0-based), the last tie-break of precedence.
  public var index: Int
  public var trigger: Trigger
  public var target: RuleTarget
  /// The explicit priority (default 0): higher wins among equally specific rules.
  public var priority: Int
  /// Where the rule is written.
  public var location: SourceLocation?

  /// Creates a rule.
  public init(
    name: String, index: Int, trigger: Trigger, target: RuleTarget, priority: Int = 0,
    location: SourceLocation? = nil
  ) {
    self.name = name
    self.index = index
    self.trigger = trigger
    self.target = target
    self.priority = priority
    self.location = location
  }

  /// The URL patterns of a URL rule (empty for an activity rule).
  public var urlPatterns: [URLPattern] {
    if case .url(let patterns) = trigger { return patterns }
    return []
  }
}
