/// The state of one parse: the bytes, the read position and a stack of open arrays and objects.
///
/// Containers live on an explicit stack rather than the call stack, so nesting depth is bounded
/// only by ``JSONLimits/maxDepth``. The finished children of all open containers share two flat
/// buffers; closing a container copies its children out once, into an array of the exact size.
struct JSONReader {
  /// An array or object whose elements are being read.
  struct Frame {
    var isObject: Bool
    var start: Int
    /// Where this container's children begin in ``JSONReader/elements`` or ``JSONReader/members``.
    var base: Int
    /// The keys of a large object, for fast duplicate checks; small objects are searched linearly.
    var keySet: Set<String>?
    /// The key (and its offset) whose value is being read.
    var key: String = ""
    var keyStart: Int = 0
  }

  /// Objects with more members than this get a key set for duplicate checks.
  static let linearKeySearchLimit = 12

  let bytes: UnsafeBufferPointer<UInt8>
  let limits: JSONLimits
  var index = 0
  /// Reused buffer for decoding strings with escapes.
  var scratch: [UInt8] = []
  /// The finished elements of all open arrays, innermost last.
  var elements: [JSONNode] = []
  /// The finished members of all open objects, innermost last.
  var members: [JSONMember] = []
  /// The key of the root object's member whose array value is checked but not built
  /// (``JSONParser/parse(_:limits:deferring:)``), or nil to build everything.
  var deferredKey: String?
  /// Where the deferred array is and how many elements it has, once it was found valid and skipped.
  var deferred: (range: Range<Int>, count: Int)?
  /// Whether the deferred array is checked (``validatedEnd(from:depth:)``) or only skipped by its
  /// brackets (``structuralEnd(from:)``), for a caller that checks every byte as it reads them.
  var checksDeferred = true
  /// Whether an unchecked deferred array is taken to end at the document's last `]`, when the
  /// document ends with `]`, `}` and whitespace (``lastMemberEnd(from:)``), rather than found by
  /// its brackets; and whether it was.
  var assumesDeferredLast = false
  var deferredAssumedLast = false

  init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  // MARK: - Documents and containers

  mutating func parseDocument() throws(JSONParseError) -> JSONNode {
    let count = bytes.count
    if count > limits.maxBytes {
      let message = "the document is \(count) bytes; the limit is \(limits.maxBytes) bytes"
      throw JSONParseError(.jsonTooLarge, message, at: max(0, limits.maxBytes))
    }
    if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    let root = try parseValue()
    skipWhitespace()
    guard index >= count else { throw syntax("trailing text after the JSON value, found \(describe(at: index))") }
    return root
  }

