import RouteTables
import RouterSupport

/// Activity routes by activity type, each type's routes in precedence order (constraint score,
/// then priority, then table order).
struct ActivityIndex: Sendable {
  struct Candidate: Sendable {
    var route: Int
    var pattern: ActivityPattern
  }

  var byType: [String: [Candidate]]

  /// The first candidate of the activity's type whose `userInfo` constraints hold, with its
  /// captured parameters.
  func match(type: String, userInfo: JSONObject) -> (route: Int, parameters: JSONObject)? {
    guard let candidates = byType[type] else { return nil }
    for candidate in candidates {
      if let parameters = ActivityIndex.check(candidate.pattern, userInfo) {
        return (candidate.route, parameters)
      }
    }
    return nil
  }

  static func check(_ pattern: ActivityPattern, _ userInfo: JSONObject) -> JSONObject? {
    var parameters = JSONObject()
    for constraint in pattern.userInfo {
      let value = userInfo[constraint.key]
      switch constraint.value {
      case .present:
        if value == nil { return nil }
      case .equals(let expected):
        if value != expected { return nil }
      case .parameter(let p, let required):
        guard let value else {
          if required { return nil }
          continue
        }
        guard let typed = typedValue(value, p.type) else { return nil }
        parameters[p.name] = typed
      }
    }
    return parameters
  }

  /// A userInfo value as a parameter of `type`: strings are checked like URL values; an
  /// integral number is an `int`.
  static func typedValue(_ value: JSONValue, _ type: ParameterType) -> JSONValue? {
    switch value {
    case .string(let s):
      guard !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
      guard type.accepts(Array(s.utf8)) else { return nil }
      return type.value(of: s)
    case .number(let n):
      switch type {
      case .int: return n.int64Value.map { .number(JSONNumber($0)) }
      case .string: return .string(n.text)
      case .uuid: return nil
      }
    case .bool(let b):
      return type == .string ? .string(b ? "true" : "false") : nil
    default:
      return nil
    }
  }
}
