import RouteEvents
import RouteTables

/// The one rule, shared by routing and reverse routing, for which values a capture can hold:
/// routing percent-decodes each value once and refuses a decoded NUL or control character; a
/// path segment is never empty and never a dot segment (`.`, `..` are resolved before matching);
/// a query value or the fragment may be empty (`?q=` and `?q` capture `""`). So `url` refuses
/// exactly the values routing could not give back, and accepts every value routing captures.
///
/// ```swift
/// ValueRules.problem(with: "", type: .string, in: .query)    // nil: `?q=` captures ""
/// ValueRules.problem(with: "", type: .string, in: .path)     // "a path segment cannot be empty"
/// ```
enum ValueRules {
  /// Where a value is written.
  enum Place {
    /// A whole path segment or a capture inside one (`{id}`, `item-{id}`).
    case path
    /// A path segment of a URL without an authority (`matrix:u/{user}`): dot segments are kept.
    case opaquePath
    /// Part of an affixed segment: may not be empty either (a capture takes at least one byte).
    case affix
    /// A query value or the fragment.
    case query
  }

  /// Why routing could never capture `value` for a parameter of `type` at `place`, or nil.
  static func problem(with value: String, type: ParameterType, in place: Place) -> String? {
    if let control = value.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "it holds the control character U+\(String(control.value, radix: 16, uppercase: true)), which no"
        + " URL value may decode to"
    }
    if value.isEmpty {
      switch (place, type) {
      case (.query, .string): return nil
      case (.query, _): return "an empty value is not a valid \(type.rawValue)"
      case (.path, _), (.opaquePath, _): return "a path segment cannot be empty"
      case (.affix, _): return "a capture inside a segment takes at least one character"
      }
    }
    if place == .path && (value == "." || value == "..") {
      return "'\(value)' as a path segment is a dot segment, which is resolved before matching"
    }
    if !type.accepts(Array(value.utf8)) { return "it is not a valid \(type.rawValue)" }
    return nil
  }
}
