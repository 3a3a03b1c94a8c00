public import RouterSupport

/// The parameters of a route match, in capture order: each name with its typed JSON value (an
/// absent optional parameter has no entry). Read as a ``JSONObject`` is read: by key, in order,
/// or whole as ``object``.
///
/// ```swift
/// let match = try router.match(url: "notes://note/2f1a0c3e-…").get()!
/// match.parameters["id"]                        // "2F1A0C3E-…" (a uuid, uppercase)
/// for parameter in match.parameters { print(parameter.key, parameter.value) }
/// template.render(match.parameters)             // a route value, rendered in place
/// match.parameters.object                       // a JSONObject, for what takes one
/// ```
///
/// Up to four parameters whose names are 15 bytes or fewer and whose values are text, integers
/// or UUIDs — most of them — are held in the value itself as bytes, packed back to back in 56
/// bytes (a name's bytes, then its value's: the text's bytes, an integer's 8, a UUID's 16), with
/// no array, no string and no reference made. Matching a URL allocates nothing for them, and a
/// parameter's name and value are made when they are read (a UUID's text then). Others (five
/// parameters or more, a longer name, more bytes than fit, a value of another type, a name set
/// twice) are held as a ``JSONObject``.
public struct RouteParameters: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  /// One parameter: its name and its value, made when read.
  ///
  /// ```swift
  /// let first = match.parameters[0]
  /// first.key     // "id"
  /// first.value   // .string("2F1A0C3E-…")
  /// ```
  public struct Parameter: Sendable, Hashable {
    /// The parameters in place, as ``Storage/words`` (when `member` is nil), and which one this
    /// is: decoded when read (so that making one is a few moves).
    @usableFromInline let words: SIMD8<UInt64>
    @usableFromInline let index: Int
    /// A parameter of an object.
    @usableFromInline let member: JSONObject.Member?

    /// The parameter's name.
    public var key: String { member?.key ?? Storage(words: words).name(index).string }

    /// The parameter's value, as JSON.
    public var value: JSONValue { member?.value ?? Storage(words: words).json(index) }

    /// Creates a parameter.
    public init(key: String, value: JSONValue) {
      words = SIMD8()
      index = 0
      member = JSONObject.Member(key: key, value: value)
    }

    @inlinable init(words: SIMD8<UInt64>, index: Int) {
      self.words = words
      self.index = index
      member = nil
    }

    public static func == (a: Parameter, b: Parameter) -> Bool { a.key == b.key && a.value == b.value }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(key)
      hasher.combine(value)
    }
  }

  /// A value as the matcher keeps it in place: text of 15 bytes or fewer, an integer, or a UUID
  /// (its 32 hexadecimal digits, the first 16 in `high`). Plain bytes. Read from a ``Storage``,
  /// a longer text is `long`: where its bytes are in the storage (`low`) and how many (`count`).
  @usableFromInline package struct InlineValue: Sendable {
    @usableFromInline package enum Kind: UInt8, Sendable { case text, int, uuid, long }
    @usableFromInline package var kind: Kind
    /// The text's bytes (the first eight in `low`), the integer, or the UUID's last 16 digits.
    @usableFromInline package var low: UInt64
    @usableFromInline package var high: UInt64
    /// The text's length.
    @usableFromInline package var count: UInt8

    @inlinable package init(kind: Kind, low: UInt64, high: UInt64, count: UInt8) {
      self.kind = kind
      self.low = low
      self.high = high
      self.count = count
    }

    /// The bytes of `raw` (16 or fewer) as text.
    @inline(__always)
    static func text(_ raw: UnsafeBufferPointer<UInt8>) -> InlineValue {
      let bytes = Bytes16(raw)
      return InlineValue(kind: .text, low: bytes.low, high: bytes.high, count: bytes.count)
    }

    static func int(_ n: Int64) -> InlineValue {
      InlineValue(kind: .int, low: UInt64(bitPattern: n), high: 0, count: 0)
    }

    static func uuid(high: UInt64, low: UInt64) -> InlineValue {
      InlineValue(kind: .uuid, low: low, high: high, count: 0)
    }

    /// The value as JSON (not for a `long` text: ``Storage/json(_:)`` reads one).
    package var json: JSONValue {
      switch kind {
      case .text: return .string(Bytes16(low: low, high: high, count: count).string)
      case .int: return .number(JSONNumber(Int64(bitPattern: low)))
      case .uuid: return .string(InlineValue.uuidText(high, low))
      case .long: preconditionFailure("a long text is read from its storage")
      }
    }

    /// `8-4-4-4-12` uppercase hexadecimal digits, which is how Swift's `UUID` encodes.
    static func uuidText(_ high: UInt64, _ low: UInt64) -> String {
      String(unsafeUninitializedCapacity: 36) { out in
        var j = 0
        for i in 0..<32 {
          if i == 8 || i == 12 || i == 16 || i == 20 {
            out[j] = UInt8(ascii: "-")
            j &+= 1
          }
          let word = i < 16 ? high : low
          let nibble = UInt8(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: (15 &- (i & 15)) &* 4)) & 0xF
          out[j] = nibble < 10 ? 0x30 &+ nibble : 0x37 &+ nibble
          j &+= 1
        }
        return 36
      }
    }
  }

  /// Up to four parameters in place, packed: one header word, then each parameter's name and
  /// value bytes back to back in the next 56 bytes; or all of them in an object. 72 bytes and no
  /// reference but the object's, so that a ``RouteMatch`` (112 bytes) and the `Result` that holds
  /// one are copied with a few moves and no reference counting.
  @usableFromInline package struct Storage: Sendable {
    /// Word 0 is the header: bits 0-2 the count; parameter k's 12 bits at bit 8 + 12k, of which
    /// bits 0-5 are where its bytes end (from byte 8, so that parameter k + 1's begin there),
    /// bits 6-9 its name's length and bits 10-11 its value's kind (0 text, 1 integer, 2 UUID).
    /// Bytes 8 ..< 64 hold each parameter's name, then its value: a text's bytes, an integer's
    /// eight (little-endian), a UUID's 16 (its last 16 digits' word, then its first's). One vector,
    /// not eight words, so that the storage is two values to the compiler: copied and destroyed
    /// in line where it is copied (eight words and the object are copied through the type's
    /// value witnesses); first, so that its 16-byte alignment adds no padding.
    @usableFromInline package var words = SIMD8<UInt64>()
    @usableFromInline package var object: JSONObject?

    static let capacity = 4
    /// The longest name kept in place.
    static let longest = 15
    /// The bytes the parameters' names and values share.
    static let room = 56

    init() {}

    init(object: JSONObject) {
      self.object = object
    }

    @inlinable init(words: SIMD8<UInt64>) {
      self.words = words
    }

    @inlinable package var count: Int { Int(truncatingIfNeeded: words[0] & 7) }

    /// Parameter k's name as bytes.
    @inlinable @inline(__always)
    package func name(_ k: Int) -> Bytes16 {
      withUnsafeBytes(of: words) { Storage.name(in: $0.baseAddress.unsafelyUnwrapped, k) }
    }

    /// Parameter k's value: text of 15 bytes or fewer, an integer or a UUID as what it is; longer
    /// text as ``InlineValue/Kind/long`` (its bytes read with ``text(in:_:)``).
    @inlinable @inline(__always)
    package func value(_ k: Int) -> InlineValue {
      withUnsafeBytes(of: words) { Storage.value(in: $0.baseAddress.unsafelyUnwrapped, k) }
    }

    /// Parameter k's value as JSON.
    package func json(_ k: Int) -> JSONValue {
      withUnsafeBytes(of: words) { raw in
        let p = raw.baseAddress.unsafelyUnwrapped
        let value = Storage.value(in: p, k)
        guard value.kind == .long else { return value.json }
        return .string(String(decoding: Storage.text(in: p, value), as: UTF8.self))
      }
    }

    /// The number of parameters of the words at `p` (a ``words``' bytes).
    @inlinable @inline(__always)
    package static func count(in p: UnsafeRawPointer) -> Int {
      Int(truncatingIfNeeded: p.loadUnaligned(as: UInt64.self) & 7)
    }

    /// Parameter k's 12 header bits, of the words at `p`.
    @inlinable @inline(__always)
    static func field(in p: UnsafeRawPointer, _ k: Int) -> Int {
      Int(truncatingIfNeeded: p.loadUnaligned(as: UInt64.self) &>> UInt64(truncatingIfNeeded: 8 &+ 12 &* k)) & 0xFFF
    }

    /// Where parameter k's bytes begin (from byte 8), of the words at `p`.
    @inlinable @inline(__always)
    static func start(in p: UnsafeRawPointer, _ k: Int) -> Int { k == 0 ? 0 : field(in: p, k &- 1) & 0x3F }

    /// Parameter k's name, of the words at `p`.
    @inlinable @inline(__always)
    package static func name(in p: UnsafeRawPointer, _ k: Int) -> Bytes16 {
      Bytes16(p + (8 &+ start(in: p, k)), count: field(in: p, k) &>> 6 & 0xF)
    }

    /// Parameter k's value, of the words at `p` (``value(_:)``).
    @inlinable @inline(__always)
    package static func value(in p: UnsafeRawPointer, _ k: Int) -> InlineValue {
      let bits = field(in: p, k)
      let at = 8 &+ start(in: p, k) &+ (bits &>> 6 & 0xF)
      let n = 8 &+ (bits & 0x3F) &- at
      let v = p + at
      switch bits &>> 10 {
      case 1: return InlineValue(kind: .int, low: v.loadUnaligned(as: UInt64.self), high: 0, count: 0)
      case 2:
        return InlineValue(
          kind: .uuid, low: v.loadUnaligned(as: UInt64.self), high: v.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
          count: 0)
      default:
        guard n <= 15 else {
          return InlineValue(
            kind: .long, low: UInt64(truncatingIfNeeded: at), high: 0, count: UInt8(truncatingIfNeeded: n))
        }
        let bytes = Bytes16(v, count: n)
        return InlineValue(kind: .text, low: bytes.low, high: bytes.high, count: bytes.count)
      }
    }

    /// The bytes of a ``InlineValue/Kind/long`` text `value` of the words at `p`.
    @inlinable @inline(__always)
    package static func text(in p: UnsafeRawPointer, _ value: InlineValue) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(start: (p + Int(value.low)).assumingMemoryBound(to: UInt8.self), count: Int(value.count))
    }
  }

  /// Up to 16 bytes of UTF-8, in two words (the first eight in `low`).
  @usableFromInline package struct Bytes16: Sendable {
    @usableFromInline package var low: UInt64
    @usableFromInline package var high: UInt64
    @usableFromInline package var count: UInt8

    @inlinable package init(low: UInt64, high: UInt64, count: UInt8) {
      self.low = low
      self.high = high
      self.count = count
    }

    /// The bytes of `raw` (16 or fewer).
    @inline(__always)
    init(_ raw: UnsafeBufferPointer<UInt8>) {
      guard let base = raw.baseAddress else {
        self.init(low: 0, high: 0, count: 0)
        return
      }
      self.init(UnsafeRawPointer(base), count: raw.count)
    }

    /// The `n` bytes at `p` (16 or fewer): two overlapping loads of a word, half a word or a
    /// quarter, shifted into place, with no loop.
    @inlinable @inline(__always)
    init(_ p: UnsafeRawPointer, count n: Int) {
      count = UInt8(truncatingIfNeeded: n)
      guard n > 0 else {
        (low, high) = (0, 0)
        return
      }
      if n >= 8 {
        low = p.loadUnaligned(as: UInt64.self)
        // Bytes n - 8 ..< n, of which the last n - 8 are the second word's.
        high =
          n == 8
          ? 0 : p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) &>> UInt64(truncatingIfNeeded: (16 &- n) &* 8)
        return
      }
      high = 0
      if n >= 4 {
        let first = UInt64(p.loadUnaligned(as: UInt32.self))
        let last = UInt64(p.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
        low = first | last &<< UInt64(truncatingIfNeeded: (n &- 4) &* 8)
      } else if n >= 2 {
        let first = UInt64(p.loadUnaligned(as: UInt16.self))
        let last = UInt64(p.loadUnaligned(fromByteOffset: n &- 2, as: UInt16.self))
        low = first | last &<< UInt64(truncatingIfNeeded: (n &- 2) &* 8)
      } else {
        low = UInt64(p.load(as: UInt8.self))
      }
    }

    /// Whether every byte is ASCII (the bytes past `count` are zero).
    package var isASCII: Bool { (low | high) & 0x8080_8080_8080_8080 == 0 }

    /// The bytes as a string: 15 ASCII bytes or fewer made in the standard library's small form
    /// from the two words as they are (``SmallASCIIString``), any other decoded.
    ///
    /// (The small form is made in the caller, a few instructions: a call for it cost about 55,
    /// and a spilled match makes several, its names among them. Any other form is decoded out of
    /// line.)
    package var string: String {
      @inline(__always) get {
        if let small = SmallASCIIString.make(low: low, high: high, count: Int(count)) { return small }
        return decodedString()
      }
    }

    /// The bytes decoded as UTF-8 (``string``'s form for bytes that are not 15 ASCII or fewer).
    @inline(never)
    func decodedString() -> String {
      withUnsafeBytes(of: (low, high)) { String(decoding: $0.prefix(Int(count)), as: UTF8.self) }
    }

    func equals(_ other: Bytes16) -> Bool { low == other.low && high == other.high && count == other.count }
  }

  @usableFromInline package var storage: Storage

  /// No parameters.
  public init() {
    storage = Storage()
  }

  /// The members of `object`, in order.
  public init(_ object: JSONObject) {
    storage = object.isEmpty ? Storage() : Storage(object: object)
  }

  /// Parameters from key-value pairs in order; a repeated key replaces the earlier value in place.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self.init(object)
  }

  init(storage: Storage) {
    self.storage = storage
  }

  @inlinable public var startIndex: Int { 0 }

  @inlinable public var endIndex: Int { storage.object?.count ?? storage.count }

  /// The parameter at `position` (0 is the first captured).
  @inlinable public subscript(position: Int) -> Parameter {
    if let object = storage.object {
      let member = object.members[position]
      return Parameter(key: member.key, value: member.value)
    }
    precondition(position >= 0 && position < storage.count, "no parameter at \(position)")
    return Parameter(words: storage.words, index: position)
  }

  /// The value of the first parameter named `key`, or nil.
  public subscript(key: String) -> JSONValue? {
    if let object = storage.object { return object[key] }
    return inPlaceValue(named: key)
  }

  /// The value of the first parameter in place named `key`, or nil: an ASCII name (any
  /// parameter's) is compared as two words with each name in place, with no string made; another
  /// is compared as a string (as ``JSONObject``'s subscript compares, by canonical equivalence).
  package func inPlaceValue(named key: String) -> JSONValue? {
    inPlaceIndex(named: key).map { storage.json($0) }
  }

  /// The position of the first parameter in place named `key`, or nil (``inPlaceValue(named:)``'s
  /// lookup: a record writes the value from its bytes, ``Storage/value(_:)``).
  package func inPlaceIndex(named key: String) -> Int? {
    let count = storage.count
    guard count > 0 else { return nil }
    let bytes = key.utf8.withContiguousStorageIfAvailable { raw in raw.count <= Storage.longest ? Bytes16(raw) : nil }
    let wanted = (bytes ?? nil).flatMap { $0.isASCII ? $0 : nil }
    for k in 0..<count {
      let name = storage.name(k)
      // Two ASCII names are equivalent when their bytes are equal.
      let found: Bool
      if let wanted, name.isASCII { found = name.equals(wanted) } else { found = name.string == key }
      if found { return k }
    }
    return nil
  }

  /// Iterates over the parameters in order.
  ///
  /// (Inlinable, as the iterator is, so that a loop over a match's parameters reads them in the
  /// caller: the iterator takes the parameters' object, if any, and their words, not a copy of
  /// the whole value made and destroyed through its value witnesses.)
  @inlinable public func makeIterator() -> Iterator {
    Iterator(object: storage.object, words: storage.words, count: endIndex)
  }

  /// The parameters in order.
  public struct Iterator: IteratorProtocol {
    /// The parameters' object, when they are held in one.
    @usableFromInline let object: JSONObject?
    /// The parameters in place, as ``Storage/words``.
    @usableFromInline let words: SIMD8<UInt64>
    @usableFromInline let count: Int
    @usableFromInline var position = 0

    @inlinable init(object: JSONObject?, words: SIMD8<UInt64>, count: Int) {
      self.object = object
      self.words = words
      self.count = count
    }

    /// The next parameter, or nil.
    @inlinable public mutating func next() -> Parameter? {
      guard position < count else { return nil }
      defer { position &+= 1 }
      if let object {
        let member = object.members[position]
        return Parameter(key: member.key, value: member.value)
      }
      return Parameter(words: words, index: position)
    }
  }

  /// The names, in order.
  public var keys: [String] { map(\.key) }

  /// The parameters as a JSON object, in order.
  public var object: JSONObject {
    if let object = storage.object { return object }
    var members: [JSONObject.Member] = []
    members.reserveCapacity(count)
    for parameter in self { members.append(JSONObject.Member(key: parameter.key, value: parameter.value)) }
    return JSONObject(members)
  }

  /// The JSON text of ``object``.
  public var description: String { JSONValue.object(object).description }

  /// Whether both have the same keys with equal values, in any order (as ``JSONObject`` compares).
  public static func == (a: RouteParameters, b: RouteParameters) -> Bool { a.object == b.object }

  public func hash(into hasher: inout Hasher) { object.hash(into: &hasher) }
}

