import RouterSupport

/// The routes read so far by name, for the loader's duplicate-name check: the first route of
/// each name, found by a hash of the name's bytes (a `[String: Int]` hashes every name with
/// SipHash and grows; a table's names are short ASCII words).
///
/// Names compare as Swift strings, as a dictionary compares them: a name beyond ASCII may equal
/// another written with other bytes (`"\u{212A}"`, the Kelvin sign, equals `"K"`), so from the
/// first such name on, the index keeps a `[String: Int]` of every name instead.
///
/// ```swift
/// var names = RouteNameIndex(expected: 100)
/// names.firstIndex(of: "note", recording: 0, in: routes)   // nil: recorded
/// names.firstIndex(of: "note", recording: 1, in: routes)   // 0
/// ```
struct RouteNameIndex {
  /// Open addressing: each slot a route's index + 1 (0: empty), and the hash of its name.
  private var slots: [Int32]
  private var hashes: [UInt64]
  private var count = 0
  /// Every name, once a name beyond ASCII was recorded.
  private var byString: [String: Int]?

  init(expected: Int) {
    var capacity = 16
    while capacity < 2 * expected { capacity *= 2 }
    slots = Array(repeating: 0, count: capacity)
    hashes = Array(repeating: 0, count: capacity)
  }

  /// The index of the route in `routes` already named `name`; nil after recording `index`
  /// (the index `name`'s route will have in `routes`) for it.
  mutating func firstIndex(of name: String, recording index: Int, in routes: [Route]) -> Int? {
    if byString != nil { return firstIndexByString(of: name, recording: index) }
    guard let hash = Self.hash(name) else {
      // A name beyond ASCII: from now on, every name in a dictionary.
      var all: [String: Int] = [:]
      all.reserveCapacity(max(count * 2, 16))
      for slot in slots where slot != 0 { all[routes[Int(slot) - 1].name] = Int(slot) - 1 }
      byString = all
      return firstIndexByString(of: name, recording: index)
    }
    let mask = slots.count - 1
    var position = Int(truncatingIfNeeded: hash &>> 32) & mask
    while slots[position] != 0 {
      let other = Int(slots[position]) - 1
      if hashes[position] == hash, routes[other].name == name { return other }
      position = (position + 1) & mask
    }
    slots[position] = Int32(truncatingIfNeeded: index + 1)
    hashes[position] = hash
    count += 1
    if count * 2 > slots.count { grow() }
    return nil
  }

  /// The hash of an ASCII name, nil for a name beyond ASCII. A name of 15 bytes or fewer is
  /// hashed from the two words of its small form (read from the string when it is held so,
  /// else made from its bytes: the same words either way), a longer one byte by byte.
  private static func hash(_ name: String) -> UInt64? {
    if let words = SmallASCIIString.words(of: name) { return mix(words) }
    var utf8 = name
    return utf8.withUTF8 { bytes -> UInt64? in
      if let words = SmallASCIIString.words(bytes) { return mix(words) }
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes {
        if byte >= 0x80 { return nil }
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
      }
      return hash
    }
  }

  /// The hash of a name's two small-form words.
  @inline(__always)
  private static func mix(_ words: (UInt64, UInt64)) -> UInt64 {
    (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F)
  }

  private mutating func firstIndexByString(of name: String, recording index: Int) -> Int? {
    if let first = byString?[name] { return first }
    byString?[name] = index
    return nil
  }

  /// Twice the slots, each entry placed again by its hash.
  private mutating func grow() {
    let oldSlots = slots
    let oldHashes = hashes
    slots = Array(repeating: 0, count: oldSlots.count * 2)
    hashes = Array(repeating: 0, count: oldSlots.count * 2)
    let mask = slots.count - 1
    for i in oldSlots.indices where oldSlots[i] != 0 {
      var position = Int(truncatingIfNeeded: oldHashes[i] &>> 32) & mask
      while slots[position] != 0 { position = (position + 1) & mask }
      slots[position] = oldSlots[i]
      hashes[position] = oldHashes[i]
    }
  }
}
