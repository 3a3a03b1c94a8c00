import ActivityRouterTestSupport
import Testing

@testable import RouteEvents

/// The reader reads the common form (a plain scheme, `//`, a plain host name, then the path) in
/// one place before its general steps (`URLSyntax.readCommonForm`): these tests hold it to the
/// general reader for every seed with every byte inserted or replaced at every position, the
/// ranges, the error and the `needsNoEscape` flag alike, and its first-non-plain word test to
/// the byte rule.
@Suite struct URLCommonFormTests {
  /// Lines in and around the common form: the `https://` and `http://` words in any case and one
  /// byte off, other schemes (special, `file`, short), hosts that may be IPv4 numbers or hold
  /// `xn--` labels, tails with a query, a fragment, an escape, and lines shorter than a word.
  static let seeds = [
    "https://example.com/teams/35e236c3-88e0-b11c/repos/f719e186-7e76-fa7b/mnium",
    "HtTpS://Example.COM/a?b#c",
    "http://a.b/c",
    "HTTP://1.2.3.4/",
    "https://0x7f.1./x",
    "https://a-b.xn--bcher-kva.example/p",
    "ws://h/p%41",
    "ftp://h.",
    "file:///tmp/a",
    "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11",
    "notes://new?title=Groceries",
    "a://b",
    "x+y://h/p",
  ]

  /// The common form's answer (through `readRanges` and `parse`) and the general reader's, with
  /// their flags, for `bytes`.
  static func expectSameAnswer(_ bytes: [UInt8], _ sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    bytes.withUnsafeBufferPointer { buffer in
      var flag = false
      let read = URLRecord.readRanges(buffer, needsNoEscape: &flag)
      var generalFlag = false
      let general = URLRecord.readRangesInGeneral(buffer, needsNoEscape: &generalFlag)
      var parseFlag = false
      let parsed = URLSyntax.parse(buffer, needsNoEscape: &parseFlag)
      var parseGeneralFlag = false
      let parsedInGeneral = URLSyntax.parseInGeneral(buffer, needsNoEscape: &parseGeneralFlag)
      let text = String(decoding: bytes, as: UTF8.self).debugDescription
      #expect(read == general && flag == generalFlag, "\(text) \(bytes)", sourceLocation: sourceLocation)
      #expect(
        parsed == parsedInGeneral && parseFlag == parseGeneralFlag, "\(text) \(bytes)", sourceLocation: sourceLocation)
    }
  }

  @Test func everyByteAtEveryPositionOfTheSeeds() {
    for seed in Self.seeds + URLWordScanTests.seeds {
      URLWordScanTests.forEachChange(of: Array(seed.utf8)) { Self.expectSameAnswer($0) }
    }
  }

  /// A path as long as the segment limit or longer is left to the general reader, which checks it.
  @Test func longPathsAnswerAsTheGeneralReader() {
    for count in [254, 255, 256, 257, 600] {
      Self.expectSameAnswer(Array(("https://h" + String(repeating: "/", count: count)).utf8))
      Self.expectSameAnswer(Array(("https://h/" + String(repeating: "a", count: count) + "?q").utf8))
    }
  }

  /// The lowest mark of the first-non-plain word test is the first byte that is not plain, for
  /// every byte at every position of words of plain and other fillers.
  @Test func theFirstNonPlainMarkIsTheFirstNonPlainByte() {
    let alphabet = URLWordScanTests.edgeBytes + Array("'()*+,;=<>[]^`{|}\"".utf8)
    for filler in [UInt8(ascii: "a"), UInt8(ascii: "~"), UInt8(ascii: "&"), UInt8(ascii: "?"), 0xFF] {
      for w in URLWordScanTests.words(filler: filler, alphabet: alphabet, seed: 0xF1 ^ UInt64(filler)) {
        let mask = URLSyntax.firstNonPlainMask(w)
        let first = (0..<8).first { !PlainBytes.contains(UInt8(truncatingIfNeeded: w >> (8 * $0))) }
        #expect(mask & ~0x8080_8080_8080_8080 == 0)
        #expect(
          mask == 0 ? first == nil : mask.trailingZeroBitCount >> 3 == first, "word \(String(w, radix: 16))")
      }
    }
  }
}
