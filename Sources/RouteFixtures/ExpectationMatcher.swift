public import RouterSupport

/// Compares an expected JSON value with an actual one, looking only at what the expectation
/// writes: an object checks its own keys (recursively), anything else must be equal.
///
/// Against an array, two operator objects loosen the comparison: `{"contains": [...]}` holds
/// when every listed element is in the array (in any order, others allowed), `{"set": [...]}`
/// when the array holds exactly the listed elements in any order. An element that is an object
/// matches an element that has its fields (as everywhere). An array of objects that all name an
/// `id` (the sessions of `expectSessions`) is compared by id, in any order: each expected element
/// with the actual one of its id, on the fields it writes, and no other id may be present.
///
/// ```swift
/// let differences = ExpectationMatcher.compare(expected: ["outcome": "open"], actual: record)
/// differences.isEmpty   // true when the record's outcome is "open", whatever else it holds
/// ExpectationMatcher.compare(expected: ["appleRules": ["contains": ["D4"]]], actual: record)
/// ```
public enum ExpectationMatcher {
  /// One place where actual differs from expected.
  public struct Difference: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path, such as `params.id`, `appleRules` or `sessions[id=s2].state`.
    public var path: String
    public var expected: JSONValue?
    public var actual: JSONValue?
    public var description: String {
      "\(path): expected \(expected?.description ?? "(absent)"), got \(actual?.description ?? "(absent)")"
    }
  }

  /// The operators an expectation may use against an array.
  public enum ArrayOperator: String, Sendable, CaseIterable {
    /// Every listed element is in the array.
    case contains
    /// The array holds exactly the listed elements, in any order.
    case set
  }

  /// Every difference, in the expectation's key order; `null` expects the field to be absent.
  public static func compare(expected: JSONValue, actual: JSONValue?, path: String = "") -> [Difference] {
    if let (op, listed) = arrayOperator(expected), actual == nil || actual?.arrayValue != nil {
      return compare(op, listed, actual: actual, path: path, expected: expected)
    }
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
    case (.array(let e), .array(let a)?) where identifiers(e) != nil:
      return compareByID(e, a, path: path)
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

  /// `{"contains": [...]}` or `{"set": [...]}`: the operator and its elements.
  public static func arrayOperator(_ value: JSONValue) -> (ArrayOperator, [JSONValue])? {
    guard case .object(let o) = value, o.count == 1, let member = o.members.first,
      let op = ArrayOperator(rawValue: member.key), case .array(let listed) = member.value
    else { return nil }
    return (op, listed)
  }

  /// The string `id` of every element, when every element is an object that has one.
  static func identifiers(_ elements: [JSONValue]) -> [String]? {
    guard !elements.isEmpty else { return nil }
    var ids: [String] = []
    for element in elements {
      guard case .object(let o) = element, case .string(let id)? = o["id"] else { return nil }
      ids.append(id)
    }
    return ids
  }

  static func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
    if case .object = expected { return compare(expected: expected, actual: actual).isEmpty }
    return expected == actual
  }

  static func compare(
    _ op: ArrayOperator, _ listed: [JSONValue], actual: JSONValue?, path: String, expected: JSONValue
  ) -> [Difference] {
    let place = path.isEmpty ? "." : path
    guard let elements = actual?.arrayValue else { return [Difference(path: place, expected: expected, actual: nil)] }
    let missing = listed.filter { x in !elements.contains { matches(x, $0) } }
    let extra = op == .set ? elements.filter { y in !listed.contains { matches($0, y) } } : []
    return missing.isEmpty && extra.isEmpty ? [] : [Difference(path: place, expected: expected, actual: actual)]
  }

  /// Arrays of objects with ids: by id, in any order; a missing or an extra id is a difference.
  static func compareByID(_ expected: [JSONValue], _ actual: [JSONValue], path: String) -> [Difference] {
    var out: [Difference] = []
    var seen: Set<String> = []
    for element in expected {
      guard case .object(let o) = element, case .string(let id)? = o["id"] else { continue }
      seen.insert(id)
      let child = "\(path)[id=\(id)]"
      let match = actual.first { a in
        if case .object(let ao) = a, case .string(id)? = ao["id"] { return true }
        return false
      }
      guard let match else {
        out.append(Difference(path: child, expected: element, actual: nil))
        continue
      }
      out += compare(expected: element, actual: match, path: child)
    }
    for element in actual {
      guard case .object(let o) = element, case .string(let id)? = o["id"], !seen.contains(id) else { continue }
      out.append(Difference(path: "\(path)[id=\(id)]", expected: nil, actual: element))
    }
    return out
  }
}
