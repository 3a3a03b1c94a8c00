/// A scene's activation condition: the `NSPredicate` subset UIKit accepts in
/// `UISceneActivationConditions` (M8), which SwiftUI's `handlesExternalEvents` sets compile to (V9).
///
/// ```swift
/// let p = try ActivationPredicate(parsing: "self CONTAINS[cd] 'note-editor' OR self BEGINSWITH 'notes://'")
/// p.evaluate("NOTES://x")              // false: BEGINSWITH without [c] is case-sensitive
/// ActivationPredicate(matching: ["*"])  // .always (M3)
/// ```
public indirect enum ActivationPredicate: Sendable, Hashable, CustomStringConvertible {
  /// `TRUEPREDICATE`.
  case always
  /// `FALSEPREDICATE`.
  case never
  /// `self <operator>[options] 'value'`.
  case comparison(Comparison)
  case and([ActivationPredicate])
  case or([ActivationPredicate])
  case not(ActivationPredicate)

  /// One string comparison against the event identifier.
  public struct Comparison: Sendable, Hashable {
    /// The operators UIKit allows (M8); `MATCHES` is refused.
    public enum Operator: String, Sendable, Hashable, CaseIterable {
      case equals = "=="
      case beginsWith = "BEGINSWITH"
      case endsWith = "ENDSWITH"
      case contains = "CONTAINS"
      case like = "LIKE"
    }

    public var op: Operator
    public var value: String
    /// `[c]`: case-insensitive.
    public var caseInsensitive: Bool
    /// `[d]`: diacritic-insensitive.
    public var diacriticInsensitive: Bool

    /// Creates a comparison.
    public init(_ op: Operator, _ value: String, caseInsensitive: Bool = false, diacriticInsensitive: Bool = false) {
      self.op = op
      self.value = value
      self.caseInsensitive = caseInsensitive
      self.diacriticInsensitive = diacriticInsensitive
    }
  }

  /// The predicate SwiftUI builds from a `handlesExternalEvents` set (V9): `"*"` anywhere makes it
  /// TRUE (M3); an empty set, or one of empty strings only, is FALSE (M1, M2); otherwise an OR of
  /// `self CONTAINS[cd] s` (M4–M6).
  public init(matching set: [String]) {
    if set.contains("*") {
      self = .always
      return
    }
    let strings = set.filter { !$0.isEmpty }
    if strings.isEmpty {
      self = .never
    } else if strings.count == 1 {
      self = .comparison(Comparison(.contains, strings[0], caseInsensitive: true, diacriticInsensitive: true))
    } else {
      self = .or(
        strings.map { .comparison(Comparison(.contains, $0, caseInsensitive: true, diacriticInsensitive: true)) })
    }
  }

  /// The predicate in `NSPredicate` format syntax.
  public var description: String {
    switch self {
    case .always: return "TRUEPREDICATE"
    case .never: return "FALSEPREDICATE"
    case .comparison(let c):
      let options = (c.caseInsensitive ? "c" : "") + (c.diacriticInsensitive ? "d" : "")
      let escaped = c.value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      return "self \(c.op.rawValue)\(options.isEmpty ? "" : "[\(options)]") '\(escaped)'"
    case .and(let parts): return parts.map { "(\($0))" }.joined(separator: " AND ")
    case .or(let parts): return parts.map { "(\($0))" }.joined(separator: " OR ")
    case .not(let p): return "NOT (\(p))"
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
