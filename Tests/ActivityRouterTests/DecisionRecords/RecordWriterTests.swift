import ActivityRouter
import ActivityRouterTestSupport
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

/// The record writer's fast paths give the bytes of the slow ones: short strings tested and
/// copied in words at every place in the chunk, case names from their tables, the event kind
/// from a literal, numbers two digits at a time.
@Suite struct RecordWriterFastPathTests {
  /// Every string of `JSONPlainRunTests` (0 to 40 bytes, one escape or non-ASCII character at
  /// every position) after prefixes that put it just before, across and after the end of the
  /// chunk, where the short path has no room and gives way.
  @Test func shortStringsAnywhereInTheChunk() {
    let strings = JSONPlainRunTests.strings.map { String(decoding: $0, as: UTF8.self) }
    for prefix in (RecordWriter.chunkSize - 20)...(RecordWriter.chunkSize + 2) {
      var expected = Array(repeating: UInt8(ascii: "-"), count: prefix)
      var written: [UInt8] = []
      RecordWriter.write(to: &written) { w in
        for _ in 0..<prefix { w.byte(UInt8(ascii: "-")) }
        for string in strings { w.string(string) }
      }
      for string in strings { JSONWriter.appendString(string, to: &expected) }
      #expect(written == expected, "after \(prefix) bytes")
    }
  }

  @Test func caseNamesAreTheQuotedRawValues() {
    let names = DecisionRecord.recordNames
    for outcome in Decision.Outcome.allCases {
      #expect(names.outcomes.quoted(outcome) == Array("\"\(outcome.rawValue)\"".utf8))
    }
    for action in RouteTarget.Action.allCases {
      #expect(names.actions.quoted(action) == Array("\"\(action.rawValue)\"".utf8))
    }
    for rule in AppleRuleID.allCases {
      #expect(names.appleRules.quoted(rule) == Array("\"\(rule.rawValue)\"".utf8))
    }
  }

