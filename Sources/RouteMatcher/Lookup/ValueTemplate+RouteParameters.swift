public import RouteTables
public import RouterSupport

extension ValueTemplate {
  /// Renders the value from a match's parameters, as `render(parameters.object)` renders it,
  /// without making the object: a parameter kept in place is found by comparing its name's bytes
  /// where they are, and only the values the template uses are made.
  ///
  /// ```swift
  /// let template = try ValueTemplate(json: ["id": "{id}", "kind": "note"])
  /// template.render(match.parameters)   // {"id": "2F1A…", "kind": "note"}
  /// ```
  public func render(_ parameters: RouteParameters) -> JSONValue {
    if let object = parameters.storage.object { return render(object) }
    // The common shapes (an object of literals and parameters, a parameter) as the object's
    // version renders them; any other through the lookup.
    switch self {
    case .literal(let value): return value
    case .parameter(let name): return parameters.inPlaceValue(named: name) ?? .null
    case .object(let members):
      return members.withUnsafeBufferPointer { members in
        var rendered: [JSONObject.Member] = []
        rendered.reserveCapacity(members.count)
        for i in members.indices {
          let value: JSONValue
          switch members[i].value {
          case .literal(let v): value = v
          case .parameter(let name): value = parameters.inPlaceValue(named: name) ?? .null
          default: value = members[i].value.render { parameters.inPlaceValue(named: $0) }
          }
          rendered.append(JSONObject.Member(key: members[i].key, value: value))
        }
        return .object(JSONObject(rendered))
      }
    default: return render { parameters.inPlaceValue(named: $0) }
    }
  }
}
