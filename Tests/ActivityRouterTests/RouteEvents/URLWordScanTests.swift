import ActivityRouterTestSupport
import Foundation
import Testing

@testable import RouteEvents
@testable import RouterSupport

/// The reader reads eight bytes at a time where it used to read one: these tests derive each word
/// test from its byte rule (every byte at every position), hold the scans to the byte loops they
/// replace, and hold the whole reader to the byte-by-byte reader it was (`URLByteReader.swift`):
/// the same ranges for every URL it accepts, the same error (code, reason, offset, message) for
/// every one it refuses.
@Suite struct URLWordScanTests {
  /// Every byte value at every position of a word of `filler` bytes, then random words of
  /// `alphabet` bytes.
  static func words(filler: UInt8, alphabet: [UInt8], seed: UInt64) -> [UInt64] {
    var words: [UInt64] = []
    let fill = UInt64(filler) &* 0x0101_0101_0101_0101
    for b in 0...255 {
      for position in 0..<8 {
        words.append(fill & ~(0xFF << (8 * position)) | UInt64(b) << (8 * position))
      }
    }
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<20_000 {
      var w: UInt64 = 0
      for position in 0..<8 { w |= UInt64(alphabet[Int(rng.next() % UInt64(alphabet.count))]) << (8 * position) }
      words.append(w)
    }
    return words
  }

  /// Bytes that sit at the edges of the word tests' ranges, and some others.
  static let edgeBytes: [UInt8] =
    Array("aZzA09-./:@?#%\\&~_!$ ".utf8) + [
      0x00, 0x1F, 0x2C, 0x3A, 0x40, 0x5B, 0x60, 0x7B, 0x7F, 0x80, 0xAD, 0xC3, 0xFF,
    ]

  @Test func theHostNameSetIsLettersDigitsHyphenAndDot() {
    for b in 0...255 {
      let byte = UInt8(b)
      let expected =
        (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) || b == 0x2D || b == 0x2E
      #expect(HostNameBytes.set.contains(byte) == expected, "byte \(b)")
    }
  }

