import ActivityRouter
import Foundation
import Testing

@testable import DecisionRecords
@testable import RouteEvents
@testable import RouteMatcher

@Suite("IDNA and Punycode")
struct IDNATests {
  /// RFC 3492 section 7.1 samples (and a few short ones).
  @Test(
    "Punycode sample strings",
    arguments: [
      ("bücher", "bcher-kva"),
      ("ü", "tda"),
      ("ä", "4ca"),
      (
        "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}"
          + "\u{628}\u{64A}\u{61F}",
        "egbpdaj6bu4bxfgehfvwxn"
      ),
      ("\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}", "ihqwcrb4cv8a8dqg056pqjye"),
      ("PorquénopuedensimplementehablarenEspañol", "PorqunopuedensimplementehablarenEspaol-fmd56a"),
      ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
      ("そのスピードで", "d9juau41awczczp"),
      ("-> $1.00 <-", "-> $1.00 <--"),
    ])
  func samples(_ unicode: String, _ ascii: String) {
    #expect(Punycode.encode(unicode) == ascii)
    #expect(Punycode.decode(ascii) == unicode)
  }

  @Test("invalid Punycode is refused", arguments: ["9", "a-!", "99999999999999999", "-", "ü", "ab-c!"])
  func invalid(_ ascii: String) {
    #expect(Punycode.decode(ascii) == nil)
  }

  @Test("toASCII and toUnicode")
  func conversions() {
    #expect(IDNA.toASCII("Bücher.Example") == "xn--bcher-kva.example")
    #expect(IDNA.toASCII("EXAMPLE.com") == "example.com")
    #expect(IDNA.toASCII("ПРИМЕР.рф") == "xn--e1afmkfd.xn--p1ai")
    #expect(IDNA.toUnicode("xn--bcher-kva.example") == "bücher.example")
    #expect(IDNA.toASCII("e\u{301}.com") == nil)
    #expect(IDNA.toASCII("-ä.com") == nil)
    #expect(IDNA.toASCII("xn--zz.com") == nil)
    #expect(IDNA.toASCII("a b.com") == nil)
    #expect(IDNA.toASCII("") == nil)
  }

  /// Every supported non-ASCII code point, alone and capitalized context, against Foundation (ICU).
  /// CJK and Hangul are sampled (every 7th), the small scripts are exhaustive.
  @Test("the supported mapping matches Foundation for every supported character")
  func mappingMatchesFoundation() throws {
    var checked = 0
    for value in UInt32(0x80)...0xD7A3 {
      guard let mapped = IDNA.map(value), let scalar = Unicode.Scalar(value) else { continue }
      if (0x4E00...0xD7A3).contains(value) && value % 7 != 0 { continue }
      // The mapping is the stdlib's lowercase mapping, except ß and ς, which UTS #46 keeps.
      if value != 0xDF && value != 0x3C2 {
        #expect(String(scalar).lowercased().unicodeScalars.map(\.value) == [mapped], "U+\(String(value, radix: 16))")
      }
      let host = "x\(scalar)y.com"
      let url = try #require(URL(string: "https://\(host)/"), "U+\(String(value, radix: 16))")
      let record = try URLRecord(parsing: "https://\(host)/")
      #expect(record.absoluteString == url.absoluteString, "U+\(String(value, radix: 16))")
      #expect(record.host == url.host(percentEncoded: true), "U+\(String(value, radix: 16))")
      checked += 1
    }
    #expect(checked > 4_000)
  }
}
