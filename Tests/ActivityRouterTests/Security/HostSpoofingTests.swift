import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Never a different host: for every input the router accepts, the host it matches on is the
/// host WHATWG (a browser) and Foundation (the app) compute; inputs on which they could disagree
/// are refused with their own code; hosts compare exactly, never by prefix, suffix or containment.
///
/// WHATWG's answers are recorded in `Tests/Data/whatwg-hosts.json` (see ``SecurityOracles``);
/// after changing the inputs below, run `scripts/whatwg-hosts.sh` to record the new ones.
@Suite struct HostSpoofingTests {
  /// The table every case is routed against: one rule per kind of host. (A table cannot name an
  /// IPv6 host, so IPv6 URLs match nothing here; their hosts are still checked.)
  static let routes: [(String, String)] = [
    ("exact", "https://example.com/p"),
    ("exact-custom", "myapp://example.com/p"),
    ("subdomain", "https://*.example.com/p"),
    ("port-8443", "https://example.com:8443/p"),
    ("ipv4", "https://127.0.0.1/p"),
    ("idn", "https://bücher.example/p"),
  ]

  static let router: Result<CompiledRouter, OracleFailure> = {
    let json = TestTables.json(routes: routes.map { TestTables.route($0.0, $0.1) })
    let loaded = TestTables.load(json)
    guard !loaded.diagnostics.hasErrors, let table = loaded.table, let router = RouteCompiler.compile(table).router
    else {
      return .failure(OracleFailure(description: "the test table does not compile: \(loaded.diagnostics)"))
    }
    return .success(router)
  }()

  struct OracleFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// One input and what the router must make of it.
  struct HostCase: Sendable, CustomTestStringConvertible {
    enum Expectation: Sendable {
      /// Accepted: the host compared (``URLRecord/normalizedHost``), the port, and the rule it matches ("-": none).
      case host(String, port: Int?, rule: String)
      /// Refused with this code and reason.
      case refused(DiagnosticCode, URLReadError.Reason)
    }
    var testDescription: String
    var input: String
    var expectation: Expectation
  }

  private static func host(_ name: String, _ input: String, _ host: String, port: Int? = nil, rule: String = "-")
    -> HostCase
  {
    HostCase(testDescription: name, input: input, expectation: .host(host, port: port, rule: rule))
  }

  private static func refused(
    _ name: String, _ input: String, _ code: DiagnosticCode, _ reason: URLReadError.Reason
  ) -> HostCase {
    HostCase(testDescription: name, input: input, expectation: .refused(code, reason))
  }

  private typealias R = URLReadError.Reason
  private static let ambiguous = DiagnosticCode.ambiguousURL
  private static let invalid = DiagnosticCode.invalidURL

