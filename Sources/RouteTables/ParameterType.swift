public import RouterSupport

/// The type of a captured parameter: what text it accepts and what JSON value it yields.
///
/// Typed parameters rank above untyped ones in precedence, and a value that does not fit the
/// type is not a match for that route (the matcher goes on to the next candidate).
///
/// ```swift
/// // "notes://note/{id:uuid}", "https://shop.example.com/orders/{order:int}"
/// ParameterType.int.accepts(Array("-42".utf8))     // true
/// ParameterType.uuid.accepts(Array("nope".utf8))   // false
/// ```
public enum ParameterType: String, Sendable, Hashable, CaseIterable, Codable {
  /// Any non-empty text (the default).
  case string
  /// A decimal integer that fits in 64 bits, with an optional leading `-`; yields a JSON number.
  case int
  /// A UUID, `8-4-4-4-12` hexadecimal digits in either case; yields the uppercase form,
  /// which is how Swift's `UUID` encodes, so equal UUIDs give equal values.
  case uuid

  /// Whether the decoded bytes of a value are of this type.
  @inlinable
  public func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch self {
    case .string: return !bytes.isEmpty
    case .int: return ParameterType.parseInt(bytes) != nil
    case .uuid: return ParameterType.isUUID(bytes)
    }
  }

  /// Whether the decoded bytes of a value are of this type.
  public func accepts(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { accepts($0) }
  }

  /// The JSON value a captured text of this type yields (the text must be accepted).
  public func value(of text: String) -> JSONValue {
    switch self {
    case .string: return .string(text)
    case .int:
      let parsed = Array(text.utf8).withUnsafeBufferPointer { ParameterType.parseInt($0) }
      return parsed.map { .number(JSONNumber($0)) } ?? .string(text)
    case .uuid: return .string(text.uppercased())
    }
  }

  /// Parses `-?[0-9]+` into an `Int64`, or nil when it does not fit or is not a number.
  @inlinable
  package static func parseInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    var index = 0
    var negative = false
    if bytes.count > 0 && bytes[0] == UInt8(ascii: "-") {
      negative = true
      index = 1
    }
    if index == bytes.count { return nil }
    // Leading zeros do not count towards the 19 digits: `{n:int}` takes any `-?[0-9]+` whose
    // value fits in 64 bits, `00000000000000000042` included (docs/table-format.md).
    while index < bytes.count - 1, bytes[index] == UInt8(ascii: "0") { index &+= 1 }
    if bytes.count - index > 19 { return nil }
    var magnitude: UInt64 = 0
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      if digit > 9 { return nil }
      magnitude = magnitude &* 10 &+ UInt64(digit)
      index &+= 1
    }
    if negative {
      if magnitude > UInt64(Int64.max) + 1 { return nil }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    return magnitude > UInt64(Int64.max) ? nil : Int64(magnitude)
  }

  /// Whether the bytes are a UUID in `8-4-4-4-12` form.
  @inlinable
  package static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count == 36 else { return false }
    for index in 0..<36 {
      let byte = bytes[index]
      if index == 8 || index == 13 || index == 18 || index == 23 {
        if byte != UInt8(ascii: "-") { return false }
      } else {
        let isDigit = byte &- UInt8(ascii: "0") < 10
        let isHexLetter = (byte | 0x20) &- UInt8(ascii: "a") < 6
        if !isDigit && !isHexLetter { return false }
      }
    }
    return true
  }
}
