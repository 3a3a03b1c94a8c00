import ActivityRouterTestSupport
import Testing

@testable import RouterSupport

/// The one UTF-8 validator of the library, held to the standard library's decoder.
@Suite struct UTF8BytesTests {
  /// Random bytes of every short length with a non-ASCII byte (or a broken sequence) anywhere.
  static let samples: [[UInt8]] = {
    var rng = SeededGenerator(seed: 0xA5C1)
    let pieces: [[UInt8]] = [
      [0x61], [0x2F], [0x7F], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xFF], [0x80],
      [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xF0, 0x9F],
    ]
    return (0..<6000).map { _ in
      var bytes: [UInt8] = []
      for _ in 0..<Int(rng.next() % 24) {
        bytes +=
          rng.next() % 4 == 0 ? pieces[Int(rng.next() % UInt64(pieces.count))] : [UInt8(0x20 + rng.next() % 0x5F)]
      }
      return bytes
    }
  }()

  /// The offset of the first ill-formed sequence, as the standard library's decoder finds it.
  static func decoderOffset(_ bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let s): offset += UTF8.width(s)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  @Test func theFirstInvalidOffsetIsTheDecodersAndASCIIIsASCII() {
    for bytes in Self.samples {
      bytes.withUnsafeBufferPointer { buffer in
        #expect(UTF8Bytes.isASCII(buffer) == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
        #expect(UTF8Bytes.firstInvalidOffset(buffer) == Self.decoderOffset(bytes), "\(bytes)")
        #expect((UTF8Bytes.firstInvalidOffset(buffer) == nil) == (String(validating: buffer, as: UTF8.self) != nil))
      }
    }
  }

  /// ASCII is checked and skipped a word at a time: a sequence (valid or not) at every position
  /// of ASCII text of every length up to 40 is found wherever the words fall.
  @Test func aSequenceAtEveryPositionOfEveryLength() {
    let pieces: [[UInt8]] = [
      [0x80], [0xFF], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xF0, 0x9F], [0xC3],
    ]
    for length in 0...40 {
      for position in 0...length {
        for piece in pieces {
          var bytes = [UInt8](repeating: 0x61, count: length)
          bytes.insert(contentsOf: piece, at: position)
          for text in [bytes, Array(bytes.prefix(length))] {
            text.withUnsafeBufferPointer { buffer in
              #expect(UTF8Bytes.isASCII(buffer) == text.allSatisfy { $0 < 0x80 }, "\(text)")
              #expect(UTF8Bytes.firstInvalidOffset(buffer) == Self.decoderOffset(text), "\(text)")
            }
          }
        }
      }
    }
  }

  @Test func theStreamingValidatorAcceptsWhatTheWholeCheckAccepts() {
    for bytes in Self.samples {
      var validator = UTF8Bytes.StreamValidator()
      var valid = true
      for byte in bytes where valid { valid = validator.feed(byte) }
      valid = valid && validator.isComplete
      #expect(valid == (Self.decoderOffset(bytes) == nil), "\(bytes)")
    }
  }

  @Test(
    arguments: [
      ([0x61], 1), ([0xC3, 0xA9], 2), ([0xE2, 0x82, 0xAC], 3), ([0xF0, 0x9F, 0x98, 0x80], 4), ([0xC3], 0),
      ([0xC0, 0xAF], 0),
      ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0x80], 0),
    ] as [([UInt8], Int)])
  func aSequenceHasItsLength(_ bytes: [UInt8], _ length: Int) {
    bytes.withUnsafeBufferPointer { #expect(UTF8Bytes.sequenceLength($0, at: 0, end: $0.count) == length) }
  }
}