  static let cases: [HostCase] = [
    // The real thing, in every spelling both readers accept.
    host("exact host", "https://example.com/p", "example.com", rule: "exact"),
    host("uppercase host and scheme", "HTTPS://EXAMPLE.COM/p", "example.com", rule: "exact"),
    host("custom scheme", "myapp://example.com/p", "example.com", rule: "exact-custom"),
    host("custom scheme, uppercase host", "myapp://EXAMPLE.COM/p", "example.com", rule: "exact-custom"),
    host("fragment that looks like a host", "https://example.com/p#@evil.com", "example.com", rule: "exact"),
    host("query that looks like a host", "https://example.com/p?@evil.com", "example.com", rule: "exact"),

    // Suffix and prefix spoofs: other hosts, compared exactly.
    host("suffix spoof", "https://example.com.evil/p", "example.com.evil"),
    host("suffix spoof with a real domain", "https://example.com.evil.com/p", "example.com.evil.com"),
    host("prefix spoof", "https://evilexample.com/p", "evilexample.com"),
    host("hyphenated prefix spoof", "https://evil-example.com/p", "evil-example.com"),
    host("trailing dot is another host", "https://example.com./p", "example.com."),
    host("host in the path", "https://evil.com/example.com/p", "evil.com"),
    host("host in the fragment", "https://evil.com/p#@example.com", "evil.com"),
    host("host in the query", "https://evil.com?@example.com/p", "evil.com"),
    host("encoded slashes in the path", "https://evil.com/%2F%2Fexample.com/p", "evil.com"),

    // Userinfo tricks: the host is after the '@', for both readers.
    host("example.com as the user", "https://example.com@evil/p", "evil"),
    host("example.com as the user of a real domain", "https://example.com@evil.com/p", "evil.com"),
    host("example.com:443 as user and password", "https://example.com:443@evil.com/p", "evil.com"),
    host("evil as the user of example.com", "https://evil@example.com/p", "example.com", rule: "exact"),
    host("user and password", "https://user:pass@example.com/p", "example.com", rule: "exact"),
    host("empty userinfo", "https://@example.com/p", "example.com", rule: "exact"),
    host("encoded slash in the userinfo", "https://evil.com%2F@example.com/p", "example.com", rule: "exact"),
    host("custom scheme userinfo", "myapp://evil@example.com/p", "example.com", rule: "exact-custom"),
    refused("two '@'", "https://a@b@example.com/p", ambiguous, R.severalAtSigns),
    refused("two '@' in a row", "https://example.com@@evil/p", ambiguous, R.severalAtSigns),

    // Backslashes: browsers read them as '/'.
    refused("backslash before the host", "https:\\\\example.com/p", ambiguous, R.backslash),
    refused("backslash then '@'", "https://example.com\\@evil.com/p", ambiguous, R.backslash),
    refused("backslash inside the host", "https://evil.com\\example.com/p", ambiguous, R.backslash),
    refused("backslash after the host", "https://example.com\\.evil.com/p", ambiguous, R.backslash),
    refused("backslash in a custom scheme's authority", "myapp://evil.com\\example.com/p", ambiguous, R.backslash),

    // Control characters: browsers delete TAB, LF and CR.
    refused("tab in the host", "https://example.com\t.evil/p", ambiguous, R.tabOrNewline),
    refused("newline that browsers delete", "https://exam\nple.com/p", ambiguous, R.tabOrNewline),
    refused("carriage return in the host", "https://example\r.com/p", ambiguous, R.tabOrNewline),
    refused("NUL in the host", "https://example.com\u{0}.evil/p", invalid, R.controlCharacter),
    refused("DEL in the host", "https://example.com\u{7F}/p", invalid, R.controlCharacter),
    refused("leading space", " https://example.com/p", ambiguous, R.surroundingSpace),

    // Encoded delimiters and other escapes in hosts: browsers decode them first.
    refused("encoded '@' in the host", "https://example.com%40evil.com/p", ambiguous, R.percentEncodedHost),
    refused("encoded '/' in the host", "https://example.com%2F.evil.com/p", ambiguous, R.percentEncodedHost),
    refused("encoded ':' in the host", "https://example.com%3A8443/p", ambiguous, R.percentEncodedHost),
    refused("encoded NUL in the host", "https://example.com%00.evil/p", ambiguous, R.percentEncodedHost),
    refused("encoded letters", "https://%65xample.com/p", ambiguous, R.percentEncodedHost),
    refused("encoded '/' in a custom host", "myapp://example.com%2Fevil/p", ambiguous, R.percentEncodedHost),
    refused(
      "encoded user, password and '@'", "https://example.com%3A443%40evil.com/p", ambiguous, R.percentEncodedHost),

    // Slashes: browsers find a host after any number of them.
    refused("one slash", "https:/example.com/p", ambiguous, R.irregularSlashes),
    refused("three slashes", "https:///example.com/p", ambiguous, R.irregularSlashes),
    refused("no slash", "https:example.com/p", ambiguous, R.irregularSlashes),
    refused("scheme-relative", "//example.com/p", invalid, R.noScheme),

    // IDNA: lookalikes are other hosts; what only one reader maps is refused.
    host("Cyrillic 'а' lookalike", "https://ex\u{430}mple.com/p", "xn--exmple-4nf.com"),
    host("Cyrillic 'е' lookalike", "https://\u{435}xample.com/p", "xn--xample-2of.com"),
    host("lookalike in its xn-- form", "https://xn--exmple-4nf.com/p", "xn--exmple-4nf.com"),
    host("lookalike in a custom scheme", "myapp://ex\u{430}mple.com/p", "xn--exmple-4nf.com"),
    host("IDN host", "https://bücher.example/p", "xn--bcher-kva.example", rule: "idn"),
    host("IDN host, uppercase", "https://BÜCHER.example/p", "xn--bcher-kva.example", rule: "idn"),
    host("IDN host in its xn-- form", "https://xn--bcher-kva.example/p", "xn--bcher-kva.example", rule: "idn"),
    refused("full-width letter", "https://\u{FF45}xample.com/p", invalid, R.unsupportedIDNA),
    refused("ideographic full stop", "https://example\u{3002}com/p", invalid, R.unsupportedIDNA),
    refused("zero-width space", "https://exam\u{200B}ple.com/p", invalid, R.unsupportedIDNA),
    refused("soft hyphen", "https://exam\u{AD}ple.com/p", invalid, R.unsupportedIDNA),
    refused("combining accent", "https://e\u{301}xample.com/p", invalid, R.unsupportedIDNA),
    refused("xn-- label that is not Punycode", "https://xn--zz.com/p", ambiguous, R.invalidPunycode),
    refused("xn-- label of a plain ASCII label", "https://xn--example-.com/p", ambiguous, R.invalidPunycode),

    // IP host forms: only canonical dotted decimal, and IPv6 in brackets.
    host("IPv4", "https://127.0.0.1/p", "127.0.0.1", rule: "ipv4"),
    refused("IPv4 as one decimal number", "https://2130706433/p", ambiguous, R.nonCanonicalIPv4),
    refused("IPv4 in hex", "https://0x7f000001/p", ambiguous, R.nonCanonicalIPv4),
    refused("IPv4 with a hex part", "https://0x7f.0.0.1/p", ambiguous, R.nonCanonicalIPv4),
    refused("IPv4 in octal", "https://0177.0.0.1/p", ambiguous, R.nonCanonicalIPv4),
    refused("IPv4 shortened", "https://127.1/p", ambiguous, R.nonCanonicalIPv4),
    refused("IPv4 with a trailing dot", "https://127.0.0.1./p", ambiguous, R.nonCanonicalIPv4),
    refused("IPv4 with five parts", "https://1.2.3.4.5/p", ambiguous, R.nonCanonicalIPv4),
    refused("IPv4 part over 255", "https://256.0.0.1/p", ambiguous, R.nonCanonicalIPv4),
    refused("name ending in a number", "https://example.1/p", ambiguous, R.nonCanonicalIPv4),
    refused("name ending in a hex number", "https://example.0x1/p", ambiguous, R.nonCanonicalIPv4),
    host("custom scheme: 127.1 is a name", "myapp://127.1/p", "127.1"),
    host("IPv6 loopback", "https://[::1]/p", "::1"),
    host("IPv6 written in full", "https://[0:0:0:0:0:0:0:1]/p", "::1"),
    host("IPv6 uppercase", "https://[0:0::0001]/p", "::1"),
    host("IPv4-mapped IPv6 is not the IPv4 host", "https://[::ffff:127.0.0.1]/p", "::ffff:7f00:1"),
    host("IPv4-mapped IPv6 in hex", "https://[::ffff:7f00:1]/p", "::ffff:7f00:1"),
    host("IPv4-compatible IPv6", "https://[::127.0.0.1]/p", "::7f00:1"),
    host("IPv6 in a custom scheme", "myapp://[::1]/p", "::1"),
    refused("IDN host ending in a number", "myapp://\u{430}127.1/p", ambiguous, R.nonCanonicalIPv4),
    refused("IPv6 zone ID", "https://[fe80::1%25en0]/p", ambiguous, R.ipv6ZoneID),
    refused("text after the IPv6 address", "https://[::1]x/p", invalid, R.invalidHostCharacter),
    refused("IPvFuture", "https://[v1.x]/p", invalid, R.invalidIPv6),
    refused("IPv6 without its bracket", "https://[::1/p", invalid, R.invalidIPv6),

    // Ports: compared by value; a default port is the same as none.
    host("port 0 is a port", "https://example.com:0/p", "example.com", port: 0),
    host("default port", "https://example.com:443/p", "example.com", port: 443, rule: "exact"),
    host("default port with leading zeros", "https://example.com:00443/p", "example.com", port: 443, rule: "exact"),
    host("empty port", "https://example.com:/p", "example.com", rule: "exact"),
    host("other port", "https://example.com:8443/p", "example.com", port: 8443, rule: "port-8443"),
    host("other port with a leading zero", "https://example.com:08443/p", "example.com", port: 8443, rule: "port-8443"),
    host("443 is no default for a custom scheme", "myapp://example.com:443/p", "example.com", port: 443),
    host("80 is not https's default", "https://example.com:80/p", "example.com", port: 80),
    refused("port 65536", "https://example.com:65536/p", ambiguous, R.portOutOfRange),
    refused(
      "port that overflows 64 bits", "https://example.com:99999999999999999999999/p", ambiguous, R.portOutOfRange),
    refused("negative port", "https://example.com:-1/p", invalid, R.invalidPort),
    refused("port with a sign", "https://example.com:+443/p", invalid, R.invalidPort),
    refused("two ports", "https://example.com:443:443/p", invalid, R.invalidPort),
    refused("port after an empty host", "https://:443/p", invalid, R.emptyHost),

    // Subdomains: `*.example.com` takes one or more labels before example.com, nothing else.
    host("subdomain", "https://a.example.com/p", "a.example.com", rule: "subdomain"),
    host("deeper subdomain", "https://a.b.example.com/p", "a.b.example.com", rule: "subdomain"),
    host(
      "example.com as a subdomain of itself", "https://example.com.example.com/p", "example.com.example.com",
      rule: "subdomain"),
    host("subdomain, uppercase", "https://A.EXAMPLE.COM/p", "a.example.com", rule: "subdomain"),
    host("no dot before example.com", "https://aexample.com/p", "aexample.com"),
    host("empty label before example.com", "https://.example.com/p", ".example.com"),
    host("empty label inside the subdomain", "https://a..example.com/p", "a..example.com"),
    host("empty label after the subdomain", "https://a.b..example.com/p", "a.b..example.com"),
    host("subdomain of the spoof", "https://a.example.com.evil/p", "a.example.com.evil"),
    host("subdomain with a trailing dot", "https://a.example.com./p", "a.example.com."),
    host("subdomain with a default port", "https://a.example.com:443/p", "a.example.com", port: 443, rule: "subdomain"),
    host("subdomain with another port", "https://a.example.com:8443/p", "a.example.com", port: 8443),
  ]

