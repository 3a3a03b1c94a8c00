import ActivityRouter
import Testing

@Suite struct JSONValueTests {
  // MARK: - Numbers

  struct NumberTextCase: CustomTestStringConvertible, Sendable {
    var text: String
    var isValid: Bool
    var testDescription: String { "\(text.debugDescription) \(isValid ? "valid" : "invalid")" }
  }

  static let numberTextCases: [NumberTextCase] =
    [
      "0", "-0", "7", "-12", "1.5", "0.001", "1e3", "1E3", "1e+3", "1e-3", "-1.25E-10",
      "123456789012345678901234567890",
    ]
    .map { NumberTextCase(text: $0, isValid: true) }
    + ["", "-", "+1", "01", "-01", "1.", ".5", "1e", "1e+", "1.e3", "NaN", "Infinity", "0x10", " 1", "1 ", "1,", "１"]
    .map { NumberTextCase(text: $0, isValid: false) }

  @Test(arguments: numberTextCases)
  func validatesNumberText(_ testCase: NumberTextCase) {
    let number = JSONNumber(text: testCase.text)
    #expect((number != nil) == testCase.isValid)
    #expect(number.map(\.text) == (testCase.isValid ? testCase.text : nil))
  }

  struct IntegerCase: CustomTestStringConvertible, Sendable {
    var text: String
    var expected: Int64?
    var testDescription: String { text }
  }

  static let integerCases: [IntegerCase] = [
    IntegerCase(text: "3", expected: 3),
    IntegerCase(text: "3.0", expected: 3),
    IntegerCase(text: "3e0", expected: 3),
    IntegerCase(text: "30e-1", expected: 3),
    IntegerCase(text: "0.3e1", expected: 3),
    IntegerCase(text: "300E-2", expected: 3),
    IntegerCase(text: "3.5", expected: nil),
    IntegerCase(text: "-0", expected: 0),
    IntegerCase(text: "0.000", expected: 0),
    IntegerCase(text: "0e999999999999999999999", expected: 0),
    IntegerCase(text: "1e18", expected: 1_000_000_000_000_000_000),
    IntegerCase(text: "1e19", expected: nil),
    IntegerCase(text: "1e-999999999999", expected: nil),
    IntegerCase(text: "1e999999999999999999999", expected: nil),
    IntegerCase(text: "9223372036854775807", expected: .max),
    IntegerCase(text: "9223372036854775808", expected: nil),
    IntegerCase(text: "-9223372036854775808", expected: .min),
    IntegerCase(text: "-9223372036854775809", expected: nil),
    IntegerCase(text: "92233720368547758.07e2", expected: .max),
    IntegerCase(text: "12345678901234567890e-1", expected: 1_234_567_890_123_456_789),
    IntegerCase(text: "1.0000000000000000000000001", expected: nil),
  ]

  @Test(arguments: integerCases)
  func convertsToInt64Exactly(_ testCase: IntegerCase) {
    #expect(JSONNumber(text: testCase.text).flatMap(\.int64Value) == testCase.expected)
  }

  @Test func convertsToDouble() throws {
    #expect(try #require(JSONNumber(text: "1.50")).doubleValue == 1.5)
    #expect(try #require(JSONNumber(text: "-2E-2")).doubleValue == -0.02)
    #expect(try #require(JSONNumber(text: "1e400")).doubleValue == .infinity)
  }

  @Test func createsFromIntegersAndDoubles() throws {
    #expect(JSONNumber(Int64(-42)).text == "-42")
    #expect(JSONNumber(7).text == "7")
    #expect(JSONNumber(Int64.min).int64Value == Int64.min)
    #expect(try #require(JSONNumber(1.5)).text == "1.5")
    #expect(try #require(JSONNumber(3.0)).text == "3.0")
    #expect(try #require(JSONNumber(1e16)).text == "1e+16")
    #expect(try #require(JSONNumber(Double.leastNonzeroMagnitude)).text == "5e-324")
    #expect(JSONNumber(Double.nan) == nil)
    #expect(JSONNumber(Double.infinity) == nil)
    #expect(JSONNumber(-Double.infinity) == nil)
  }

  struct EqualityCase: CustomTestStringConvertible, Sendable {
    var left: String
    var right: String
    var equal: Bool
    var testDescription: String { "\(left) \(equal ? "==" : "!=") \(right)" }
  }

  static let equalityCases: [EqualityCase] = [
    EqualityCase(left: "1", right: "1.0", equal: true),
    EqualityCase(left: "1", right: "1e0", equal: true),
    EqualityCase(left: "100", right: "1E2", equal: true),
    EqualityCase(left: "0", right: "-0", equal: true),
    EqualityCase(left: "0.5", right: "5e-1", equal: true),
    EqualityCase(left: "1.50", right: "1.5", equal: true),
    EqualityCase(left: "0.1", right: "0.2", equal: false),
    EqualityCase(left: "1", right: "2", equal: false),
    // Integers beyond 2^53 compare exactly, not as doubles.
    EqualityCase(left: "9007199254740993", right: "9007199254740992", equal: false),
    EqualityCase(left: "9007199254740993", right: "9007199254740993.0", equal: true),
  ]

  @Test(arguments: equalityCases)
  func comparesNumbersByValue(_ testCase: EqualityCase) throws {
    let left = try #require(JSONNumber(text: testCase.left))
    let right = try #require(JSONNumber(text: testCase.right))
    #expect((left == right) == testCase.equal)
    #expect((right == left) == testCase.equal)
    if testCase.equal {
      #expect(left.hashValue == right.hashValue)
      #expect(Set([left, right]).count == 1)
    }
  }

