import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// The line table of contiguous bytes (each line feed found by `memchr`) is the one of the
/// byte-by-byte reading, whatever the bytes around each line feed and however long the lines.
@Suite struct LineTableTests {
  @Test func wordScanFindsEveryLineFeedAndNothingElse() {
    var rng = SeededGenerator(seed: 0x11E5)
    // Line feeds among the bytes a word test could confuse with one (0x0B is 0x0A + 1, 0x8A
    // has its low bits, 0x00 and 0xFF the extremes).
    let alphabet: [UInt8] = [0x0A, 0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF, 0x01, UInt8(ascii: "a")]
    // Short texts, and texts long enough for the vector loops (32 and 64 bytes a step).
    for length in Array(0..<80) + [127, 128, 129, 255, 256, 257, 1_000] {
      for _ in 0..<20 {
        let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
        let words = LineTable(file: "t", bytes: bytes)
        let oneByOne = LineTable(file: "t", bytes: bytes.lazy.map { $0 })
        #expect(words.lineStarts == oneByOne.lineStarts, "\(bytes)")
      }
    }
    #expect(LineTable(file: "t", bytes: Array("a\nb\n\ncd\n".utf8)).lineStarts == [0, 2, 4, 5, 8])
  }

  @Test func aLineFeedIsFoundAnywhereInALongLine() {
    // One line feed in 300 bytes of text, at every position: the start and the end of a
    // vector step, and the bytes after the last step.
    for position in 0..<300 {
      var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 300)
      bytes[position] = 0x0A
      #expect(LineTable(file: "t", bytes: bytes).lineStarts == [0, position + 1], "\(position)")
    }
    #expect(LineTable(file: "t", bytes: [UInt8](repeating: 0x0B, count: 300)).lineStarts == [0])
  }
}