  @Test(arguments: cases)
  func hostIsReadAndMatchedExactly(_ test: HostCase) throws {
    let router = try Self.router.get()
    let result: Result<URLRecord, URLReadError>
    do { result = .success(try URLRecord(parsing: test.input)) } catch { result = .failure(error) }
    switch (test.expectation, result) {
    case (.refused(let code, let reason), .failure(let error)):
      #expect(error.code == code)
      #expect(error.reason == reason)
      #expect(router.routeName(test.input) == "invalid:\(reason)", "the router refuses what the reader refuses")
    case (.refused, .success(let record)):
      Issue.record("accepted with host \(String(describing: record.normalizedHost))")
    case (.host, .failure(let error)):
      Issue.record("refused: \(error)")
    case (.host(let host, let port, let rule), .success(let record)):
      #expect(record.normalizedHost == host)
      #expect(record.port == port)
      #expect(router.routeName(test.input) == rule)
      let disagreements = try SecurityOracles.hostDisagreements(test.input, record)
      #expect(disagreements.isEmpty, "\(disagreements)")
    }
  }

  // MARK: - A generated corpus

  /// Hostile authorities built around `example.com`: spoofs, userinfo, escapes, IP forms,
  /// lookalikes, ports and stray bytes, in every combination the seed reaches.
  struct HostileURLGenerator {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func pick(_ items: [String]) -> String { items[Int.random(in: 0..<items.count, using: &rng)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    static let schemes = ["https", "https", "HTTPS", "http", "myapp", "myapp", "MyApp", "wss"]
    static let separators = ["//", "//", "//", "//", "/", "///", "\\\\", "/\\", ""]
    static let userinfos = [
      "example.com@", "evil@", "example.com:443@", "a@b@", "@", "u:p@", "example.com%40evil@", "e%78ample.com@",
      "example.com\\@", "ex\u{430}mple.com@",
    ]
    static let prefixes = [
      "evil", "evil.", "a.", "evil-", "www.", ".", "xn--", "0x", "1.", "%2E", "\u{430}", "EXAMPLE.", "example.com.",
    ]
    static let cores = [
      "example.com", "example.com", "EXAMPLE.com", "Example.Com", "ex\u{430}mple.com", "xn--exmple-4nf.com",
      "bücher.example", "xn--bcher-kva.example", "127.0.0.1", "127.1", "2130706433", "0x7f.0.0.1", "0177.0.0.1",
      "[::1]", "[::ffff:127.0.0.1]", "[0:0::1]", "[fe80::1%25en0]", "localhost", "example\u{3002}com",
      "\u{FF45}xample.com",
    ]
    static let suffixes = [
      ".evil", "evil", ".", "..", ".evil.com", "%2F", "%2Fevil", "%40evil", "%3A443", "\\evil", "\t", "\u{0}",
      "@evil", "@evil.com", "#@evil", "?@evil", "/evil", ".1", ".0x1", "\u{200B}",
    ]
    static let ports = [":443", ":00443", ":0", ":8443", ":65536", ":", ":-1", ":80", ":443@evil"]

    mutating func url() -> String {
      var s = pick(Self.schemes) + ":" + pick(Self.separators)
      if chance(20) { s += pick(Self.userinfos) }
      if chance(25) { s += pick(Self.prefixes) }
      s += pick(Self.cores)
      if chance(30) { s += pick(Self.suffixes) }
      if chance(25) { s += pick(Self.ports) }
      s += chance(90) ? "/p" : pick(["", "/", "/p/..", "/%2e%2e/p"])
      if chance(10) { s += pick(["?x=1", "#f", "?@example.com", "#@example.com"]) }
      return s
    }
  }

