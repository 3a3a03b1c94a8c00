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
