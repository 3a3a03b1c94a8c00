import ActivityRouterTestSupport
import Testing

@testable import RouterSupport

/// A string made in the small form is the string `String(decoding:as:)` makes from the same
/// bytes: equal, hashed the same, the same UTF-8, and the same two words (so the standard
/// library holds it in the same form); and nil for what it leaves to decoding.
@Suite struct SmallASCIIStringTests {
  /// The words of a string value (two words on 64-bit platforms).
  private func words(_ string: String) -> (UInt64, UInt64) {
    unsafeBitCast(string, to: (UInt64, UInt64).self)
  }

  private func check(_ bytes: [UInt8], _ comment: Comment) {
    let decoded = String(decoding: bytes, as: UTF8.self)
    let made = bytes.withUnsafeBufferPointer { SmallASCIIString.make($0) }
    let small = bytes.count <= 15 && bytes.allSatisfy { $0 < 0x80 }
    // The same bytes in two words, zero after the last (as a matcher's parameter holds them).
    var packed: (low: UInt64, high: UInt64) = (0, 0)
    for (i, byte) in bytes.prefix(16).enumerated() {
      if i < 8 { packed.low |= UInt64(byte) << (8 * i) } else { packed.high |= UInt64(byte) << (8 * (i - 8)) }
    }
    let fromWords =
      bytes.count <= 16 ? SmallASCIIString.make(low: packed.low, high: packed.high, count: bytes.count) : nil
    #if _pointerBitWidth(_64) && _endian(little)
      guard small else {
        #expect(made == nil, comment)
        #expect(fromWords == nil, comment)
        #expect(bytes.withUnsafeBufferPointer { SmallASCIIString.words($0) } == nil, comment)
        // A string held in another form has no small words.
        #expect(SmallASCIIString.words(of: decoded) == nil, comment)
        return
      }
      guard let made else {
        Issue.record("nil for \(bytes)")
        return
      }
      #expect(made == decoded, comment)
      #expect(made.hashValue == decoded.hashValue, comment)
      #expect(Array(made.utf8) == bytes, comment)
      #expect(made.utf8.count == bytes.count, comment)
      #expect(words(made) == words(decoded), comment)
      #expect(fromWords.map(words).map { [$0.0, $0.1] } == [words(decoded).0, words(decoded).1], comment)
      let fromBytes = bytes.withUnsafeBufferPointer { SmallASCIIString.words($0) }
      #expect(fromBytes.map { [$0.0, $0.1] } == [words(decoded).0, words(decoded).1], comment)
      #expect(
        SmallASCIIString.words(of: decoded).map { [$0.0, $0.1] } == [words(decoded).0, words(decoded).1], comment)
      // Used as strings are: appended to, compared with a literal's bytes, made native.
      #expect(made + "!" == decoded + "!", comment)
      var copy = made
      #expect(copy.withUTF8 { Array($0) } == bytes, comment)
    #else
      #expect(made == nil, comment)
      #expect(fromWords == nil, comment)
    #endif
  }

  /// Every length from 0 to 20 (past 15 none is made), every byte value at every place of a
  /// string of each length (beyond ASCII none is made), and random ASCII texts.
  @Test func makesWhatDecodingMakes() {
    for count in 0...20 {
      let base = (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
      check(base, "length \(count)")
      for place in 0..<count {
        for byte in UInt8.min...UInt8.max {
          var bytes = base
          bytes[place] = byte
          check(bytes, "length \(count), byte \(byte) at \(place)")
        }
      }
    }
    var rng = SeededGenerator(seed: 0x5A11)
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...16, using: &rng)
      check((0..<count).map { _ in UInt8.random(in: 0...0x7F, using: &rng) }, "random")
    }
  }

  /// Bytes in the middle of a larger buffer: the bytes around them are not taken in.
  @Test func takesOnlyItsBytes() {
    let buffer = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    buffer.withUnsafeBufferPointer { all in
      for start in 0..<all.count {
        for end in start...min(all.count, start + 16) {
          let slice = UnsafeBufferPointer(rebasing: all[start..<end])
          let expected = end - start <= 15 ? String(decoding: slice, as: UTF8.self) : nil
          #if _pointerBitWidth(_64) && _endian(little)
            #expect(SmallASCIIString.make(slice) == expected, "\(start)..<\(end)")
          #endif
        }
      }
    }
  }
}
