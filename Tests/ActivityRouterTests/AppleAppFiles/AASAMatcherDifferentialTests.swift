import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import AppleAppFiles

/// The compiled AASA evaluation (``AASAMatcher``, on bytes, and the ``AppLinkGate`` around it)
/// against the scalar evaluation it replaced, on seeded generated URLs and every bundled AASA
/// file: the same verdict for every URL (outcome, reason, entry, component, its text and
/// location, the rules in order, the message).
@Suite struct AASAMatcherDifferentialTests {
  /// The evaluation as it was before the matcher: the URL prepared as ``AASAMatchInput`` (four
  /// views of scalars), each component asked with ``AASAComponent/matches(_:)``, the verdict
  /// built as it went. Kept here, word for word, as the reference.
  static func reference(
    _ aasa: AppSiteAssociation, _ url: URLRecord, appID: String?, exclusionsStopLaterEntries: Bool
  ) -> AASAVerdict {
    guard url.normalizedScheme == "https" else {
      return AASAVerdict(
        outcome: .unclaimed, reason: .notHTTPS, appleRules: [.l1, .l16],
        message: "only https URLs are universal links; '\(url.scheme)' opens as a plain URL")
    }
    if let domain = aasa.domain, url.normalizedHost != domain {
      return AASAVerdict(
        outcome: .unclaimed, reason: .hostMismatch, appleRules: [.l16],
        message: "the file of '\(domain)' does not apply to the host '\(url.normalizedHost ?? "")'")
    }
    guard aasa.hasAppLinks else {
      return AASAVerdict(
        outcome: .unclaimed, reason: .noAppLinks, appleRules: [.l2], message: "the file has no 'applinks'")
    }
    let input = AASAMatchInput(url)
    var firstExclusion: AASAVerdict?
    var listed = false
    for entry in aasa.details {
      if let appID, !entry.lists(appID: appID) { continue }
      listed = true
      guard let component = entry.components.first(where: { $0.matches(input) }) else { continue }
      var rules: [AppleRuleID] = component.exclude ? [.l5, .l9] : [.l5, .l6]
      if component.origin == .paths { rules.append(.l14) }
      if aasa.details.count > 1 { rules.append(.l17) }
      let verb =
        component.exclude ? "excludes the URL, so it opens in the browser" : "matches, so the link opens the app"
      let verdict = AASAVerdict(
        outcome: component.exclude ? .excluded : .opens,
        reason: component.exclude ? .componentExcluded : .componentMatched,
        detailsIndex: entry.index, appIDs: entry.appIDs.map(\.value), componentIndex: component.index,
        componentOrigin: component.origin, componentText: component.text, componentLocation: component.location,
        appleRules: rules, message: "\(entry.label).\(component.label) \(component.text) \(verb)")
      if verdict.opens || (appID != nil && exclusionsStopLaterEntries) { return verdict }
      if firstExclusion == nil { firstExclusion = verdict }
    }
    if let firstExclusion { return firstExclusion }
    if let appID, !listed {
      return AASAVerdict(
        outcome: .unclaimed, reason: .appNotListed, appleRules: [.l3, .l17],
        message: "no 'details' entry names the app '\(appID)'")
    }
    let whose = appID.map { " for '\($0)'" } ?? ""
    return AASAVerdict(
      outcome: .unclaimed, reason: .noComponentMatched, appleRules: [.l5, .l6],
      message: "no component\(whose) matches the URL, so it opens in the browser")
  }

  /// A file that exercises what the bundled ones do not: folding with non-ASCII names (the
  /// Kelvin sign folds to `k`, and equals `K` canonically), decoded comparisons at the domain
  /// level, `?`, `*` and custom variables with wildcards in every component, exclusions in two
  /// entries, legacy paths after a components entry.
  static let torture = """
    { "applinks": {
      "defaults": { "percentEncoded": false },
      "substitutionVariables": { "w": ["a*", "?b", ""], "v": ["x", "Y", "é"] },
      "details": [
        { "appIDs": ["ABCDE12345.com.example.a", "ABCDE12345.com.example.b"],
          "defaults": { "caseSensitive": false },
          "components": [
            { "/": "/n/*/export", "exclude": true },
            { "/": "/N/$(w)/$(v)", "#": "*$(v)" },
            { "/": "/q", "?": { "\\u212A": "?*", "é": "$(digit)", "Name": "*" } },
            { "/": "/f", "#": "?", "percentEncoded": true },
            { "/": "k*", "?": "*=*&*", "caseSensitive": true },
            { "/": "/é/*", "?": { "K": "" } },
            { "/": "/x%2Fy", "percentEncoded": true },
            { "/": "/x/y/" },
            { "#": "frag?ent", "exclude": true }
          ] },
        { "appID": "ABCDE12345.com.example.a",
          "components": [ { "/": "/z/*", "exclude": true }, { "/": "/*/?", "?": { "t": "$(region)" } } ] },
        { "appID": "ABCDE12345.com.example.b",
          "paths": ["NOT /z/1", "/z/*", "/Ω/*", "*"] }
      ] } }
    """

