/// The first and last eight bytes of a segment, the key of a literal edge (with its length and
/// parent): `head` is zero-padded, `tail` is 0 for segments of at most eight bytes.
struct EdgeKey {
  var head: UInt64
  var tail: UInt64

  /// The key of a segment held in a buffer (any length; reads only inside the buffer).
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      head = 0
      tail = 0
      return
    }
    if bytes.count >= 8 {
      head = UnsafeRawPointer(base).loadWord()
    } else {
      var value: UInt64 = 0
      var i = 0
      while i < bytes.count {
        value |= UInt64(base[i]) &<< UInt64(truncatingIfNeeded: i &* 8)
        i &+= 1
      }
      head = value
    }
    tail = bytes.count > 8 ? UnsafeRawPointer(base + (bytes.count &- 8)).loadWord() : 0
  }

  @inline(__always)
  init(head: UInt64, tail: UInt64) {
    self.head = head
    self.tail = tail
  }
}

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

/// The bits the matcher keeps about a node, in its record and in the slot of the edge that
/// leads to it: what kind of children it has, and whether it ends patterns.
enum NodeInfo {
  /// The children, in the low three bits.
  static let kindMask: UInt32 = 0x7
  /// No children.
  static let leaf: UInt32 = 0
  /// Literal children only.
  static let literalsOnly: UInt32 = 1
  /// Exactly one child, an untyped `{name}` parameter, and no literal children: it is node + 1.
  static let parameterOnly: UInt32 = 2
  /// Anything else (literal and dynamic children compete, typed, optional, wildcard, catch-all):
  /// the general matcher takes over at this node.
  static let general: UInt32 = 3
  /// The edge into this node is a literal the fast path cannot compare raw (it holds bytes
  /// outside ``URLTrie/isFastByte(_:)``, or is a dot segment): the whole URL goes to the general path.
  static let restart: UInt32 = 4
  /// Patterns end here.
  static let hasTerminals: UInt32 = 0x8
  /// The first terminal here takes any URL that reaches the node (no query or fragment
  /// constraint, trailing slash ignored): the fast path returns it directly.
  static let fastTerminal: UInt32 = 0x10
  /// Host slots only: the fast path may look this key up in the raw URL bytes.
  static let fastHost: UInt32 = 0x20
}

extension UnsafeRawPointer {
  /// Eight bytes at this address, little-endian, no alignment needed.
  @inline(__always)
  func loadWord() -> UInt64 {
    UInt64(littleEndian: loadUnaligned(as: UInt64.self))
  }
}