  // MARK: - Objects

  @Test func objectEqualityIgnoresOrder() {
    let first: JSONObject = ["a": 1, "b": [true], "c": ["x": nil, "y": "z"]]
    let second: JSONObject = ["c": ["y": "z", "x": nil], "a": 1.0, "b": [true]]
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(JSONValue.object(first) == JSONValue.object(second))
    #expect(Set([JSONValue.object(first), .object(second)]).count == 1)
    #expect(first != ["a": 1, "b": [true]])
    #expect(first != ["a": 1, "b": [false], "c": ["x": nil, "y": "z"]])
    #expect(first != ["a": 1, "b": [true], "d": ["x": nil, "y": "z"]])
  }

  @Test func largeObjectEqualityIgnoresOrder() {
    let members = (0..<50).map { JSONObject.Member(key: "k\($0)", value: .number(JSONNumber($0))) }
    let forward = JSONObject(members)
    let backward = JSONObject(members.reversed())
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    var changed = backward
    changed["k7"] = "seven"
    #expect(forward != changed)
  }

  @Test func objectSubscriptAppendsReplacesAndRemoves() {
    var object: JSONObject = ["id": "note", "count": 2]
    object["tags"] = ["a"]
    object["count"] = 3
    #expect(object.keys == ["id", "count", "tags"])
    #expect(object["count"] == 3)
    #expect(object.count == 3)
    object["id"] = nil
    #expect(object.keys == ["count", "tags"])
    #expect(object["id"] == nil)
    #expect(object.map(\.key) == ["count", "tags"])
  }

  @Test func objectInitializers() {
    let pairs = JSONObject(["b": 1, "a": 2, "b": 3] as KeyValuePairs<String, JSONValue>)
    #expect(pairs.members == [.init(key: "b", value: 3), .init(key: "a", value: 2)])
    let tuples = JSONObject([("x", JSONValue.null), ("y", true)])
    #expect(tuples.keys == ["x", "y"])
    let empty = JSONObject()
    #expect(empty.count == 0)
    #expect(empty.isEmpty)
  }

  // MARK: - Values

  @Test func literalsBuildValues() {
    let value: JSONValue = ["s": "text", "i": 42, "d": 2.5, "b": true, "n": nil, "a": [1, "two"], "o": ["k": "v"]]
    #expect(value.objectValue?.keys == ["s", "i", "d", "b", "n", "a", "o"])
    #expect(value["s"] == .string("text"))
    #expect(value["i"] == .number(JSONNumber(42)))
    #expect(value["d"]?.numberValue?.text == "2.5")
    #expect(value["b"] == .bool(true))
    #expect(value["n"] == .null)
    #expect(value["a"] == .array([.number(JSONNumber(1)), .string("two")]))
    #expect(value["o"]?["k"] == "v")
  }

  @Test func accessorsReturnNilForOtherTypes() {
    let string: JSONValue = "s"
    #expect(string.stringValue == "s")
    #expect(string.boolValue == nil)
    #expect(string.numberValue == nil)
    #expect(string.arrayValue == nil)
    #expect(string.objectValue == nil)
    #expect(string["key"] == nil)
    #expect(!string.isNull)
    let bool: JSONValue = false
    #expect(bool.boolValue == false)
    #expect(bool.stringValue == nil)
    let array: JSONValue = [1]
    #expect(array.arrayValue?.count == 1)
    #expect(JSONValue.null.isNull)
  }

  struct TypeNameCase: CustomTestStringConvertible, Sendable {
    var value: JSONValue
    var name: String
    var testDescription: String { name }
  }

  static let typeNameCases: [TypeNameCase] = [
    TypeNameCase(value: nil, name: "null"), TypeNameCase(value: true, name: "boolean"),
    TypeNameCase(value: 1, name: "number"), TypeNameCase(value: "s", name: "string"),
    TypeNameCase(value: [], name: "array"), TypeNameCase(value: [:], name: "object"),
  ]

  @Test(arguments: typeNameCases)
  func namesTypes(_ testCase: TypeNameCase) {
    #expect(testCase.value.typeName == testCase.name)
  }

  @Test func valuesHashByContent() {
    let values: [JSONValue] = [nil, true, false, 1, 1.0, "1", [1], ["a": 1], ["a": 1.0]]
    #expect(Set(values).count == 7)
  }

  @Test func documentedExamplesHold() throws {
    var object = JSONObject(["id": "note", "count": 2])
    #expect(object["count"] == .number(JSONNumber(2)))
    object["tags"] = ["a"]
    #expect(object.keys == ["id", "count", "tags"])

    let price = JSONNumber(text: "1.50")
    #expect(price?.doubleValue == 1.5)
    #expect(JSONNumber(text: "3e0")?.int64Value == 3)
    #expect(JSONNumber(text: "01") == nil)

    let root = try JSONParser.parse(Array(#"{"id": 7}"#.utf8))
    let id = try #require(root.member("id"))
    #expect(id.keyStart == 1)
    #expect(id.value.start == 7)
    #expect(id.value.typeName == "number")
    #expect(root.value == ["id": 7])
  }

  @Test func nodeValueDropsPositions() throws {
    let node = try JSONParser.parse(Array(#"{"a": [1, {"b": "c"}], "d": null}"#.utf8))
    #expect(node.value == ["a": [1, ["b": "c"]], "d": nil])
    #expect(node.value.objectValue?.keys == ["a", "d"])
    #expect(node.members?.map(\.key) == ["a", "d"])
    #expect(node.elements == nil)
    #expect(node.stringValue == nil)
  }
}
