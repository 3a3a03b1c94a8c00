import RouterSupport

/// Writes one record's bytes into a fixed scratch chunk (on the caller's stack) and moves them
/// to the output array in one copy when the chunk fills and at the end: plain stores instead of
/// an `Array.append(contentsOf:)` (a uniqueness check, a capacity check and a `memmove` call)
/// for every literal, key and value of the record.
///
/// A string that needs no escape (nearly all of them) is copied as it is; one that does, or a
/// piece larger than the chunk, goes through `JSONWriter` straight into the output after what
/// the chunk holds, so the bytes are those of `JSONWriter.append`, in order, whatever their size.
///
/// ```swift
/// RecordWriter.write(to: &out) { w in
///   w.literal(#"{"line":"#)
///   w.integer(7)
///   w.literal("}\n")
/// }
/// ```
struct RecordWriter: ~Copyable {
  /// The scratch chunk: bytes written and not yet moved to the output.
  private let chunk: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private var count = 0
  /// The output array, lent for the duration of ``write(to:_:)``.
  private let out: UnsafeMutablePointer<[UInt8]>
  /// The output's count when the record began.
  private let start: Int

  /// The chunk size: most records fit whole, so they reach the output in one copy. At most
  /// 1 KiB, which `withUnsafeTemporaryAllocation` always takes from the stack (a larger one is
  /// asked of the heap on Linux: one allocation a record).
  static let chunkSize = 1024

  private init(chunk: UnsafeMutableBufferPointer<UInt8>, out: UnsafeMutablePointer<[UInt8]>) {
    self.chunk = chunk.baseAddress!
    self.capacity = chunk.count
    self.out = out
    self.start = out.pointee.count
  }

  /// Runs `body` with a writer that appends to `out`, then moves what is left in the chunk.
  static func write(to out: inout [UInt8], _ body: (inout RecordWriter) -> Void) {
    withUnsafeMutablePointer(to: &out) { out in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkSize) { chunk in
        var writer = RecordWriter(chunk: chunk, out: out)
        body(&writer)
        writer.flush()
      }
    }
  }

  /// The bytes written since the record began (what a ``RecordLayout`` range counts).
  var offset: Int { out.pointee.count &- start &+ count }

  /// Moves the chunk's bytes to the output.
  private mutating func flush() {
    guard count > 0 else { return }
    out.pointee.append(contentsOf: UnsafeBufferPointer(start: chunk, count: count))
    count = 0
  }

  /// Whether `n` more bytes fit in the chunk, after moving it out if they would not otherwise.
  @inline(__always)
  private mutating func room(_ n: Int) -> Bool {
    if count &+ n <= capacity { return true }
    flush()
    return n <= capacity
  }

  @inline(__always)
  mutating func byte(_ b: UInt8) {
    if count == capacity { flush() }
    chunk[count] = b
    count &+= 1
  }

  /// Raw bytes, as they are.
  @inline(__always)
  mutating func bytes(_ raw: UnsafeBufferPointer<UInt8>) {
    guard let source = raw.baseAddress, !raw.isEmpty else { return }
    if room(raw.count) {
      (chunk + count).initialize(from: source, count: raw.count)
      count &+= raw.count
    } else {
      out.pointee.append(contentsOf: raw)
    }
  }

  @inline(__always)
  mutating func literal(_ s: StaticString) {
    bytes(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }

  /// A non-negative integer's decimal digits (a negative one as `String` writes it).
  mutating func integer(_ value: Int) {
    guard value >= 0 else {
      var text = String(value)
      text.withUTF8 { bytes($0) }
      return
    }
    let digits = DecimalDigits.count(of: UInt64(value))
    _ = room(digits)
    DecimalDigits.write(UInt64(value), digits: digits, at: chunk + count)
    count &+= digits
  }

  /// Valid UTF-8 as the inside of a JSON string (no quotes), escaped as `JSONWriter` escapes it.
  @inline(__always)
  mutating func escaped(utf8 raw: UnsafeBufferPointer<UInt8>) {
    if JSONWriter.skipUnescaped(raw, from: 0) == raw.count { return bytes(raw) }
    flush()
    JSONWriter.appendEscaped(utf8: raw, to: &out.pointee)
  }

  /// A quoted, escaped JSON string, as `JSONWriter.appendString` writes it.
  mutating func string(_ s: String) {
    byte(UInt8(ascii: "\""))
    if s.utf8.withContiguousStorageIfAvailable({ escaped(utf8: $0) }) == nil {
      var copy = s
      copy.withUTF8 { escaped(utf8: $0) }
    }
    byte(UInt8(ascii: "\""))
  }

  /// `,"key":"value"`.
  mutating func field(_ key: StaticString, _ value: String) {
    literal(#",""#)
    literal(key)
    literal(#"":"#)
    string(value)
  }

  /// A JSON value, compact and in member order, as `JSONWriter.append(_:to:)` writes it.
  mutating func json(_ value: JSONValue) {
    switch value {
    case .null: literal("null")
    case .bool(let bool): if bool { literal("true") } else { literal("false") }
    case .number(let number):
      if number.text.utf8.withContiguousStorageIfAvailable({ bytes($0) }) == nil {
        var copy = number.text
        copy.withUTF8 { bytes($0) }
      }
    case .string(let string): self.string(string)
    case .array(let elements):
      byte(UInt8(ascii: "["))
      var first = true
      for element in elements {
        if !first { byte(UInt8(ascii: ",")) }
        first = false
        json(element)
      }
      byte(UInt8(ascii: "]"))
    case .object(let object): self.object(object)
    }
  }

  /// A JSON object, compact and in member order.
  mutating func object(_ object: JSONObject) {
    byte(UInt8(ascii: "{"))
    var first = true
    for member in object.members {
      if !first { byte(UInt8(ascii: ",")) }
      first = false
      string(member.key)
      byte(UInt8(ascii: ":"))
      json(member.value)
    }
    byte(UInt8(ascii: "}"))
  }

  /// A JSON array of strings.
  mutating func strings(_ values: [String]) {
    byte(UInt8(ascii: "["))
    for (i, value) in values.enumerated() {
      if i > 0 { byte(UInt8(ascii: ",")) }
      string(value)
    }
    byte(UInt8(ascii: "]"))
  }
}
