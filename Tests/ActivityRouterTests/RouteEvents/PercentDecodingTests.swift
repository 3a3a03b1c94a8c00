import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import DecisionRecords
@testable import RouteEvents
@testable import RouteMatcher

/// An encoded input and the decoded text, or nil when decoding must fail.
struct DecodeCase: Sendable, CustomTestStringConvertible {
  var testDescription: String
  var input: String
  var expected: String?
  init(_ name: String, _ input: String, _ expected: String?) {
    testDescription = name
    self.input = input
    self.expected = expected
  }
}

private let decodeCases: [DecodeCase] = [
  .init("plain text", "abc", "abc"),
  .init("empty", "", ""),
  .init("%2F decodes to '/'", "a%2Fb", "a/b"),
  .init("decodes once: %252F gives %2F", "a%252Fb", "a%2Fb"),
  .init("decodes once: %2525 gives %25", "%2525", "%25"),
  .init("'+' is not a space", "a+b", "a+b"),
  .init("%20 is a space", "a%20b", "a b"),
  .init("lowercase hex", "%c3%a9", "é"),
  .init("two-byte UTF-8", "%C3%A9", "é"),
  .init("three-byte UTF-8", "%E4%B8%AD", "中"),
  .init("four-byte UTF-8", "%F0%9F%98%80", "😀"),
  .init("raw UTF-8 kept", "é中", "é中"),
  .init("%5C decodes to a backslash", "%5C", "\\"),
  .init("'%' alone", "%", nil),
  .init("'%' and one digit", "%2", nil),
  .init("'%' and non-hex", "%zz", nil),
  .init("'%' and one non-hex", "%2g", nil),
  .init("NUL", "%00", nil),
  .init("unit separator", "%1F", nil),
  .init("DEL", "%7F", nil),
  .init("line feed", "%0A", nil),
  .init("raw control character", "a\u{1}b", nil),
  .init("raw tab", "a\tb", nil),
  .init("lone continuation byte", "%80", nil),
  .init("0xFF", "%FF", nil),
  .init("truncated sequence", "%C3", nil),
  .init("truncated by ASCII", "%C3%28", nil),
  .init("overlong '/'", "%C0%AF", nil),
  .init("UTF-16 surrogate", "%ED%A0%80", nil),
  .init("above U+10FFFF", "%F4%90%80%80", nil),
  .init("escape then raw byte mixes", "%C3é", nil),
]

@Suite("PercentDecoding")
struct PercentDecodingTests {
  @Test("decodes exactly once, refuses what it cannot decode cleanly", arguments: decodeCases)
  func decode(_ c: DecodeCase) {
    var bytes = Array(c.input.utf8)
    var out: [UInt8] = [0x41]  // replaced, not appended to
    let ok = bytes.withUnsafeBufferPointer { PercentDecoding.decode($0, into: &out) }
    #expect(ok == (c.expected != nil))
    if let expected = c.expected { #expect(String(decoding: out, as: UTF8.self) == expected) }

    // The buffer form agrees.
    var buffer = [UInt8](repeating: 0, count: bytes.count)
    let count = bytes.withUnsafeMutableBufferPointer { input in
      buffer.withUnsafeMutableBufferPointer { PercentDecoding.decode(UnsafeBufferPointer(input), into: $0) }
    }
    #expect(count.map { String(decoding: buffer[0..<$0], as: UTF8.self) } == c.expected)
    #expect(PercentDecoding.decode(Substring(c.input)) == c.expected)
  }

  @Test("needsDecoding is true exactly when there is a '%'")
  func needsDecoding() {
    for (text, expected) in [("abc", false), ("a%20", true), ("%", true), ("", false)] {
      let result = Array(text.utf8).withUnsafeBufferPointer { PercentDecoding.needsDecoding($0) }
      #expect(result == expected, "\(text)")
    }
  }

  @Test(
    "encoding presets",
    arguments: [
      ("a/b c", ByteSet.pathSegmentAllowed, "a%2Fb%20c"),
      ("a:b@c;d=e", ByteSet.pathSegmentAllowed, "a:b@c;d=e"),
      ("100%", ByteSet.pathSegmentAllowed, "100%25"),
      ("é", ByteSet.pathSegmentAllowed, "%C3%A9"),
      ("a&b=c+d", ByteSet.queryValueAllowed, "a%26b%3Dc%2Bd"),
      ("a/b?c", ByteSet.queryValueAllowed, "a/b?c"),
      ("a#b c", ByteSet.fragmentAllowed, "a%23b%20c"),
      ("a/b?c", ByteSet.fragmentAllowed, "a/b?c"),
      ("\\", ByteSet.pathSegmentAllowed, "%5C"),
    ])
  func encode(_ input: String, _ set: ByteSet, _ expected: String) {
    #expect(PercentDecoding.encode(input, allowing: set) == expected)
  }

  @Test("ByteSet presets hold exactly the RFC 3986 characters")
  func byteSets() {
    let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    let subDelims = "!$&'()*+,;="
    func members(_ set: ByteSet) -> String {
      String(decoding: (0...255).map(UInt8.init).filter(set.contains), as: UTF8.self)
    }
    func sorted(_ s: String) -> String { String(decoding: Array(s.utf8).sorted(), as: UTF8.self) }
    #expect(members(.unreserved) == sorted(unreserved))
    #expect(members(.pathSegmentAllowed) == sorted(unreserved + subDelims + ":@"))
    #expect(members(.fragmentAllowed) == sorted(unreserved + subDelims + ":@/?"))
    #expect(members(.queryValueAllowed) == sorted(unreserved + "!$'()*,;" + ":@/?"))
    var set = ByteSet()
    set.insert(0xFF)
    set.insert(0x00)
    #expect(set.contains(0xFF) && set.contains(0x00) && !set.contains(0x80))
    #expect(set.union(ByteSet("a")).contains(0x61))
    #expect(!set.subtracting(ByteSet(0xF0...0xFF)).contains(0xFF))
  }

  /// Seeded property test: encode then decode gives the original back, for every preset. Strings with
  /// a control character must be refused by the decoder instead.
  @Test("encode then decode round-trips (10,000 seeded cases)")
  func roundTrip() {
    let seed: UInt64 = 0x00C0_FFEE
    var rng = SeededGenerator(seed: seed)
    let presets: [ByteSet] = [.pathSegmentAllowed, .queryValueAllowed, .fragmentAllowed, ByteSet(), .unreserved]
    let pools: [ClosedRange<UInt32>] = [
      0x00...0x7F, 0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF,
      0x1_0000...0x10_FFFF,
    ]
    for index in 0..<10_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &rng) {
        let pool = pools[Int.random(in: 0..<pools.count, using: &rng)]
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &rng)) { scalars.append(scalar) }
      }
      let original = String(scalars)
      let set = presets[index % presets.count]
      let encoded = PercentDecoding.encode(original, allowing: set)
      let onlyAllowed = encoded.utf8.allSatisfy { set.contains($0) || $0 == 0x25 || ByteSet.hexDigit.contains($0) }
      #expect(onlyAllowed, "seed \(seed), case \(index): \(encoded)")
      let hasControl = original.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
      let decoded = PercentDecoding.decode(Substring(encoded))
      if hasControl {
        #expect(decoded == nil, "seed \(seed), case \(index): a control character was not refused")
      } else {
        #expect(decoded == original, "seed \(seed), case \(index): \(original.debugDescription) → \(encoded)")
      }
    }
  }
}
