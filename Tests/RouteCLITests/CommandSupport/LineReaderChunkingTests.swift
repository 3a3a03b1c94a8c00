import ActivityRouterTestSupport
import Testing

@testable import CommandSupport
@testable import route_cli

/// Splitting the input into arbitrary chunks never changes the lines (seeded; the seed is in
/// every failure message).
@Suite struct LineReaderChunkingTests {
  /// SeededGenerator: small, fast and the same on every platform.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Pieces that stress the rules: terminators, lone CRs, BOM bytes, other separators, NUL.
  static let pieces: [[UInt8]] = [
    [0x0A], [0x0D, 0x0A], [0x0D], [0xEF, 0xBB, 0xBF], [0xEF], [0xE2, 0x80, 0xA8], [0xC2, 0x85], [0x00],
    [0xFF], Array("a".utf8), Array("route".utf8), Array(repeating: 0x78, count: 9),
  ]

  static func randomInput(_ generator: inout SeededGenerator) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: 0...40, using: &generator) {
      bytes += pieces.randomElement(using: &generator) ?? []
    }
    return bytes
  }

  static func randomChunking(_ count: Int, _ generator: inout SeededGenerator) -> [Int] {
    var sizes: [Int] = []
    var total = 0
    while total < count {
      let size = Int.random(in: 1...11, using: &generator)
      sizes.append(size)
      total += size
    }
    return sizes
  }

  @Test(arguments: [UInt64(1), 2, 3, 0x5EED, 0xC0FFEE])
  func randomChunkingsNeverChangeTheLines(seed: UInt64) {
    var generator = SeededGenerator(state: seed)
    for round in 0..<400 {
      let input = Self.randomInput(&generator)
      let limit = Int.random(in: 0...12, using: &generator)
      let expected = referenceLines(input, lineLimit: limit)
      for _ in 0..<5 {
        let sizes = Self.randomChunking(input.count, &generator)
        let chunkSize = Int.random(in: 4...9, using: &generator)
        let (lines, capacity) = readLines(input, chunkSizes: sizes, lineLimit: limit, chunkSize: chunkSize)
        guard lines == expected, capacity <= limit + chunkSize else {
          let context = "seed \(seed) round \(round): input \(input), limit \(limit), chunk \(chunkSize)"
          Issue.record("\(context), chunks \(sizes): got \(lines), expected \(expected), capacity \(capacity)")
          return
        }
      }
    }
  }
}
