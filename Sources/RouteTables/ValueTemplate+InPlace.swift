package import RouterSupport

extension ValueTemplate {
  /// The template of the JSON value at `cursor`, read where a table file holds it (no
  /// ``JSONNode`` built), the same as `ValueTemplate(node:)` of that value; the cursor moves
  /// past it. `depth` arrays and objects are open around the value.
  ///
  /// Nil, with the cursor anywhere, for what it leaves to `ValueTemplate(node:)`: a string or
  /// key with an escape or anything but printable ASCII, a string with braces that is not a
  /// placeholder (`"{{x}}"` is literal text whose value as JSON is not the text), a template
  /// error; and for anything the JSON parser would not accept (the bytes are read unchecked:
  /// a value it takes is valid JSON; a string that runs to the end of the bytes is read as
  /// escaped), or containers nested to the parser's limit.
  ///
  /// ```swift
  /// var cursor = JSONCursor(buffer, at: valueStart)
  /// let template = ValueTemplate.inPlace(&cursor, ShortStringCache(), depth: 4)   // nil: read the node instead
  /// ```
  package static func inPlace(_ cursor: inout JSONCursor, _ strings: ShortStringCache, depth: Int) -> ValueTemplate? {
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
      guard brace else { return .literal(.string(strings.smallOrCached(bytes))) }
      guard case .success(let template) = interpolated(bytes, strings: strings), !template.isLiteral else { return nil }
      return template
    case UInt8(ascii: "{"):
      guard depth < JSONLimits.default.maxDepth else { return nil }
      cursor.index += 1
      return objectInPlace(&cursor, strings, depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth < JSONLimits.default.maxDepth else { return nil }
      cursor.index += 1
      var items: [ValueTemplate] = []
      var literal = true
      if !cursor.consume(UInt8(ascii: "]")) {
        repeat {
          guard let item = inPlace(&cursor, strings, depth: depth + 1) else { return nil }
          literal = literal && item.isLiteral
          items.append(item)
        } while cursor.consume(UInt8(ascii: ","))
        guard cursor.consume(UInt8(ascii: "]")) else { return nil }
      }
      guard literal else { return .array(items) }
      return .literal(.array(items.map(\.literalValue)))
    case UInt8(ascii: "t"):
      return cursor.consume(literal: "true") ? .literal(.bool(true)) : nil
    case UInt8(ascii: "f"):
      return cursor.consume(literal: "false") ? .literal(.bool(false)) : nil
    case UInt8(ascii: "n"):
      return cursor.consume(literal: "null") ? .literal(.null) : nil
    default:
      let range = cursor.number()
      guard
        let number = JSONNumber(
          text: String(decoding: UnsafeBufferPointer(rebasing: cursor.bytes[range]), as: UTF8.self))
      else { return nil }
      return .literal(.number(number))
    }
  }

  /// The members of the object whose `{` the cursor has passed, gathered on the stack (room
  /// for eight) and moved into one array of their number: an object template's array is made
  /// once and holds no spare room, and an object of literals makes only its `JSONObject`'s.
  /// (Reserving four in an array cost a table of 100,000 routes 3.7 MB of room never used,
  /// and an array made and thrown away for each object of literals.) Nil as
  /// ``inPlace(_:_:depth:)``, and for a key that repeats one before it (the parser's error).
  /// `depth` counts the object among the containers open around its members.
  private static func objectInPlace(
    _ cursor: inout JSONCursor, _ strings: ShortStringCache, depth: Int
  ) -> ValueTemplate? {
    typealias Member = (key: String, value: ValueTemplate)
    return withUnsafeTemporaryAllocation(of: Member.self, capacity: 8) { stack -> ValueTemplate? in
      let base = stack.baseAddress.unsafelyUnwrapped
      // The members on the stack; from the ninth on, every member in `spilled` instead.
      var count = 0
      var spilled: [Member] = []
      // (Nothing to deinitialize once moved out: the test skips a call to the runtime.)
      defer { if count > 0 { base.deinitialize(count: count) } }
      var literal = true
      if !cursor.consume(UInt8(ascii: "}")) {
        repeat {
          cursor.skipWhitespace()
          guard cursor.byte == UInt8(ascii: "\"") else { return nil }
          let (range, escaped) = cursor.string()
          guard !escaped, cursor.consume(UInt8(ascii: ":")), let value = inPlace(&cursor, strings, depth: depth)
          else { return nil }
          literal = literal && value.isLiteral
          let key = strings.smallOrCached(UnsafeBufferPointer(rebasing: cursor.bytes[range]))
          // A key repeated is the parser's error (keys of printable ASCII: equal as strings
          // exactly when equal as bytes).
          for index in 0..<count where sameKey((base + index).pointee.key, key) { return nil }
          for member in spilled where sameKey(member.key, key) { return nil }
          if spilled.isEmpty && count < 8 {
            (base + count).initialize(to: (key, value))
            count += 1
          } else {
            if spilled.isEmpty {
              spilled.reserveCapacity(16)
              for index in 0..<count { spilled.append((base + index).move()) }
              count = 0
            }
            spilled.append((key, value))
          }
        } while cursor.consume(UInt8(ascii: ","))
        guard cursor.consume(UInt8(ascii: "}")) else { return nil }
      }
      if !spilled.isEmpty {
        guard literal else { return .object(spilled) }
        return .literal(
          .object(JSONObject(spilled.map { JSONObject.Member(key: $0.key, value: $0.value.literalValue) })))
      }
      // (Reserved and appended to: `Array(unsafeUninitializedCapacity:)` looked the array's
      // type up at run time: about 400 instructions more an object, measured.)
      guard literal else {
        var members: [Member] = []
        members.reserveCapacity(count)
        for index in 0..<count { members.append((base + index).move()) }
        count = 0  // moved out: nothing left to deinitialize
        return .object(members)
      }
      var members: [JSONObject.Member] = []
      members.reserveCapacity(count)
      for index in 0..<count {
        let member = (base + index).move()
        members.append(JSONObject.Member(key: member.key, value: member.value.literalValue))
      }
      count = 0  // moved out
      return .literal(.object(JSONObject(members)))
    }
  }

  /// Whether two keys of an object are the same: by their two words when both are short ASCII
  /// strings (not through `==`, a call a member), else as strings.
  @inline(__always)
  private static func sameKey(_ a: String, _ b: String) -> Bool {
    if let x = SmallASCIIString.words(of: a), let y = SmallASCIIString.words(of: b) { return x == y }
    return a == b
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
