import RouterSupport

/// Writes one record's bytes straight into the output array's free capacity: a chunk of
/// ``chunkSize`` bytes reserved at the end of the output (growing it as appending does, by
/// doubling) before the record begins, and counted in when it ends. Plain stores instead of an
/// `Array.append(contentsOf:)` (a uniqueness check, a capacity check and a `memmove` call) for
/// every literal, key and value of the record, and no copy of the record after.
///
/// A record longer than the chunk (a long input, an explanation) moves what the chunk holds to a
/// spill array when the chunk fills and goes on; the spill array then takes the rest and is
/// appended to the output at the end, so the bytes are the same, in order, whatever their size.
///
/// A string that needs no escape (nearly all of them) is tested and copied eight bytes at a
/// time, with the word test `JSONWriter` and the plan writer share (`JSONWriter.copyUnescaped`);
/// a short one (a key, a name) in two overlapping words where it is written, with no call. From
/// the first byte that needs an escape, or for a piece larger than the chunk, the rest goes
/// through `JSONWriter` straight into the spill array after what the chunk holds, so the bytes
/// are those of `JSONWriter.append`, in order, whatever their size. An enum's name (an outcome,
/// an action, an Apple rule) is copied from a table of quoted names (``CaseNames``).
///
/// ```swift
/// RecordWriter.write(to: &out) { w in
///   w.literal(#"{"line":"#)
///   w.integer(7)
///   w.literal("}\n")
/// }
/// ```
struct RecordWriter: ~Copyable {
  /// The chunk: bytes written and not yet counted in the output (or moved to the spill array).
  private let chunk: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private var count = 0
  /// Where the bytes go when the chunk fills: made the first time it does (a record longer
  /// than the chunk), so that a record that fits has no array to make and destroy.
  private var spill: UnsafeMutablePointer<[UInt8]>?
  /// How many bytes of the record are in the spill array.
  private var moved = 0

  /// The chunk size reserved at the end of the output for a record: most records fit whole.
  static let chunkSize = 1024

  private init(chunk: UnsafeMutableBufferPointer<UInt8>) {
    self.chunk = chunk.baseAddress!
    self.capacity = chunk.count
  }

  /// Runs `body` with a writer whose chunk is `out`'s free capacity, then counts the chunk's
  /// bytes in; a record that did not fit goes to `out` through the spill array.
  ///
  /// Inlined where it is called, with `body`: a call through the closure retained what it
  /// captures.
  @inline(__always)
  static func write(to out: inout [UInt8], _ body: (inout RecordWriter) -> Void) {
    var spilled: UnsafeMutablePointer<[UInt8]>? = nil
    out.append(addingCapacity: chunkSize) { span in
      span.withUnsafeMutableBufferPointer { chunk, initialized in
        var writer = RecordWriter(chunk: chunk)
        body(&writer)
        if writer.spill == nil {
          initialized = writer.count
        } else {
          writer.flush()
          spilled = writer.spill
        }
      }
    }
    if let spilled { moveOut(spilled, to: &out) }
  }

  /// Appends a spill array's bytes to `out` and frees it.
  @inline(never)
  private static func moveOut(_ spill: UnsafeMutablePointer<[UInt8]>, to out: inout [UInt8]) {
    out.append(contentsOf: spill.pointee)
    spill.deinitialize(count: 1)
    spill.deallocate()
  }