  static let corpusSeed: UInt64 = 0x0057_E11D
  static let corpusSize = 4_000

  static func corpus() -> [String] {
    var generator = HostileURLGenerator(seed: corpusSeed)
    var seen = Set<String>()
    var out: [String] = []
    for _ in 0..<corpusSize {
      let url = generator.url()
      if seen.insert(url).inserted { out.append(url) }
    }
    return out
  }

  @Test("every accepted input of the hostile corpus has the host both readers compute")
  func generatedCorpusAgreesWithBothReaders() throws {
    let router = try Self.router.get()
    var accepted = 0
    var refusedAsAmbiguous = 0
    var matched = 0
    for input in Self.corpus() {
      let record: URLRecord
      do {
        record = try URLRecord(parsing: input)
      } catch {
        if error.code == .ambiguousURL { refusedAsAmbiguous += 1 }
        continue
      }
      accepted += 1
      let disagreements = try SecurityOracles.hostDisagreements(input, record)
      #expect(
        disagreements.isEmpty,
        "seed 0x\(String(Self.corpusSeed, radix: 16)): \(input.debugDescription): \(disagreements)")
      let rule = router.routeName(input)
      if rule != "-" { matched += 1 }
      #expect(
        Self.ruleFits(rule, record),
        "\(input.debugDescription) matched '\(rule)' with host \(String(describing: record.normalizedHost))")
    }
    print(
      "hostile host corpus (seed 0x\(String(Self.corpusSeed, radix: 16))): \(Self.corpus().count) inputs, \(accepted) accepted "
        + "(all with WHATWG's and Foundation's host), \(matched) matched a rule, \(refusedAsAmbiguous) refused as ambiguous"
    )
    #expect(accepted > 500 && refusedAsAmbiguous > 500 && matched > 50, "the corpus lost its variety")
  }

