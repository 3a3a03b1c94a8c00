/// All literal edges of the URL trie in one open-addressing hash table, keyed by
/// (parent node, segment bytes); the segment bytes live in a shared byte pool.
///
/// A lookup hashes the parent and the first and last eight bytes of the segment with one
/// multiply, then compares the slot's parent, length and first eight bytes before it touches
/// the pool, so a hit costs one or two cache lines.
struct StaticEdgeTable: Sendable {
  struct Slot: Sendable {
    /// The parent node, or -1 for an empty slot.
    var parent: Int32 = -1
    var child: Int32 = -1
    var length: Int32 = 0
    var poolOffset: Int32 = 0
    /// The first eight bytes of the segment, zero-padded.
    var head: UInt64 = 0
  }

  private(set) var slots: [Slot]
  private(set) var mask: Int
  private(set) var count = 0

  init(capacityFor entries: Int) {
    var size = 8
    while size < entries * 2 { size <<= 1 }
    slots = Array(repeating: Slot(), count: size)
    mask = size - 1
  }

  /// Inserts an edge whose bytes are at `pool[offset..<offset+bytes.count]`.
  mutating func insert(parent: Int32, bytes: UnsafeBufferPointer<UInt8>, poolOffset: Int32, child: Int32) {
    var index = StaticEdgeTable.hash(parent: parent, bytes) & mask
    while slots[index].parent >= 0 { index = (index &+ 1) & mask }
    slots[index] = Slot(
      parent: parent, child: child, length: Int32(bytes.count), poolOffset: poolOffset,
      head: StaticEdgeTable.head(bytes))
    count += 1
  }

  /// The child reached from `parent` over the literal `bytes`, or -1.
  @inline(__always)
  func lookup(parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>, pool: UnsafeBufferPointer<UInt8>) -> Int32 {
    let head = StaticEdgeTable.head(bytes)
    let length = Int32(truncatingIfNeeded: bytes.count)
    return slots.withUnsafeBufferPointer { slots in
      var index = StaticEdgeTable.hash(parent: parent, bytes) & mask
      while true {
        let slot = slots[index]
        if slot.parent < 0 { return -1 }
        if slot.parent == parent && slot.length == length && slot.head == head {
          if length <= 8 || StaticEdgeTable.tailEqual(bytes, pool, Int(slot.poolOffset)) { return slot.child }
        }
        index = (index &+ 1) & mask
      }
    }
  }

  @inline(never)
  static func tailEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ pool: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
    var i = 8
    while i < bytes.count {
      if bytes[i] != pool[offset &+ i] { return false }
      i &+= 1
    }
    return true
  }

  /// The first eight bytes, little-endian, zero-padded.
  @inline(__always)
  static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let base = bytes.baseAddress else { return 0 }
    if bytes.count >= 8 { return UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)) }
    var value: UInt64 = 0
    var i = 0
    while i < bytes.count {
      value |= UInt64(base[i]) &<< UInt64(i &* 8)
      i &+= 1
    }
    return value
  }

  /// The last eight bytes (the head again for short segments).
  @inline(__always)
  static func tail(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let base = bytes.baseAddress, bytes.count > 8 else { return head(bytes) }
    return UInt64(littleEndian: UnsafeRawPointer(base.advanced(by: bytes.count &- 8)).loadUnaligned(as: UInt64.self))
  }

  @inline(__always)
  static func hash(parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var h = head(bytes) &* 0x9E37_79B9_7F4A_7C15
    h ^= tail(bytes) &+ UInt64(truncatingIfNeeded: bytes.count) &* 0xC2B2_AE3D_27D4_EB4F
    h ^= UInt64(UInt32(bitPattern: parent)) &* 0x1656_67B1_9E37_79F9
    h = (h ^ (h &>> 29)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: h &>> 32)
  }
}
