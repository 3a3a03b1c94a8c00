#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A document parsed with one large array left in its bytes: checked as strictly as the rest,
// but not built into nodes, for a caller that reads it in place (the route table loader).
extension JSONParser {
  /// Parses one JSON document from `buffer`, except the array value of the root object's
  /// member `key`: that array is checked (it is valid JSON and no object in it repeats a key)
  /// but not built. Its node in the tree is an empty array with the real `start` and `end`;
  /// `deferred` is its byte range and its number of elements, for the caller to read it with a
  /// ``JSONCursor``.
  ///
  /// The errors are those of ``parse(_:limits:)-(UnsafeBufferPointer<UInt8>,_)``, at the same
  /// offsets: an array that the check does not accept (an error in it, or a form the check
  /// leaves to the full parser, such as a key with an escape) is parsed and built as usual,
  /// and `deferred` is nil.
  ///
  /// ```swift
  /// let (root, routes) = try JSONParser.parse(buffer, deferring: "routes")
  /// if let routes { var cursor = JSONCursor(buffer, at: routes.range.lowerBound) }
  /// ```
  package static func parse(
    _ buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default, deferring key: String
  ) throws(JSONParseError) -> (root: JSONNode, deferred: (range: Range<Int>, count: Int)?) {
    try parse(buffer, limits: limits, deferring: key, checked: true)
  }

  /// ``parse(_:limits:deferring:)``, but with `checked` false the deferred array is only skipped
  /// by its brackets (strings skipped whole; nothing else checked): the caller must check every
  /// byte of it as it reads it, and, on any doubt, parse again with `checked` true, which
  /// reports the document's first error. With `checked` false, an error thrown is not
  /// necessarily the first one (the array may hold an earlier one): parse again checked.
  ///
  /// ```swift
  /// let (root, routes) = try JSONParser.parse(buffer, deferring: "routes", checked: false)
  /// ```
  package static func parse(
    _ buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default, deferring key: String, checked: Bool
  ) throws(JSONParseError) -> (root: JSONNode, deferred: (range: Range<Int>, count: Int)?) {
    let parsed = try parse(buffer, limits: limits, deferring: key, checked: checked, assumingLast: false)
    return (parsed.root, parsed.deferred.map { ($0.range, $0.count) })
  }

  /// ``parse(_:limits:deferring:checked:)`` unchecked, where, with `assumingLast`, the deferred
  /// array is taken to be the root object's last member when the document ends with `]`, `}`
  /// and whitespace: it ends at that `]` (not found by its brackets, which read every byte of
  /// it), and its `count` is an estimate (the `{` after a `[` or a `,` in it: its objects, and
  /// the objects of arrays in them), for reserving room only. `assumed` says whether it was
  /// taken so: then the caller's read must end exactly at the range's end, else the array ends
  /// earlier and the caller parses again without `assumingLast`.
  ///
  /// ```swift
  /// let parsed = try JSONParser.parse(buffer, deferring: "routes", checked: false, assumingLast: true)
  /// ```
  package static func parse(
    _ buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default, deferring key: String, checked: Bool,
    assumingLast: Bool
  ) throws(JSONParseError) -> (root: JSONNode, deferred: (range: Range<Int>, count: Int, assumed: Bool)?) {
    var reader = JSONReader(bytes: buffer, limits: limits)
    // Decoded strings may be bounded; the check counts bytes as written, so it leaves that to the parser.
    if limits.maxStringBytes == nil { reader.deferredKey = key }
    reader.checksDeferred = checked
    reader.assumesDeferredLast = assumingLast && !checked
    let root = try reader.parseDocument()
    return (root, reader.deferred.map { ($0.range, $0.count, reader.deferredAssumedLast) })
  }

