import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@Suite struct JSONParserTests {
  // MARK: - Valid documents

  struct ValidCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var expected: JSONValue
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ expected: JSONValue) {
      self.init(name, bytes: Array(text.utf8), expected)
    }

    init(_ name: String, bytes: [UInt8], _ expected: JSONValue) {
      self.name = name
      self.bytes = bytes
      self.expected = expected
    }
  }

  static let validCases: [ValidCase] = [
    ValidCase("null", "null", nil),
    ValidCase("true", "true", true),
    ValidCase("false", "false", false),
    ValidCase("zero", "0", 0),
    ValidCase("negative zero", "-0", 0),
    ValidCase("integer", "-123", -123),
    ValidCase("fraction", "1.5", 1.5),
    ValidCase("exponent", "-1.5e-3", -0.0015),
    ValidCase("upper-case exponent with plus", "1E+2", 100),
    ValidCase("zero fraction", "0.25", 0.25),
    ValidCase("empty string", #""""#, ""),
    ValidCase("plain string", #""abc""#, "abc"),
    ValidCase("simple escapes", #""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    ValidCase("unicode escape", #""caf\u00e9""#, "café"),
    ValidCase("upper-case unicode escape", #""\u00C9""#, "É"),
    ValidCase("surrogate pair", #""\ud83d\ude00""#, "😀"),
    ValidCase("escaped NUL", #""a\u0000b""#, "a\u{0}b"),
    ValidCase("raw UTF-8", #""é中😀""#, "é中😀"),
    ValidCase("raw DEL is allowed", "\"\u{7F}\"", "\u{7F}"),
    ValidCase("escape after long plain run", #""abcdefghijklmnop\nqrstuvwxyz""#, "abcdefghijklmnop\nqrstuvwxyz"),
    ValidCase("non-ASCII after escape", #""\tédition""#, "\tédition"),
    ValidCase("empty array", "[]", []),
    ValidCase("empty object", "{}", [:]),
    ValidCase("whitespace everywhere", " \t\r\n[ 1 ,\t2 ]\r\n ", [1, 2]),
    ValidCase(
      "nested", #"{"a": [1, {"b": null}], "c": {"d": [true, []]}}"#, ["a": [1, ["b": nil]], "c": ["d": [true, []]]]),
    ValidCase("same key in different objects", #"{"a": {"a": 1}}"#, ["a": ["a": 1]]),
    ValidCase("byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8), [1]),
    ValidCase("big integer", "123456789012345678901234567890", 1.2345678901234568e29),
    ValidCase(
      "many members", "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}",
      .object(JSONObject((0..<40).map { .init(key: "k\($0)", value: .number(JSONNumber($0))) }))),
  ]

  @Test(arguments: validCases)
  func parsesValidDocument(_ testCase: ValidCase) throws {
    let node = try JSONParser.parse(testCase.bytes)
    #expect(node.value == testCase.expected)
    // Strings must match scalar for scalar, not only up to canonical equivalence.
    if case .string(let expected) = testCase.expected {
      let actual = try #require(node.value.stringValue)
      #expect(Array(actual.unicodeScalars) == Array(expected.unicodeScalars))
    }
  }

  @Test func keepsNumberText() throws {
    let node = try JSONParser.parse(Array("[1.50, -0, 1e3, 1E+03]".utf8))
    let texts = try #require(node.elements).map { $0.value.numberValue?.text }
    #expect(texts == ["1.50", "-0", "1e3", "1E+03"])
  }

  @Test func keepsMemberOrder() throws {
    let node = try JSONParser.parse(Array(#"{"z": 1, "a": 2, "m": 3}"#.utf8))
    #expect(node.value.objectValue?.keys == ["z", "a", "m"])
  }

  @Test func parsesFromBufferPointer() throws {
    let bytes = Array(#"{"a": [true]}"#.utf8)
    let node = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try JSONParser.parse(buffer) }
    #expect(node.value == ["a": [true]])
  }

  // MARK: - Invalid documents

  struct InvalidCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var code: DiagnosticCode
    var offset: Int
    var limits: JSONLimits
    var testDescription: String { name }

    init(
      _ name: String, _ text: String, _ code: DiagnosticCode = .jsonSyntax, at offset: Int,
      limits: JSONLimits = .default
    ) {
      self.init(name, bytes: Array(text.utf8), code, at: offset, limits: limits)
    }

    init(
      _ name: String, bytes: [UInt8], _ code: DiagnosticCode = .jsonSyntax, at offset: Int,
      limits: JSONLimits = .default
    ) {
      self.name = name
      self.bytes = bytes
      self.code = code
      self.offset = offset
      self.limits = limits
    }
  }

  static let invalidCases: [InvalidCase] = [
    // Structure
    InvalidCase("empty document", "", at: 0),
    InvalidCase("only whitespace", " \n ", at: 3),
    InvalidCase("unclosed object", "{", at: 1),
    InvalidCase("unclosed array", "[", at: 1),
    InvalidCase("unclosed array after element", "[1", at: 2),
    InvalidCase("trailing comma in array", "[1,]", at: 3),
    InvalidCase("trailing comma in object", #"{"a":1,}"#, at: 7),
    InvalidCase("missing colon", #"{"a" 1}"#, at: 5),
    InvalidCase("missing comma between members", #"{"a":1 "b":2}"#, at: 7),
    InvalidCase("missing comma between elements", "[1 2]", at: 3),
    InvalidCase("non-string key", "{1:2}", at: 1),
    InvalidCase("single-quoted string", "['a']", at: 1),
    InvalidCase("trailing text", "1 2", at: 2),
    InvalidCase("trailing text after object", "{} x", at: 3),
    InvalidCase("second document", "[] []", at: 3),
    InvalidCase("mismatched bracket", "[1}", at: 2),
    // Literals
    InvalidCase("truncated true", "tru", at: 0),
    InvalidCase("truncated null", "nul", at: 0),
    InvalidCase("capitalised True", "True", at: 0),
    InvalidCase("NaN", "NaN", at: 0),
    InvalidCase("Infinity", "Infinity", at: 0),
    InvalidCase("negative Infinity", "-Infinity", at: 1),
    // Numbers
    InvalidCase("leading zero", "01", at: 0),
    InvalidCase("negative leading zero", "-01", at: 1),
    InvalidCase("dot without fraction digits", "1.", at: 2),
    InvalidCase("dot before exponent", "1.e3", at: 2),
    InvalidCase("minus alone", "-", at: 1),
    InvalidCase("leading dot", ".5", at: 0),
    InvalidCase("leading plus", "+1", at: 0),
    InvalidCase("exponent without digits", "1e", at: 2),
    InvalidCase("exponent sign without digits", "1e+", at: 3),
    InvalidCase("hex number", "0x1F", at: 1),
    // Strings
    InvalidCase("unterminated string", #""abc"#, at: 0),
    InvalidCase("unterminated string in array", #"["abc"#, at: 1),
    InvalidCase("backslash at end", #""a\"#, at: 0),
    InvalidCase("invalid escape", #""\q""#, at: 1),
    InvalidCase("invalid escape after text", #""abc\x41""#, at: 4),
    InvalidCase("short unicode escape", #""\u12""#, at: 1),
    InvalidCase("bad hex digit", #""\u12G4""#, at: 1),
    InvalidCase("lone high surrogate", #""\ud800""#, at: 1),
    InvalidCase("lone low surrogate", #""\udc00""#, at: 1),
    InvalidCase("high surrogate then text", #""\ud800x""#, at: 1),
    InvalidCase("high surrogate then non-surrogate", #""\ud800\u0041""#, at: 1),
    InvalidCase("two high surrogates", #""\ud800\ud800""#, at: 1),
    InvalidCase("bad hex in low surrogate", #""\ud800\udcZZ""#, at: 7),
    InvalidCase("raw tab in string", "\"a\tb\"", at: 2),
    InvalidCase("raw newline in string", "\"ab\nc\"", at: 3),
    InvalidCase("raw NUL in string", "\"\u{0}\"", at: 1),
    InvalidCase("control character after plain run", "\"abcdefghijkl\u{1F}\"", at: 13),
    // UTF-8
    InvalidCase("invalid byte in string", bytes: [0x22, 0x61, 0xFF, 0x22], at: 2),
    InvalidCase("overlong encoding", bytes: [0x22, 0xC0, 0x80, 0x22], at: 1),
    InvalidCase("overlong three-byte encoding", bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], at: 1),
    InvalidCase("encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], at: 1),
    InvalidCase("truncated sequence", bytes: [0x22, 0xE2, 0x82, 0x22], at: 1),
    InvalidCase("sequence at end of input", bytes: [0x22, 0xE2, 0x82], at: 1),
    InvalidCase("lone continuation byte", bytes: [0x22, 0x80, 0x22], at: 1),
    InvalidCase("past U+10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], at: 1),
    InvalidCase("F5 lead byte", bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], at: 1),
    InvalidCase(
      "invalid byte in long string", bytes: [0x22] + Array("abcdefghijklmnop".utf8) + [0xC3, 0x28, 0x22], at: 17),
    InvalidCase("invalid byte outside a string", bytes: [0x5B, 0xFF, 0x5D], at: 1),
    // Byte order marks
    InvalidCase("byte order mark alone", bytes: [0xEF, 0xBB, 0xBF], at: 3),
    InvalidCase("byte order mark after whitespace", bytes: [0x20, 0xEF, 0xBB, 0xBF, 0x31], at: 1),
    InvalidCase("two byte order marks", bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], at: 3),
    // Duplicate keys
    InvalidCase("duplicate key", #"{"a":1,"b":2,"a":3}"#, .jsonDuplicateKey, at: 13),
    InvalidCase("duplicate key spelled with an escape", #"{"a":1,"\u0061":2}"#, .jsonDuplicateKey, at: 7),
    InvalidCase("duplicate key in nested object", #"[{"x":{"k":1,"k":2}}]"#, .jsonDuplicateKey, at: 13),
    InvalidCase(
      "duplicate key in large object",
      "{" + (0..<30).map { "\"k\($0)\":0," }.joined() + "\"k3\":1}",
      .jsonDuplicateKey, at: 1 + (0..<30).map { "\"k\($0)\":0,".utf8.count }.reduce(0, +)),
    // Limits
    InvalidCase(
      "one level too deep", String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
      .jsonTooDeep, at: 64),
    InvalidCase("far too deep", String(repeating: "[", count: 100_000), .jsonTooDeep, at: 64),
    InvalidCase(
      "objects too deep", String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65),
      .jsonTooDeep, at: 64 * 5),
    InvalidCase("custom depth", "[[[[]]]]", .jsonTooDeep, at: 3, limits: JSONLimits(maxDepth: 3)),
    InvalidCase("one byte too large", "[1,2,3,445]", .jsonTooLarge, at: 10, limits: JSONLimits(maxBytes: 10)),
    InvalidCase("string too long", #"["abcd"]"#, .jsonTooLarge, at: 1, limits: JSONLimits(maxStringBytes: 3)),
    InvalidCase("key too long", #"{"abcd":1}"#, .jsonTooLarge, at: 1, limits: JSONLimits(maxStringBytes: 3)),
    InvalidCase(
      "decoded string too long", #""\u00e9\u00e9""#, .jsonTooLarge, at: 0, limits: JSONLimits(maxStringBytes: 3)),
  ]

  @Test(arguments: invalidCases)
  func rejectsInvalidDocument(_ testCase: InvalidCase) throws {
    let error = try #require(throws: JSONParseError.self) {
      try JSONParser.parse(testCase.bytes, limits: testCase.limits)
    }
    #expect(error.code == testCase.code, "\(error.message)")
    #expect(error.offset == testCase.offset, "\(error.message)")
  }

  struct LimitCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var limits: JSONLimits
    var testDescription: String { name }
  }

  static let atLimitCases: [LimitCase] = [
    LimitCase(
      name: "arrays at the default depth",
      text: String(repeating: "[", count: 64) + String(repeating: "]", count: 64), limits: .default),
    LimitCase(
      name: "objects at the default depth",
      text: String(repeating: #"{"a":"#, count: 64) + "1" + String(repeating: "}", count: 64), limits: .default),
    LimitCase(name: "custom depth", text: "[[[]]]", limits: JSONLimits(maxDepth: 3)),
    LimitCase(name: "exactly max bytes", text: "[1,2,3,44]", limits: JSONLimits(maxBytes: 10)),
    LimitCase(name: "string at the limit", text: #"["abc"]"#, limits: JSONLimits(maxStringBytes: 3)),
    LimitCase(name: "escaped string at the limit", text: #""\u00e9a""#, limits: JSONLimits(maxStringBytes: 3)),
  ]

  @Test(arguments: atLimitCases)
  func acceptsDocumentAtLimit(_ testCase: LimitCase) throws {
    _ = try JSONParser.parse(Array(testCase.text.utf8), limits: testCase.limits)
  }

  @Test func reportsFirstKeyOfDuplicate() throws {
    let bytes = Array("{\n  \"id\": 1,\n  \"id\": 2\n}".utf8)
    let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    #expect(error.code == .jsonDuplicateKey)
    #expect(error.offset == 15)
    #expect(error.relatedOffset == 4)
    let diagnostic = error.diagnostic(in: LineTable(file: "t.json", bytes: bytes))
    #expect(diagnostic.notes.first?.location?.description == "t.json:2:3")
  }

  struct MessageCase: CustomTestStringConvertible, Sendable {
    var text: String
    var message: String
    var testDescription: String { text }
  }

  static let messageCases: [MessageCase] = [
    MessageCase(text: #"{"a":1 x}"#, message: "expected ',' or '}' after an object member, found 'x'"),
    MessageCase(text: #""abc"#, message: "unterminated string"),
    MessageCase(text: #""\q""#, message: #"invalid escape '\q'; the escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#),
    MessageCase(text: "\"\t\"", message: "control character U+0009 in a string must be escaped"),
    MessageCase(text: "01", message: "leading zeros are not allowed"),
    MessageCase(text: "1 x", message: "trailing text after the JSON value, found 'x'"),
    MessageCase(text: "[NaN]", message: "expected a JSON value, found 'NaN'"),
    MessageCase(text: "[", message: "expected a JSON value, found end of input"),
    MessageCase(text: #"{"a":1,"a":2}"#, message: "duplicate key 'a' in an object"),
  ]

  @Test(arguments: messageCases)
  func explainsWhatWasExpected(_ testCase: MessageCase) throws {
    let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(Array(testCase.text.utf8)) }
    #expect(error.message == testCase.message)
  }

  // MARK: - Positions

  @Test func recordsNodePositions() throws {
    //          0         1         2         3
    //          0123456789012345678901234567890123456
    let text = #" {"a": [1, "x"], "bc": {"d": null}} "#
    let root = try JSONParser.parse(Array(text.utf8))
    #expect((root.start, root.end) == (1, 35))
    let a = try #require(root.member("a"))
    #expect(a.keyStart == 2)
    #expect((a.value.start, a.value.end) == (7, 15))
    let elements = try #require(a.value.elements)
    #expect(elements.map { [$0.start, $0.end] } == [[8, 9], [11, 14]])
    let bc = try #require(root.member("bc"))
    #expect(bc.keyStart == 17)
    #expect((bc.value.start, bc.value.end) == (23, 34))
    let d = try #require(bc.value.member("d"))
    #expect(d.keyStart == 24)
    #expect((d.value.start, d.value.end) == (29, 33))
    #expect(root.member("missing") == nil)
    #expect(d.value.member("d") == nil)
  }

  @Test func positionsCountTheByteOrderMark() throws {
    let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"k": "é", "n": 2}"#.utf8))
    #expect(root.start == 3)
    #expect(root.member("k")?.keyStart == 4)
    #expect(root.member("n")?.keyStart == 15)  // "é" is two bytes
    #expect(root.member("n")?.value.start == 20)
  }

  @Test func namesTypes() throws {
    let root = try JSONParser.parse(Array(#"[null, true, 1, "s", [], {}]"#.utf8))
    let names = try #require(root.elements).map(\.typeName)
    #expect(names == ["null", "boolean", "number", "string", "array", "object"])
  }

  struct OffsetCase: CustomTestStringConvertible, Sendable {
    var name: String
    var source: String
    var quote: Int
    /// (decoded UTF-8 index, expected source offset)
    var mapping: [[Int]]
    var testDescription: String { name }
  }

  static let offsetCases: [OffsetCase] = [
    // "ab/c"        source: 0:" 1:a 2:b 3:/ 4:c 5:"
    OffsetCase(
      name: "no escapes", source: #""ab/c""#, quote: 0, mapping: [[0, 1], [2, 3], [3, 4], [4, 5], [9, 5]]),
    // "a\nb"        source: 0:" 1:a 2:\ 3:n 4:b 5:"   decoded: a \n b
    OffsetCase(name: "newline escape", source: #""a\nb""#, quote: 0, mapping: [[0, 1], [1, 2], [2, 4], [3, 5]]),
    // x"\u00e9/"    source: 1:" 2:\ ... 7:/ 8:"        decoded: C3 A9 /
    OffsetCase(
      name: "two-byte unicode escape", source: #"x"\u00e9/""#, quote: 1, mapping: [[0, 2], [1, 2], [2, 8], [3, 9]]),
    // "\ud83d\ude00!"  source: 1:\ 13:!  decoded: F0 9F 98 80 !
    OffsetCase(
      name: "surrogate pair", source: #""\ud83d\ude00!""#, quote: 0, mapping: [[0, 1], [3, 1], [4, 13], [5, 14]]),
    // "é\tz"         source: 1-2: é, 3:\ 4:t 5:z     decoded: C3 A9 \t z
    OffsetCase(
      name: "raw UTF-8 then escape", source: #""é\tz""#, quote: 0, mapping: [[0, 1], [1, 2], [2, 3], [3, 5]]),
  ]

  @Test(arguments: offsetCases)
  func mapsStringIndexToSourceOffset(_ testCase: OffsetCase) {
    let bytes = Array(testCase.source.utf8)
    for pair in testCase.mapping {
      let offset = JSONParser.sourceOffset(in: bytes, stringAt: testCase.quote, utf8Index: pair[0])
      #expect(offset == pair[1], "utf8Index \(pair[0])")
      let viaBuffer = bytes.withUnsafeBufferPointer {
        JSONParser.sourceOffset(in: $0, stringAt: testCase.quote, utf8Index: pair[0])
      }
      #expect(viaBuffer == pair[1])
    }
  }

  @Test func sourceOffsetPointsIntoAPattern() throws {
    // A caret at "{id" inside an escaped URL pattern.
    let bytes = Array(#"{"url": "\/notes\/{id"}"#.utf8)
    let root = try JSONParser.parse(bytes)
    let url = try #require(root.member("url"))
    let string = try #require(url.value.stringValue)
    let index = try #require(string.utf8.firstIndex(of: UInt8(ascii: "{")))
    let utf8Index = string.utf8.distance(from: string.utf8.startIndex, to: index)
    let offset = JSONParser.sourceOffset(in: bytes, stringAt: url.value.start, utf8Index: utf8Index)
    #expect(bytes[offset] == UInt8(ascii: "{"))
    #expect(offset == 18)
  }

  // MARK: - Diagnostics

  @Test func diagnosticHasExactLineAndColumn() throws {
    let text = """
      {
        "routes": [
          {"path": "/a", "scene": "main"},
          {"path": "/b" "scene": "main"}
        ]
      }
      """
    let bytes = Array(text.utf8)
    let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    let diagnostic = error.diagnostic(in: LineTable(file: "Notes.routes.json", bytes: bytes))
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.code == .jsonSyntax)
    let location = try #require(diagnostic.location)
    #expect(location.line == 4)
    #expect(location.column == 19)
    #expect(location.offset == error.offset)
    #expect(
      diagnostic.description
        == "Notes.routes.json:4:19: error: expected ',' or '}' after an object member, found '\"' [json-syntax]")
  }

  @Test func diagnosticColumnsCountBytes() throws {
    let bytes = Array("[\n  \"é\",\n  \"\\x\"\n]".utf8)
    let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    let location = error.diagnostic(in: LineTable(file: "t.json", bytes: bytes)).location
    #expect(location?.description == "t.json:3:4")
  }

  @Test func diagnosticOnCRLFDocument() throws {
    let bytes = Array("{\r\n  \"a\": 1,\r\n  \"b\": tru\r\n}".utf8)
    let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    let location = error.diagnostic(in: LineTable(file: "t.json", bytes: bytes)).location
    #expect(location?.description == "t.json:3:8")
  }
}

// MARK: - Foundation as an oracle

@Suite struct JSONOracleTests {
  /// Four shards of 600 documents; set JSON_ORACLE_SEED to replay one seed.
  static let seeds: [UInt64] = {
    if let text = ProcessInfo.processInfo.environment["JSON_ORACLE_SEED"], let seed = UInt64(text) { return [seed] }
    return [0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004]
  }()

  static let documentsPerSeed = 600

  @Test(arguments: seeds)
  func agreesWithJSONSerialization(seed: UInt64) throws {
    for index in 0..<Self.documentsPerSeed {
      let documentSeed = seed &* 1_000_003 &+ UInt64(index)
      var generator = RandomJSONGenerator(seed: documentSeed)
      let text = generator.document()
      let context = Comment(rawValue: "seed \(documentSeed) (shard \(seed), document \(index)): \(text)")
      let bytes = Array(text.utf8)
      let ours = try #require(try? JSONParser.parse(bytes).value, context)
      let theirs = try #require(
        try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]), context)
      #expect(JSONOracle.matches(ours, theirs), context)

      // Round trip through the writer, compact and pretty, read back by both parsers.
      var compact: [UInt8] = []
      JSONWriter.append(ours, to: &compact)
      var pretty: [UInt8] = []
      JSONWriter.appendPretty(ours, to: &pretty, sortedKeys: index.isMultiple(of: 2), indent: index % 5)
      for output in [compact, pretty] {
        let outputText = String(decoding: output, as: UTF8.self)
        let again = try #require(try? JSONParser.parse(output).value, "\(context) → \(outputText)")
        #expect(JSONOracle.strictlyEqual(again, ours, ignoringOrder: true), "\(context) → \(outputText)")
        let foundation = try #require(
          try? JSONSerialization.jsonObject(with: Data(output), options: [.fragmentsAllowed]),
          "\(context) → \(outputText)")
        #expect(JSONOracle.matches(ours, foundation), "\(context) → \(outputText)")
      }
    }
  }
}

/// Compares our values with JSONSerialization's and with each other, strictly (scalar by scalar).
enum JSONOracle {
  static func matches(_ value: JSONValue, _ any: Any) -> Bool {
    switch value {
    case .null:
      return any is NSNull
    case .bool(let bool):
      guard let number = any as? NSNumber, String(cString: number.objCType) == "c" else { return false }
      return number.boolValue == bool
    case .number(let number):
      guard let other = any as? NSNumber, String(cString: other.objCType) != "c" else { return false }
      let ours = number.doubleValue
      let theirs = other.doubleValue
      guard other is NSDecimalNumber else { return ours == theirs }
      // Foundation reads some numbers (big, or with an exponent) as NSDecimalNumber, whose conversion to
      // Double is not correctly rounded; ours (strtod) is. Allow a few units in the last place.
      return abs(ours - theirs) <= 4 * max(ours.magnitude, theirs.magnitude).ulp
    case .string(let string):
      guard let other = any as? String else { return false }
      return string.unicodeScalars.elementsEqual(other.unicodeScalars)
    case .array(let elements):
      guard let other = any as? [Any], other.count == elements.count else { return false }
      return zip(elements, other).allSatisfy { matches($0, $1) }
    case .object(let object):
      guard let other = any as? [String: Any], other.count == object.count else { return false }
      return object.allSatisfy { member in
        guard let index = other.index(forKey: member.key) else { return false }
        return other[index].key.unicodeScalars.elementsEqual(member.key.unicodeScalars)
          && matches(member.value, other[index].value)
      }
    }
  }

  static func strictlyEqual(_ lhs: JSONValue, _ rhs: JSONValue, ignoringOrder: Bool = false) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a.text == b.text
    case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { strictlyEqual($0, $1, ignoringOrder: ignoringOrder) }
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      let left = ignoringOrder ? a.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : a.members
      let right = ignoringOrder ? b.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : b.members
      return zip(left, right).allSatisfy {
        $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars)
          && strictlyEqual($0.value, $1.value, ignoringOrder: ignoringOrder)
      }
    default: return false
    }
  }
}

/// Writes random, valid JSON text: nesting, Unicode, every escape, numbers in every form, odd whitespace.
struct RandomJSONGenerator {
  var random: SeededGenerator

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  mutating func document() -> String {
    whitespace() + value(depth: 0) + whitespace()
  }

  mutating func value(depth: Int) -> String {
    let choice = depth >= 5 ? Int.random(in: 0..<6, using: &random) : Int.random(in: 0..<9, using: &random)
    switch choice {
    case 0: return "null"
    case 1: return Bool.random(using: &random) ? "true" : "false"
    case 2, 3: return number()
    case 4, 5: return string()
    case 6, 7: return array(depth: depth + 1)
    default: return object(depth: depth + 1)
    }
  }

  mutating func array(depth: Int) -> String {
    let count = Int.random(in: 0..<6, using: &random)
    if count == 0 { return "[" + whitespace() + "]" }
    let elements = (0..<count).map { _ in whitespace() + value(depth: depth) + whitespace() }
    return "[" + elements.joined(separator: ",") + "]"
  }

  mutating func object(depth: Int) -> String {
    let count = Int.random(in: 0..<6, using: &random)
    if count == 0 { return "{" + whitespace() + "}" }
    var keys = Set<String>()
    var members: [String] = []
    for _ in 0..<count {
      let (text, decoded) = stringWithValue()
      guard keys.insert(decoded).inserted else { continue }
      members.append(whitespace() + text + whitespace() + ":" + whitespace() + value(depth: depth) + whitespace())
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  mutating func whitespace() -> String {
    guard Int.random(in: 0..<3, using: &random) == 0 else { return "" }
    let characters = [" ", "\t", "\n", "\r"]
    return (0..<Int.random(in: 1...3, using: &random)).map { _ in characters.randomElement(using: &random) ?? " " }
      .joined()
  }

  mutating func number() -> String {
    var text = Bool.random(using: &random) ? "-" : ""
    let integerDigits = Int.random(in: 1...15, using: &random)
    if integerDigits == 1 || Int.random(in: 0..<4, using: &random) == 0 {
      text += String(Int.random(in: 0...9, using: &random))
    } else {
      text += String(Int.random(in: 1...9, using: &random))
      for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
    }
    if Bool.random(using: &random) {
      text += "."
      for _ in 0..<Int.random(in: 1...8, using: &random) { text += String(Int.random(in: 0...9, using: &random)) }
    }
    if Int.random(in: 0..<3, using: &random) == 0 {
      text += ["e", "E"].randomElement(using: &random) ?? "e"
      text += ["", "+", "-"].randomElement(using: &random) ?? ""
      text += String(Int.random(in: 0...40, using: &random))
    }
    return text
  }

  mutating func string() -> String {
    stringWithValue().text
  }

  /// A string literal and the string it decodes to.
  mutating func stringWithValue() -> (text: String, decoded: String) {
    var text = "\""
    var decoded = ""
    let plain: [Character] = [
      "a", "b", "Z", "0", " ", "/", "'", "~", "é", "ß", "中", "文", "😀", "🇫🇷", "\u{7F}", "\u{2028}",
    ]
    let simpleEscapes: [(String, Character)] = [
      ("\\\"", "\""), ("\\\\", "\\"), ("\\/", "/"), ("\\b", "\u{8}"), ("\\f", "\u{C}"),
      ("\\n", "\n"), ("\\r", "\r"), ("\\t", "\t"),
    ]
    for _ in 0..<Int.random(in: 0..<24, using: &random) {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<6:
        let character = plain.randomElement(using: &random) ?? "a"
        text.append(character)
        decoded.append(character)
      case 6, 7:
        let (escape, character) = simpleEscapes.randomElement(using: &random) ?? ("\\n", "\n")
        text += escape
        decoded.append(character)
      case 8:
        // A BMP scalar outside the surrogates, as a \u escape in random case.
        var scalarValue = UInt32.random(in: 0...0xFFFF, using: &random)
        if (0xD800...0xDFFF).contains(scalarValue) { scalarValue = 0x41 }
        let scalar = Unicode.Scalar(scalarValue) ?? "A"
        text += "\\u" + hex4(scalarValue)
        decoded.unicodeScalars.append(scalar)
      default:
        // A supplementary scalar as a surrogate pair.
        let scalarValue = UInt32.random(in: 0x10000...0x10FFFF, using: &random)
        let scalar = Unicode.Scalar(scalarValue) ?? "A"
        let offset = scalarValue - 0x10000
        text += "\\u" + hex4(0xD800 + (offset >> 10)) + "\\u" + hex4(0xDC00 + (offset & 0x3FF))
        decoded.unicodeScalars.append(scalar)
      }
    }
    text += "\""
    return (text, decoded)
  }

  mutating func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: Bool.random(using: &random))
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
