import ActivityRouterTestSupport
import RouteTables
import RouterSupport
import SceneDecision
import Testing

@testable import DecisionRecords
@testable import RouteMatcher

/// A decision's value kept as a template and parameters is the value rendered from them when
/// read, equal and hashed as that value, and written by the record as the JSON of the rendered
/// value: for random parameters at the edges of what is kept in place (and held as an object)
/// and every shape of template, wherever the record's chunk ends.
@Suite struct DecisionValueTests {
  static func expected(_ value: JSONValue, prefix: Int) -> [UInt8] {
    RecordWriterParametersTests.expected(json: value, prefix: prefix)
  }

  static func written(_ value: DecisionValue, prefix: Int) -> [UInt8] {
    RecordWriterParametersTests.written(prefix: prefix) { $0.value(value) }
  }

  @Test(arguments: [0, 5, 1_000] as [Int])
  func lazyValueIsTheRenderedOne(prefix: Int) {
    var rng = SeededGenerator(seed: UInt64(prefix) &+ 0x1A2)
    let templates = RouteParametersRenderingTests.makeTemplates()
    var inPlace = 0
    var held = 0
    for _ in 0..<300 {
      let parameters = RandomRouteParameters.make(using: &rng)
      if parameters.storage.object == nil && !parameters.isEmpty { inPlace += 1 }
      if parameters.storage.object != nil { held += 1 }
      for template in templates {
        let eager = template.render(parameters)
        let lazy = DecisionValue.template(template, parameters)
        #expect(lazy.value == eager, "\(parameters) \(template)")
        #expect(lazy == DecisionValue(eager))
        #expect(lazy.hashValue == DecisionValue(eager).hashValue)
        #expect(
          Self.written(lazy, prefix: prefix) == Self.expected(eager, prefix: prefix),
          "\(parameters) \(template) after \(prefix) bytes")
      }
    }
    // Both of the writer's paths: parameters in place and parameters held as an object.
    #expect(inPlace > 50)
    #expect(held > 50)
  }

  /// What the record writes for a route's value from the router's plans.
  static func written(
    _ template: ValueTemplate, _ parameters: RouteParameters, route: Int, plans: ValueTemplatePlans, prefix: Int
  ) -> [UInt8] {
    RecordWriterParametersTests.written(prefix: prefix) {
      $0.value(.template(template, parameters), route: route, values: plans)
    }
  }

  /// A route's value written from its plan (constant bytes and parameters found by name) is
  /// the JSON of the rendered value: every shape of template of `RouteParametersRenderingTests`
  /// and random ones (nested objects and arrays of literals, parameters and text, keys that need
  /// escapes), for random parameters in place and held as an object, wherever the chunk ends.
  @Test(arguments: [0, 7, 1_000] as [Int])
  func plannedValueIsTheRenderedOne(prefix: Int) {
    var rng = SeededGenerator(seed: UInt64(prefix) &+ 0x9E1)
    var templates = RouteParametersRenderingTests.makeTemplates()
    templates += (0..<200).map { _ in Self.randomTemplate(depth: 0, using: &rng) }
    // Routes without a value between them, as a table has.
    let routes: [ValueTemplate?] = templates.flatMap { [nil, $0] }
    let plans = ValueTemplatePlans(templates: routes)
    var planned = 0
    for route in routes.indices {
      guard let template = routes[route] else {
        #expect(plans.steps(route: route) == nil)
        continue
      }
      if plans.steps(route: route) != nil { planned += 1 }
      #expect((plans.steps(route: route) == nil) == Self.hasText(template), "\(template)")
    }
    // Most shapes are planned; the text ones are written as before.
    #expect(planned > templates.count / 2)
    var inPlace = 0
    var held = 0
    for _ in 0..<150 {
      let parameters = RandomRouteParameters.make(using: &rng)
      if parameters.storage.object == nil && !parameters.isEmpty { inPlace += 1 }
      if parameters.storage.object != nil { held += 1 }
      for route in routes.indices {
        guard let template = routes[route] else { continue }
        let eager = template.render(parameters)
        #expect(
          Self.written(template, parameters, route: route, plans: plans, prefix: prefix)
            == Self.expected(eager, prefix: prefix),
          "\(parameters) \(template) after \(prefix) bytes")
      }
    }
    #expect(inPlace > 25)
    #expect(held > 25)
  }

  /// A value that echoes the match's parameters (constant members, then each parameter keyed by
  /// its own name) is marked by its plan, and written after the parameters (as a record writes
  /// the two) as the JSON of the rendered value, whether the match's parameters are those names
  /// in that order (the parameters' bytes copied) or not (another order, fewer, more, a name
  /// equal but not the same bytes: written from the plan), held in place or as an object,
  /// wherever the chunk ends.
  @Test(arguments: [0, 9, 1_000] as [Int])
  func echoedValueIsTheRenderedOne(prefix: Int) {
    let echo = try! ValueTemplate(json: ["route": "r5", "owner": "{owner}", "repo": "{repo}"])
    let shapes: [ValueTemplate] = [
      echo,
      try! ValueTemplate(json: ["owner": "{owner}"]),
      try! ValueTemplate(json: ["route": "r5", "o": "{owner}"]),
      try! ValueTemplate(json: ["route": "r5", "owner": "{owner}", "x": 1]),
      try! ValueTemplate(json: ["owner": "{owner}", "again": "{owner}"]),
    ]
    let plans = ValueTemplatePlans(templates: shapes)
    #expect(plans.echoPrefix(plans.steps(route: 0)!) == #"{"route":"r5","#.utf8.count)
    #expect(plans.echoPrefix(plans.steps(route: 1)!) == 1)
    for route in 2..<shapes.count { #expect(plans.echoPrefix(plans.steps(route: route)!) == nil, "\(shapes[route])") }
    var rng = SeededGenerator(seed: UInt64(prefix) &+ 0xEC0)
    var echoed = 0
    for _ in 0..<300 {
      let parameters = RandomRouteParameters.make(using: &rng)
      // Templates keyed by these parameters' names in their order, reversed, and one fewer.
      let keys = parameters.map(\.key)
      let orders = [keys, keys.reversed(), Array(keys.dropLast())]
      var templates = shapes
      for order in orders where !order.isEmpty {
        templates.append(
          .object([(key: "route", value: .literal("r1"))] + order.map { (key: $0, value: .parameter($0)) }))
        templates.append(.object(order.map { (key: $0, value: .parameter($0)) }))
      }
      let routePlans = ValueTemplatePlans(templates: templates)
      for route in templates.indices {
        guard let steps = routePlans.steps(route: route) else { continue }
        if routePlans.echoPrefix(steps) != nil { echoed += 1 }
        let written = RecordWriterParametersTests.written(prefix: prefix) { w in
          let start = w.offset
          w.parameters(parameters)
          let params = start..<w.offset
          w.byte(UInt8(ascii: ","))
          w.value(
            .template(templates[route], parameters), route: route, values: routePlans, params: params,
            matched: parameters)
        }
        var expected = Array(repeating: UInt8(ascii: "-"), count: prefix)
        JSONWriter.append(.object(parameters.object), to: &expected)
        expected.append(UInt8(ascii: ","))
        JSONWriter.append(templates[route].render(parameters), to: &expected)
        expected.append(UInt8(ascii: ","))
        #expect(written == expected, "\(parameters) \(templates[route]) after \(prefix) bytes")
      }
    }
    #expect(echoed > 300)
  }

  /// Without plans (a record written without its router), a route's value is written as before.
  @Test func unplannedValueIsTheRenderedOne() {
    var rng = SeededGenerator(seed: 0x51)
    let template = try! ValueTemplate(json: ["route": "r1", "id": "{id}"])
    for _ in 0..<100 {
      let parameters = RandomRouteParameters.make(using: &rng)
      #expect(
        Self.written(template, parameters, route: 3, plans: .none, prefix: 2)
          == Self.expected(template.render(parameters), prefix: 2))
    }
  }

  static func hasText(_ template: ValueTemplate) -> Bool {
    switch template {
    case .literal, .parameter: false
    case .text: true
    case .array(let items): items.contains(where: hasText)
    case .object(let members): members.contains { hasText($0.value) }
    }
  }

  /// A template of up to three levels: literals (strings that need escapes, numbers, nested
  /// literal containers), parameters (some absent), text with placeholders, objects and arrays.
  static func randomTemplate(depth: Int, using rng: inout SeededGenerator) -> ValueTemplate {
    let names = RandomRouteParameters.templateNames + ["missing"]
    let texts = RandomRouteParameters.texts
    let pick = Int.random(in: 0..<(depth >= 3 ? 4 : 8), using: &rng)
    switch pick {
    case 0:
      let literals: [JSONValue] = [
        .null, .bool(false), 7, -1.5, .string(texts.randomElement(using: &rng)!), ["a": [1, "b"]], [],
      ]
      return .literal(literals.randomElement(using: &rng)!)
    case 1, 2: return .parameter(names.randomElement(using: &rng)!)
    case 3:
      return .text([
        .text(texts.randomElement(using: &rng)!), .parameter(names.randomElement(using: &rng)!),
      ])
    case 4, 5:
      return .object(
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in
          (key: texts.randomElement(using: &rng)!, value: randomTemplate(depth: depth + 1, using: &rng))
        })
    default:
      return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in randomTemplate(depth: depth + 1, using: &rng) })
    }
  }

  /// A decision answers with the value it keeps, however it keeps it, and a value set replaces it.
  @Test func decisionAnswersWithItsValue() {
    var builder = RouteParameters.Builder()
    RandomRouteParameters.set(&builder, "id", .int(42))
    let parameters = builder.build()
    let template = try! ValueTemplate(json: ["route": "r1", "id": "{id}"])
    var decision = Decision(outcome: .deliver)
    #expect(decision.value == nil)
    decision.storedValue = .template(template, parameters)
    let eager = Decision(outcome: .deliver, value: template.render(parameters))
    #expect(decision.value == ["route": "r1", "id": .number(JSONNumber(42))])
    #expect(decision == eager)
    #expect(decision.hashValue == eager.hashValue)
    decision.value = "other"
    #expect(decision.value == "other")
    #expect(decision != eager)
    decision.value = nil
    #expect(decision.storedValue.isAbsent)
  }
}