  /// The offset past the JSON value at `offset` of `buffer`, if the parser accepts it where
  /// `depth` arrays and objects are open around it and the check takes it (see
  /// ``parse(_:limits:deferring:)``: a key with an escape or beyond ASCII, or an object of more
  /// than 64 members, is left to the parser: nil).
  ///
  /// ```swift
  /// if let end = JSONParser.validatedEnd(in: buffer, at: elementStart, depth: 2) { … }
  /// ```
  package static func validatedEnd(in buffer: UnsafeBufferPointer<UInt8>, at offset: Int, depth: Int) -> Int? {
    JSONReader(bytes: buffer, limits: .default).validatedEnd(from: offset, depth: depth)?.end
  }

  /// The value at `offset` of a document that parsed (for example an element of a deferred
  /// array), built with its positions in the whole document; nil if it is not valid JSON.
  ///
  /// ```swift
  /// let route = JSONParser.value(in: buffer, at: elementStart)
  /// ```
  package static func value(in buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> JSONNode? {
    var reader = JSONReader(bytes: buffer, limits: .default)
    reader.index = offset
    return try? reader.parseValue()
  }
}

extension JSONReader {
  /// The offset just past the JSON value that starts at `start`, if it is valid (and, for an
  /// array, its number of elements; 0 for any other value): the same
  /// grammar, escapes, UTF-8 and depth (`depth` containers are open around it) as the parser
  /// checks, and no object repeats a key. Builds nothing.
  ///
  /// Nil when the value has an error, and also for what this check leaves to the parser
  /// (which then reads the value and reports any error exactly): an object key with an
  /// escape or a byte beyond ASCII (such keys may be equal as strings without being equal as
  /// bytes), an object of more than 64 members. So a value it accepts is one the parser
  /// accepts.
  func validatedEnd(from start: Int, depth: Int) -> (end: Int, elements: Int)? {
    let count = bytes.count
    var index = start
    var elements = 0
    // For each open container: -1 for an array, else where its keys begin in `keys`.
    var frames = IntStack(capacity: 16)
    // The open objects' keys: where each starts, and its length.
    var keys = IntStack(capacity: 64)
    defer {
      frames.deallocate()
      keys.deallocate()
    }
    while true {
      // A value, or the opening of a container (then its first element or key).
      index = skipWhitespace(from: index)
      guard index < count else { return nil }
      var byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth + frames.count < limits.maxDepth else { return nil }
        let isObject = byte == UInt8(ascii: "{")
        index = skipWhitespace(from: index + 1)
        guard index < count else { return nil }
        if bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          index += 1
        } else if isObject {
          frames.push(keys.count)
          guard let next = key(at: index, &keys, from: keys.count) else { return nil }
          index = next
          continue
        } else {
          frames.push(-1)
          continue
        }
      case UInt8(ascii: "\""):
        guard let end = validatedStringEnd(quote: index) else { return nil }
        index = end
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let scan = JSONNumberGrammar.scan(bytes, from: index)
        guard scan.error == nil else { return nil }
        index = scan.end
      case UInt8(ascii: "t"):
        guard matches("true", at: index) else { return nil }
        index += 4
      case UInt8(ascii: "f"):
        guard matches("false", at: index) else { return nil }
        index += 5
      case UInt8(ascii: "n"):
        guard matches("null", at: index) else { return nil }
        index += 4
      default:
        return nil
      }
      // A value ended: a separator, or the end of containers.
      while true {
        guard frames.count > 0 else { return (index, elements) }
        let top = frames.top
        if frames.count == 1 && top < 0 { elements += 1 }
        index = skipWhitespace(from: index)
        guard index < count else { return nil }
        byte = bytes[index]
        if byte == UInt8(ascii: ",") {
          index += 1
          if top >= 0 {
            index = skipWhitespace(from: index)
            guard index < count, let next = key(at: index, &keys, from: top) else { return nil }
            index = next
          }
          break
        }
        guard byte == (top >= 0 ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
        index += 1
        frames.pop()
        if top >= 0 { keys.count = top }
      }
    }
  }

