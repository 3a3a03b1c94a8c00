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
/// Up to two parameters whose names are 15 bytes or fewer and whose values are text of 15 bytes
/// or fewer, integers or UUIDs — most of them — are held in the value itself as bytes, with no
/// array, no string and no reference made: each value as what it is (the text's bytes, an
/// integer, the 128 bits of a UUID). Matching a URL allocates nothing for them, and a parameter's
/// name and value are made when they are read (a UUID's text then). Others are held as a
/// ``JSONObject``.
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
    /// A parameter in place (when `member` is nil): its name's two words and its value's, as
    /// ``Storage`` keeps them, decoded when read (so that making one is four moves).
    @usableFromInline let slot: (UInt64, UInt64, UInt64, UInt64)
    /// A parameter of an object.
    @usableFromInline let member: JSONObject.Member?

    /// The parameter's name.
    public var key: String { member?.key ?? Storage.name(slot.0, slot.1).string }

    /// The parameter's value, as JSON.
    public var value: JSONValue { member?.value ?? Storage.value(slot.1, slot.2, slot.3).json }

    /// Creates a parameter.
    public init(key: String, value: JSONValue) {
      slot = (0, 0, 0, 0)
      member = JSONObject.Member(key: key, value: value)
    }

    @inlinable init(slot: (UInt64, UInt64, UInt64, UInt64)) {
      self.slot = slot
      member = nil
    }

    public static func == (a: Parameter, b: Parameter) -> Bool { a.key == b.key && a.value == b.value }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(key)
      hasher.combine(value)
    }
  }

  /// A value as the matcher keeps it in place: text of 15 bytes or fewer, an integer, or a UUID
  /// (its 32 hexadecimal digits, the first 16 in `high`). Plain bytes.
  @usableFromInline package struct InlineValue: Sendable {
    @usableFromInline package enum Kind: UInt8, Sendable { case text, int, uuid }
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

    package var json: JSONValue {
      switch kind {
      case .text: return .string(Bytes16(low: low, high: high, count: count).string)
      case .int: return .number(JSONNumber(Int64(bitPattern: low)))
      case .uuid: return .string(InlineValue.uuidText(high, low))
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

  /// Up to two parameters in place, each name and value in two words; or all of them in an
  /// object. 72 bytes and no reference but the object's, so that a ``RouteMatch`` (112 bytes)
  /// and the `Result` that holds one are copied with a few moves and no reference counting.
  @usableFromInline package struct Storage: Sendable {
    /// Parameter k's name in words 4k and 4k + 1, its value in words 4k + 2 and 4k + 3. A name's
    /// last byte (the top byte of its second word) says the parameter is there (bit 7), its
    /// value's kind (bits 5-6) and the name's length (bits 0-3); a text value's last byte its
    /// length. So a name or a text value in place has 15 bytes or fewer. One vector, not eight
    /// words, so that the storage is two values to the compiler: copied and destroyed in line
    /// where it is copied (eight words and the object are copied through the type's value
    /// witnesses); first, so that its 16-byte alignment adds no padding.
    @usableFromInline var words = SIMD8<UInt64>()
    @usableFromInline package var object: JSONObject?

    static let capacity = 2
    /// The longest name or text value kept in place.
    static let longest = 15

    init() {}

    init(object: JSONObject) {
      self.object = object
    }

    @inlinable package var count: Int {
      Int(truncatingIfNeeded: words[1] &>> 63) &+ Int(truncatingIfNeeded: words[5] &>> 63)
    }

    /// Parameter k's name as bytes.
    @inlinable package func name(_ k: Int) -> Bytes16 {
      k == 0 ? Storage.name(words[0], words[1]) : Storage.name(words[4], words[5])
    }

    /// Parameter k's value.
    @inlinable package func value(_ k: Int) -> InlineValue {
      k == 0 ? Storage.value(words[1], words[2], words[3]) : Storage.value(words[5], words[6], words[7])
    }

    /// Parameter k's four words: its name's two and its value's two.
    @inlinable @inline(__always)
    func slot(_ k: Int) -> (UInt64, UInt64, UInt64, UInt64) {
      k == 0 ? (words[0], words[1], words[2], words[3]) : (words[4], words[5], words[6], words[7])
    }

    /// The name whose two words are `low` and `high` (its meta byte on top).
    @inlinable static func name(_ low: UInt64, _ high: UInt64) -> Bytes16 {
      Bytes16(low: low, high: high & 0x00FF_FFFF_FFFF_FFFF, count: UInt8(truncatingIfNeeded: high &>> 56) & 0xF)
    }

    /// The value whose two words are `low` and `high`, of the parameter whose name's second word
    /// (with the meta byte) is `nameHigh`.
    @inlinable static func value(_ nameHigh: UInt64, _ low: UInt64, _ high: UInt64) -> InlineValue {
      let kind = InlineValue.Kind(rawValue: UInt8(truncatingIfNeeded: nameHigh &>> 61) & 0x3) ?? .text
      guard kind == .text else { return InlineValue(kind: kind, low: low, high: high, count: 0) }
      return InlineValue(
        kind: .text, low: low, high: high & 0x00FF_FFFF_FFFF_FFFF, count: UInt8(truncatingIfNeeded: high &>> 56))
    }

    /// Appends a parameter in place (fewer than ``capacity`` are; the name and a text value
    /// have ``longest`` bytes or fewer).
    @inline(__always)
    mutating func append(_ name: Bytes16, _ value: InlineValue) {
      let meta = UInt64(0x80 | value.kind.rawValue &<< 5 | name.count) &<< 56
      let high = value.kind == .text ? value.high | UInt64(value.count) &<< 56 : value.high
      if count == 0 {
        words[0] = name.low
        words[1] = name.high | meta
        words[2] = value.low
        words[3] = high
      } else {
        words[4] = name.low
        words[5] = name.high | meta
        words[6] = value.low
        words[7] = high
      }
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

    /// The bytes of `raw` (16 or fewer): two overlapping loads of a word, half a word or a
    /// quarter, shifted into place, with no loop.
    @inline(__always)
    init(_ raw: UnsafeBufferPointer<UInt8>) {
      let n = raw.count
      count = UInt8(truncatingIfNeeded: n)
      guard n > 0, let base = raw.baseAddress else {
        (low, high) = (0, 0)
        return
      }
      let p = UnsafeRawPointer(base)
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
    return Parameter(slot: storage.slot(position))
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
    inPlaceIndex(named: key).map { storage.value($0).json }
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
      return Parameter(
        slot: position == 0 ? (words[0], words[1], words[2], words[3]) : (words[4], words[5], words[6], words[7]))
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
  /// Parameters gathered one by one: in place while there are two or fewer, each name and text
  /// value of 15 bytes or fewer (integers and UUIDs as what they are); otherwise all of them in an object
  /// from then on. Setting a name again replaces its value where it is (as ``JSONObject``'s
  /// subscript does).
  struct Builder {
    private var storage = Storage()
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

    /// Sets the parameter `name` to `value`.
    @inline(__always)
    mutating func set(_ name: Name, _ value: InlineValue) {
      if storage.count < Storage.capacity && name.long == nil && storage.object == nil
        && (value.kind != .text || value.count <= Storage.longest)
      {
        if storage.count == 0 || !storage.name(0).equals(name.key) {
          storage.append(name.key, value)
          return
        }
      }
      set(name.string, json: value.json)
    }

    /// Sets `name` to a value of `raw`'s bytes as text: in place when they are 15 or fewer.
    mutating func set(_ name: Name, text raw: UnsafeBufferPointer<UInt8>) {
      if raw.count <= Storage.longest {
        set(name, .text(raw))
      } else {
        set(name.string, json: .string(String(decoding: raw, as: UTF8.self)))
      }
    }

    /// Sets `name` to any JSON value: the parameters are kept in an object from now on (the ones
    /// in place moved into it first, its members reserved for the expected count). The first
    /// member named `name` takes the value, or a member is appended: in place, the object held
    /// only by the storage (no copy of it, no `Storage` made again).
    mutating func set(_ name: String, json value: JSONValue) {
      if storage.object == nil {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(Swift.max(expected, storage.count &+ 1))
        for k in 0..<storage.count {
          members.append(JSONObject.Member(key: storage.name(k).string, value: storage.value(k).json))
        }
        storage = Storage(object: JSONObject(members))
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
      swap(&built, &storage)
      return RouteParameters(storage: built)
    }
  }
}