extension RouteParameters {
  /// Parameters gathered one by one: in place while they fit (``Storage``: four or fewer, each
  /// name of 15 bytes or fewer, integers and UUIDs as what they are, text as its bytes, 56 bytes
  /// in all); otherwise all of them in an object from then on. Setting a name again replaces its value where it is (as ``JSONObject``'s
  /// subscript does).
  struct Builder {
    /// The object, or the parameters' bytes in place (their header in ``header``, written into
    /// the storage when it is read or built).
    private var storage = Storage()
    /// The header in place but the count (``Storage/words``' word 0), where the bytes end and how
    /// many parameters there are, kept apart while parameters are set.
    private var header: UInt64 = 0
    private var end = 0
    private var count = 0
    /// How many parameters the match is expected to set (its captures and constraints): the
    /// object's members are reserved with it when the parameters spill into one, so that the
    /// members array is allocated once, not grown at the spill and at each parameter after it.
    private let expected: Int

    /// A builder for about `expected` parameters (a hint: more or fewer may be set).
    init(expected: Int = 0) {
      self.expected = expected
    }

    /// A parameter's name as the builder takes it: its bytes in two words when they are
    /// ``Storage/longest`` or fewer (`long` nil), else lent (`long`).
    struct Name {
      let key: Bytes16
      let long: UnsafeBufferPointer<UInt8>?

