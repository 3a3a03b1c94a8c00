import ActivityRouter
import Testing

@testable import DecisionRecords

/// The record writer's bytes are `JSONWriter`'s, whatever falls on a chunk boundary: values of
/// every kind and strings of every length (short, the chunk's size and beyond it, with and
/// without characters to escape), written after a prefix that moves where each one starts in
/// the chunk.
@Suite struct RecordWriterTests {
  /// Strings that need no escape, that need one (quotes, controls, U+2028, a bidirectional
  /// control), and long ones around the chunk's size.
  static let strings: [String] = {
    let chunk = RecordWriter.chunkSize
    var all = ["", "a", "note", #"say "hi""#, "tab\there", "line\u{2028}break", "\u{202E}evil", "é ü 日本"]
    for length in [chunk - 3, chunk, chunk + 1, 3 * chunk + 7] {
      all.append(String(repeating: "x", count: length))
      all.append(String(repeating: "x\"", count: length / 2))
    }
    return all
  }()

  static let values: [JSONValue] = {
    var all: [JSONValue] = [.null, .bool(true), .bool(false), 42, -7, 1.5, .array([]), .object(JSONObject())]
    all += strings.map { .string($0) }
    all.append(.array(strings.map { .string($0) }))
    all.append(
      .object(JSONObject(strings.enumerated().map { ("k\($0.offset)\($0.element.prefix(3))", .string($0.element)) })))
    all.append(["id": "6F0E", "tags": ["a", "b"], "nested": ["n": 1, "empty": [:]]])
    return all
  }()

  @Test(arguments: [0, 1, 500, RecordWriter.chunkSize - 2, RecordWriter.chunkSize + 5])
  func valuesAreWrittenAsJSONWriterWritesThem(prefix: Int) {
    for value in Self.values {
      var expected = Array(repeating: UInt8(ascii: "p"), count: 3)
      var written = expected
      expected += Array(repeating: UInt8(ascii: "-"), count: prefix)
      JSONWriter.append(value, to: &expected)
      expected += Array(#","n":"#.utf8)
      expected += Array(String(prefix).utf8)
      var offsets: (Int, Int) = (0, 0)
      RecordWriter.write(to: &written) { w in
        for _ in 0..<prefix { w.byte(UInt8(ascii: "-")) }
        offsets.0 = w.offset
        w.json(value)
        offsets.1 = w.offset
        w.literal(#","n":"#)
        w.integer(prefix)
      }
      #expect(written == expected, "\(value)")
      // The offsets count from the record's first byte, across the chunk's moves to the output.
      var alone: [UInt8] = []
      JSONWriter.append(value, to: &alone)
      #expect(offsets.0 == prefix)
      #expect(offsets.1 - offsets.0 == alone.count)
    }
  }

  @Test func stringsAreWrittenAsJSONWriterWritesThem() {
    for string in Self.strings {
      var expected: [UInt8] = []
      JSONWriter.appendString(string, to: &expected)
      var written: [UInt8] = []
      RecordWriter.write(to: &written) { $0.string(string) }
      #expect(written == expected)
    }
  }
}
