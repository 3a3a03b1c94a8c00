/// Strings of at most 16 UTF-8 bytes made from bytes, kept so that the same bytes give back
/// the string made before: a file's keys, scene ids, schemes, hosts, path literals and
/// parameter names repeat, and finding one again costs a few dozen instructions where making
/// a `String` from bytes costs one to two hundred.
///
/// `string(_:)` returns what `String(decoding:as:)` returns for the same bytes. The cache is a
/// table of slots, each bytes → string, the last one made wins its slot: 1,024 slots, and
/// 32,768 once it has made 4,096 strings (a large table's path literals and parameter names
/// are tens of thousands: in 1,024 slots most of them evicted each other, and each miss made
/// its string again). It grows once, empty, and holds at most that many strings.
///
/// ```swift
/// let strings = ShortStringCache()
/// let a = strings.string(buffer)   // made
/// let b = strings.string(buffer)   // found: the same string
/// ```
@usableFromInline
package final class ShortStringCache {
  @usableFromInline
  struct Entry {
    @usableFromInline var head: UInt64
    @usableFromInline var tail: UInt64
    @usableFromInline var count: Int
    @usableFromInline var string: String

    @usableFromInline
    init(head: UInt64, tail: UInt64, count: Int, string: String) {
      self.head = head
      self.tail = tail
      self.count = count
      self.string = string
    }
  }

  /// The slots of a new cache, and of one grown.
  private static let slots = 1024
  private static let grownSlots = 32768
  /// The strings made (misses) after which a cache of ``slots`` grows.
  private static let growAfter = 4096

  @usableFromInline @exclusivity(unchecked) var entries: UnsafeMutablePointer<Entry>
  /// The number of slots (a power of two), and the shift that takes a hash to a slot.
  private var slotCount: Int
  @usableFromInline @exclusivity(unchecked) var shift: UInt64
  /// The strings made since the cache was created (counted until it grows).
  private var made = 0

  /// An empty cache.
  package init() {
    (entries, slotCount, shift) = Self.table(Self.slots)
  }

  deinit {
    entries.deinitialize(count: slotCount)
    entries.deallocate()
  }

  /// An empty table of `count` slots (a power of two) and its shift.
  private static func table(_ count: Int) -> (UnsafeMutablePointer<Entry>, Int, UInt64) {
    let entries = UnsafeMutablePointer<Entry>.allocate(capacity: count)
    entries.initialize(repeating: Entry(head: 0, tail: 0, count: -1, string: ""), count: count)
    return (entries, count, UInt64(64 - count.trailingZeroBitCount))
  }

  /// Replaces the table with an empty one of ``grownSlots``.
  private func grow() {
    entries.deinitialize(count: slotCount)
    entries.deallocate()
    (entries, slotCount, shift) = Self.table(Self.grownSlots)
  }

  /// The number of slots (1,024, or 32,768 once grown), for tests.
  package var capacity: Int { slotCount }

  /// ``string(_:)``, but bytes that a small string holds (up to 15 ASCII bytes: a table's
  /// keys, scene ids, schemes, hosts, most path literals and parameter names) made in that form
  /// directly (``SmallASCIIString/make(_:)``, a few instructions and no lookup; a lookup that
  /// missed, as a route's own name-like values do, made an entry too); the cache is asked only
  /// for the others.
  ///
  /// ```swift
  /// strings.smallOrCached(buffer)   // "main": made small, the cache not asked
  /// ```
  @inlinable @inline(__always)
  package func smallOrCached(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    SmallASCIIString.make(bytes) ?? string(bytes)
  }

  /// `String(decoding: bytes, as: UTF8.self)`, found in the cache when these bytes were made
  /// into a string before (bytes over 16 long are always made).
  ///
  /// `@inlinable`: the loader, in another module, asks some ten strings a route, nearly all
  /// found; the lookup is inlined there, and only a string made calls out.
  @inlinable @inline(__always)
  package func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let count = bytes.count
    guard count <= 16, let base = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
    // The bytes as two words: with the count, they are the key.
    var head: UInt64 = 0
    var tail: UInt64 = 0
    // Overlapping loads, no loop: with the count, each pair of words gives back the bytes.
    let raw = UnsafeRawPointer(base)
    if count >= 8 {
      head = raw.loadUnaligned(as: UInt64.self)
      tail = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    } else if count >= 4 {
      head = UInt64(raw.loadUnaligned(as: UInt32.self))
      tail = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
    } else if count > 0 {
      // 1 to 3 bytes: the first, the middle and the last.
      head = UInt64(base[0]) | UInt64(base[count &>> 1]) &<< 8 | UInt64(base[count &- 1]) &<< 16
    }
    let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
    let entry = entries + Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    if entry.pointee.count == count, entry.pointee.head == head, entry.pointee.tail == tail {
      return entry.pointee.string
    }
    return stringMade(bytes, head: head, tail: tail, mixed: mixed, slot: entry)
  }

  /// Makes the string of `bytes` (found in no slot: `slot` is the one its key `head`, `tail`
  /// and `mixed` gives) and keeps it there.
  @usableFromInline @inline(never)
  func stringMade(
    _ bytes: UnsafeBufferPointer<UInt8>, head: UInt64, tail: UInt64, mixed: UInt64,
    slot entry: UnsafeMutablePointer<Entry>
  ) -> String {
    let count = bytes.count
    // Up to 15 ASCII bytes made in the small form directly (``SmallASCIIString``).
    let string = SmallASCIIString.make(bytes) ?? String(decoding: bytes, as: UTF8.self)
    if slotCount == Self.slots {
      made &+= 1
      if made == Self.growAfter {
        // Grown empty: the string is kept in the new table's slot for these bytes.
        grow()
        let slot = Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) &>> shift)
        entries[slot] = Entry(head: head, tail: tail, count: count, string: string)
        return string
      }
    }
    entry.pointee = Entry(head: head, tail: tail, count: count, string: string)
    return string
  }
}
