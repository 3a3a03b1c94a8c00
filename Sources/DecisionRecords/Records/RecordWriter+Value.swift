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

  /// A decision's value as ``value(_:)`` writes it, a route's from its plan when the router
  /// has one: the plan's constant bytes copied, each parameter written from where the match
  /// holds it (in place from its bytes, found by its name's two words; or the first member of
  /// its name in the parameters' object).
  ///
  /// ```swift
  /// w.value(decision.storedValue, route: decision.match?.route, values: router.values)
  /// ```
  ///
  /// `params`, when given, is where this record holds the match's parameters as
  /// ``parameters(_:)`` wrote them: a value that is those parameters' object after a few
  /// constant members (`{"route":"r5","owner":…,"repo":…}` for the parameters
  /// `{"owner":…,"repo":…}`, the same names in the same order) is written as its constant
  /// beginning and one copy of those bytes.
  mutating func value(_ value: DecisionValue, route: Int?, values: ValueTemplatePlans) {
    if let route, let steps = values.steps(route: route), case .template(_, let parameters) = value {
      #if DEBUG
        if case .template(let template, _) = value { values.check(route: route, template: template) }
      #endif
      return planned(values, steps, parameters, params: nil)
    }
    self.value(value)
  }

  /// The same for the value of a route whose match's parameters `matched` this record holds at
  /// `params`: those bytes copied when the value echoes them. The value is rendered from those
  /// very parameters (the engine keeps the route's template with its match's parameters; debug
  /// builds check it).
  mutating func value(
    _ value: DecisionValue, route: Int, values: ValueTemplatePlans, params: Range<Int>?,
    matched: borrowing RouteParameters
  ) {
    if let steps = values.steps(route: route), case .template(_, let parameters) = value {
      #if DEBUG
        if case .template(let template, _) = value { values.check(route: route, template: template) }
        precondition(parameters == matched, "a route's value is rendered from its match's parameters")
      #endif
      return planned(values, steps, parameters, params: params)
    }
    self.value(value)
  }

  /// The steps `steps` of `plans` written with `parameters`.
  @inline(__always)
  private mutating func planned(
    _ plans: ValueTemplatePlans, _ steps: Range<Int>, _ parameters: RouteParameters, params: Range<Int>?
  ) {
    plans.ops.withUnsafeBufferPointer { ops in
      plans.pool.withUnsafeBufferPointer { pool in
        if let object = parameters.storage.object {
          return object.members.withUnsafeBufferPointer { members in
            if let params, echo(ops, pool, steps, plans, members, params) { return }
            let held = MemberParameters(members: members)
            for i in steps {
              bytes(UnsafeBufferPointer(rebasing: pool[Int(ops[i].start)..<Int(ops[i].start) &+ Int(ops[i].count)]))
              guard ops[i].name >= 0 else { return }
              held.write(named: plans.names[Int(ops[i].name)], to: &self)
            }
          }
        }
        if let params, echo(ops, pool, steps, plans, parameters, params) { return }
        for i in steps {
          bytes(UnsafeBufferPointer(rebasing: pool[Int(ops[i].start)..<Int(ops[i].start) &+ Int(ops[i].count)]))
          guard ops[i].name >= 0 else { return }
          if let k = Self.inPlaceIndex(of: ops[i], in: parameters, plans) {
            inPlaceValue(parameters.storage, k)
          } else {
            literal("null")
          }
        }
      }
    }
  }

  /// Writes the value of `steps` as its constant beginning and the parameters' object this
  /// record holds at `params` (its bytes after the `{`), when the value echoes the parameters
  /// (``ValueTemplatePlans/echoPrefix(_:)``) and they are held in place, named as the steps'
  /// parameters in their order; false, with nothing written, otherwise.
  @inline(__always)
  private mutating func echo(
    _ ops: UnsafeBufferPointer<ValueTemplatePlans.Op>, _ pool: UnsafeBufferPointer<UInt8>, _ steps: Range<Int>,
    _ plans: ValueTemplatePlans, _ parameters: RouteParameters, _ params: Range<Int>
  ) -> Bool {
    guard let prefix = plans.echoPrefix(steps) else { return false }
    let count = parameters.storage.count
    guard steps.count == count &+ 1 else { return false }
    for k in 0..<count {
      let name = parameters.storage.name(k)
      let wanted = plans.nameBytes[Int(ops[steps.lowerBound &+ k].name)]
      guard name.low == wanted.low, name.high == wanted.high, name.count == wanted.count else { return false }
    }
    let start = Int(ops[steps.lowerBound].start)
    return again(
      prefix: UnsafeBufferPointer(rebasing: pool[start..<start &+ prefix]), params.lowerBound &+ 1..<params.upperBound)
  }

  /// The same for parameters held as an object's members: each equal, as a string, to the
  /// steps' parameter's name (the member a value's parameter is written from) and of the same
  /// length in bytes (so the same bytes: a name that is not ASCII but equal to an ASCII one, the
  /// Kelvin sign for "K", is longer).
  @inline(__always)
  private mutating func echo(
    _ ops: UnsafeBufferPointer<ValueTemplatePlans.Op>, _ pool: UnsafeBufferPointer<UInt8>, _ steps: Range<Int>,
    _ plans: ValueTemplatePlans, _ members: UnsafeBufferPointer<JSONObject.Member>, _ params: Range<Int>
  ) -> Bool {
    guard let prefix = plans.echoPrefix(steps), steps.count == members.count &+ 1 else { return false }
    for k in members.indices {
      let index = Int(ops[steps.lowerBound &+ k].name)
      guard members[k].key.utf8.count == Int(plans.nameBytes[index].count), members[k].key == plans.names[index]
      else { return false }
    }
    let start = Int(ops[steps.lowerBound].start)
    return again(
      prefix: UnsafeBufferPointer(rebasing: pool[start..<start &+ prefix]), params.lowerBound &+ 1..<params.upperBound)
  }

  /// The position of `op`'s parameter among `parameters` held in place, or nil: an ASCII name
  /// compared here as two words with each ASCII name in place; any other pair by
  /// ``ValueTemplatePlans/inPlaceIndex(of:in:)`` (as strings).
  @inline(__always)
  private static func inPlaceIndex(
    of op: ValueTemplatePlans.Op, in parameters: RouteParameters, _ plans: ValueTemplatePlans
  ) -> Int? {
    let wanted = plans.nameBytes[Int(op.name)]
    guard wanted.count > 0 else { return plans.inPlaceIndex(of: op, in: parameters) }
    let count = parameters.storage.count
    for k in 0..<count {
      let name = parameters.storage.name(k)
      guard (name.low | name.high) & 0x8080_8080_8080_8080 == 0 else {
        // A name that is not ASCII may still equal the wanted one as a string (the Kelvin sign
        // is "K"): from here on, as strings.
        return plans.inPlaceIndex(of: op, in: parameters)
      }
      if name.low == wanted.low && name.high == wanted.high && name.count == wanted.count { return k }
    }
    return nil
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
    writer.inPlaceValue(parameters.storage, k)
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