  /// Parses the value at `index` (after any whitespace), leaving `index` just past it.
  mutating func parseValue() throws(JSONParseError) -> JSONNode {
    let count = bytes.count
    var stack: [Frame] = []
    var root = JSONNode(kind: .null, start: 0, end: 0)
    parsing: while true {
      // Read a scalar, or open a container and continue with its first element.
      skipWhitespace()
      guard index < count else { throw syntax("expected a JSON value, found end of input") }
      var node: JSONNode
      let byte = bytes[index]
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        guard stack.count < limits.maxDepth else {
          throw JSONParseError(
            .jsonTooDeep, "arrays and objects are nested more than \(limits.maxDepth) levels deep", at: index)
        }
        let isObject = byte == UInt8(ascii: "{")
        let start = index
        if !isObject, stack.count == 1, let deferredKey, stack[0].isObject, stack[0].key == deferredKey,
          let (end, elements) = checksDeferred ? validatedEnd(from: start, depth: 1) : uncheckedEnd(from: start)
        {
          // The deferred array: valid (or, unchecked, balanced), so the caller reads it from the
          // bytes; not built.
          index = end
          deferred = (start..<end, elements)
          node = JSONNode(kind: .array([]), start: start, end: end)
        } else {
          index += 1
          skipWhitespace()
          let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
          if index < count, bytes[index] == close {
            index += 1
            node = JSONNode(kind: isObject ? .object([]) : .array([]), start: start, end: index)
          } else {
            if stack.isEmpty { stack.reserveCapacity(8) }
            stack.append(Frame(isObject: isObject, start: start, base: isObject ? members.count : elements.count))
            if isObject { try readKey(into: &stack[stack.count - 1], expecting: "a string key or '}' in an object") }
            continue parsing
          }
        }
      } else {
        node = try parseScalar()
      }
      // Add the finished value to the innermost container; close containers that end here.
      while true {
        guard !stack.isEmpty else {
          root = node
          break parsing
        }
        let top = stack.count - 1
        skipWhitespace()
        let next: UInt8? = index < count ? bytes[index] : nil
        if stack[top].isObject {
          members.append(JSONMember(key: stack[top].key, keyStart: stack[top].keyStart, value: node))
          if next == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            try readKey(into: &stack[top], expecting: "a string key after ',' in an object")
            continue parsing
          }
          guard next == UInt8(ascii: "}") else {
            throw syntax("expected ',' or '}' after an object member, found \(describe(at: index))")
          }
          index += 1
          let frame = stack.removeLast()
          let children = Array(members[frame.base...])
          members.removeSubrange(frame.base...)
          node = JSONNode(kind: .object(children), start: frame.start, end: index)
        } else {
          elements.append(node)
          if next == UInt8(ascii: ",") {
            index += 1
            continue parsing
          }
          guard next == UInt8(ascii: "]") else {
            throw syntax("expected ',' or ']' after an array element, found \(describe(at: index))")
          }
          index += 1
          let frame = stack.removeLast()
          let children = Array(elements[frame.base...])
          elements.removeSubrange(frame.base...)
          node = JSONNode(kind: .array(children), start: frame.start, end: index)
        }
      }
    }
    return root
  }

  /// Reads `"key" :` into `frame`, checking that the object does not have the key yet.
  mutating func readKey(into frame: inout Frame, expecting: String) throws(JSONParseError) {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw syntax("expected \(expecting), found \(describe(at: index))")
    }
    let keyStart = index
    let key = try parseString()
    if isDuplicate(key, in: &frame) {
      let first = members[frame.base...].first { $0.key == key }?.keyStart
      throw JSONParseError(.jsonDuplicateKey, "duplicate key '\(key)' in an object", at: keyStart, relatedOffset: first)
    }
    frame.key = key
    frame.keyStart = keyStart
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
      throw syntax("expected ':' after an object key, found \(describe(at: index))")
    }
    index += 1
  }

  /// Whether `frame` already has a member with `key`; records the key in the frame's key set if it has one.
  func isDuplicate(_ key: String, in frame: inout Frame) -> Bool {
    let siblings = members[frame.base...]
    if frame.keySet == nil, siblings.count >= Self.linearKeySearchLimit {
      frame.keySet = Set(siblings.lazy.map(\.key))
    }
    if frame.keySet != nil {
      return frame.keySet?.insert(key).inserted == false
    }
    return siblings.contains { $0.key == key }
  }

  // MARK: - Scalars

  /// Parses a string, number or literal at `index`.
  mutating func parseScalar() throws(JSONParseError) -> JSONNode {
    let start = index
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "\""):
      let string = try parseString()
      return JSONNode(kind: .string(string), start: start, end: index)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let scan = JSONNumberGrammar.scan(bytes, from: index)
      if let error = scan.error { throw JSONParseError(.jsonSyntax, error.message, at: error.offset) }
      index = scan.end
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      return JSONNode(kind: .number(JSONNumber(uncheckedText: text)), start: start, end: index)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONNode(kind: .bool(true), start: start, end: index)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONNode(kind: .bool(false), start: start, end: index)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONNode(kind: .null, start: start, end: index)
    case UInt8(ascii: "+"), UInt8(ascii: "."):
      throw syntax("expected a JSON value, found \(describe(at: index)) (a number must start with '-' or a digit)")
    default:
      throw syntax("expected a JSON value, found \(describe(at: index))")
    }
  }

  /// Consumes `literal` at `index`, or throws.
  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let length = literal.utf8CodeUnitCount
    let matches = literal.withUTF8Buffer { expected in
      index + length <= bytes.count
        && expected.elementsEqual(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
    }
    guard matches else {
      throw syntax("expected '\(literal)', found \(describe(at: index))")
    }
    index += length
  }

  // MARK: - Helpers

  @inline(__always)
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// A syntax error at `offset` (by default the read position).
  func syntax(_ message: String, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(.jsonSyntax, message, at: offset ?? index)
  }

  /// Describes what is at `offset` for a message: `end of input`, `'x'`, a word such as `'NaN'`,
  /// `U+0009` for a control character, `'é' (U+00E9)` for other characters, or `byte 0xFF` for a byte that
  /// does not start valid UTF-8.
  func describe(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of input" }
    let byte = bytes[offset]
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      var end = offset
      while end < bytes.count, end - offset < 24, isWordByte(bytes[end]) { end += 1 }
      return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self) + "'"
    case UInt8(ascii: "'"):
      return "\"'\""
    case 0x21...0x7E:
      return "'" + String(UnicodeScalar(byte)) + "'"
    case 0..<0x20, 0x7F:
      return Self.scalarName(UInt32(byte))
    default:
      if let end = Self.validUTF8SequenceEnd(bytes, at: offset) {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        let name = text.unicodeScalars.first.map { Self.scalarName($0.value) } ?? ""
        return name == "U+FEFF" ? "a byte order mark (U+FEFF)" : "'\(text)' (\(name))"
      }
      return "byte " + Self.hex(UInt32(byte), digits: 2, prefix: "0x")
    }
  }

  private func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      true
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      false
    }
  }

  /// `U+0009` style name of a scalar value.
  static func scalarName(_ value: UInt32) -> String {
    hex(value, digits: 4, prefix: "U+")
  }

  /// Upper-case hex of `value`, zero-padded to `digits`.
  static func hex(_ value: UInt32, digits: Int, prefix: String) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return prefix + String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
