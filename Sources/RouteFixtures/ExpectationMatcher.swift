public import RouterSupport

/// Compares an expected JSON value with an actual one, looking only at what the expectation
/// writes: an object checks its own keys (recursively), anything else must be equal.
///
/// ```swift
/// let differences = ExpectationMatcher.compare(expected: ["outcome": "open"], actual: record)
/// differences.isEmpty   // true when the record's outcome is "open", whatever else it holds
/// ```
public enum ExpectationMatcher {
  /// One place where actual differs from expected.
  public struct Difference: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path, such as `params.id` or `appleRules`.
    public var path: String
    public var expected: JSONValue?
    public var actual: JSONValue?
    public var description: String {
      "\(path): expected \(expected?.description ?? "(absent)"), got \(actual?.description ?? "(absent)")"
    }
  }

  /// Every difference, in the expectation's key order; `null` expects the field to be absent.
  public static func compare(expected: JSONValue, actual: JSONValue?, path: String = "") -> [Difference] {
    switch (expected, actual) {
    case (.object(let e), .object(let a)?):
      var out: [Difference] = []
      for member in e.members {
        let child = path.isEmpty ? member.key : "\(path).\(member.key)"
        if member.value == .null {
          if let present = a[member.key], present != .null {
            out.append(Difference(path: child, expected: nil, actual: present))
          }
          continue
        }
        out += compare(expected: member.value, actual: a[member.key], path: child)
      }
      return out
    case (.array(let e), .array(let a)?) where e.count == a.count:
      var out: [Difference] = []
      for (i, (x, y)) in zip(e, a).enumerated() where x != y {
        if case .object = x {
          out += compare(expected: x, actual: y, path: "\(path)[\(i)]")
        } else {
          return [Difference(path: path, expected: expected, actual: actual)]
        }
      }
      return out
    default:
      return expected == actual ? [] : [Difference(path: path.isEmpty ? "." : path, expected: expected, actual: actual)]
    }
  }
}
