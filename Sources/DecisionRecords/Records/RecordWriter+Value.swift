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
      return object.members.withUnsafeBufferPointer { write(template, from: MemberParameters(members: $0)) }
    }
    write(template, from: InPlaceParameters(parameters: parameters))
  }

  /// `template` rendered from `parameters`, as JSON, without making the value for the shapes
  /// written in place (specialized for each of the two ways parameters are held).
  @inline(__always)
  private mutating func write<P: TemplateParameters>(_ template: ValueTemplate, from parameters: P) {
    switch template {
    case .literal(let value): json(value)
    case .parameter(let name): parameters.write(named: name, to: &self)
    case .object(let members):
      byte(UInt8(ascii: "{"))
      members.withUnsafeBufferPointer { members in
        for i in members.indices {
          key(members[i].key, first: i == 0)
          switch members[i].value {
          case .literal(let value):
            if case .string(let string) = value { self.string(string) } else { json(value) }
          case .parameter(let name): parameters.write(named: name, to: &self)
          default: json(parameters.render(members[i].value))
          }
        }
      }
      byte(UInt8(ascii: "}"))
    default: json(parameters.render(template))
    }
  }
}

/// The parameters a template is written from: a parameter written by its name, and the
/// shapes not written in place rendered.
private protocol TemplateParameters {
  /// Writes the parameter named `name` as JSON (`null` when there is none).
  func write(named name: String, to writer: inout RecordWriter)
  /// `template` rendered from these parameters.
  func render(_ template: ValueTemplate) -> JSONValue
}

/// Parameters held in place (``RouteParameters`` without an object).
private struct InPlaceParameters: TemplateParameters {
  let parameters: RouteParameters

  func write(named name: String, to writer: inout RecordWriter) {
    guard let k = parameters.inPlaceIndex(named: name) else { return writer.literal("null") }
    writer.inPlaceValue(parameters.storage.value(k))
  }

  func render(_ template: ValueTemplate) -> JSONValue { template.render(parameters) }
}

/// Parameters held as an object's members: a parameter is the first member of its name, as
/// `ValueTemplate.render(_:)` renders one from an object.
private struct MemberParameters: TemplateParameters {
  let members: UnsafeBufferPointer<JSONObject.Member>

  func write(named name: String, to writer: inout RecordWriter) {
    for i in members.indices where members[i].key == name {
      if case .string(let string) = members[i].value { return writer.string(string) }
      return writer.json(members[i].value)
    }
    writer.literal("null")
  }

  func render(_ template: ValueTemplate) -> JSONValue { template.render(JSONObject(Array(members))) }
}