  /// The end of the unchecked deferred array whose `[` is at `start`: the document's last `]`
  /// when ``assumesDeferredLast`` and the document ends so (``lastMemberEnd(from:)``), else
  /// found by its brackets (``structuralEnd(from:)``).
  mutating func uncheckedEnd(from start: Int) -> (end: Int, elements: Int)? {
    if assumesDeferredLast, let last = lastMemberEnd(from: start) {
      deferredAssumedLast = true
      return last
    }
    return structuralEnd(from: start)
  }

  /// The offset just past the document's last `]`, when the document ends with `]`, `}` and
  /// whitespace after `start` (an array at `start` that is the root object's last member ends
  /// there), and an estimate of the array's elements: the `{` in it that follow a `[` or a `,`
  /// (whitespace between), each found by the C library's `memchr` (a few instructions for
  /// every 32 bytes; reading every byte for the brackets cost about 840 instructions a route of
  /// the synth100k table). Nil when the document does not end so.
  func lastMemberEnd(from start: Int) -> (end: Int, elements: Int)? {
    guard let base = bytes.baseAddress, start < bytes.count, base[start] == UInt8(ascii: "[") else { return nil }
    func isWhitespace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
    var last = bytes.count - 1
    while last > start, isWhitespace(base[last]) { last -= 1 }
    guard last > start, base[last] == UInt8(ascii: "}") else { return nil }
    last -= 1
    while last > start, isWhitespace(base[last]) { last -= 1 }
    guard last > start, base[last] == UInt8(ascii: "]") else { return nil }
    var elements = 0
    var offset = start + 1
    while offset < last, let found = memchr(base + offset, Int32(UInt8(ascii: "{")), last - offset) {
      let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
      // The byte before it other than whitespace (the `[` at `start` at the latest).
      var before = at - 1
      while isWhitespace(base[before]) { before -= 1 }
      if base[before] == UInt8(ascii: ",") || base[before] == UInt8(ascii: "[") { elements += 1 }
      offset = at + 1
    }
    return (last + 1, elements)
  }