      /// The name `bytes`.
      @inline(__always)
      init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count <= Storage.longest {
          key = Bytes16(bytes)
          long = nil
        } else {
          key = Bytes16(low: 0, high: 0, count: 0)
          long = bytes
        }
      }

      /// A name of ``Storage/longest`` bytes or fewer, already in two words.
      @inline(__always)
      init(key: Bytes16) {
        self.key = key
        long = nil
      }

      /// The name as a string.
      var string: String { long.map { String(decoding: $0, as: UTF8.self) } ?? key.string }
    }

    /// Sets the parameter `name` to `value` (text of 15 bytes or fewer, an integer or a UUID): in
    /// place when it fits (``fits(_:_:)``) and no parameter in place has its name.
    @inline(__always)
    mutating func set(_ name: Name, _ value: InlineValue) {
      let bytes = value.kind == .text ? Int(value.count) : value.kind == .int ? 8 : 16
      if fits(name, bytes) && !holds(name.key) {
        append(name.key, value)
        return
      }
      set(name.string, json: value.json)
    }

    /// Sets `name` to a value of `raw`'s bytes as text: in place when it fits.
    @inline(__always)
    mutating func set(_ name: Name, text raw: UnsafeBufferPointer<UInt8>) {
      if raw.count <= Storage.longest {
        set(name, .text(raw))
      } else if fits(name, raw.count) && !holds(name.key) {
        append(name.key, InlineValue(kind: .long, low: 0, high: 0, count: 0), long: raw)
      } else {
        set(name.string, json: .string(String(decoding: raw, as: UTF8.self)))
      }
    }

