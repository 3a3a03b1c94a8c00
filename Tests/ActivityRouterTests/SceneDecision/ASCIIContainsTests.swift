import ActivityRouter
import ActivityRouterTestSupport
import RouterSupport
import Testing

@testable import SceneDecision

/// The ASCII `CONTAINS` and the ASCII test of a matching set's comparison, which look at eight
/// bytes at a time, held to byte-by-byte loops: every length of haystack up to 40, the needle
/// placed at every position, with its case changed, and bytes next to the letters (`@`, `[`,
/// `` ` ``, `{`, digits, DEL) that setting 0x20 would confuse with them.
@Suite struct ASCIIContainsTests {
  static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

  /// The byte loop: whether `needle` occurs in `haystack`, bytes folded when `fold`.
  static func oracle(_ haystack: [UInt8], _ needle: [UInt8], fold: Bool) -> Bool {
    if needle.isEmpty { return true }
    guard needle.count <= haystack.count else { return false }
    for i in 0...(haystack.count - needle.count) {
      var j = 0
      while j < needle.count
        && (fold ? lower(haystack[i + j]) == lower(needle[j]) : haystack[i + j] == needle[j])
      {
        j += 1
      }
      if j == needle.count { return true }
    }
    return false
  }

  static let alphabet: [UInt8] = Array("aAbBnNzZ09-/:.@[`{~_".utf8) + [0x7F, 0x40, 0x5B, 0x60, 0x7B, 0x20]

  static func check(_ haystack: [UInt8], _ needle: [UInt8], _ disagreements: inout [String]) {
    let h = String(decoding: haystack, as: UTF8.self)
    let n = String(decoding: needle, as: UTF8.self)
    for fold in [true, false] {
      let comparison = ActivationPredicate.Comparison(
        .contains, n, caseInsensitive: fold, diacriticInsensitive: false)
      let expected = oracle(haystack, needle, fold: fold)
      if comparison.evaluateASCII(h) != expected {
        disagreements.append("\(h.debugDescription) CONTAINS\(fold ? "[c]" : "") \(n.debugDescription)")
      }
    }
  }

  @Test func containsAgreesWithTheByteLoop() {
    var g = SeededGenerator(seed: 0xA5C1_1C0D)
    var disagreements: [String] = []
    var positives = 0
    for length in 0...40 {
      for _ in 0..<40 {
        var haystack = (0..<length).map { _ in Self.alphabet.randomElement(using: &g)! }
        let needleLength = Int.random(in: 1...5, using: &g)
        var needle = (0..<needleLength).map { _ in Self.alphabet.randomElement(using: &g)! }
        Self.check(haystack, needle, &disagreements)
        // The needle planted at every position, its letters' case flipped at random.
        guard needleLength <= length else { continue }
        for at in 0...(length - needleLength) {
          var planted = haystack
          for j in 0..<needleLength {
            let b = needle[j]
            let isLetter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
            planted[at + j] = isLetter && Bool.random(using: &g) ? b ^ 0x20 : b
          }
          if Self.oracle(planted, needle, fold: true) { positives += 1 }
          Self.check(planted, needle, &disagreements)
        }
        // A first byte next to a letter's case bit: `@` for `` ` ``, `[` for `{`.
        needle[0] = [0x40, 0x60, 0x5B, 0x7B].randomElement(using: &g)!
        haystack = haystack.map { (($0 | 0x20) &- 0x61) < 26 ? $0 : [0x40, 0x60, 0x5B, 0x7B][Int($0) % 4] }
        Self.check(haystack, needle, &disagreements)
      }
    }
    #expect(positives > 10_000)
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10).joined(separator: "\n"))")
  }

  @Test func asciiTestFindsAHighByteAtEveryPosition() {
    for length in 1...40 {
      for at in 0..<length {
        var bytes = [UInt8](repeating: 0x61, count: length)
        bytes[at] = 0xC3
        #expect(bytes.withUnsafeBufferPointer { UTF8Bytes.isASCII($0) } == false)
        bytes[at] = 0x7F
        #expect(bytes.withUnsafeBufferPointer { UTF8Bytes.isASCII($0) } == true)
      }
    }
    #expect([UInt8]().withUnsafeBufferPointer { UTF8Bytes.isASCII($0) } == true)
  }
}