  /// Whether a URL with this record may match `rule`: the host compared is exactly the rule's.
  static func ruleFits(_ rule: String, _ record: URLRecord) -> Bool {
    let host = record.normalizedHost ?? ""
    switch rule {
    case "-": return true
    case "exact", "exact-custom", "port-8443": return host == "example.com"
    case "subdomain": return host.hasSuffix(".example.com") && host.count > ".example.com".count
    case "ipv4": return host == "127.0.0.1"
    case "idn": return host == "xn--bcher-kva.example"
    default: return false
    }
  }

  // MARK: - Property: random labels never reach example.com

  /// Characters a random label is made of: letters, digits, dots, hyphens, every delimiter
  /// (except '@', see below), escapes of delimiters, backslashes, controls and lookalikes.
  static let labelAlphabet: [String] = [
    "a", "b", "e", "x", "z", "E", "X", "0", "1", "9", "-", "_", ".", ".", "~", ":", "/", "?", "#", "[", "]", "!", "$",
    "&", "'", "(", ")", "*", "+", ",", ";", "=", "%", "%2F", "%40", "%3A", "%2E", "%5C", "%00", "%41", "\\", "\t",
    "\n", "\r", "\u{0}", "\u{1}", "\u{7F}", " ", "\u{430}", "\u{435}", "ä", "ß", "\u{FF45}", "\u{3002}", "\u{200B}",
    "中", "xn--", "\u{2028}", "\u{85}",
  ]

