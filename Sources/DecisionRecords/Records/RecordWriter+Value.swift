import RouteMatcher
import RouteTables
import RouterSupport
import SceneDecision

extension RecordWriter {
  /// A decision's value as JSON: what ``json(_:)`` writes for `value.value`, without making
  /// the value when the decision keeps it as a template and parameters.
  ///
  /// ```swift
  /// w.literal(#","value":"#)
  /// w.value(decision.storedValue)   // {"route":"r1","id":"42"}
  /// ```
  mutating func value(_ value: DecisionValue) {
    switch value {
    case .absent: literal("null")
    case .rendered(let value): json(value)
    case .template(let template, let parameters): self.template(template, parameters)
    }
  }

  /// A value template rendered from parameters, as JSON: what `json(template.render(parameters))`
  /// writes. The common shapes (a literal, a parameter, an object of literals and parameters)
  /// are written from the template and the parameters where they are (a parameter in place
  /// from its bytes, as ``parameters(_:)`` writes it; one of an object as its value); any other
  /// through the rendered value.
  mutating func template(_ template: ValueTemplate, _ parameters: RouteParameters) {
    if let object = parameters.storage.object {
      return object.members.withUnsafeBufferPointer { self.template(template, $0) }
    }
    switch template {
    case .literal(let value): json(value)
    case .parameter(let name): parameter(named: name, in: parameters)
    case .object(let members):
      byte(UInt8(ascii: "{"))
      members.withUnsafeBufferPointer { members in
        for i in members.indices {
          key(members[i].key, first: i == 0)
          switch members[i].value {
          case .literal(let value):
            if case .string(let string) = value { self.string(string) } else { json(value) }
          case .parameter(let name): parameter(named: name, in: parameters)
          default: json(members[i].value.render(parameters))
          }
        }
      }
      byte(UInt8(ascii: "}"))
    default: json(template.render(parameters))
    }
  }

  /// A value template rendered from parameters held as an object's members, as JSON: what
  /// `json(template.render(JSONObject(members)))` writes, without making the value.
  private mutating func template(_ template: ValueTemplate, _ parameters: UnsafeBufferPointer<JSONObject.Member>) {
    switch template {
    case .literal(let value): json(value)
    case .parameter(let name): parameter(named: name, in: parameters)
    case .object(let members):
      byte(UInt8(ascii: "{"))
      members.withUnsafeBufferPointer { members in
        for i in members.indices {
          key(members[i].key, first: i == 0)
          switch members[i].value {
          case .literal(let value):
            if case .string(let string) = value { self.string(string) } else { json(value) }
          case .parameter(let name): parameter(named: name, in: parameters)
          default: json(members[i].value.render(JSONObject(Array(parameters))))
          }
        }
      }
      byte(UInt8(ascii: "}"))
    default: json(template.render(JSONObject(Array(parameters))))
    }
  }

  /// The value of the first member named `name`, or `null` when there is none (as
  /// `ValueTemplate.render(_:)` renders a parameter from an object).
  private mutating func parameter(named name: String, in parameters: UnsafeBufferPointer<JSONObject.Member>) {
    for i in parameters.indices where parameters[i].key == name {
      if case .string(let string) = parameters[i].value { return self.string(string) }
      return json(parameters[i].value)
    }
    literal("null")
  }

  /// The value of the parameter in place named `name`, or `null` when there is none (as
  /// `ValueTemplate.render(_:)` renders a parameter).
  private mutating func parameter(named name: String, in parameters: RouteParameters) {
    guard let k = parameters.inPlaceIndex(named: name) else { return literal("null") }
    inPlaceValue(parameters.storage.value(k))
  }
}
