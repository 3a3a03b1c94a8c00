import RouterSupport

/// The quoted JSON names of an enum's cases (`"open"`, `"E1"`), made once from the cases' raw
/// values and found by the case's one-byte representation: a record writes a case's name with
/// two word copies, without asking the case for its `rawValue` (a call, a `String` and a
/// release each time).
///
/// The table is built from the cases themselves (`allCases`, each case's byte and raw value),
/// so it holds whatever bytes the compiler gives the cases; it is only made for an enum without
/// payloads stored in one byte, whose raw values need no escape (both checked when it is made).
///
/// ```swift
/// let names = CaseNames<AppleRuleID>()
/// names.quoted(.e1)   // the bytes of "\"E1\""
/// ```
struct CaseNames<Case: CaseIterable & RawRepresentable>: @unchecked Sendable where Case.RawValue == String {
  /// One slot of `stride` bytes a case, at the case's byte: its quoted name, then zeros. Made
  /// once and kept for the life of the process (the tables are global constants).
  private let slots: UnsafeMutablePointer<UInt8>
  /// Each slot's name length, at the case's byte.
  private let counts: UnsafeMutablePointer<UInt8>
  /// The slot size: the longest quoted name, rounded up to whole words.
  let stride: Int
  /// Each case's quoted name after a comma (`,"E1"`) in one word, at the case's byte, the first
  /// byte in the word's lowest: made when every such name fits in a word (nil otherwise), for
  /// writing a list of cases a word a name (``RecordWriter/names(_:in:)``).
  let listWords: UnsafePointer<UInt64>?

  init() {
    precondition(MemoryLayout<Case>.size == 1, "CaseNames needs an enum stored in one byte")
    var longest = 0
    for value in Case.allCases { longest = max(longest, value.rawValue.utf8.count + 2) }
    stride = (longest + 7) & ~7
    slots = .allocate(capacity: 256 * stride)
    slots.initialize(repeating: 0, count: 256 * stride)
    counts = .allocate(capacity: 256)
    counts.initialize(repeating: 0, count: 256)
    for value in Case.allCases {
      let name = Array(value.rawValue.utf8)
      let plain = name.withUnsafeBufferPointer { JSONWriter.skipUnescaped($0, from: 0) == $0.count }
      precondition(plain && name.count + 2 <= Int(UInt8.max), "a case name that needs an escape")
      let slot = slots + Int(Self.byte(of: value)) * stride
      slot[0] = UInt8(ascii: "\"")
      (slot + 1).update(from: name, count: name.count)
      slot[name.count + 1] = UInt8(ascii: "\"")
      counts[Int(Self.byte(of: value))] = UInt8(name.count + 2)
    }
    listWords = longest + 1 <= 8 ? Self.listWords(slots: slots, stride: stride) : nil
  }

  /// The words of ``listWords``: a comma, then the slot's first seven bytes (the quoted name
  /// and zeros).
  private static func listWords(slots: UnsafePointer<UInt8>, stride: Int) -> UnsafePointer<UInt64> {
    let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
    for byte in 0..<256 {
      var word = UInt64(UInt8(ascii: ","))
      for i in 0..<7 { word |= UInt64(slots[byte * stride + i]) << UInt64(8 * (i + 1)) }
      words[byte] = UInt64(littleEndian: word)
    }
    return UnsafePointer(words)
  }

  /// The byte a case is stored as (the enum is one byte: checked when the table is made).
  @inline(__always)
  private static func byte(of value: Case) -> UInt8 { unsafeBitCast(value, to: UInt8.self) }

  /// The quoted name of `value`, in its slot: `count` bytes, readable to `stride`.
  @inline(__always)
  func slot(of value: Case) -> (start: UnsafePointer<UInt8>, count: Int) {
    let byte = Int(Self.byte(of: value))
    return (UnsafePointer(slots + byte &* stride), Int(counts[byte]))
  }

  /// The byte a case is stored as, as an index into the tables.
  @inline(__always)
  func index(of value: Case) -> Int { Int(Self.byte(of: value)) }

  /// The length of the quoted name at `index`.
  @inline(__always)
  func count(at index: Int) -> Int { Int(counts[index]) }

  /// The quoted name of `value` as bytes (for tests and slow paths).
  func quoted(_ value: Case) -> [UInt8] {
    let (start, count) = slot(of: value)
    return Array(UnsafeBufferPointer(start: start, count: count))
  }
}