  static let propertySeeds: [UInt64] =
    [0x1AB_E15, 0x5EED_0007]
    + (ProcessInfo.processInfo.environment["SECURITY_SEED"]
      .flatMap { UInt64($0.hasPrefix("0x") ? String($0.dropFirst(2)) : $0, radix: $0.hasPrefix("0x") ? 16 : 10) }
      .map { [$0] } ?? [])

  /// `example.com.L`, `Lexample.com` and `example.com@L` for 10,000 random labels `L` each, in
  /// https and a custom scheme: none matches the `example.com` rules. A label holds no '@': with
  /// one, `L` + `example.com` would be a userinfo and the host really example.com (that case is
  /// the generated corpus's: any match there must have exactly the rule's host).
  @Test(arguments: propertySeeds)
  func randomLabelsNeverMatchExampleCom(seed: UInt64) throws {
    let router = try Self.router.get()
    var rng = SeededGenerator(seed: seed)
    var refused = 0
    var accepted = 0
    for index in 0..<10_000 {
      var label = ""
      for _ in 0..<Int.random(in: 1...8, using: &rng) {
        label += Self.labelAlphabet[Int.random(in: 0..<Self.labelAlphabet.count, using: &rng)]
      }
      for scheme in ["https", "myapp"] {
        for form in ["example.com.\(label)", "\(label)example.com", "example.com@\(label)"] {
          let url = "\(scheme)://\(form)/p"
          let rule = router.routeName(url)
          if rule.hasPrefix("invalid:") { refused += 1 } else { accepted += 1 }
          guard rule != "exact" && rule != "exact-custom" && rule != "port-8443" else {
            Issue.record("seed 0x\(String(seed, radix: 16)) case \(index): \(url.debugDescription) matched '\(rule)'")
            return
          }
          if rule != "-" && !rule.hasPrefix("invalid:") {
            let record = try URLRecord(parsing: url)
            #expect(
              Self.ruleFits(rule, record), "seed 0x\(String(seed, radix: 16)) case \(index): \(url.debugDescription)")
            #expect(
              SecurityOracles.foundationHost(url) == .some(record.normalizedHost),
              "seed 0x\(String(seed, radix: 16)): \(url.debugDescription)")
          }
        }
      }
    }
    print(
      "random labels, seed 0x\(String(seed, radix: 16)): 60,000 URLs, \(accepted) accepted, \(refused) refused, none matched example.com"
    )
    #expect(accepted > 5_000 && refused > 5_000)
  }

  // MARK: - Recording WHATWG's answers

  /// Every input whose WHATWG reading the tests need.
  static func oracleInputs() -> [String] {
    var inputs = cases.map(\.input) + corpus()
    var seen = Set<String>()
    inputs = inputs.filter { seen.insert($0).inserted }
    return inputs
  }

  /// `WRITE_HOST_INPUTS=path swift test --filter HostSpoofingTests` writes the inputs for
  /// `scripts/whatwg-hosts.sh`; without it, checks that the oracle file has exactly these inputs.
  @Test func theOracleFileHasExactlyTheseInputs() throws {
    let inputs = Self.oracleInputs()
    if let path = ProcessInfo.processInfo.environment["WRITE_HOST_INPUTS"] {
      let data = try JSONSerialization.data(withJSONObject: inputs, options: [.prettyPrinted])
      try data.write(to: URL(fileURLWithPath: path))
    }
    let recorded = Set(try SecurityOracles.whatwg.get().keys)
    let missing = Set(inputs).subtracting(recorded)
    let stale = recorded.subtracting(inputs)
    #expect(missing.isEmpty, "inputs without a WHATWG reading (run scripts/whatwg-hosts.sh): \(missing.sorted())")
    #expect(stale.isEmpty, "readings of inputs no test uses (run scripts/whatwg-hosts.sh): \(stale.sorted())")
  }
}
