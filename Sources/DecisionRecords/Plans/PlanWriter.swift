import RouteMatcher
import RouteTables
import RouterSupport

/// Runs ``RecordPlan`` steps into a byte buffer of its own: plain stores and copies, with room
/// made once per record, so that a record costs one copy into the caller's array.
struct PlanWriter: ~Copyable {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The bytes written since the last ``reset()``.
  private(set) var count = 0

  init() {
    capacity = 1 << 12
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  mutating func reset() { count = 0 }

  /// Writes a record from `ops` (constants in `pool`) for line `line`, whose bytes a pattern
  /// took with its captures in `scratch`. False when a captured value is not of its type (the
  /// matcher checked the types, so this does not happen; the caller then decides in full).
  mutating func write(
    _ ops: UnsafeBufferPointer<PlanOp>, pool: UnsafePointer<UInt8>, constantBytes: Int, captureSteps: Int,
    line: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: borrowing MatchScratch
  ) -> Bool {
    // Room for the worst case: every byte of the line escaped as \u00XX in the input and in
    // each capture step, and the line number's 20 digits.
    let perCopy = max(6 &* bytes.count &+ 2, 40)
    reserve(constantBytes &+ 20 &+ (1 &+ captureSteps) &* perCopy)
    for op in ops {
      switch op.kind {
      case .constant:
        copy(pool + Int(op.start), Int(op.count))
      case .line:
        if line < 0 { put(UInt8(ascii: "-")) }
        writeDecimal(UInt64(line.magnitude))
      case .input:
        put(UInt8(ascii: "\""))
        escaped(bytes)
        put(UInt8(ascii: "\""))
      case .capture, .captureInString:
        let raw = UnsafeBufferPointer(rebasing: bytes[scratch.pathCapture(Int(op.start))])
        guard capture(raw, op.type, quoted: op.kind == .capture) else { return false }
      }
    }
    return true
  }

  /// A captured value as ``ParameterType/value(of:)`` gives it, written as JSON (`quoted`) or
  /// as its text inside a JSON string.
  private mutating func capture(_ raw: UnsafeBufferPointer<UInt8>, _ type: ParameterType, quoted: Bool) -> Bool {
    switch type {
    case .string:
      if quoted { put(UInt8(ascii: "\"")) }
      escaped(raw)
      if quoted { put(UInt8(ascii: "\"")) }
    case .int:
      // JSONNumber's text for an Int64: String(value).
      guard let value = ParameterType.parseInt(raw) else { return false }
      if value < 0 { put(UInt8(ascii: "-")) }
      writeDecimal(value.magnitude)
    case .uuid:
      guard ParameterType.isUUID(raw) else { return false }
      if quoted { put(UInt8(ascii: "\"")) }
      for byte in raw { put(byte &- UInt8(ascii: "a") < 26 ? byte &- 0x20 : byte) }
      if quoted { put(UInt8(ascii: "\"")) }
    }
    return true
  }

  /// The inside of a JSON string: its plain bytes tested and copied a word at a time (the whole
  /// string in the common case), then JSONWriter's escapes from the first byte that needs one.
  private mutating func escaped(_ raw: UnsafeBufferPointer<UInt8>) {
    let plain = JSONWriter.copyUnescaped(raw, to: base + count)
    count &+= plain
    if plain < raw.count { escapedRest(UnsafeBufferPointer(rebasing: raw[plain...])) }
  }

  /// JSONWriter's escapes for the rest of a string, from its first byte that needs one.
  @inline(never)
  private mutating func escapedRest(_ raw: UnsafeBufferPointer<UInt8>) {
    var out: [UInt8] = []
    JSONWriter.appendEscaped(utf8: raw, to: &out)
    out.withUnsafeBufferPointer { copy($0.baseAddress!, $0.count) }
  }

  private mutating func writeDecimal(_ value: UInt64) {
    let digits = DecimalDigits.count(of: value)
    DecimalDigits.write(value, digits: digits, at: base + count)
    count &+= digits
  }

  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    base[count] = byte
    count &+= 1
  }

  @inline(__always)
  private mutating func copy(_ source: UnsafePointer<UInt8>, _ n: Int) {
    (base + count).initialize(from: source, count: n)
    count &+= n
  }

  private mutating func reserve(_ n: Int) {
    guard count &+ n > capacity else { return }
    let newCapacity = max(capacity &* 2, count &+ n)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.initialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
