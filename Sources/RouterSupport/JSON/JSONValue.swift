/// A JSON value without source positions.
///
/// Used for `userInfo`, value templates, presented values and output. Read a document with
/// ``JSONParser`` (which gives a positioned ``JSONNode``; take its ``JSONNode/value``), write one
/// with ``JSONWriter``. Literals build values directly; a dictionary literal keeps its order.
///
/// ```swift
/// let value: JSONValue = ["id": "note-42", "pinned": true, "tags": ["a", "b"], "rank": 1.5, "parent": nil]
/// value["id"]?.stringValue   // "note-42"
/// print(value)               // {"id":"note-42","pinned":true,"tags":["a","b"],"rank":1.5,"parent":null}
/// ```
public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, with its literal text.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, members in order.
  case object(JSONObject)

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The Boolean, if this is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let bool) = self { return bool }
    return nil
  }

  /// The number, if this is a number.
  public var numberValue: JSONNumber? {
    if case .number(let number) = self { return number }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let array) = self { return array }
    return nil
  }

  /// The object, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The value of member `key`; `nil` if this is not an object or has no such member.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The JSON type's name, as used in messages: `null`, `boolean`, `number`, `string`, `array` or `object`.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Compact JSON text, object members in stored order.
  public var description: String {
    var bytes: [UInt8] = []
    JSONWriter.append(self, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral {
  /// `nil` is `null`.
  public init(nilLiteral: ()) {
    self = .null
  }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// A Boolean literal.
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// An integer literal.
  public init(integerLiteral value: Int64) {
    self = .number(JSONNumber(value))
  }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// A floating-point literal, written in its shortest round-trip form (a non-finite value becomes `null`).
  public init(floatLiteral value: Double) {
    if let number = JSONNumber(value) {
      self = .number(number)
    } else {
      self = .null
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A string literal.
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array literal.
  public init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// An object literal; members keep the written order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