  /// The offset just past the array whose `[` is at `start`, and its number of elements, found
  /// by its brackets alone: strings are skipped whole (to the first quote not escaped), no
  /// other byte is checked, a `}` closes as a `]` does. Nil if the bytes end first. For a
  /// caller that checks every byte of the array as it reads it.
  func structuralEnd(from start: Int) -> (end: Int, elements: Int)? {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return nil }
    var index = skipWhitespace(from: start + 1)
    guard index < count else { return nil }
    if base[index] == UInt8(ascii: "]") { return (index + 1, 0) }
    var depth = 1
    var commas = 0
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while index < count {
      let byte = base[index]
      index += 1
      if byte == UInt8(ascii: "\"") {
        // To the closing quote: eight bytes at a time to the first quote or backslash.
        while true {
          if index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let found = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
            if found == 0 {
              index += 8
              continue
            }
            index += found.trailingZeroBitCount &>> 3
          } else if index >= count {
            return nil
          }
          let next = base[index]
          index += 1
          if next == UInt8(ascii: "\"") { break }
          if next == UInt8(ascii: "\\") { index += 1 }
        }
      } else if byte | 0x20 == UInt8(ascii: "{") {
        // `{` or `[`.
        depth += 1
      } else if byte | 0x20 == UInt8(ascii: "}") {
        // `}` or `]`.
        depth -= 1
        if depth == 0 { return (index, commas + 1) }
      } else if byte == UInt8(ascii: ","), depth == 1 {
        commas += 1
      }
    }
    return nil
  }

  /// Reads `"key" :` at `index` (a quote expected): an ASCII key without escapes that no key
  /// from `first` on in `keys` (two entries a key: its start and its length) equals; pushes it
  /// and returns the offset past the colon.
  private func key(at index: Int, _ keys: inout IntStack, from first: Int) -> Int? {
    let count = bytes.count
    guard bytes[index] == UInt8(ascii: "\"") else { return nil }
    let end = skipPlainASCII(from: index + 1)
    guard end < count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    let length = end - start
    guard keys.count - first < 128 else { return nil }
    var other = first
    while other < keys.count {
      if keys[other + 1] == length, equal(keys[other], start, length) { return nil }
      other += 2
    }
    keys.push(start, length)
    let colon = skipWhitespace(from: end + 1)
    guard colon < count, bytes[colon] == UInt8(ascii: ":") else { return nil }
    return colon + 1
  }

  /// Whether the `length` bytes at `a` and at `b` are equal.
  private func equal(_ a: Int, _ b: Int, _ length: Int) -> Bool {
    var i = 0
    while i < length {
      if bytes[a + i] != bytes[b + i] { return false }
      i += 1
    }
    return true
  }

  /// The offset past the string whose opening quote is at `quote`, if the parser would read it
  /// (escapes, control characters and UTF-8 checked as ``parseString()`` checks them).
  /// Inlined for the usual string, plain ASCII to its quote; any other goes on in
  /// ``validatedStringEnd(from:)``.
  @inline(__always)
  private func validatedStringEnd(quote: Int) -> Int? {
    let cursor = skipPlainASCII(from: quote + 1)
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") { return cursor + 1 }
    return validatedStringEnd(from: cursor)
  }

  /// The offset past the string whose contents are read on from `from` (after plain ASCII, at
  /// a byte that is not a quote), if the parser would read it.
  @inline(never)
  private func validatedStringEnd(from: Int) -> Int? {
    let count = bytes.count
    var cursor = from
    while true {
      cursor = skipPlainASCII(from: cursor)
      guard cursor < count else { return nil }
      let byte = bytes[cursor]
      if byte == UInt8(ascii: "\"") { return cursor + 1 }
      if byte < 0x20 { return nil }
      if byte >= 0x80 {
        guard let end = Self.validUTF8SequenceEnd(bytes, at: cursor) else { return nil }
        cursor = end
        continue
      }
      // A backslash.
      guard cursor + 1 < count else { return nil }
      switch bytes[cursor + 1] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        cursor += 2
      case UInt8(ascii: "u"):
        guard let (_, length) = try? unicodeEscape(at: cursor) else { return nil }
        cursor += length
      default:
        return nil
      }
    }
  }

  /// Whether `literal` is written at `index`.
  private func matches(_ literal: StaticString, at index: Int) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard index + length <= bytes.count else { return false }
    return literal.withUTF8Buffer { expected in
      for i in 0..<length where expected[i] != bytes[index + i] { return false }
      return true
    }
  }

  /// The first offset from `index` on that is not JSON whitespace.
  @inline(__always)
  func skipWhitespace(from index: Int) -> Int {
    var index = index
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return index
      }
    }
    return index
  }
}

/// A stack of integers in memory the caller frees (``deallocate()``): the check of a deferred
/// array pushes and pops for every container and key, without an array's checks.
struct IntStack {
  private var base: UnsafeMutablePointer<Int>
  private var capacity: Int
  /// How many integers are on the stack; setting a smaller count pops the rest.
  var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  @inline(__always)
  subscript(index: Int) -> Int { base[index] }

  /// The integer on top (the stack is not empty).
  @inline(__always)
  var top: Int { base[count - 1] }

  @inline(__always)
  mutating func push(_ value: Int) {
    if count == capacity { grow() }
    (base + count).initialize(to: value)
    count += 1
  }

  /// Twice the room.
  @inline(never)
  private mutating func grow() {
    let grown = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity *= 2
  }

  /// Pushes `first`, then `second`.
  @inline(__always)
  mutating func push(_ first: Int, _ second: Int) {
    while count + 2 > capacity { grow() }
    (base + count).initialize(to: first)
    (base + count + 1).initialize(to: second)
    count += 2
  }

  @inline(__always)
  mutating func pop() { count -= 1 }

  func deallocate() { base.deallocate() }
}