    /// Whether a parameter `name` with a value of `bytes` bytes fits in place after the ones
    /// there: fewer than ``Storage/capacity`` there, none in an object, the name
    /// ``Storage/longest`` bytes or fewer, and ``Storage/room`` bytes in all.
    @inline(__always)
    private func fits(_ name: Name, _ bytes: Int) -> Bool {
      count < Storage.capacity && name.long == nil && storage.object == nil
        && end &+ Int(name.key.count) &+ bytes <= Storage.room
    }

    /// The storage with its header: what the parameters set so far read as.
    private var packed: Storage {
      var packed = storage
      packed.words[0] = header | UInt64(truncatingIfNeeded: count)
      return packed
    }

    /// Whether a parameter in place has the name `name`, as the builder replaces one: the first
    /// parameter by its bytes; any parameter when there are two or more by `==` (as
    /// ``JSONObject``'s subscript finds a key), two ASCII names by their bytes.
    @inline(__always)
    private func holds(_ name: Bytes16) -> Bool {
      guard count > 0 else { return false }
      // One parameter: the same bytes, so first the same length (parameter 0's, bits 14-17).
      if count == 1 && Int(truncatingIfNeeded: header &>> 14) & 0xF != Int(name.count) { return false }
      var words = storage.words
      words[0] = header | UInt64(truncatingIfNeeded: count)
      return Builder.holds(words, name)
    }

