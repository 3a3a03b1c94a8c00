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

  /// The key of a segment held in a buffer with at least `readable` bytes readable from its
  /// start: a segment shorter than eight bytes with eight readable is read in one load.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int) {
    if let base = bytes.baseAddress, bytes.count > 0, bytes.count < 8, readable >= 8 {
      let word = UnsafeRawPointer(base).loadWord()
      self.init(head: word & ((1 &<< UInt64(truncatingIfNeeded: bytes.count &* 8)) &- 1), tail: 0)
    } else {
      self.init(bytes)
    }
  }

  @inline(__always)
  init(head: UInt64, tail: UInt64) {
    self.head = head
    self.tail = tail
  }
}

extension UnsafeRawPointer {
  /// Eight bytes at this address, little-endian, no alignment needed.
  @inline(__always)
  func loadWord() -> UInt64 {
    UInt64(littleEndian: loadUnaligned(as: UInt64.self))
  }
}
