import ActivityRouterTestSupport
import RouteTables
import RouterSupport
import Testing

@testable import RouteMatcher

/// A template rendered from a match's parameters in place gives what it renders from them as an
/// object, and a parameter is found by name as the object finds it: for random parameters at the
/// edges of what is kept in place, and every shape of template.
@Suite struct RouteParametersRenderingTests {
  /// Templates of every shape: a parameter alone, an object of literals and parameters, text,
  /// arrays and nested objects, a literal, and names no parameter has. Made by each test, not
  /// kept in a global: `ValueTemplate` is an indirect enum whose case tag Swift keeps in the
  /// spare bits of the box pointer, so LeakSanitizer reports a global array of them as leaked
  /// (.ci/lsan.supp, llvm/llvm-project#56751).
  static func makeTemplates() -> [ValueTemplate] {
    var all: [ValueTemplate] = []
    for name in RandomRouteParameters.templateNames {
      all.append(.parameter(name))
      all.append(try! ValueTemplate(json: ["id": .string("{\(name)}"), "kind": "note"]))
      all.append(try! ValueTemplate(json: .string("pre-{\(name)}-{q}.post")))
      all.append(try! ValueTemplate(json: ["nested": [.string("{\(name)}"), "x", ["deep": .string("{id}")]]]))
      all.append(try! ValueTemplate(json: ["t": .string("{{\(name)}} {\(name)}"), "n": 7, "m": .string("{number}")]))
    }
    all.append(.parameter("missing"))
    all.append(try! ValueTemplate(json: ["id": "{missing}", "q": "{q}", "owner": "{owner}", "number": "{number}"]))
    all.append(try! ValueTemplate(json: ["literal": true]))
    all.append(try! ValueTemplate(json: ["{id}", "{q}"]))
    return all
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func renderingInPlaceIsRenderingTheObject(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var inPlace = 0
    let templates = Self.makeTemplates()
    for _ in 0..<500 {
      let parameters = RandomRouteParameters.make(using: &rng)
      if parameters.storage.object == nil && !parameters.isEmpty { inPlace += 1 }
      let object = parameters.object
      for template in templates {
        let rendered = template.render(parameters)
        let expected = template.render(object)
        #expect(rendered == expected, "seed \(seed): \(parameters) \(template)")
        #expect(rendered.description == expected.description, "seed \(seed): \(parameters) \(template)")
      }
    }
    #expect(inPlace > 100)
  }

  /// Lookups by name give the object's answer, for every name (a name in place is compared as
  /// bytes only with an ASCII name; "K" and the Kelvin sign are equal strings).
  @Test(arguments: [5, 6] as [UInt64])
  func lookupsAreTheObjects(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<1_000 {
      let parameters = RandomRouteParameters.make(using: &rng)
      let object = parameters.object
      for name in RandomRouteParameters.names + ["missing", "a-name-15-byte", "a-name-15-bytesx"] {
        #expect(parameters[name] == object[name], "seed \(seed): \(parameters) [\(name)]")
      }
    }
  }

  @Test func kelvinAndKAreOneName() {
    var builder = RouteParameters.Builder()
    RandomRouteParameters.set(&builder, "\u{212A}", .int(1))
    RandomRouteParameters.set(&builder, "K", .int(2))
    let parameters = builder.build()
    #expect(parameters.storage.object == nil)
    #expect(parameters["K"] == .number(JSONNumber(1)))
    #expect(parameters["\u{212A}"] == .number(JSONNumber(1)))
    #expect(ValueTemplate.parameter("K").render(parameters) == .number(JSONNumber(1)))
  }

  /// No parameters at all render as absent ones do.
  @Test func noParameters() {
    let none = RouteParameters()
    for template in Self.makeTemplates() { #expect(template.render(none) == template.render(JSONObject())) }
  }

  /// Bytes of every length up to 16 are held in two words as a byte loop would hold them.
  @Test func bytesOfEveryLength() {
    var rng = SeededGenerator(seed: 16)
    for n in 0...16 {
      for _ in 0..<50 {
        let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let held = bytes.withUnsafeBufferPointer { RouteParameters.Bytes16($0) }
        var words = (UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &words) { out in for i in 0..<n { out[i] = bytes[i] } }
        #expect(held.low == words.0 && held.high == words.1 && Int(held.count) == n, "\(bytes)")
        #expect(held.isASCII == bytes.allSatisfy { $0 < 0x80 })
      }
    }
  }
}
