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
  /// The quick-action and notification-response routes.
  var events = EventRouteIndex()

  /// The first candidate of the activity's type whose `targetContentIdentifier` pattern and
  /// `userInfo` constraints hold, with its captured parameters.
  func match(type: String, userInfo: JSONObject, targetContentIdentifier: String? = nil)
    -> (route: Int, parameters: JSONObject)?
  {
    guard let candidates = byType[type] else { return nil }
    for candidate in candidates {
      let p = candidate.pattern
      if case .success(let parameters) = EventRouteIndex.check(
        p.userInfo, p.targetContentIdentifier, userInfo, targetContentIdentifier)
      {
        return (candidate.route, parameters)
      }
    }
    return nil
  }

  static func check(_ pattern: ActivityPattern, _ userInfo: JSONObject) -> JSONObject? {
    try? EventRouteIndex.check(pattern.userInfo, pattern.targetContentIdentifier, userInfo, nil).get()
  }

  /// The parameters `constraints` capture from `userInfo`, or why they do not hold (the first
  /// constraint that fails), for explanations.
  static func check(_ constraints: [UserInfoConstraint], _ userInfo: JSONObject)
    -> (parameters: JSONObject?, failure: String?)
  {
    var parameters = JSONObject()
    for constraint in constraints {
      let (value, missing) = constraint.path.walk(userInfo)
      let key = "userInfo '\(constraint.key)'"
      switch constraint.value {
      case .present:
        if value == nil { return (nil, "\(key) is missing (\(missing?.reason ?? ""))") }
      case .equals(let expected):
        guard let value else { return (nil, "\(key) is missing (\(missing?.reason ?? ""))") }
        if value != expected { return (nil, "\(key) is \(short(value)), not \(short(expected))") }
      case .parameter(let p, let required):
        guard let value else {
          if required { return (nil, "\(key) is missing (\(missing?.reason ?? ""))") }
          continue
        }
        guard let typed = typedValue(value, p.type) else {
          return (
            nil, "\(key) is \(short(value)), not \(p.type == .string ? "a string" : "of type \(p.type.rawValue)")"
          )
        }
        parameters[p.name] = typed
      }
    }
    return (parameters, nil)
  }

  /// A value as a message shows it: at most 60 characters of its JSON.
  static func short(_ value: JSONValue) -> String {
    let text = value.description
    return text.count <= 60 ? text : String(text.prefix(57)) + "..."
  }

  /// The candidates of the activity's type tried before the one that matches (all of them when
  /// none does), each with the reason it does not match.
  func rejections(type: String, userInfo: JSONObject, targetContentIdentifier: String? = nil)
    -> [(route: Int, reason: String)]
  {
    var out: [(route: Int, reason: String)] = []
    for candidate in byType[type] ?? [] {
      let p = candidate.pattern
      guard
        case .failure(let reason) = EventRouteIndex.check(
          p.userInfo, p.targetContentIdentifier, userInfo, targetContentIdentifier)
      else { break }
      out.append((candidate.route, reason.text))
    }
    return out
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
