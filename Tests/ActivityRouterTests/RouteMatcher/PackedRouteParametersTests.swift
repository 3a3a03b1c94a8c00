import RouterSupport
import Testing

@testable import RouteMatcher

/// Parameters packed in place (up to four, names of 15 bytes or fewer, 56 bytes of names and
/// values) read as the object they would have been: the same keys, values and order, the same
/// lookups, equality and hash, whichever way they are held, for 0 to 5 parameters of every length.
@Suite struct PackedRouteParametersTests {
  /// Every spec of ``SizedRouteParameters/specs()``: what is in place reads as its object, and
  /// equals (and hashes as) the same parameters held in an object.
  @Test func packedParametersReadAsTheirObject() {
    var inPlace = 0
    var spilled = 0
    for spec in SizedRouteParameters.specs() {
      let (parameters, object) = SizedRouteParameters.make(spec)
      if parameters.storage.object == nil { inPlace += 1 } else { spilled += 1 }
      let held = RouteParameters(object)
      #expect(parameters.count == object.count)
      #expect(parameters.keys == object.members.map(\.key))
      #expect(parameters.map(\.value) == object.members.map(\.value))
      #expect((0..<parameters.count).map { parameters[$0].key } == object.members.map(\.key))
      #expect((0..<parameters.count).map { parameters[$0].value } == object.members.map(\.value))
      for member in object.members { #expect(parameters[member.key] == member.value) }
      #expect(parameters["missing-name"] == nil)
      #expect(parameters.object.members == object.members)
      #expect(parameters == held && held == parameters)
      #expect(parameters.hashValue == held.hashValue)
      #expect(Array(parameters) == Array(held))
      #expect(parameters.description == held.description)
    }
    #expect(inPlace > 0 && spilled > 0)
  }

  /// What fits is held in place: four parameters of short names and values, one long value, an
  /// integer and a UUID with a text; what does not (a fifth parameter, 57 bytes, a 16-byte name)
  /// is held in an object.
  @Test func whatFitsIsInPlace() {
    let fits: [[(Int, SizedRouteParameters.Value)]] = [
      [(5, .text(5)), (4, .text(8)), (6, .int(42)), (3, .text(10))],
      [(5, .text(51))],
      [(2, .text(40)), (4, .text(10))],
      [(2, .uuid(1, 2)), (5, .int(-1)), (5, .text(20))],
      [(15, .text(41))],
      [(1, .text(0)), (1, .text(0)), (1, .text(0)), (1, .text(0))],
    ]
    for spec in fits { #expect(SizedRouteParameters.make(spec).0.storage.object == nil, "\(spec)") }
    let spills: [[(Int, SizedRouteParameters.Value)]] = [
      [(1, .text(0)), (1, .text(0)), (1, .text(0)), (1, .text(0)), (1, .text(0))],
      [(5, .text(52))],
      [(16, .text(1))],
      [(4, .uuid(1, 2)), (4, .uuid(3, 4)), (4, .uuid(5, 6))],
    ]
    for spec in spills { #expect(SizedRouteParameters.make(spec).0.storage.object != nil, "\(spec)") }
  }

  /// A name set again replaces its value as `JSONObject`'s subscript does, whatever its place
  /// among parameters in place (two ASCII names by their bytes; others by `==`).
  @Test func aNameSetAgainReplacesItsValue() {
    for count in 1...4 {
      for again in 0..<count {
        var builder = RouteParameters.Builder()
        var object = JSONObject()
        for k in 0..<count {
          RandomRouteParameters.set(&builder, "p\(k)", text: "value-\(k)")
          object["p\(k)"] = .string("value-\(k)")
        }
        RandomRouteParameters.set(&builder, "p\(again)", .int(7))
        object["p\(again)"] = .number(JSONNumber(7))
        let parameters = builder.build()
        #expect(parameters.object.members == object.members)
        #expect(parameters.keys == object.members.map(\.key))
      }
    }
    // The Kelvin sign is "K" as a string: set after two parameters, it replaces "K"'s value.
    var builder = RouteParameters.Builder()
    RandomRouteParameters.set(&builder, "K", .int(1))
    RandomRouteParameters.set(&builder, "q", .int(2))
    RandomRouteParameters.set(&builder, "\u{212A}", .int(3))
    #expect(builder.build().object == ["K": .number(JSONNumber(3)), "q": .number(JSONNumber(2))])
  }
}
