import ActivityRouter
import Testing

@Suite struct JSONWriterTests {
  struct StringCase: CustomTestStringConvertible, Sendable {
    var name: String
    var input: String
    var expected: String
    var testDescription: String { name }
  }

  static let stringCases: [StringCase] = [
    StringCase(name: "empty", input: "", expected: #""""#),
    StringCase(name: "plain", input: "note-42", expected: #""note-42""#),
    StringCase(name: "quote and backslash", input: #"a"b\c"#, expected: #""a\"b\\c""#),
    StringCase(name: "slash is not escaped", input: "/notes/{id}", expected: #""/notes/{id}""#),
    StringCase(name: "short escapes", input: "\n\r\t\u{8}\u{C}", expected: #""\n\r\t\b\f""#),
    StringCase(
      name: "other controls as \\u00XX", input: "\u{0}\u{1}\u{1B}\u{1F}", expected: #""\u0000\u0001\u001b\u001f""#),
    StringCase(name: "DEL is written as is", input: "\u{7F}", expected: "\"\u{7F}\""),
    StringCase(name: "non-ASCII as UTF-8", input: "café 中文 😀 🇫🇷", expected: "\"café 中文 😀 🇫🇷\""),
    StringCase(
      name: "line and paragraph separators as JSON.stringify writes them", input: "a\u{2028}b\u{2029}c",
      expected: #""a\u2028b\u2029c""#),
    StringCase(
      name: "bidirectional controls escaped", input: "x\u{202E}gnp.exe\u{202A}\u{2066}\u{2069}\u{200E}\u{200F}\u{61C}",
      expected: #""x\u202egnp.exe\u202a\u2066\u2069\u200e\u200f\u061c""#),
    StringCase(name: "C1 controls escaped", input: "\u{80}\u{85}\u{9F}", expected: #""\u0080\u0085\u009f""#),
    StringCase(
      name: "their neighbours as is", input: "\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}\u{200D}\u{61B}€",
      expected: "\"\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}\u{200D}\u{61B}€\""),
    StringCase(
      name: "an escaped character after a long ASCII run", input: "abcdefghijklmnop\u{2028}qrstuvwxyz",
      expected: #""abcdefghijklmnop\u2028qrstuvwxyz""#),
    StringCase(
      name: "long run with escape at the end", input: "abcdefghijklmnopqrstuvwxyz\"",
      expected: #""abcdefghijklmnopqrstuvwxyz\"""#),
    StringCase(name: "non-ASCII in a long run", input: "éééééééééé\n", expected: "\"éééééééééé\\n\""),
  ]

  @Test(arguments: stringCases)
  func escapesStrings(_ testCase: StringCase) {
    var out: [UInt8] = []
    JSONWriter.appendString(testCase.input, to: &out)
    #expect(String(decoding: out, as: UTF8.self) == testCase.expected)

    var fromBytes: [UInt8] = Array("x".utf8)
    Array(testCase.input.utf8).withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &fromBytes) }
    #expect(String(decoding: fromBytes, as: UTF8.self) == "x" + testCase.expected)
  }

  struct SpecialCase: CustomTestStringConvertible, Sendable {
    var name: String
    var character: String
    var testDescription: String { name }
  }

  static let specialCases: [SpecialCase] = [
    SpecialCase(name: "quote", character: "\""), SpecialCase(name: "backslash", character: "\\"),
    SpecialCase(name: "newline", character: "\n"), SpecialCase(name: "NUL", character: "\u{0}"),
    SpecialCase(name: "U+001F", character: "\u{1F}"),
  ]

  /// Every byte that needs an escape, at every position of a string long enough for the word-at-a-time path.
  @Test(arguments: specialCases)
  func escapesAtEveryPosition(_ testCase: SpecialCase) throws {
    let special = testCase.character
    for length in 1...20 {
      for position in 0..<length {
        var characters = Array(repeating: "a", count: length)
        characters[position] = special
        let input = characters.joined()
        var out: [UInt8] = []
        JSONWriter.appendString(input, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == Self.referenceEscape(input), "length \(length), at \(position)")
        let reparsed = try JSONParser.parse(out).value
        #expect(reparsed.stringValue == input)
      }
    }
  }

  /// A slow, obviously correct escaper to compare with.
  static func referenceEscape(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{8}": result += "\\b"
      case "\u{C}": result += "\\f"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  struct CompactCase: CustomTestStringConvertible, Sendable {
    var name: String
    var value: JSONValue
    var sortedKeys: Bool
    var expected: String
    var testDescription: String { name }
  }

  static let compactCases: [CompactCase] = [
    CompactCase(name: "null", value: nil, sortedKeys: false, expected: "null"),
    CompactCase(name: "booleans", value: [true, false], sortedKeys: false, expected: "[true,false]"),
    CompactCase(
      name: "integers", value: [0, -7, 9_223_372_036_854_775_807], sortedKeys: false,
      expected: "[0,-7,9223372036854775807]"),
    CompactCase(name: "doubles", value: [1.5, 0.1, 1e16, -0.0], sortedKeys: false, expected: "[1.5,0.1,1e+16,-0.0]"),
    CompactCase(
      name: "number text is kept",
      value: .array(["1.50", "1E+03", "-0"].compactMap { JSONNumber(text: $0) }.map(JSONValue.number)),
      sortedKeys: false, expected: "[1.50,1E+03,-0]"),
    CompactCase(name: "empty containers", value: [[], [:]], sortedKeys: false, expected: "[[],{}]"),
    CompactCase(
      name: "stored key order", value: ["b": 1, "a": ["d": 2, "c": 3]], sortedKeys: false,
      expected: #"{"b":1,"a":{"d":2,"c":3}}"#),
    CompactCase(
      name: "sorted keys, nested", value: ["b": 1, "a": [["d": 2, "c": 3]]], sortedKeys: true,
      expected: #"{"a":[{"c":3,"d":2}],"b":1}"#),
    CompactCase(
      name: "sorted by code point", value: ["é": 1, "b": 2, "Z": 3, "aa": 4, "😀": 5, "a": 6], sortedKeys: true,
      expected: #"{"Z":3,"a":6,"aa":4,"b":2,"é":1,"😀":5}"#),
    CompactCase(name: "escaped keys", value: ["a\"b": "\n"], sortedKeys: false, expected: #"{"a\"b":"\n"}"#),
  ]

  @Test(arguments: compactCases)
  func writesCompactJSON(_ testCase: CompactCase) {
    var out: [UInt8] = []
    JSONWriter.append(testCase.value, to: &out, sortedKeys: testCase.sortedKeys)
    #expect(String(decoding: out, as: UTF8.self) == testCase.expected)
  }

  @Test func appendsToExistingBuffer() {
    var out: [UInt8] = []
    for id in 1...3 {
      JSONWriter.append(["id": .number(JSONNumber(id))], to: &out)
      out.append(UInt8(ascii: "\n"))
    }
    #expect(String(decoding: out, as: UTF8.self) == "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n")
  }

  @Test func writesPrettyJSONLikePython() {
    // Matches `json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)`.
    let value: JSONValue = ["b": [], "a": [1, "x", ["k": nil]], "c": [:], "d": "é/\n\u{1F}"]
    var out: [UInt8] = []
    JSONWriter.appendPretty(value, to: &out)
    let expected = """
      {
        "a": [
          1,
          "x",
          {
            "k": null
          }
        ],
        "b": [],
        "c": {},
        "d": "é/\\n\\u001f"
      }
      """
    #expect(String(decoding: out, as: UTF8.self) == expected)
  }

  @Test func prettyHonoursIndentAndKeyOrder() {
    let value: JSONValue = ["b": 1, "a": [true, false]]
    var zero: [UInt8] = []
    JSONWriter.appendPretty(value, to: &zero, indent: 0)
    #expect(String(decoding: zero, as: UTF8.self) == "{\n\"a\": [\ntrue,\nfalse\n],\n\"b\": 1\n}")
    var unsorted: [UInt8] = []
    JSONWriter.appendPretty(value, to: &unsorted, sortedKeys: false, indent: 4)
    let expected = "{\n    \"b\": 1,\n    \"a\": [\n        true,\n        false\n    ]\n}"
    #expect(String(decoding: unsorted, as: UTF8.self) == expected)
  }

  @Test(arguments: [JSONValue.null, true, 3, "s", [], [:]])
  func prettyScalarsAndEmptyContainersAreCompact(_ value: JSONValue) {
    var pretty: [UInt8] = []
    JSONWriter.appendPretty(value, to: &pretty)
    var compact: [UInt8] = []
    JSONWriter.append(value, to: &compact)
    #expect(pretty == compact)
  }

  @Test func descriptionIsCompactJSON() {
    let value: JSONValue = ["id": "note-42", "pinned": true, "tags": ["a", "b"], "rank": 1.5, "parent": nil]
    #expect(value.description == #"{"id":"note-42","pinned":true,"tags":["a","b"],"rank":1.5,"parent":null}"#)
  }
}
