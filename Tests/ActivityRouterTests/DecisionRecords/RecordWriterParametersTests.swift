import ActivityRouterTestSupport
import RouterSupport
import Testing

@testable import DecisionRecords
@testable import RouteMatcher

/// A match's parameters written from their bytes in place are the bytes `JSONWriter` writes for
/// them as an object: random parameters at the edges of what is kept in place (names and text of
/// 15 and 16 bytes, escapes, non-ASCII, integers at their limits, UUIDs), wherever the chunk ends.
@Suite struct RecordWriterParametersTests {
  /// What `JSONWriter` writes for `value` after `prefix` bytes of `-`, then a comma.
  static func expected(json value: JSONValue, prefix: Int) -> [UInt8] {
    var bytes = Array(repeating: UInt8(ascii: "-"), count: prefix)
    JSONWriter.append(value, to: &bytes)
    bytes += Array(",".utf8)
    return bytes
  }

  /// What a record writer writes with `write` after `prefix` bytes of `-` (so that the value
  /// crosses the writer's chunk wherever `prefix` puts it), then a comma.
  static func written(prefix: Int, _ write: (inout RecordWriter) -> Void) -> [UInt8] {
    var bytes: [UInt8] = []
    RecordWriter.write(to: &bytes) { w in
      for _ in 0..<prefix { w.byte(UInt8(ascii: "-")) }
      write(&w)
      w.byte(UInt8(ascii: ","))
    }
    return bytes
  }

  static func expected(_ parameters: RouteParameters, prefix: Int) -> [UInt8] {
    expected(json: .object(parameters.object), prefix: prefix)
  }

  static func written(_ parameters: RouteParameters, prefix: Int) -> [UInt8] {
    written(prefix: prefix) { $0.parameters(parameters) }
  }

  @Test(arguments: [0, 3, 900] as [Int])
  func parametersAreTheObjectsJSON(prefix: Int) {
    var rng = SeededGenerator(seed: UInt64(prefix) &+ 11)
    var inPlace = 0
    for _ in 0..<2_000 {
      let parameters = RandomRouteParameters.make(using: &rng)
      if parameters.storage.object == nil && !parameters.isEmpty { inPlace += 1 }
      #expect(
        Self.written(parameters, prefix: prefix) == Self.expected(parameters, prefix: prefix),
        "\(parameters) after \(prefix) bytes")
    }
    // Most of them in place, the writer's own path (the rest are written as the object).
    #expect(inPlace > 300)
  }

  /// Parameters packed in place, 0 to 5 of every length (``SizedRouteParameters/specs()``), are
  /// written as their object is, at the start of the chunk and across its end.
  @Test(arguments: [0, RecordWriter.chunkSize - 30] as [Int])
  func packedParametersAreTheObjectsJSON(prefix: Int) {
    for spec in SizedRouteParameters.specs() {
      let (parameters, object) = SizedRouteParameters.make(spec)
      #expect(
        Self.written(parameters, prefix: prefix) == Self.expected(json: .object(object), prefix: prefix), "\(spec)")
    }
  }

  /// Across the end of the chunk: every prefix that puts a name, a value or a UUID over it.
  @Test func parametersWhereverTheChunkEnds() {
    var rng = SeededGenerator(seed: 0xC4)
    let samples = (0..<40).map { _ in RandomRouteParameters.make(using: &rng) }
    for prefix in (RecordWriter.chunkSize - 60)...(RecordWriter.chunkSize + 2) {
      for parameters in samples {
        #expect(Self.written(parameters, prefix: prefix) == Self.expected(parameters, prefix: prefix))
      }
    }
  }

  /// A UUID's 36 characters written from its two words are the text the parameter reads as.
  @Test func uuidsAreTheirText() {
    var rng = SeededGenerator(seed: 0x0D1D)
    var words: [(UInt64, UInt64)] = [(0, 0), (.max, .max), (0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210)]
    words += (0..<2_000).map { _ in (rng.next(), rng.next()) }
    for (high, low) in words {
      var bytes: [UInt8] = []
      RecordWriter.write(to: &bytes) { $0.uuid(high: high, low: low) }
      #expect(bytes == Array("\"\(RouteParameters.InlineValue.uuidText(high, low))\"".utf8))
    }
  }
}
