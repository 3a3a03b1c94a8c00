/// A JSON value with the byte range it was read from, as ``JSONParser`` returns it.
///
/// Offsets are 0-based byte offsets into the source; turn them into `file:line:column`
/// with a ``LineTable``. Take ``value`` to drop the positions.
///
/// ```swift
/// let root = try JSONParser.parse(Array(#"{"id": 7}"#.utf8))
/// let id = root.member("id")        // keyStart 1
/// id?.value.start                   // 7
/// id?.value.typeName                // "number"
/// root.value                        // ["id": 7]
/// ```
public struct JSONNode: Sendable, Hashable {
  /// What kind of value a node is, with its contents.
  ///
  /// Not `indirect`: arrays already store their elements out of line, so a node needs no extra box.
  ///
  /// ```swift
  /// if case .string(let path) = node.kind { print(path) }
  /// ```
  public enum Kind: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its literal text.
    case number(JSONNumber)
    /// A string, decoded.
    case string(String)
    /// An array of positioned elements.
    case array([JSONNode])
    /// An object's members, in document order.
    case object([JSONMember])
  }

  /// The value and its contents.
  public var kind: Kind
  /// The byte offset of the value's first byte in the source.
  public var start: Int
  /// The byte offset just past the value's last byte.
  public var end: Int

  /// Creates a node.
  public init(kind: Kind, start: Int, end: Int) {
    self.kind = kind
    self.start = start
    self.end = end
  }

  /// The value without positions.
  public var value: JSONValue {
    switch kind {
    case .null: .null
    case .bool(let bool): .bool(bool)
    case .number(let number): .number(number)
    case .string(let string): .string(string)
    case .array(let elements): .array(elements.map(\.value))
    case .object(let members):
      .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value.value) }))
    }
  }

  /// The JSON type's name, for messages such as "expected a string, found a number":
  /// `null`, `boolean`, `number`, `string`, `array` or `object`.
  public var typeName: String {
    switch kind {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The member with `key`, if this is an object that has one.
  public func member(_ key: String) -> JSONMember? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }
  }

  /// The members, if this is an object.
  public var members: [JSONMember]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  /// The elements, if this is an array.
  public var elements: [JSONNode]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let string) = kind { return string }
    return nil
  }
}

/// One `"key": value` member of a positioned JSON object.
///
/// ```swift
/// for member in root.members ?? [] {
///   print(member.key, lines.location(at: member.keyStart))
/// }
/// ```
public struct JSONMember: Sendable, Hashable {
  /// The decoded key.
  public var key: String
  /// The byte offset of the key's opening quote.
  public var keyStart: Int
  /// The member's value.
  public var value: JSONNode

  /// Creates a member.
  public init(key: String, keyStart: Int, value: JSONNode) {
    self.key = key
    self.keyStart = keyStart
    self.value = value
  }
}