  /// Every bundled AASA file that loads, with its domain and the apps to ask about.
  static func files() throws -> [(name: String, association: AppSiteAssociation)] {
    var paths = ["Apps/Notes/apple-app-site-association", "Semantics/L/L17-shared.apple-app-site-association"]
    for directory in ["Apps/aasa", "Semantics/AMB"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: FixturePaths.fixtures + "/" + directory)
      paths += names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
    }
    var files: [(String, AppSiteAssociation)] = []
    for path in paths {
      for domain in [nil, "example.com"] as [String?] {
        let loaded = AppSiteAssociation.load(
          path: FixturePaths.fixtures + "/" + path, domain: domain, displayName: path)
        if let association = loaded.association { files.append((path, association)) }
      }
    }
    let inline = AppSiteAssociation.parse(source: SourceText(file: "torture.json", text: torture), domain: nil)
    #expect(!inline.diagnostics.hasErrors, "\(inline.diagnostics)")
    files.append(("torture.json", try #require(inline.association)))
    return files
  }

  static let segments = [
    "buy", "BUY", "help", "website", "abc", "any-query", "product", "list", "search", "Search", "flags", "id", "1234",
    "123", "double", "orders", "wiki", "a%20b", "%E5%93%88%E5%93%88", "哈哈", "intro", "raw", "docs", "a%2Fb", "files",
    "a", "b", "hex", "%2F", "%2f", "old", "new", "videos", "private", "trailer", "about", "deals", "DEALS", "account",
    "cart", "gift", "Brand", "brand", "en_GB", "fr_FR", "en_UK", "burrito", "pizza", "order", "color", "fA0", "size",
    "small", "x1", "xx", "greek", "omega", "grade", "A", "drink", "n", "N", "export", "tags", "t", "42", "x", "%41",
    "%61", "%C3%A9", "%c3%a9", "é", "É", "K", "k", "%E2%84%AA", "%25", "%7E", ".", "..", "", "q", "f", "z", "Ω",
    "%CE%A9",
    "x%2Fy", "ab", "bb", "Y", "%59", "y", "kite", "Kite", "fr", "%00", "a%00b",
  ]
  static let names = [
    "articleNumber", "productID", "page", "q", "a", "flag", "k", "K", "%4B", "%E2%84%AA", "é", "%C3%A9", "Name", "name",
    "NAME", "t", "", "%26", "e%CC%81",
  ]
  static let values = [
    "1234", "12345", "", "abcd", "1", "x%20y", "%31%32", "é", "%C3%A9", "K", "GB", "gb", "*", "a=b", "%3D",
  ]
  static let fragments = [
    "no_universal_links", "No_Universal_Links", "top", "", "x", "%41", "Y", "%59", "é", "%C3%A9", "fragment",
    "FRAGMENT",
    "frag%6Dent",
  ]

  /// A random URL text on `host` from the pieces above.
  static func url(host: String, _ rng: inout SeededGenerator) -> String {
    var path = ""
    for _ in 0..<Int.random(in: 0...4, using: &rng) { path += "/" + segments.randomElement(using: &rng)! }
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: path += "/"
    case 1: path += "//"
    case 2: path = "/" + path
    default: break
    }
    var text = "https://\(host)\(path)"
    if Bool.random(using: &rng) {
      let pieces = (0..<Int.random(in: 0...3, using: &rng)).map { _ -> String in
        let name = names.randomElement(using: &rng)!
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return name
        case 1: return ""
        default: return name + "=" + values.randomElement(using: &rng)!
        }
      }
      text += "?" + (Int.random(in: 0..<5, using: &rng) == 0 ? "def" : pieces.joined(separator: "&"))
    }
    if Bool.random(using: &rng) { text += "#" + fragments.randomElement(using: &rng)! }
    return text
  }

  @Test func theMatcherDecidesAsTheScalarEvaluationOnGeneratedURLs() throws {
    var rng = SeededGenerator(seed: 0xAA5A)
    var compared = 0
    var onBytes = 0
    var onScalars = 0
    for (name, association) in try Self.files() {
      let appIDs = [nil, "ABCDE12345.com.example.nobody"] + association.appIDs
      let host = association.domain ?? "example.com"
      var urls: [URLRecord] = []
      for _ in 0..<400 {
        let base = Int.random(in: 0..<8, using: &rng)
        let h = base == 0 ? host.uppercased() : base == 1 ? "other.example" : host
        if let url = try? URLRecord(parsing: Self.url(host: h, &rng)) { urls.append(url) }
      }
      urls += try ["http://\(host)/buy/1", "HTTPS://\(host.uppercased())/buy/1"].map { try URLRecord(parsing: $0) }
      for appID in appIDs {
        for stops in [true, false] {
          let matcher = AASAMatcher(association, appID: appID, exclusionsStopLaterEntries: stops)
          for url in urls {
            let expected = Self.reference(association, url, appID: appID, exclusionsStopLaterEntries: stops)
            let verdict = association.evaluate(url, appID: appID, exclusionsStopLaterEntries: stops)
            #expect(verdict == expected, "\(name) \(appID ?? "any") stops=\(stops) \(url.text)")
            #expect(matcher.verdict(matcher.decide(url), for: url) == expected, "\(name) \(url.text)")
            // Both ways of matching components agree where the bytes decide.
            if let decided = matcher.decideOnBytes(url) {
              onBytes += 1
              #expect(decided == matcher.decideWithScalars(url), "\(name) \(appID ?? "any") \(url.text)")
            } else {
              onScalars += 1
            }
            compared += 1
          }
        }
      }
    }
    #expect(compared > 50_000, "\(compared)")
    // Most URLs are decided on bytes; the others (raw non-ASCII, decoded non-ASCII) still occur.
    #expect(onBytes > onScalars * 2 && onScalars > 1_000, "\(onBytes) on bytes, \(onScalars) on scalars")
  }

  @Test func theByteMasksAreFoundationsSets() {
    // What Foundation keeps as written: its path and query sets (ByteSet.foundationPath and
    // foundationQuery), and `%`.
    let path = ByteSet.pathSegmentAllowed.union(ByteSet("/%"))
    let query = ByteSet.fragmentAllowed.union(ByteSet("%"))
    let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    let table = AASAForms.refusedBytes
    #expect(table.count == 256)
    table.withUnsafeBufferPointer { table in
      let refused = table.baseAddress!
      for value in 0...255 {
        let byte = UInt8(value)
        // Alone, and after seven allowed bytes (the four-at-a-time loop and its tail).
        for prefix in ["", "abcdefg"] {
          let text = Array(prefix.utf8) + [byte]
          text.withUnsafeBufferPointer { one in
            #expect(
              AASAForms.areAsWritten(path: one, query: empty, fragment: empty, refused: refused)
                == path.contains(byte), "\(value)")
            #expect(
              AASAForms.areAsWritten(path: empty, query: one, fragment: empty, refused: refused)
                == query.contains(byte), "\(value)")
            #expect(
              AASAForms.areAsWritten(path: empty, query: empty, fragment: one, refused: refused)
                == query.contains(byte), "\(value)")
          }
        }
      }
    }
  }

  @Test func hostsAreLowercasedEightBytesAStep() {
    // Every byte value in every position of a word, beside capitals and non-ASCII bytes.
    for value in 0...255 {
      for position in 0..<8 {
        var bytes: [UInt8] = [0x41, 0x5A, 0x61, 0x40, 0x5B, 0xC1, 0x7A, 0xDA]
        bytes[position] = UInt8(value)
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let lowered = withUnsafeBytes(of: AASAForms.lowercased(word)) { Array($0) }
        #expect(lowered == bytes.map { AASAPatternProgram.fold($0, true) }, "\(value) at \(position)")
      }
    }
    var rng = SeededGenerator(seed: 0x4057)
    let alphabet = Array("aZz.-0Ab9".utf8) + [0xC3, 0x7F]
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...20, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
      var other = text.map { AASAPatternProgram.fold($0, true) }
      if !other.isEmpty && Bool.random(using: &rng) { other[Int.random(in: 0..<other.count, using: &rng)] = 0x5F }
      let expected = text.map { AASAPatternProgram.fold($0, true) } == other
      text.withUnsafeBufferPointer { text in
        other.withUnsafeBufferPointer { other in #expect(AASAForms.equalsLowercased(text, other) == expected) }
      }
    }
  }

  @Test func namedURLsTakeTheWayTheyShould() throws {
    let file = try #require(
      AppSiteAssociation.parse(source: SourceText(file: "torture.json", text: Self.torture), domain: nil).association)
    let matcher = AASAMatcher(file, appID: "ABCDE12345.com.example.a")
    func url(_ text: String) throws -> URLRecord { try URLRecord(parsing: text) }
    // As written and decoded, ASCII: the bytes decide.
    #expect(
      matcher.decideOnBytes(try url("https://h.example/n/1/EXPORT"))
        == matcher.decideWithScalars(try url("https://h.example/n/1/EXPORT")))
    #expect(matcher.decideOnBytes(try url("https://h.example/x%2Fy")) != nil)
    // A raw non-ASCII path (Foundation encodes it) and a decoded non-ASCII one: the scalars do.
    #expect(matcher.decideOnBytes(try url("https://h.example/é/1")) == nil)
    #expect(matcher.decideOnBytes(try url("https://h.example/%C3%A9/1")) == nil)
    // The Kelvin sign in a `?` name equals `K` as a string, folded it is `k`.
    let kelvin = try url("https://h.example/q?K=1&%C3%A9=2")
    #expect(matcher.decideOnBytes(kelvin) == nil)
    #expect(file.evaluate(kelvin, appID: "ABCDE12345.com.example.a").componentIndex == 2)
    // Folded, the Kelvin sign's name is the ASCII `k`: compared on bytes (and `é`, absent, reads
    // as "", which `$(digit)` refuses).
    let ascii = try url("https://h.example/q?K=1&name=2")
    #expect(matcher.decideOnBytes(ascii) == AASADecision(reason: .noComponentMatched, severalEntries: true))
    #expect(matcher.decideWithScalars(ascii) == AASADecision(reason: .noComponentMatched, severalEntries: true))
    #expect(file.evaluate(try url("https://h.example/N/ab/Y#xY"), appID: "ABCDE12345.com.example.a").opens)
    // Decoded, a slash after a prepend character (U+0600) joins it in one character, so it is
    // not dropped as a trailing slash; after `é` it is. Only the scalar evaluation can tell.
    let prepend = try #require(
      AppSiteAssociation.parse(
        source: SourceText(
          file: "prepend.json",
          text: #"{"applinks":{"details":[{"appID":"A.b","components":[{"/":"/x?","percentEncoded":false}]}]}}"#),
        domain: nil
      ).association)
    for (text, opens) in [("https://h.example/x%D8%80/", false), ("https://h.example/x%C3%A9/", true)] {
      let link = try url(text)
      #expect(prepend.evaluate(link, appID: "A.b").opens == opens, "\(text)")
      #expect(
        Self.reference(prepend, link, appID: "A.b", exclusionsStopLaterEntries: true).opens == opens, "\(text)")
    }
  }

  @Test func theGateChoosesTheEntryAndAsksItsFileAsBefore() throws {
    let notes = try #require(
      AppSiteAssociation.load(
        path: FixturePaths.fixtures + "/Apps/Notes/apple-app-site-association", domain: "notes.example.com"
      ).association)
    let any = try #require(
      AppSiteAssociation.parse(source: SourceText(file: "torture.json", text: Self.torture), domain: nil).association)
    let entries = try [
      "webcredentials:notes.example.com", "applinks:*.example.com", "applinks:notes.example.com",
      "applinks:*.shop.example.com", "applinks:shop.example.com?mode=developer", "applinks:*.example.com?mode=managed",
      "applinks:bücher.example",
    ].enumerated().map { i, text in
      try AssociatedDomain.parse(text, at: SourceLocation(file: "t", line: i + 1, column: 1, offset: i)).get()
    }
    let associations = [entries[2]: notes, entries[1]: any, entries[6]: any]
    let hosts = [
      "notes.example.com", "NOTES.Example.com", "a.notes.example.com", "example.com", "x.example.com",
      "a.shop.example.com", "shop.example.com", "SHOP.EXAMPLE.COM", "notes.example.com.", "other.test",
      "bücher.example",
      "xn--bcher-kva.example", "[::1]", "127.0.0.1", "sub.bücher.example",
    ]
    var rng = SeededGenerator(seed: 0x6A7E)
    var compared = 0
    for appID in [nil, "ABCDE12345.com.example.notes", "ABCDE12345.com.example.a"] as [String?] {
      let gate = AppLinkGate(associatedDomains: entries, associations: associations, appID: appID)
      for host in hosts {
        for _ in 0..<60 {
          guard let url = try? URLRecord(parsing: Self.url(host: host, &rng)) else { continue }
          let links = entries.filter { $0.service == .applinks }
          let expected = AssociatedDomain.bestMatch(for: url.normalizedHost ?? "", among: links)
          switch gate.check(url) {
          case .notCovered:
            #expect(expected == nil, "\(url.text)")
          case .noFile(let entry):
            #expect(gate.entries[entry] == expected && associations[gate.entries[entry]] == nil, "\(url.text)")
          case .decided(let entry, let matcher, let decision):
            let association = try #require(associations[gate.entries[entry]])
            #expect(gate.entries[entry] == expected, "\(url.text)")
            #expect(gate.matcher(entry) === matcher)
            let verdict = matcher.verdict(decision, for: url)
            #expect(
              verdict == Self.reference(association, url, appID: appID, exclusionsStopLaterEntries: true), "\(url.text)"
            )
          }
          compared += 1
        }
      }
    }
    #expect(compared > 1_500, "\(compared)")
  }
}
