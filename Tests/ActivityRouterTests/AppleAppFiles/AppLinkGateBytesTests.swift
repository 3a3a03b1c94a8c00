import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import AppleAppFiles
@testable import RouteEvents

/// The universal-link gate asked on a URL's bytes in place (`AppLinkGate.check(bytes:ranges:)`,
/// what the engine asks of a line's borrowed bytes) answers exactly as the gate asked on the
/// record (`check(_:)`, its text a string): the same entry, file and decision, on the fixtures'
/// URL lines and on hostile ones (percent escapes, case, ports, IDN hosts, empty paths).
@Suite struct AppLinkGateBytesTests {
  /// The fixtures' URL lines (every `events.txt`).
  static func fixtureURLs() throws -> [String] {
    let root = FixturePaths.fixtures
    var urls: [String] = []
    for app in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
      guard let text = try? String(contentsOfFile: root + "/" + app + "/events.txt", encoding: .utf8) else { continue }
      urls += text.split(separator: "\n").map(String.init).filter { $0.contains(":") && !$0.hasPrefix("{") }
    }
    return urls
  }

  static let hostile = [
    "https://notes.example.com", "https://notes.example.com/", "https://notes.example.com?",
    "https://notes.example.com#",
    "https://notes.example.com/n/", "https://notes.example.com/n//", "https://notes.example.com//n/42",
    "HTTPS://NOTES.EXAMPLE.COM/N/42", "https://Notes.Example.Com/n/42/EXPORT", "hTTpS://notes.example.com/tags/x",
    "https://notes.example.com./n/42", "https://notes.example.com:443/n/42", "https://notes.example.com:8443/n/42",
    "https://notes.example.com:/n/42", "https://u:p@notes.example.com/n/42", "https://@notes.example.com/n/42",
    "https://notes.example.com/n/%34%32", "https://notes.example.com/%6E/42", "https://notes.example.com/n/42%2Fexport",
    "https://notes.example.com/n/42/ex%70ort", "https://notes.example.com/n/%C3%A9",
    "https://notes.example.com/n/%E2%82",
    "https://notes.example.com/n/%", "https://notes.example.com/n/%zz", "https://notes.example.com/n/a b",
    "https://notes.example.com/n/é", "https://notes.example.com/tags/", "https://notes.example.com/tags/%20",
    "https://notes.example.com/help/x", "https://notes.example.com/n/42?x=1#y", "https://notes.example.com/n/42#",
    "https://a.notes.example.com/n/42", "https://xn--bcher-kva.example/n/1", "https://bücher.example/n/1",
    "https://BÜCHER.example/n/1", "https://sub.bücher.example/", "https://x.example.com/anything",
    "https://[::1]/n/42", "https://127.0.0.1/n/42", "https://notes.example.com.evil.test/n/42",
    "http://notes.example.com/n/42", "notes://note/42", "https://shop.example.com/", "https://SHOP.example.com/x",
  ]

  /// The gates asked: the Notes app's, and one of many entries (exact, wildcard, IDN) with files
  /// and without.
  static func gates() throws -> [AppLinkGate] {
    let notes = try #require(
      AppSiteAssociation.load(
        path: FixturePaths.fixtures + "/Apps/Notes/apple-app-site-association", domain: "notes.example.com"
      ).association)
    let any = try #require(
      AppSiteAssociation.parse(
        source: SourceText(file: "torture.json", text: AASAMatcherDifferentialTests.torture), domain: nil
      ).association)
    let entries = try [
      "applinks:notes.example.com", "applinks:*.example.com", "applinks:*.shop.example.com",
      "applinks:shop.example.com", "applinks:bücher.example", "applinks:*.bücher.example",
    ].enumerated().map { i, text in
      try AssociatedDomain.parse(text, at: SourceLocation(file: "t", line: i + 1, column: 1, offset: i)).get()
    }
    return [
      AppLinkGate(
        associatedDomains: [entries[0]], associations: [entries[0]: notes], appID: "ABCDE12345.com.example.notes"),
      AppLinkGate(
        associatedDomains: entries, associations: [entries[0]: notes, entries[1]: any, entries[4]: any], appID: nil),
      AppLinkGate(
        associatedDomains: entries, associations: [entries[0]: notes, entries[5]: any],
        appID: "ABCDE12345.com.example.a", exclusionsStopLaterEntries: false),
    ]
  }

  /// The answer as a comparable value: its case, entry, file (by identity) and decision.
  static func key(_ answer: AppLinkGate.Answer) -> String {
    switch answer {
    case .notCovered: return "notCovered"
    case .noFile(let entry): return "noFile \(entry)"
    case .decided(let entry, let matcher, let decision):
      return "decided \(entry) \(ObjectIdentifier(matcher).hashValue) \(decision)"
    }
  }

  @Test func theGateOnBytesAnswersAsTheGateOnTheRecord() throws {
    let urls = try Self.fixtureURLs() + Self.hostile
    #expect(urls.count > 45, "\(urls.count)")
    var compared = 0
    var decided = 0
    for gate in try Self.gates() {
      for text in urls {
        guard let owned = try? URLRecord(parsing: text) else { continue }
        let expected = Self.key(gate.check(owned))
        var line = text
        line.withUTF8 { bytes in
          guard case .success(let borrowed) = EventReader.readURL(borrowing: bytes) else {
            Issue.record("\(text) read owned, not borrowed")
            return
          }
          #expect(Self.key(gate.check(bytes: bytes, ranges: borrowed.ranges)) == expected, "\(text)")
          #expect(Self.key(gate.check(borrowed)) == expected, "\(text)")
        }
        compared += 1
        if expected.hasPrefix("decided") { decided += 1 }
      }
    }
    #expect(compared > 120, "\(compared)")
    #expect(decided > 50, "\(decided)")
  }

  /// A scheme's bytes are told registered (`registers(scheme:)`: one word compare for a scheme
  /// of 7 bytes or fewer, byte by byte beyond) exactly when the lowercased string is among the
  /// registered schemes: random schemes of 1 to 10 bytes in mixed case, against registered lists
  /// of every length around the word's (and an uppercase entry, which nothing matches).
  @Test func registeredSchemesAreToldAsTheStringsAre() {
    var g = SeededGenerator(seed: 0x5C_4E3E)
    let alphabet = Array("abcxyzABCXYZ019+-.@[`{".utf8)
    func random(_ n: Int) -> String {
      String(decoding: (0..<n).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &g)] }, as: UTF8.self)
    }
    var (registered, other) = (0, 0)
    for _ in 0..<300 {
      var schemes = (0..<Int.random(in: 0...4, using: &g)).map { _ in
        random(Int.random(in: 1...9, using: &g)).lowercased()
      }
      if Int.random(in: 0..<5, using: &g) == 0 { schemes.append("NOTES") }
      let gate = AppLinkGate(associatedDomains: [], associations: [:], appID: nil, urlSchemes: schemes)
      var asked = schemes.flatMap { [$0, $0.uppercased(), String($0.dropLast()), $0 + "s"] }
      asked += (0..<20).map { _ in random(Int.random(in: 1...10, using: &g)) } + ["notes", "NOTES", "nOtEs"]
      for scheme in asked where !scheme.isEmpty {
        let expected = schemes.contains(scheme.lowercased())
        let told = Array(scheme.utf8).withUnsafeBufferPointer { gate.registers(scheme: $0) }
        #expect(told == expected, "\(scheme) among \(schemes)")
        if expected { registered += 1 } else { other += 1 }
      }
    }
    #expect(registered > 500)
    #expect(other > 1_000)
  }
}
