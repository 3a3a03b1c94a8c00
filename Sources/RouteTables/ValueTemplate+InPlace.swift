package import RouterSupport

extension ValueTemplate {
  /// The template of the JSON value at `cursor`, read where a table file holds it (no
  /// ``JSONNode`` built), the same as `ValueTemplate(node:)` of that value; the cursor moves
  /// past it.
  ///
  /// Nil, with the cursor anywhere, for what it leaves to `ValueTemplate(node:)`: a string or
  /// key with an escape, a string with braces that is not a placeholder (`"{{x}}"` is literal
  /// text whose value as JSON is not the text), a template error.
  ///
  /// ```swift
  /// var cursor = JSONCursor(buffer, at: valueStart)
  /// let template = ValueTemplate.inPlace(&cursor, ShortStringCache())   // nil: read the node instead
  /// ```
  package static func inPlace(_ cursor: inout JSONCursor, _ strings: ShortStringCache) -> ValueTemplate? {
    cursor.skipWhitespace()
    switch cursor.byte {
    case UInt8(ascii: "\""):
      let (range, escaped) = cursor.string()
      guard !escaped else { return nil }
      let bytes = UnsafeBufferPointer(rebasing: cursor.bytes[range])
      var brace = false
      for byte in bytes where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
        brace = true
        break
      }
      guard brace else { return .literal(.string(strings.string(bytes))) }
      guard case .success(let template) = interpolated(bytes, strings: strings), !template.isLiteral else { return nil }
      return template
    case UInt8(ascii: "{"):
      cursor.index += 1
      var members: [(key: String, value: ValueTemplate)] = []
      // Room for an object's usual few members, so that the array is made once.
      members.reserveCapacity(4)
      var literal = true
      if !cursor.consume(UInt8(ascii: "}")) {
        repeat {
          cursor.skipWhitespace()
          let (range, escaped) = cursor.string()
          guard !escaped, cursor.consume(UInt8(ascii: ":")), let value = inPlace(&cursor, strings) else { return nil }
          literal = literal && value.isLiteral
          members.append((strings.string(UnsafeBufferPointer(rebasing: cursor.bytes[range])), value))
        } while cursor.consume(UInt8(ascii: ","))
        guard cursor.consume(UInt8(ascii: "}")) else { return nil }
      }
      guard literal else { return .object(members) }
      return .literal(.object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value.literalValue) })))
    case UInt8(ascii: "["):
      cursor.index += 1
      var items: [ValueTemplate] = []
      var literal = true
      if !cursor.consume(UInt8(ascii: "]")) {
        repeat {
          guard let item = inPlace(&cursor, strings) else { return nil }
          literal = literal && item.isLiteral
          items.append(item)
        } while cursor.consume(UInt8(ascii: ","))
        guard cursor.consume(UInt8(ascii: "]")) else { return nil }
      }
      guard literal else { return .array(items) }
      return .literal(.array(items.map(\.literalValue)))
    case UInt8(ascii: "t"):
      cursor.index += 4
      return .literal(.bool(true))
    case UInt8(ascii: "f"):
      cursor.index += 5
      return .literal(.bool(false))
    case UInt8(ascii: "n"):
      cursor.index += 4
      return .literal(.null)
    default:
      let range = cursor.number()
      guard
        let number = JSONNumber(
          text: String(decoding: UnsafeBufferPointer(rebasing: cursor.bytes[range]), as: UTF8.self))
      else { return nil }
      return .literal(.number(number))
    }
  }

  /// Whether `body` holds for every parameter the template uses (each time it is used):
  /// `parameterNames.allSatisfy(body)`, without building the list.
  func allParameters(_ body: (String) -> Bool) -> Bool {
    switch self {
    case .literal: return true
    case .parameter(let name): return body(name)
    case .text(let pieces):
      for case .parameter(let name) in pieces where !body(name) { return false }
      return true
    case .array(let items): return items.allSatisfy { $0.allParameters(body) }
    case .object(let members): return members.allSatisfy { $0.value.allParameters(body) }
    }
  }

  /// The value of a literal template (`.null` for any other: callers ask literals only).
  private var literalValue: JSONValue {
    if case .literal(let value) = self { return value }
    return .null
  }
}