  @Test func caseNamesAreWrittenWhereverTheChunkEnds() {
    let rules = AppleRuleID.allCases
    let list = "[" + rules.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]"
    for prefix in (RecordWriter.chunkSize - 12)...(RecordWriter.chunkSize + 1) {
      var written: [UInt8] = []
      RecordWriter.write(to: &written) { w in
        for _ in 0..<prefix { w.byte(UInt8(ascii: "-")) }
        w.byte(UInt8(ascii: "["))
        for (i, rule) in rules.enumerated() { w.name(rule, in: DecisionRecord.recordNames.appleRules, first: i == 0) }
        w.byte(UInt8(ascii: "]"))
      }
      #expect(written == Array(repeating: UInt8(ascii: "-"), count: prefix) + Array(list.utf8), "after \(prefix) bytes")
    }
  }

  /// A list of Apple rules written a word a name (`names(_:in:)`) is the list of their quoted
  /// names: empty, one rule, the longest names, more than the sixteen a list holds in its words,
  /// after prefixes around the chunk's end (where it falls back to a name at a time).
  @Test func ruleListsAreWrittenWhereverTheChunkEnds() {
    let all = AppleRuleID.allCases
    let lists: [AppleRuleList] = [
      [], [.e1], [.v10, .u12, .s11], AppleRuleList(all.prefix(6)), AppleRuleList(all.prefix(16)),
      AppleRuleList(all.prefix(20)), AppleRuleList(all.reversed()),
    ]
    #expect(DecisionRecord.recordNames.appleRules.listWords != nil)
    for list in lists {
      let text = "[" + list.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]"
      for prefix in [0, 3] + Array((RecordWriter.chunkSize - 30)...(RecordWriter.chunkSize + 1)) {
        var written: [UInt8] = [UInt8(ascii: "p")]
        RecordWriter.write(to: &written) { w in
          for _ in 0..<prefix { w.byte(UInt8(ascii: "-")) }
          w.names(list, in: DecisionRecord.recordNames.appleRules)
          w.byte(UInt8(ascii: "."))
        }
        let expected =
          [UInt8(ascii: "p")] + Array(repeating: UInt8(ascii: "-"), count: prefix) + Array(text.utf8) + [46]
        #expect(written == expected, "\(list) after \(prefix) bytes")
      }
    }
  }

  /// `again` copies bytes the chunk holds, and declines (writing nothing) once any have moved
  /// out of it: the caller then writes them another way.
  @Test func bytesAreWrittenAgainOnlyFromTheChunk() {
    for prefix in [0, 10, RecordWriter.chunkSize - 40, RecordWriter.chunkSize - 5, RecordWriter.chunkSize + 10] {
      var written: [UInt8] = []
      var copied = false
      RecordWriter.write(to: &written) { w in
        for _ in 0..<prefix { w.byte(UInt8(ascii: "-")) }
        let start = w.offset
        w.string("scene-name")
        w.literal(#","session":"#)
        w.string("a session of more than thirty-two bytes")
        let end = w.offset
        w.byte(UInt8(ascii: "|"))
        copied = w.again(start..<end)
        if !copied { w.literal(#""scene-name","session":"a session of more than thirty-two bytes""#) }
      }
      let piece = #""scene-name","session":"a session of more than thirty-two bytes""#
      let expected = String(repeating: "-", count: prefix) + piece + "|" + piece
      #expect(written == Array(expected.utf8), "after \(prefix) bytes")
      #expect(copied == (prefix + 2 * piece.utf8.count + 1 <= RecordWriter.chunkSize), "after \(prefix) bytes")
    }
  }

  /// Objects whose keys are the strings of `JSONPlainRunTests` (each key's comma and colon are
  /// written with it on the short path), after prefixes around the chunk's end.
  @Test func objectKeysAnywhereInTheChunk() {
    let keys = JSONPlainRunTests.strings.map { String(decoding: $0, as: UTF8.self) }
    var members: [JSONObject.Member] = []
    for (i, key) in keys.enumerated() where !members.contains(where: { $0.key == key }) {
      members.append(
        .init(key: key, value: i % 3 == 0 ? .string(key) : i % 3 == 1 ? .number(JSONNumber(Int64(i))) : [.string(key)]))
    }
    let object = JSONObject(members)
    for prefix in (RecordWriter.chunkSize - 24)...(RecordWriter.chunkSize + 2) {
      var expected = Array(repeating: UInt8(ascii: "-"), count: prefix)
      JSONWriter.append(.object(object), to: &expected)
      var written: [UInt8] = []
      RecordWriter.write(to: &written) { w in
        for _ in 0..<prefix { w.byte(UInt8(ascii: "-")) }
        w.object(object)
      }
      #expect(written == expected, "after \(prefix) bytes")
    }
  }

  /// One event of every kind: the record's literal holds the event's `kindName`.
  @Test(arguments: [
    "notes://note/1", #"{"activity": {"activityType": "com.x.edit"}}"#,
    #"{"notification": {"targetContentIdentifier": "note-editor"}}"#, #"{"shortcut": {"type": "com.x.new"}}"#,
    #"{"openWindow": {"id": "detail", "value": "1"}}"#, #"{"dismissWindow": {"id": "detail"}}"#,
    #"{"pushWindow": {"id": "player", "value": "a"}}"#, #"{"requestSceneSessionActivation": {"session": "s2"}}"#,
    #"{"session": {"close": "s1"}}"#, #"{"launch": {}}"#, #"{"reopen": {}}"#,
    #"{"dismiss": {"from": "s1", "presentation": "popover"}}"#, #"{"activate": {"allWindows": true}}"#,
  ])
  func eventFieldNamesTheKind(_ line: String) throws {
    let event = try EventReader.read(line: line).get()
    let field = DecisionRecord.eventField(event.kind)
    let text = field.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    #expect(text == #","event":""# + event.kindName + "\"")
  }

  @Test func decimalDigitsAreThoseOfString() {
    var values: [UInt64] = [
      0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 9999, 10_000, 10_001, 99_999, 100_000, .max, .max - 1,
    ]
    var power: UInt64 = 1
    for _ in 0..<19 {
      power *= 10
      values += [power - 1, power, power + 1]
    }
    var rng = SeededGenerator(seed: 0xD161)
    values += (0..<2_000).map { _ in
      UInt64.random(in: 0...UInt64.max, using: &rng) >> UInt64.random(in: 0...63, using: &rng)
    }
    for value in values {
      let digits = DecimalDigits.count(of: value)
      var bytes = Array(repeating: UInt8(0), count: digits)
      bytes.withUnsafeMutableBufferPointer { DecimalDigits.write(value, digits: digits, at: $0.baseAddress!) }
      #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }
  }
}