  /// The spill array, made the first time it is needed.
  private mutating func spillArray() -> UnsafeMutablePointer<[UInt8]> {
    if let spill { return spill }
    let made = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)
    made.initialize(to: [])
    spill = made
    return made
  }

  /// Appends to the spill array (after what the chunk held, moved first) with `append`.
  @inline(never)
  private mutating func spillAppend(_ append: (inout [UInt8]) -> Void) {
    flush()
    let spill = spillArray()
    append(&spill.pointee)
    moved = spill.pointee.count
  }

  /// The bytes written since the record began (what a ``RecordLayout`` range counts).
  var offset: Int { moved &+ count }

  /// Writes again the bytes of this record at `range` (offsets as ``offset`` counts them, from
  /// the record's first byte), as they are, when the chunk holds them all (nothing has moved to
  /// the spill array yet); false, with nothing written, otherwise.
  ///
  /// ```swift
  /// let start = w.offset
  /// w.string(scene)
  /// _ = w.again(start..<w.offset)   // the quoted scene once more, copied from the chunk
  /// ```
  @inline(__always)
  mutating func again(_ range: Range<Int>) -> Bool {
    let n = range.count
    guard moved == 0, count &+ n <= capacity else { return false }
    RecordWriter.copy(chunk + range.lowerBound, n, to: chunk + count)
    count &+= n
    return true
  }

  /// Writes `prefix`, then again the bytes of this record at `range` (as ``again(_:)``), when
  /// the chunk holds them all and has room for both; false, with nothing written, otherwise.
  @inline(__always)
  mutating func again(prefix: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    let p = prefix.count
    let n = range.count
    guard moved == 0, count &+ p &+ n <= capacity, let source = prefix.baseAddress else { return false }
    RecordWriter.copy(source, p, to: chunk + count)
    RecordWriter.copy(chunk + range.lowerBound, n, to: chunk + (count &+ p))
    count &+= p &+ n
    return true
  }

  /// Writes a kept fragment (``RecordFragments``: `count` bytes at `start`, readable to a whole
  /// number of 32-byte blocks) when the chunk has room for those blocks, copied a block at a
  /// time (what lies past the fragment is written into free capacity, then written over); false,
  /// with nothing written, otherwise.
  @inline(__always)
  mutating func fragment(_ text: (start: UnsafeRawPointer, count: Int)) -> Bool {
    let n = text.count
    guard count &+ n &+ 31 <= capacity else { return false }
    let to = UnsafeMutableRawPointer(chunk + count)
    var i = 0
    while i < n {
      let w0 = text.start.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
      let w1 = text.start.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD2<UInt64>.self)
      to.storeBytes(of: w0, toByteOffset: i, as: SIMD2<UInt64>.self)
      to.storeBytes(of: w1, toByteOffset: i &+ 16, as: SIMD2<UInt64>.self)
      i &+= 32
    }
    count &+= n
    return true
  }

  /// The bytes of this record at `range` (offsets as ``offset`` counts them), when the chunk
  /// holds them all (nothing has moved to the spill array); nil otherwise.
  @inline(__always)
  func written(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
    guard moved == 0, range.upperBound <= count else { return nil }
    return UnsafeBufferPointer(start: chunk + range.lowerBound, count: range.count)
  }

  /// Moves the chunk's bytes to the spill array.
  private mutating func flush() {
    guard count > 0 else { return }
    let spill = spillArray()
    spill.pointee.append(contentsOf: UnsafeBufferPointer(start: chunk, count: count))
    moved = spill.pointee.count
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
      RecordWriter.copy(source, raw.count, to: chunk + count)
      count &+= raw.count
    } else {
      spillAppend { $0.append(contentsOf: raw) }
    }
  }

  /// Copies `n` bytes: two or four overlapping word loads and stores when `n` is at most 32, a
  /// `memcpy` call beyond. A literal's `n` is a constant, so its copy is straight-line code.
  @inline(__always)
  private static func copy(_ source: UnsafePointer<UInt8>, _ n: Int, to target: UnsafeMutablePointer<UInt8>) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    if n < 8 {
      if n > 0 { JSONWriter.copyShort(from, n, to: to) }
    } else if n <= 16 {
      let first = from.loadUnaligned(as: UInt64.self)
      let last = from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
      to.storeBytes(of: first, as: UInt64.self)
      to.storeBytes(of: last, toByteOffset: n &- 8, as: UInt64.self)
    } else if n <= 32 {
      let w0 = from.loadUnaligned(as: UInt64.self)
      let w1 = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      let w2 = from.loadUnaligned(fromByteOffset: n &- 16, as: UInt64.self)
      let w3 = from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
      to.storeBytes(of: w0, as: UInt64.self)
      to.storeBytes(of: w1, toByteOffset: 8, as: UInt64.self)
      to.storeBytes(of: w2, toByteOffset: n &- 16, as: UInt64.self)
      to.storeBytes(of: w3, toByteOffset: n &- 8, as: UInt64.self)
    } else {
      target.initialize(from: source, count: n)
    }
  }

  @inline(__always)
  mutating func literal(_ s: StaticString) {
    bytes(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }

  /// A non-negative integer's decimal digits (a negative one as `String` writes it).
  @inline(__always)
  mutating func integer(_ value: Int) {
    guard value >= 0 else { return negative(value) }
    let digits = DecimalDigits.count(of: UInt64(value))
    _ = room(digits)
    DecimalDigits.write(UInt64(value), digits: digits, at: chunk + count)
    count &+= digits
  }

  /// A negative integer, as `String` writes it.
  @inline(never)
  private mutating func negative(_ value: Int) {
    var text = String(value)
    text.withUTF8 { bytes($0) }
  }

  /// Valid UTF-8 as the inside of a JSON string (no quotes), escaped as `JSONWriter` escapes it.
  mutating func escaped(utf8 raw: UnsafeBufferPointer<UInt8>) {
    if JSONWriter.skipUnescaped(raw, from: 0) == raw.count { return bytes(raw) }
    spillAppend { JSONWriter.appendEscaped(utf8: raw, to: &$0) }
  }

  /// A quoted, escaped JSON string, as `JSONWriter.appendString` writes it.
  ///
  /// Inlined where it is called, and kept small there (the optimizer stops inlining into a
  /// function past a size): a small ASCII string (15 bytes or fewer, held in the value itself:
  /// most keys, names, scene and session ids) is tested and stored from its two words
  /// (``quoted(low:high:count:comma:colon:)``), with no copy of them to the stack, no branch on
  /// its length and no call, so it is not retained for it, even when it is read from an array
  /// or an object. Any other string is written from the bytes it lends (``quoted(_:)``), or
  /// through ``quotedLong(_:)``.
  @inline(__always)
  mutating func string(_ s: String) {
    if let (low, high) = SmallASCIIString.words(of: s),
      quoted(
        low: low, high: high & 0x00FF_FFFF_FFFF_FFFF, count: Int(truncatingIfNeeded: high &>> 56) & 0xF,
        comma: false, colon: false)
    {
      return
    }
    // Any other string from the bytes it lends (a native one lends them with no copy), else
    // from a copy.
    if s.utf8.withContiguousStorageIfAvailable({ quoted($0) }) == nil { quotedLong(s) }
  }

  /// An object's key, `"key":`, after a comma unless it is the first: a small ASCII key's
  /// comma, quoted bytes and colon are written from its two words with one check for room.
  @inline(__always)
  mutating func key(_ s: String, first: Bool) {
    if let (low, high) = SmallASCIIString.words(of: s),
      quoted(
        low: low, high: high & 0x00FF_FFFF_FFFF_FFFF, count: Int(truncatingIfNeeded: high &>> 56) & 0xF,
        comma: !first, colon: true)
    {
      return
    }
    keyLong(s, first: first)
  }

  /// ``key(_:first:)`` of a string that is not small ASCII, or needs an escape: out of line, so
  /// that the short path inlined where a key is written stays small.
  @inline(never)
  private mutating func keyLong(_ s: String, first: Bool) {
    if s.utf8.withContiguousStorageIfAvailable({ keyShort($0, first: first) }) != true {
      if !first { byte(UInt8(ascii: ",")) }
      quotedLong(s)
      byte(UInt8(ascii: ":"))
    }
  }

  /// A key of 1 to 16 bytes that needs no escape, from the bytes its string lends: the comma
  /// is stored in any case and, before the first key, written over by the quote.
  @inline(__always)
  private mutating func keyShort(_ raw: UnsafeBufferPointer<UInt8>, first: Bool) -> Bool {
    let n = raw.count
    guard n &- 1 < 16, count &+ 20 <= capacity, let source = raw.baseAddress else { return false }
    let comma = first ? 0 : 1
    let target = chunk + count + comma
    guard JSONWriter.copyShortUnescaped(UnsafeRawPointer(source), n, to: UnsafeMutableRawPointer(target + 1)) else {
      return false
    }
    chunk[count] = UInt8(ascii: ",")
    target.pointee = UInt8(ascii: "\"")
    target[n &+ 1] = UInt8(ascii: "\"")
    target[n &+ 2] = UInt8(ascii: ":")
    count &+= n &+ 3 &+ comma
    return true
  }

  /// Up to 16 bytes held in two words (the first byte in `low`'s lowest, zeros past `n`) as a
  /// quoted JSON string, followed by `:` for a key: tested for escapes and stored as the two
  /// words where they are written, with no load. False, with nothing written, when a byte needs
  /// an escape or is not ASCII (the caller writes those another way).
  @inline(__always)
  mutating func quoted(low: UInt64, high: UInt64, count n: Int, colon: Bool) -> Bool {
    quoted(low: low, high: high, count: n, comma: false, colon: colon)
  }

  /// The same, after a comma when `comma` is true: `,"key":` for a key that is not an
  /// object's first, with one check for room. False, with nothing written (not the comma
  /// either), when a byte needs an escape or is not ASCII.
  @inline(__always)
  mutating func quoted(low: UInt64, high: UInt64, count n: Int, comma: Bool, colon: Bool) -> Bool {
    guard RecordWriter.needNoEscape(low: low, high: high, count: n) else { return false }
    _ = room(20)
    // The comma is stored in any case and, when there is none, written over by the quote.
    chunk[count] = UInt8(ascii: ",")
    let skip = comma ? 1 : 0
    let target = UnsafeMutableRawPointer(chunk + (count &+ skip))
    target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
    target.storeBytes(of: low, toByteOffset: 1, as: UInt64.self)
    target.storeBytes(of: high, toByteOffset: 9, as: UInt64.self)
    target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: n &+ 1, as: UInt8.self)
    target.storeBytes(of: UInt8(ascii: ":"), toByteOffset: n &+ 2, as: UInt8.self)
    count &+= (colon ? n &+ 3 : n &+ 2) &+ skip
    return true
  }

  /// Whether the `n` bytes (0 to 16) held in two words (the first in `low`'s lowest byte) need
  /// no escape in a JSON string: the bytes past `n` are made plain for the test, and a string
  /// of at most eight bytes (most names, keys and ids) tests one word.
  @inline(__always)
  static func needNoEscape(low: UInt64, high: UInt64, count n: Int) -> Bool {
    let plain: UInt64 = 0x4141_4141_4141_4141
    if n <= 8 {
      // (A shift by 64 would be masked to none: eight bytes are the whole word.)
      return JSONWriter.escapeFlags(n == 8 ? low : low | plain &<< UInt64(truncatingIfNeeded: n &* 8)) == 0
    }
    let second = n >= 16 ? high : high | plain &<< UInt64(truncatingIfNeeded: (n &- 8) &* 8)
    return JSONWriter.escapeFlags(low) | JSONWriter.escapeFlags(second) == 0
  }

  /// A UUID from its 32 hexadecimal digits in two words (the first digit in `high`'s top four
  /// bits), quoted in its 36-character uppercase form, `8-4-4-4-12`: as `UUID().uuidString`
  /// writes it, eight digits a word, with no string made.
  @inline(__always)
  mutating func uuid(high: UInt64, low: UInt64) {
    _ = room(38)
    let target = UnsafeMutableRawPointer(chunk + count)
    let a = RecordWriter.hexDigits(UInt32(truncatingIfNeeded: high &>> 32))
    let b = RecordWriter.hexDigits(UInt32(truncatingIfNeeded: high))
    let c = RecordWriter.hexDigits(UInt32(truncatingIfNeeded: low &>> 32))
    let d = RecordWriter.hexDigits(UInt32(truncatingIfNeeded: low))
    let dash = UInt8(ascii: "-")
    target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
    target.storeBytes(of: a, toByteOffset: 1, as: UInt64.self)
    target.storeBytes(of: dash, toByteOffset: 9, as: UInt8.self)
    target.storeBytes(of: UInt32(truncatingIfNeeded: b), toByteOffset: 10, as: UInt32.self)
    target.storeBytes(of: dash, toByteOffset: 14, as: UInt8.self)
    target.storeBytes(of: UInt32(truncatingIfNeeded: b &>> 32), toByteOffset: 15, as: UInt32.self)
    target.storeBytes(of: dash, toByteOffset: 19, as: UInt8.self)
    target.storeBytes(of: UInt32(truncatingIfNeeded: c), toByteOffset: 20, as: UInt32.self)
    target.storeBytes(of: dash, toByteOffset: 24, as: UInt8.self)
    target.storeBytes(of: UInt32(truncatingIfNeeded: c &>> 32), toByteOffset: 25, as: UInt32.self)
    target.storeBytes(of: d, toByteOffset: 29, as: UInt64.self)
    target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: 37, as: UInt8.self)
    count &+= 38
  }

  /// The eight hexadecimal digits of `value`, uppercase, as the bytes of a word in writing order
  /// (the most significant digit in the lowest byte).
  @inline(__always)
  static func hexDigits(_ value: UInt32) -> UInt64 {
    // Each four bits into a byte of its own, the least significant in the lowest byte.
    var v = UInt64(value)
    v = (v | v &<< 16) & 0x0000_FFFF_0000_FFFF
    v = (v | v &<< 8) & 0x00FF_00FF_00FF_00FF
    v = (v | v &<< 4) & 0x0F0F_0F0F_0F0F_0F0F
    // '0' + digit, and 7 more for a letter (a digit of 10 or more carries into bit 4 when 6 is added).
    let letters = ((v &+ 0x0606_0606_0606_0606) &>> 4) & 0x0101_0101_0101_0101
    return (v &+ 0x3030_3030_3030_3030 &+ letters &* 7).byteSwapped
  }

  /// Any string, quoted: from the bytes it lends, or from a copy when it lends none (bridged or
  /// lazy).
  @inline(never)
  private mutating func quotedLong(_ s: String) {
    if s.utf8.withContiguousStorageIfAvailable({ quoted($0) }) == nil {
      var copy = s
      copy.withUTF8 { quoted($0) }
    }
  }

  /// Valid UTF-8 as a quoted JSON string: its plain bytes are tested and copied a word at a
  /// time straight into the chunk (``JSONWriter/copyUnescaped(_:to:)``); from the first byte
  /// that needs an escape on, the rest goes through `JSONWriter`.
  mutating func quoted(_ raw: UnsafeBufferPointer<UInt8>) {
    let n = raw.count
    guard count &+ n &+ 2 <= capacity else { return quotedInPieces(raw) }
    let target = chunk + count
    target.pointee = UInt8(ascii: "\"")
    let plain = JSONWriter.copyUnescaped(raw, to: target + 1)
    guard plain == n else {
      count &+= 1 &+ plain
      return escapeRest(raw, from: plain)
    }
    target[n &+ 1] = UInt8(ascii: "\"")
    count &+= n &+ 2
  }

  /// Bytes that need no escape in a JSON string (printable ASCII other than `"` and `\`, which
  /// the caller knows: the URL reader has seen every byte of a line's URL), quoted with one copy
  /// and no test; what ``quoted(_:)`` writes for them. Debug builds check the caller's word.
  ///
  /// ```swift
  /// w.quoted(plain: line)   // "https://example.com/repos/apple/swift"
  /// ```
  @inline(__always)
  mutating func quoted(plain raw: UnsafeBufferPointer<UInt8>) {
    assert(JSONWriter.skipUnescaped(raw, from: 0) == raw.count, "bytes said to need no escape need one")
    let n = raw.count
    guard count &+ n &+ 2 <= capacity, let source = raw.baseAddress else { return quoted(raw) }
    let target = chunk + count
    target.pointee = UInt8(ascii: "\"")
    RecordWriter.copy(source, n, to: target + 1)
    target[n &+ 1] = UInt8(ascii: "\"")
    count &+= n &+ 2
  }

  /// The rest of a quoted string from its first byte that needs an escape, and the closing quote.
  @inline(never)
  private mutating func escapeRest(_ raw: UnsafeBufferPointer<UInt8>, from start: Int) {
    spillAppend { JSONWriter.appendEscaped(utf8: UnsafeBufferPointer(rebasing: raw[start...]), to: &$0) }
    byte(UInt8(ascii: "\""))
  }

  /// A quoted string that does not fit in what is left of the chunk.
  @inline(never)
  private mutating func quotedInPieces(_ raw: UnsafeBufferPointer<UInt8>) {
    byte(UInt8(ascii: "\""))
    escaped(utf8: raw)
    byte(UInt8(ascii: "\""))
  }

  /// `,"key":"value"`, from the literal `,"key":` and the value: one call, for the rarer fields
  /// (an error's, a trace's, a handler's). The fields of every record are written as
  /// ``literal(_:)`` and ``string(_:)`` where they are, so that the key is a constant and the
  /// string's short path is inlined (the optimizer does not inline this function).
  @inline(never)
  mutating func field(_ key: StaticString, _ value: String) {
    literal(key)
    string(value)
  }

  /// An enum case's quoted name, from its table (``CaseNames``), after a comma when it is not
  /// the first of a list: the slot's whole words are copied, and the count moves by the name's
  /// length (the comma is stored in any case, and written over when there is none).
  @inline(__always)
  mutating func name<Case>(_ value: Case, in names: borrowing CaseNames<Case>, first: Bool = true) {
    let (start, n) = names.slot(of: value)
    let stride = names.stride
    guard count &+ stride &+ 1 <= capacity else {
      if !first { byte(UInt8(ascii: ",")) }
      return bytes(UnsafeBufferPointer(start: start, count: n))
    }
    let comma = first ? 0 : 1
    chunk[count] = UInt8(ascii: ",")
    let from = UnsafeRawPointer(start)
    let to = UnsafeMutableRawPointer(chunk + count + comma)
    var i = 0
    repeat {
      to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
      i &+= 8
    } while i < stride
    count &+= n &+ comma
  }

  /// A list of enum cases as a JSON array of their quoted names, `["E1","V3"]`: each name is
  /// one word of its table (``CaseNames/listWords``, the name after a comma) stored where the
  /// next name goes, the first one's comma written over by the `[`; one check for room for the
  /// whole list. What writing `[`, each ``name(_:in:first:)`` and `]` writes.
  @inline(__always)
  mutating func names<List: RandomAccessCollection>(
    _ list: List, in names: borrowing CaseNames<List.Element>
  ) where List.Index == Int {
    let n = list.count
    guard let words = names.listWords, n > 0, count &+ n &* 8 &+ 9 <= capacity else {
      return namesOneByOne(list, in: names)
    }
    let open = count
    var at = open
    for i in 0..<n {
      let index = names.index(of: list[list.startIndex &+ i])
      UnsafeMutableRawPointer(chunk + at).storeBytes(of: words[index], as: UInt64.self)
      at &+= names.count(at: index) &+ 1
    }
    chunk[open] = UInt8(ascii: "[")
    chunk[at] = UInt8(ascii: "]")
    count = at &+ 1
  }

  /// A decision's Apple rules as ``names(_:in:)`` writes them, read from the list's code words
  /// a byte at a time (``AppleRuleList/codeWords``), not through its subscript.
  @inline(__always)
  mutating func names(_ list: AppleRuleList, in names: borrowing CaseNames<AppleRuleID>) {
    let n = list.count
    guard let words = names.listWords, n > 0, n <= 16, count &+ n &* 8 &+ 9 <= capacity else {
      return namesOneByOne(list, in: names)
    }
    let open = count
    var at = open
    var codes = list.codeWords.low
    for i in 0..<n {
      if i == 8 { codes = list.codeWords.high }
      // A code is the case's byte plus one.
      let index = Int(truncatingIfNeeded: UInt8(truncatingIfNeeded: codes) &- 1)
      UnsafeMutableRawPointer(chunk + at).storeBytes(of: words[index], as: UInt64.self)
      at &+= names.count(at: index) &+ 1
      codes &>>= 8
    }
    chunk[open] = UInt8(ascii: "[")
    chunk[at] = UInt8(ascii: "]")
    count = at &+ 1
  }

  /// ``names(_:in:)`` a name at a time (an empty list, a table without words, a chunk nearly full).
  @inline(never)
  private mutating func namesOneByOne<List: RandomAccessCollection>(
    _ list: List, in names: borrowing CaseNames<List.Element>
  ) where List.Index == Int {
    byte(UInt8(ascii: "["))
    for i in 0..<list.count { name(list[list.startIndex &+ i], in: names, first: i == 0) }
    byte(UInt8(ascii: "]"))
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
      // As in `object`: a string element is written from where it is, not copied out.
      elements.withUnsafeBufferPointer { elements in
        for i in elements.indices {
          if i > 0 { byte(UInt8(ascii: ",")) }
          if case .string(let string) = elements[i] { self.string(string) } else { json(elements[i]) }
        }
      }
      byte(UInt8(ascii: "]"))
    case .object(let object): self.object(object)
    }
  }

  /// A JSON object, compact and in member order.
  mutating func object(_ object: JSONObject) {
    byte(UInt8(ascii: "{"))
    // Through the members' buffer: a `for` over the array copies each member (retaining its key
    // and value) and destroys it after.
    object.members.withUnsafeBufferPointer { members in
      guard let first = members.baseAddress else { return }
      for i in members.indices {
        memberKey(at: first + i, first: i == 0)
        memberValue(at: first + i)
      }
    }
    byte(UInt8(ascii: "}"))
  }

  /// The key of the member at `member`, as ``key(_:first:)`` writes it: a small ASCII key from
  /// its two words, read where it is; any other out of line, read there. (With the string
  /// itself handed to the out-of-line case, the key was retained and released for every member.)
  @inline(__always)
  private mutating func memberKey(at member: UnsafePointer<JSONObject.Member>, first: Bool) {
    if let (low, high) = SmallASCIIString.words(of: member.pointee.key),
      quoted(
        low: low, high: high & 0x00FF_FFFF_FFFF_FFFF, count: Int(truncatingIfNeeded: high &>> 56) & 0xF,
        comma: !first, colon: true)
    {
      return
    }
    memberKeyLong(at: member, first: first)
  }

  @inline(never)
  private mutating func memberKeyLong(at member: UnsafePointer<JSONObject.Member>, first: Bool) {
    key(member.pointee.key, first: first)
  }

  /// The value of the member at `member`, as ``json(_:)`` writes it: a small ASCII string from
  /// its two words, read where it is; any other value out of line, read there.
  @inline(__always)
  private mutating func memberValue(at member: UnsafePointer<JSONObject.Member>) {
    if case .string(let string) = member.pointee.value, let (low, high) = SmallASCIIString.words(of: string),
      quoted(
        low: low, high: high & 0x00FF_FFFF_FFFF_FFFF, count: Int(truncatingIfNeeded: high &>> 56) & 0xF,
        comma: false, colon: false)
    {
      return
    }
    memberValueLong(at: member)
  }

  @inline(never)
  private mutating func memberValueLong(at member: UnsafePointer<JSONObject.Member>) {
    // A string value (most of them) is written from where it is; only another kind of value is
    // copied out for `json`.
    if case .string(let string) = member.pointee.value { self.string(string) } else { json(member.pointee.value) }
  }

  /// A JSON array of strings.
  mutating func strings(_ values: [String]) {
    byte(UInt8(ascii: "["))
    values.withUnsafeBufferPointer { values in
      for i in values.indices {
        if i > 0 { byte(UInt8(ascii: ",")) }
        string(values[i])
      }
    }
    byte(UInt8(ascii: "]"))
  }
}