  @Test func theHostNameWordTestsAreTheByteTests() {
    for filler in [UInt8(ascii: "a"), UInt8(ascii: "-"), UInt8(ascii: "/"), 0x80] {
      for w in Self.words(filler: filler, alphabet: Self.edgeBytes, seed: 0x4057 ^ UInt64(filler)) {
        let other = HostNameBytes.nonHostNameMask(w)
        let hyphens = HostNameBytes.hyphenMask(w)
        #expect(other & ~0x8080_8080_8080_8080 == 0 && hyphens & ~0x8080_8080_8080_8080 == 0)
        for position in 0..<8 {
          let byte = UInt8(truncatingIfNeeded: w >> (8 * position))
          let bit: UInt64 = 0x80 << (8 * position)
          #expect(
            (other & bit != 0) == !HostNameBytes.set.contains(byte), "word \(String(w, radix: 16)), byte \(position)")
          #expect((hyphens & bit != 0) == (byte == 0x2D), "word \(String(w, radix: 16)), byte \(position)")
        }
      }
    }
  }

  /// Each scan stops where a loop of the byte test stops, from every start of buffers of every
  /// length from 0 to 40 (the words overlap at the end in every way).
  @Test func theScansStopWhereTheByteLoopsStop() {
    var rng = SeededGenerator(seed: 0x5CA7)
    let alphabets: [[UInt8]] = [
      Array("abc-.".utf8) + [UInt8(ascii: "/")],
      Array("aZ09-./?#%\\&~".utf8) + [0x00, 0x7F, 0x80, 0xFF],
      Self.edgeBytes,
    ]
    for length in 0...40 {
      for round in 0..<60 {
        let alphabet = alphabets[round % alphabets.count]
        // Mostly one kind of byte, so that runs are long, with a few others.
        let common = alphabet[Int(rng.next() % 3)]
        let bytes = (0..<length).map { _ in
          rng.next() % 6 == 0 ? alphabet[Int(rng.next() % UInt64(alphabet.count))] : common
        }
        bytes.withUnsafeBufferPointer { buffer in
          guard let p = buffer.baseAddress else { return }
          for start in 0...length {
            let plainEnd = (start..<length).first { !PlainBytes.contains(bytes[$0]) } ?? length
            #expect(URLSyntax.plainRunEnd(p, from: start, length) == plainEnd, "\(bytes) from \(start)")
            let hostEnd = (start..<length).first { !HostNameBytes.set.contains(bytes[$0]) } ?? length
            let run = URLSyntax.hostNameRun(p, from: start, length)
            #expect(run.end == hostEnd, "\(bytes) from \(start)")
            #expect(run.hasHyphen == bytes[start..<hostEnd].contains(0x2D), "\(bytes) from \(start)")
          }
        }
      }
    }
  }

  /// The scheme is packed with one load when eight bytes follow its start, byte by byte when
  /// not: both give the name's kind and literal for every mix of cases, and nothing for the other
  /// schemes (a letter more or less, a byte that is not a letter where the name has one).
  @Test func theSchemeIsKnownInEveryCaseReadEitherWay() {
    let names: [String: URLSyntax.SchemeKind] = [
      "http": .http, "https": .http, "ws": .http, "wss": .http, "ftp": .http, "file": .file,
    ]
    let others = ["htt", "httpss", "h", "wsss", "fil", "filex", "ft", "myapp", "h\u{0}tp", "ht\u{40}p", "w[s"]
    for (name, kind) in names {
      let bytes = Array(name.utf8)
      for caseMask in 0..<(1 << bytes.count) {
        let scheme = bytes.enumerated().map { caseMask & (1 << $0.offset) != 0 ? $0.element & ~0x20 : $0.element }
        for padding in [0, 1, 8] {
          let text = scheme + Array(":".utf8) + [UInt8](repeating: 0x2F, count: padding)
          text.withUnsafeBufferPointer { buffer in
            #expect(URLSyntax.schemeKind(buffer, 0..<scheme.count) == kind, "\(text)")
            #expect(URLSyntax.commonScheme(buffer, 0..<scheme.count) == name, "\(text)")
          }
        }
      }
    }
    for other in others {
      for padding in [0, 8] {
        let scheme = Array(other.utf8)
        let text = scheme + Array(":".utf8) + [UInt8](repeating: 0x2F, count: padding)
        text.withUnsafeBufferPointer { buffer in
          #expect(URLSyntax.schemeKind(buffer, 0..<scheme.count) == .other, "\(text)")
          #expect(URLSyntax.commonScheme(buffer, 0..<scheme.count) == nil, "\(text)")
        }
      }
    }
  }

  /// Foundation's keep-as-written test for a path and a query, read in words, answers as the byte
  /// rule it replaced (every byte `%` or in the set): every byte value at every position of every
  /// length from 0 to 17, with the range alone in its buffer or after and before other bytes
  /// (refused ones, which the words load with the range and must leave out), then random ranges.
  @Test func theFoundationWordTestsAreTheByteRule() {
    func byteRule(_ bytes: ArraySlice<UInt8>, _ set: ByteSet) -> Bool {
      bytes.allSatisfy { $0 == 0x25 || set.contains($0) }
    }
    func check(_ content: [UInt8], prefix: Int, suffix: Int, junk: UInt8, mismatches: inout [String]) {
      let buffer = [UInt8](repeating: junk, count: prefix) + content + [UInt8](repeating: junk, count: suffix)
      let range = prefix..<(prefix + content.count)
      buffer.withUnsafeBufferPointer { b in
        if FoundationBytes.isValidPath(b, range) != byteRule(buffer[range], .foundationPath) {
          mismatches.append("path \(content) prefix \(prefix) suffix \(suffix)")
        }
        if FoundationBytes.isValidQuery(b, range) != byteRule(buffer[range], .foundationQuery) {
          mismatches.append("query \(content) prefix \(prefix) suffix \(suffix)")
        }
      }
    }
    var mismatches: [String] = []
    let embeddings = [(0, 0), (0, 1), (0, 8), (1, 0), (1, 1), (8, 0), (8, 8)]
    for length in 0...17 {
      for filler in [UInt8(ascii: "a"), UInt8(ascii: "%"), UInt8(ascii: "/")] {
        for (prefix, suffix) in embeddings {
          check(
            [UInt8](repeating: filler, count: length), prefix: prefix, suffix: suffix, junk: 0x23,
            mismatches: &mismatches)
          for position in 0..<length {
            for b in 0...255 {
              var content = [UInt8](repeating: filler, count: length)
              content[position] = UInt8(b)
              check(content, prefix: prefix, suffix: suffix, junk: 0x23, mismatches: &mismatches)
            }
          }
        }
      }
    }
    var rng = SeededGenerator(seed: 0xF0DA)
    let alphabet = Self.edgeBytes + Array("\"<>[]^`{|}=+;,'()*".utf8)
    for _ in 0..<20_000 {
      let length = Int(rng.next() % 41)
      let content = (0..<length).map { _ in
        rng.next() % 4 == 0 ? alphabet[Int(rng.next() % UInt64(alphabet.count))] : UInt8(ascii: "a")
      }
      let junk: UInt8 = rng.next() % 2 == 0 ? 0x23 : 0x61
      check(
        content, prefix: Int(rng.next() % 10), suffix: Int(rng.next() % 10), junk: junk, mismatches: &mismatches)
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  // MARK: - The reader against the byte-by-byte reader

  /// URLs whose every byte the test below changes: plain ones (the fast paths) and ones that
  /// take each of the byte reader's turns (userinfo, port, IP literal, escapes, IDNA, query,
  /// fragment, file, opaque).
  static let seeds = [
    "https://api.github.com/repos/octo-cat/hello_world/issues/42",
    "https://example.com/teams/35e236c3-88e0-b11c/repos/f719e186?state=open&page=2#top",
    "myapp://note/caf%C3%A9/a%2Fb?q=%20x#fr%C3%A9",
    "https://u:p@[::1]:8080/a/../b/./c?x",
    "https://xn--bcher-kva.example/b%C3%BCcher/ü",
    "HTTP://Sub.Example.COM.:443/Path;p=1/~user/",
    "file:///tmp/x/y.txt",
    "mailto:someone@example.com",
    "notes://0x7f.1/n/1.2.3.4",
    "ws://a-b--c.example/xn--a/%zz",
    // The reader's common form read in one place (`//`, a plain host, plain bytes to the end):
    // a host alone, a hyphen, an IPv4 form, another scheme, a tail that is not plain.
    "HTTPS://a-b.example",
    "ws://10.0.0.1/a-b/%41?q",
    "app://h-1.x/p#f",
  ]

  /// Both readers' answers for `bytes`, compared.
  static func expectSameAnswer(_ bytes: [UInt8], _ sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    bytes.withUnsafeBufferPointer { buffer in
      let words = URLSyntax.parse(buffer)
      let byteByByte = URLSyntax.ByteReader.parse(buffer)
      #expect(
        words == byteByByte, "\(String(decoding: bytes, as: UTF8.self).debugDescription) \(bytes)",
        sourceLocation: sourceLocation)
    }
  }

  /// The reader's first ranges (``URLComponentRanges/init(readerScheme:end:)``, unchecked) are
  /// the public initializer's.
  @Test func theReadersFirstRangesAreThePublicOnes() {
    for (colon, n) in [(1, 2), (5, 5), (5, 45), (30, 65_536)] {
      #expect(
        URLComponentRanges(readerScheme: colon, end: n) == URLComponentRanges(scheme: 0..<colon, path: n..<n))
    }
  }

  @Test func everyByteAtEveryPositionOfTheSeeds() {
    for seed in Self.seeds { Self.forEachChange(of: Array(seed.utf8)) { Self.expectSameAnswer($0) } }
  }

  /// Every prefix of `bytes`, and `bytes` with each of the 256 byte values inserted at every
  /// position and put in place of every byte: the changes a reader's seed is tried with.
  static func forEachChange(of bytes: [UInt8], _ body: ([UInt8]) -> Void) {
    for cut in 0...bytes.count { body(Array(bytes[..<cut])) }
    for position in 0...bytes.count {
      for b in 0...255 {
        var inserted = bytes
        inserted.insert(UInt8(b), at: position)
        body(inserted)
        guard position < bytes.count else { continue }
        var replaced = bytes
        replaced[position] = UInt8(b)
        body(replaced)
      }
    }
  }

  @Test func randomChangesOfTheSeeds() {
    var rng = SeededGenerator(seed: 0x3E4D)
    let alphabet = Self.edgeBytes + Array("%2e%C3%A9[]:@".utf8)
    for _ in 0..<40_000 {
      var bytes = Array(Self.seeds[Int(rng.next() % UInt64(Self.seeds.count))].utf8)
      for _ in 0..<(1 + rng.next() % 4) {
        let position = Int(rng.next() % UInt64(bytes.count + 1))
        let byte =
          rng.next() % 4 == 0
          ? UInt8(truncatingIfNeeded: rng.next()) : alphabet[Int(rng.next() % UInt64(alphabet.count))]
        switch rng.next() % 3 {
        case 0: bytes.insert(byte, at: position)
        case 1 where position < bytes.count: bytes[position] = byte
        default: if position < bytes.count { bytes.remove(at: position) }
        }
      }
      Self.expectSameAnswer(bytes)
    }
  }

  @Test func generatedURLs() {
    var generator = URLGenerator(seed: 0x30D5)
    for _ in 0..<20_000 { Self.expectSameAnswer(Array(generator.url().utf8)) }
  }

  @Test func theWHATWGInputs() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: WHATWGConformanceTests.dataPath))
    let cases = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
    var count = 0
    for case let entry as [String: Any] in cases {
      guard let input = entry["input"] as? String else { continue }
      Self.expectSameAnswer(Array(input.utf8))
      count += 1
    }
    #expect(count > 500)
  }

  /// Reading bytes (`URLRecord(utf8:)`, what the event reader does) answers as the reader used
  /// to: bytes that are not UTF-8 refused at the first bad byte, the others read as their text.
  @Test func readingBytesAnswersAsReadingText() {
    var inputs = Self.seeds.map { Array($0.utf8) }
    inputs += [
      [0x68, 0x3A, 0xFF], [0xC3], Array("https://h/\u{E9}".utf8) + [0xE9], [0x20, 0xFF], Array("h:/a%C3".utf8),
    ]
    var rng = SeededGenerator(seed: 0x0B17)
    for _ in 0..<5_000 {
      var bytes = inputs[Int(rng.next() % UInt64(Self.seeds.count))]
      bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: Int(rng.next() % UInt64(bytes.count + 1)))
      inputs.append(bytes)
    }
    for bytes in inputs {
      bytes.withUnsafeBufferPointer { buffer in
        let read: Result<URLRecord, URLReadError>
        do throws(URLReadError) { read = .success(try URLRecord(utf8: buffer)) } catch { read = .failure(error) }
        let expected: Result<URLRecord, URLReadError>
        if let text = String(validating: buffer, as: UTF8.self) {
          do throws(URLReadError) { expected = .success(try URLRecord(parsing: text)) } catch {
            expected = .failure(error)
          }
        } else {
          expected = .failure(URLSyntax.invalidUTF8(at: UTF8Bytes.firstInvalidOffset(buffer) ?? buffer.count))
        }
        #expect(read == expected, "\(bytes)")
      }
    }
  }
}
