import RouteMatcher
import RouterSupport
import SceneDecision

/// The bytes of a delivered route's record from its event to its parameters, kept from line to
/// line: `,"event":"url","outcome":"open","scene":"main","session":"s1","receiver":{…},"rule":"r76","params":`
/// is the same on every line with the same event kind, outcome, receiver and route, so it is
/// written once and copied after (``RecordWriter/fragment(_:)``), not written field by field.
///
/// A fixed table of ``slotCount`` slots of ``slotBytes`` each, in memory the ``MatchScratch``
/// keeps (``MatchScratch/recordCache``: one thread at a time, freed with it). A route's fragment
/// goes in the slot of its route number; a fragment of another key in that slot replaces it
/// (bounded: nothing grows). A slot holds its key (``Key``: every part the bytes are written
/// from, each string as the two words of a small ASCII string, so equal keys mean equal bytes,
/// whatever router or table wrote them), the fragment's length and its bytes. A decision whose
/// strings are not small ASCII (longer than 15 bytes, or not ASCII), or whose fragment is longer
/// than ``textBytes``, is written afresh every time.
///
/// ```swift
/// let cache = RecordFragments.storage(of: scratch)        // made zeroed on first use
/// let slot = RecordFragments.slot(cache, route: match.route)
/// if let key, slot.matches(key), w.fragment(slot.text) { … }   // copied
/// ```
struct RecordFragments {
  /// The slots of a table: a route's slot is its number modulo this.
  static let slotCount = 256
  /// A slot's size: its key, the fragment's length, the Apple rules' key, the fragment, the
  /// rules' bytes.
  static let slotBytes = 384
  /// Where a slot's fragment starts (after its key of eight words, the length word and the
  /// rules' key of three words, aligned to 32 bytes).
  static let textOffset = 96
  /// The longest fragment a slot holds (a whole number of 32-byte blocks, so a fragment is copied
  /// in blocks without reading past its slot).
  static let textBytes = 192
  /// Where a slot's `,"appleRules":[…]` starts, and the most bytes it holds.
  static let rulesOffset = textOffset + textBytes
  static let rulesBytes = slotBytes - rulesOffset

  /// The bytes before the first slot: a copy of the record names' tables
  /// (``DecisionRecord/recordNames``, pointers to tables kept for the life of the process), read
  /// from here by a record written with the cache, with no `swift_once` check of the global.
  static let headerBytes = 128

  /// The table the scratch keeps, made (every slot empty) on first use.
  @inline(__always)
  static func storage(of scratch: UnsafeMutablePointer<MatchScratch>) -> UnsafeMutableRawPointer {
    if let cache = scratch.pointee.recordCache { return cache }
    return make(in: scratch)
  }

