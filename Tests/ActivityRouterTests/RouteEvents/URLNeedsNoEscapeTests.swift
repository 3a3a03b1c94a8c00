import ActivityRouterTestSupport
import Testing

@testable import RouteEvents
@testable import RouterSupport

/// The reader's `needsNoEscape` (``URLSyntax/parse(_:needsNoEscape:)``), which lets a record echo
/// a line's URL with one copy: never said of bytes that a JSON string must escape, said of the
/// common form, and kept by the line's record (``EventReader/readURL(borrowing:)``).
@Suite struct URLNeedsNoEscapeTests {
  /// Whether the reader accepts `bytes` and says they need no escape.
  static func marked(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var plain = false
      guard case .success = URLSyntax.parse(buffer, needsNoEscape: &plain) else { return false }
      return plain
    }
  }

  /// Holds the mark to the JSON writer's own test: marked bytes have nothing to escape, and the
  /// reader gives the same answer with and without the mark. Marked bytes are ASCII too: a
  /// line's record takes them as valid UTF-8 without checking them (`DecisionRecord.appendJSON`).
  static func expectTruthful(_ bytes: [UInt8], _ sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    bytes.withUnsafeBufferPointer { buffer in
      var plain = false
      let marking = URLSyntax.parse(buffer, needsNoEscape: &plain)
      #expect(marking == URLSyntax.parse(buffer), sourceLocation: sourceLocation)
      if plain {
        #expect(
          JSONWriter.skipUnescaped(buffer, from: 0) == buffer.count, "\(bytes)", sourceLocation: sourceLocation)
        #expect(UTF8Bytes.isASCII(buffer), "\(bytes)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func theCommonFormIsMarked() {
    for text in [
      "https://example.com/repos/apple/swift", "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11",
      "myapp://h", "https://example.com/a~b&c'd(e)*f+g,h;i=j:k@l[m]n_o",
    ] {
      #expect(Self.marked(Array(text.utf8)), "\(text)")
    }
  }

  @Test func whatTheCommonFormDoesNotHoldIsNotMarked() {
    for text in [
      "https://example.com/a?q=1", "https://example.com/a#f", "https://example.com/a%22b",
      "https://example.com/a\"b", "https://example.com/ä", "mailto:someone@example.com", "file:///a/b",
      "https://user@example.com/a", "https://example.com:8080/a",
    ] {
      #expect(!Self.marked(Array(text.utf8)), "\(text)")
    }
  }

  @Test func everyByteAtEveryPositionOfTheSeeds() {
    // The reader's seeds in the common form (a change anywhere in them may leave it or stay in it).
    let seeds = URLWordScanTests.seeds.filter { Self.marked(Array($0.utf8)) }
    #expect(!seeds.isEmpty)
    let common = ["https://example.com/repos/apple/swift/issues/1", "notes://note/6F0E4F5A-6A57", "myapp://h/a~b"]
    for seed in seeds + common {
      URLWordScanTests.forEachChange(of: Array(seed.utf8)) { Self.expectTruthful($0) }
    }
  }

  @Test func theLinesRecordKeepsTheMark() {
    for (text, plain) in [("https://example.com/repos/apple/swift", true), ("https://example.com/a?q=%22", false)] {
      Array(text.utf8).withUnsafeBufferPointer { line in
        guard case .success(let url) = EventReader.readURL(borrowing: line) else {
          Issue.record("refused: \(text)")
          return
        }
        #expect(url.needsNoEscape == plain, "\(text)")
        // Not part of the record's equality.
        #expect(url == (try? URLRecord(parsing: text)))
      }
    }
  }
}