    /// ``holds(_:)`` for the parameters in `words`.
    private static func holds(_ words: SIMD8<UInt64>, _ name: Bytes16) -> Bool {
      withUnsafeBytes(of: words) { raw in
        let p = raw.baseAddress.unsafelyUnwrapped
        let count = Storage.count(in: p)
        if count == 1 { return Storage.name(in: p, 0).equals(name) }
        for k in 0..<count {
          let held = Storage.name(in: p, k)
          if held.isASCII && name.isASCII {
            if held.equals(name) { return true }
          } else if held.string == name.string {
            return true
          }
        }
        return false
      }
    }

    /// Appends a parameter in place (``fits(_:_:)``): its name, then its value (`long` its text
    /// when longer than ``Storage/longest``).
    @inline(__always)
    private mutating func append(_ name: Bytes16, _ value: InlineValue, long: UnsafeBufferPointer<UInt8>? = nil) {
      var at = 8 &+ end
      withUnsafeMutableBytes(of: &storage.words) { raw in
        let base = raw.baseAddress.unsafelyUnwrapped
        Builder.put(name.low, name.high, Int(name.count), base, &at)
        switch value.kind {
        case .int:
          base.storeBytes(of: value.low, toByteOffset: at, as: UInt64.self)
          at &+= 8
        case .uuid:
          base.storeBytes(of: value.low, toByteOffset: at, as: UInt64.self)
          base.storeBytes(of: value.high, toByteOffset: at &+ 8, as: UInt64.self)
          at &+= 16
        case .text: Builder.put(value.low, value.high, Int(value.count), base, &at)
        case .long:
          if let long, let source = long.baseAddress {
            (base + at).copyMemory(from: source, byteCount: long.count)
            at &+= long.count
          }
        }
      }
      let kind = value.kind == .int ? 1 : value.kind == .uuid ? 2 : 0
      end = at &- 8
      let field = end | Int(name.count) &<< 6 | kind &<< 10
      header |= UInt64(truncatingIfNeeded: field) &<< UInt64(truncatingIfNeeded: 8 &+ 12 &* count)
      count &+= 1
    }