  @inline(never)
  private static func make(in scratch: UnsafeMutablePointer<MatchScratch>) -> UnsafeMutableRawPointer {
    precondition(MemoryLayout<DecisionRecord.RecordNames>.size <= headerBytes, "the record names fit the header")
    let bytes = headerBytes + slotCount * slotBytes
    let made = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 32)
    made.initializeMemory(as: DecisionRecord.RecordNames.self, repeating: DecisionRecord.recordNames, count: 1)
    // Each slot's keys and lengths zeroed (empty: they match no key); its bytes are written
    // before they are read (``Slot/keep(_:as:)`` pads a fragment to its last block). Not the
    // whole table: a scratch made for a batch of lines would clear about 100 KB.
    for slot in 0..<slotCount {
      (made + headerBytes + slot * slotBytes).initializeMemory(as: UInt64.self, repeating: 0, count: textOffset / 8)
    }
    scratch.pointee.recordCache = made
    return made
  }

  /// The record names' tables, as ``DecisionRecord/recordNames`` holds them.
  @inline(__always)
  static func names(_ storage: UnsafeMutableRawPointer) -> DecisionRecord.RecordNames {
    storage.load(as: DecisionRecord.RecordNames.self)
  }

  /// The slot of route `route` in `storage`.
  @inline(__always)
  static func slot(_ storage: UnsafeMutableRawPointer, route: Int) -> Slot {
    Slot(base: storage + (headerBytes &+ (route & (slotCount - 1)) &* slotBytes))
  }

  /// What a fragment is written from: the event's field (its literal's address: the same
  /// literal, the same bytes), the outcome, whether the receiver receives and is new, and the
  /// receiver's scene and session and the route's name as small strings' words. An empty slot
  /// (all zeros) matches no key: an address is never zero.
  struct Key {
    var event: UInt64
    var tag: UInt64
    var scene: (UInt64, UInt64)
    var session: (UInt64, UInt64)
    var rule: (UInt64, UInt64)

    /// The key of a delivered route's fragment, or nil when a string in it is not small ASCII.
    @inline(__always)
    init?(
      _ eventField: StaticString, _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool,
      rule: borrowing String
    ) {
      guard let scene = SmallASCIIString.words(of: receiver.scene),
        let session = SmallASCIIString.words(of: receiver.session), let rule = SmallASCIIString.words(of: rule)
      else { return nil }
      event = UInt64(UInt(bitPattern: eventField.utf8Start))
      tag =
        UInt64(unsafeBitCast(outcome, to: UInt8.self)) | (receives ? 0x100 : 0) | (receiver.isNew ? 0x200 : 0)
        | UInt64(eventField.utf8CodeUnitCount) &<< 16
      self.scene = scene
      self.session = session
      self.rule = rule
    }
  }

  /// One slot: its key's eight words, the fragment's length, the fragment; and the last Apple
  /// rules' list of the route, `,"appleRules":[…]`, with its key (the list's code words and its
  /// length plus one, so that an empty slot matches no list).
  struct Slot {
    let base: UnsafeMutableRawPointer

    /// Whether the slot holds the fragment of `key`.
    @inline(__always)
    func matches(_ key: Key) -> Bool {
      let w = UnsafeRawPointer(base)
      let a = (w.load(as: UInt64.self) ^ key.event) | (w.load(fromByteOffset: 8, as: UInt64.self) ^ key.tag)
      let b =
        (w.load(fromByteOffset: 16, as: UInt64.self) ^ key.scene.0)
        | (w.load(fromByteOffset: 24, as: UInt64.self) ^ key.scene.1)
      let c =
        (w.load(fromByteOffset: 32, as: UInt64.self) ^ key.session.0)
        | (w.load(fromByteOffset: 40, as: UInt64.self) ^ key.session.1)
      let d =
        (w.load(fromByteOffset: 48, as: UInt64.self) ^ key.rule.0)
        | (w.load(fromByteOffset: 56, as: UInt64.self) ^ key.rule.1)
      return (a | b | c | d) == 0
    }

    /// The fragment the slot holds (readable to ``RecordFragments/textBytes``).
    @inline(__always)
    var text: (start: UnsafeRawPointer, count: Int) {
      (UnsafeRawPointer(base + RecordFragments.textOffset), base.load(fromByteOffset: 64, as: Int.self))
    }

    /// Keeps `bytes` as the fragment of `key`, in place of what the slot held; nothing when they
    /// are longer than a slot holds.
    func keep(_ bytes: UnsafeBufferPointer<UInt8>, as key: Key) {
      guard bytes.count <= RecordFragments.textBytes, let source = bytes.baseAddress else { return }
      base.storeBytes(of: key.event, as: UInt64.self)
      base.storeBytes(of: key.tag, toByteOffset: 8, as: UInt64.self)
      base.storeBytes(of: key.scene.0, toByteOffset: 16, as: UInt64.self)
      base.storeBytes(of: key.scene.1, toByteOffset: 24, as: UInt64.self)
      base.storeBytes(of: key.session.0, toByteOffset: 32, as: UInt64.self)
      base.storeBytes(of: key.session.1, toByteOffset: 40, as: UInt64.self)
      base.storeBytes(of: key.rule.0, toByteOffset: 48, as: UInt64.self)
      base.storeBytes(of: key.rule.1, toByteOffset: 56, as: UInt64.self)
      base.storeBytes(of: bytes.count, toByteOffset: 64, as: Int.self)
      Self.copyPadded(source, bytes.count, to: base + RecordFragments.textOffset)
    }

    /// Whether the slot holds the `,"appleRules":[…]` of `rules` (at most sixteen of them:
    /// their code words are the whole list).
    @inline(__always)
    func holds(_ rules: AppleRuleList) -> Bool {
      let (low, high) = rules.codeWords
      let w = UnsafeRawPointer(base)
      let length = UInt64(w.load(fromByteOffset: 88, as: UInt32.self)) ^ UInt64(truncatingIfNeeded: rules.count &+ 1)
      return
        ((w.load(fromByteOffset: 72, as: UInt64.self) ^ low) | (w.load(fromByteOffset: 80, as: UInt64.self) ^ high)
        | length) == 0
    }

    /// The Apple rules' bytes the slot holds (readable to ``RecordFragments/rulesBytes``).
    @inline(__always)
    var rulesText: (start: UnsafeRawPointer, count: Int) {
      (
        UnsafeRawPointer(base + RecordFragments.rulesOffset),
        Int(truncatingIfNeeded: base.load(fromByteOffset: 92, as: UInt32.self))
      )
    }

    /// Keeps `bytes` as the `,"appleRules":[…]` of `rules` (at most sixteen), in place of what
    /// the slot held; nothing when they are longer than a slot holds.
    func keep(_ bytes: UnsafeBufferPointer<UInt8>, rules: AppleRuleList) {
      guard rules.count <= 16, bytes.count <= RecordFragments.rulesBytes, let source = bytes.baseAddress else { return }
      let (low, high) = rules.codeWords
      base.storeBytes(of: low, toByteOffset: 72, as: UInt64.self)
      base.storeBytes(of: high, toByteOffset: 80, as: UInt64.self)
      base.storeBytes(of: UInt32(truncatingIfNeeded: rules.count &+ 1), toByteOffset: 88, as: UInt32.self)
      base.storeBytes(of: UInt32(truncatingIfNeeded: bytes.count), toByteOffset: 92, as: UInt32.self)
      Self.copyPadded(source, bytes.count, to: base + RecordFragments.rulesOffset)
    }

    /// Copies `count` bytes and zeros after them to the end of their last 32-byte block (what
    /// ``RecordWriter/fragment(_:)`` reads).
    private static func copyPadded(_ source: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutableRawPointer) {
      target.copyMemory(from: source, byteCount: count)
      let padded = (count + 31) & ~31
      (target + count).initializeMemory(as: UInt8.self, repeating: 0, count: padded - count)
    }
  }
}
