public import RouterSupport

/// A query or fragment pattern of an AASA component, as written and compiled.
///
/// ```swift
/// let p = AASAPattern("?*", options: .init(), variables: SubstitutionVariables())
/// p.matches(Array("top".unicodeScalars))   // true
/// p.matches([])                             // false: "?*" needs one character (L7, L16)
/// ```
public struct AASAPattern: Sendable, Hashable {
  /// The pattern as written.
  public var text: String
  /// Where the pattern's string starts in the file.
  public var location: SourceLocation?
  /// The compiled pattern (case folded when the component is case-insensitive).
  public let pattern: WildcardPattern

  /// Compiles `text` under the component's effective options.
  public init(
    _ text: String, options: AASAMatchingOptions.Effective, variables: SubstitutionVariables,
    location: SourceLocation? = nil
  ) {
    self.text = text
    self.location = location
    self.pattern = WildcardPattern(text, caseSensitive: options.caseSensitive, variables: variables)
  }

  /// Whether the pattern matches a prepared component (see ``WildcardPattern/prepare(_:caseSensitive:)``).
  public func matches(_ scalars: [Unicode.Scalar]) -> Bool { pattern.matches(scalars: scalars) }
}

/// The `/` pattern of a component (or a legacy `paths` entry), with the slash rules of L16.
///
/// - The leading slash is optional: a pattern that does not start with `/` is also tried against
///   the path without its leading slash (`abc` matches `/abc`, `buy/*` matches `/buy/42`).
/// - A leading run of slashes in the pattern collapses to one (`//abc` matches `/abc`).
/// - A trailing run of slashes is dropped from the pattern and from the path (`/buy/` matches `/buy`).
/// - A pattern ending in `/*` also matches the parent: `/buy/*` matches `/buy`.
///   Nothing adds a slash to the path, so `/id/????` does not match `/id/481`.
///
/// ```swift
/// let p = AASAPathPattern("/buy/*", options: .init(), variables: SubstitutionVariables())
/// p.matches(path: "/buy")       // true (the parent)
/// p.matches(path: "/buy/42/")   // true
/// p.matches(path: "/buyer")     // false
/// ```
public struct AASAPathPattern: Sendable, Hashable {
  /// The pattern as written.
  public var text: String
  /// Where the pattern's string starts in the file.
  public var location: SourceLocation?
  /// The pattern after the slash rules.
  public let pattern: WildcardPattern
  /// For a pattern ending in `/*`: the pattern of the parent path.
  public let parent: WildcardPattern?
  /// Whether the pattern has no leading slash, so the path is also tried without its own.
  public let isRelative: Bool
  /// How many leading characters the slash rules removed (to map offsets back to ``text``).
  let removedPrefix: Int

  /// Compiles `text` under the component's effective options.
  public init(
    _ text: String, options: AASAMatchingOptions.Effective, variables: SubstitutionVariables,
    location: SourceLocation? = nil
  ) {
    self.text = text
    self.location = location
    var normalized = AASAPathPattern.droppingTrailingSlashes(text)
    var removed = 0
    while normalized.hasPrefix("//") {
      normalized.removeFirst()
      removed += 1
    }
    removedPrefix = removed
    isRelative = !normalized.isEmpty && !normalized.hasPrefix("/")
    pattern = WildcardPattern(normalized, caseSensitive: options.caseSensitive, variables: variables)
    if normalized.hasSuffix("/*") {
      let parentText = AASAPathPattern.droppingTrailingSlashes(String(normalized.dropLast()))
      parent = WildcardPattern(parentText, caseSensitive: options.caseSensitive, variables: variables)
    } else {
      parent = nil
    }
  }

  /// Whether the pattern matches a prepared path (see ``PreparedPath``).
  public func matches(_ path: PreparedPath) -> Bool {
    for candidate in [pattern, parent] {
      guard let candidate else { continue }
      if candidate.matches(scalars: path.trimmed) { return true }
      if isRelative, let bare = path.bare, candidate.matches(scalars: bare) { return true }
    }
    return false
  }

  /// Whether the pattern matches `path` (a convenience that prepares it).
  public func matches(path: String) -> Bool {
    matches(PreparedPath(path, caseSensitive: pattern.caseSensitive))
  }

  /// Undefined `$(name)` references with offsets into ``text``.
  public var undefinedVariables: [WildcardPattern.VariableReference] {
    pattern.undefinedVariables.map { .init(name: $0.name, offset: $0.offset + removedPrefix) }
  }

  /// `text` without its trailing run of slashes.
  static func droppingTrailingSlashes(_ text: String) -> String {
    var text = text
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }

  /// A URL path ready for matching: the trailing slash run dropped, and the same without its
  /// leading slash.
  ///
  /// ```swift
  /// let p = AASAPathPattern.PreparedPath("/buy/42/", caseSensitive: true)
  /// String(String.UnicodeScalarView(p.trimmed))   // "/buy/42"
  /// ```
  public struct PreparedPath: Sendable, Hashable {
    /// The path without its trailing slashes, folded when case-insensitive.
    public var trimmed: [Unicode.Scalar]
    /// ``trimmed`` without its leading slash; nil when it has none.
    public var bare: [Unicode.Scalar]?

    /// Prepares `path`.
    public init(_ path: String, caseSensitive: Bool) {
      trimmed = WildcardPattern.prepare(AASAPathPattern.droppingTrailingSlashes(path), caseSensitive: caseSensitive)
      bare = trimmed.first == "/" ? Array(trimmed.dropFirst()) : nil
    }
  }
}

/// The `?` key of a component: a pattern for the whole query, or a dictionary of query item
/// patterns (L8), or a dictionary the system ignores because a value is not a string (L16).
///
/// ```swift
/// switch component.query {
/// case .pattern(let p): print("whole query", p.text)
/// case .items(let items): print(items.map(\.name))
/// case .ignored(let keys): print("ignored:", keys)
/// case nil: print("any query")
/// }
/// ```
public enum AASAQuery: Sendable, Hashable {
  /// `"?": "pattern"`: matched against the whole query as written after `?` (absent reads as "").
  case pattern(AASAPattern)
  /// `"?": {"name": "pattern", …}`: every named item must match; others are ignored (L8).
  case items([AASAQueryItem])
  /// `"?": {…}` with a non-string value: the whole dictionary constrains nothing (L16).
  case ignored(keys: [String])
}

/// One `"name": "pattern"` entry of a `?` dictionary (L8).
///
/// Every occurrence of the name in the URL must match; an absent item, and an item without a
/// value, read as the empty string.
///
/// ```swift
/// let item = AASAQueryItem(name: "id", pattern: AASAPattern("$(digit)*", options: .init(), variables: .init()))
/// ```
public struct AASAQueryItem: Sendable, Hashable {
  /// The query item name (compared exactly, or folded when case-insensitive).
  public var name: String
  /// The pattern for its value.
  public var pattern: AASAPattern

  /// Creates an item.
  public init(name: String, pattern: AASAPattern) {
    self.name = name
    self.pattern = pattern
  }
}