    /// Writes `n` bytes (16 or fewer, zero past `n`) held in two words at `at`, and moves `at`
    /// past them: as two words when there is room for them (the zeros past `n` are written over
    /// by what follows), else byte by byte.
    @inline(__always)
    private static func put(_ low: UInt64, _ high: UInt64, _ n: Int, _ base: UnsafeMutableRawPointer, _ at: inout Int) {
      if at &+ 16 <= 64 {
        base.storeBytes(of: low, toByteOffset: at, as: UInt64.self)
        base.storeBytes(of: high, toByteOffset: at &+ 8, as: UInt64.self)
      } else {
        withUnsafeBytes(of: (low, high)) {
          (base + at).copyMemory(from: $0.baseAddress.unsafelyUnwrapped, byteCount: n)
        }
      }
      at &+= n
    }

    /// Sets `name` to any JSON value: the parameters are kept in an object from now on (the ones
    /// in place moved into it first, its members reserved for the expected count). The first
    /// member named `name` takes the value, or a member is appended: in place, the object held
    /// only by the storage (no copy of it, no `Storage` made again).
    mutating func set(_ name: String, json value: JSONValue) {
      if storage.object == nil {
        let packed = packed
        var members: [JSONObject.Member] = []
        members.reserveCapacity(Swift.max(expected, count &+ 1))
        for k in 0..<count {
          members.append(JSONObject.Member(key: packed.name(k).string, value: packed.json(k)))
        }
        storage = Storage(object: JSONObject(members))
        (header, end, count) = (0, 0, 0)
      }
      let found = storage.object!.members.withUnsafeBufferPointer { members in
        members.firstIndex { Builder.same($0.key, name) }
      }
      if let found {
        storage.object!.members[found].value = value
      } else {
        storage.object!.members.append(JSONObject.Member(key: name, value: value))
      }
    }

    /// Whether `a` and `b` are equal keys, as `==` compares them (``JSONObject``'s subscript):
    /// equal representations are; two small ASCII strings (``CompiledRouter/smallASCII(_:)``,
    /// nearly every name) whose representations differ are not, with no call; others are
    /// compared by `==` (canonical equivalence).
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
      #if _pointerBitWidth(_64) && _endian(little)
        let (aLow, aHigh) = unsafeBitCast(a, to: (UInt64, UInt64).self)
        let (bLow, bHigh) = unsafeBitCast(b, to: (UInt64, UInt64).self)
        if aLow == bLow && aHigh == bHigh { return true }
        if aHigh &>> 60 == 0xE && bHigh &>> 60 == 0xE { return false }
      #endif
      return a == b
    }

    /// The parameters, the builder's storage moved into them (swapped out, not copied: a copy is
    /// a call through the storage's value witnesses); the builder is left empty.
    mutating func build() -> RouteParameters {
      var built = Storage()
      if storage.object == nil { storage.words[0] = header | UInt64(truncatingIfNeeded: count) }
      swap(&built, &storage)
      (header, end, count) = (0, 0, 0)
      return RouteParameters(storage: built)
    }
  }
}
