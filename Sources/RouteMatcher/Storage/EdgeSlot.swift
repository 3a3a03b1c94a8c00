/// One slot of the literal-edge hash table: 32 bytes, half a cache line, holding the edge's key
/// and what the matcher needs of the child, so that one static step reads one slot.
struct EdgeSlot {
  var head: UInt64
  var tail: UInt64
  /// `parent << 32 | length << 16 | child's NodeInfo bits`; all ones for an empty slot.
  var key: UInt64
  var child: Int32
  /// The route of the child's first terminal when that terminal is fast (see
  /// ``NodeInfo/fastTerminal``), so that a URL ending here needs no other read.
  var route: Int32

  static let empty = EdgeSlot(head: 0, tail: 0, key: .max, child: -1, route: -1)

  @inline(__always)
  static func keyBits(parent: Int32, length: Int) -> UInt64 {
    UInt64(UInt32(bitPattern: parent)) &<< 32 | UInt64(truncatingIfNeeded: length) &<< 16
  }
}

/// A host key (`scheme://host[:port]`) of the root's hash table: the key bytes are in the pool.
struct HostSlot {
  var hash: UInt64
  var offset: Int32
  var length: Int32
  var root: Int32
  /// The root's NodeInfo bits, plus ``NodeInfo/fastHost`` when the fast path may take this key.
  var info: UInt32
  /// The route of the root's first terminal when that terminal is fast.
  var route: Int32
  var unused: Int32 = 0

  static let empty = HostSlot(hash: 0, offset: 0, length: -1, root: -1, info: 0, route: -1)
}
