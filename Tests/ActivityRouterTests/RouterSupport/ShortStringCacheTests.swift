import ActivityRouterTestSupport
import Testing

@testable import RouterSupport

/// The cache gives back what `String(decoding:as:)` makes for the same bytes: its key (the
/// count and two words loaded from the bytes) tells every string of up to 16 bytes apart.
@Suite struct ShortStringCacheTests {
  @Test func givesWhatDecodingGives() {
    let strings = ShortStringCache()
    var rng = SeededGenerator(seed: 0x5717_CA)
    // Two letters and a byte beyond ASCII: strings that differ in one place, of every length
    // from 0 to 20 (past 16 the cache makes each string), each asked for more than once.
    let alphabet: [UInt8] = [UInt8(ascii: "a"), UInt8(ascii: "b"), 0xC3, 0xA9]
    var texts: [[UInt8]] = []
    for _ in 0..<3_000 {
      let count = Int.random(in: 0...20, using: &rng)
      texts.append((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
    }
    for round in 0..<2 {
      for bytes in texts {
        let made = bytes.withUnsafeBufferPointer { strings.string($0) }
        #expect(made == String(decoding: bytes, as: UTF8.self), "round \(round): \(bytes)")
        let small = bytes.withUnsafeBufferPointer { strings.smallOrCached($0) }
        #expect(small == String(decoding: bytes, as: UTF8.self), "round \(round): \(bytes), small or cached")
      }
    }
  }

  /// Past 4,096 strings made the cache grows (to 32,768 slots, empty): what it gives back is
  /// still each string's, before, across and after the growth, for strings it held before.
  @Test func growsAndStillGivesWhatDecodingGives() {
    let strings = ShortStringCache()
    #expect(strings.capacity == 1024)
    // 10,000 different strings ("s0" to "s9999", and some past 16 bytes, which are always made).
    let texts = (0..<10_000).map { i in Array((i % 7 == 0 ? "a-long-path-literal-\(i)" : "s\(i)").utf8) }
    for round in 0..<3 {
      for (i, bytes) in texts.enumerated() {
        let made = bytes.withUnsafeBufferPointer { strings.string($0) }
        #expect(made == String(decoding: bytes, as: UTF8.self), "round \(round): \(i)")
        // The first round crosses the growth: the cache grew at its 4,096th string made.
        if round == 0 && i < 3_000 { #expect(strings.capacity == 1024) }
      }
      #expect(strings.capacity == 32768)
    }
  }

  @Test func tellsApartStringsThatShareTheirEnds() {
    let strings = ShortStringCache()
    // The same first and last bytes (and, for four to seven, the same first and last four).
    for text in ["abc", "aac", "abcdbcd", "abcdxbcd", "abccbcd", "ab", "aab", "abab", "abbb", "a", "aa", "aaa"] {
      for _ in 0..<2 {
        let made = Array(text.utf8).withUnsafeBufferPointer { strings.string($0) }
        #expect(made == text)
      }
    }
  }
}
