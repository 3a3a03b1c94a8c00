import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Safe parameters: the path is split on the raw `/`, dot segments (also `%2e` spellings) are
/// resolved before matching, each value is percent-decoded exactly once, `%2F` and `%5C` never
/// create a segment, and a value with NUL, a control character or invalid UTF-8 is refused,
/// never repaired.
@Suite struct ParameterSafetyTests {
  static let routes: [(String, String)] = [
    ("user", "app://h/user/{name}"),
    ("files", "app://h/files/{path*}"),
    ("admin", "app://h/admin/{x}"),
    ("number", "app://h/n/{n:int}"),
    ("search", "app://h/search?q={q}"),
    ("doc", "app://h/doc#{section}"),
  ]

  /// One URL and the rule and parameters it must give (`-` for no rule, `invalid:<reason>`).
  struct ParameterCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var url: String
    var rule: String
    var parameters: [String: String]

    init(_ name: String, _ url: String, _ rule: String, _ parameters: [String: String] = [:]) {
      testDescription = name
      self.url = url
      self.rule = rule
      self.parameters = parameters
    }
  }

  static let cases: [ParameterCase] = [
    // Split on the raw '/' only.
    ParameterCase("%2F stays inside the value", "app://h/user/a%2Fb", "user", ["name": "a/b"]),
    ParameterCase("%2F never adds a segment", "app://h/user/a%2Fb%2Fc", "user", ["name": "a/b/c"]),
    ParameterCase("lowercase %2f too", "app://h/user/a%2fb", "user", ["name": "a/b"]),
    ParameterCase("%5C stays inside the value", "app://h/user/a%5Cb", "user", ["name": "a\\b"]),
    ParameterCase("%2F%2F is one segment", "app://h/user/%2F%2Fevil.com", "user", ["name": "//evil.com"]),
    ParameterCase("a raw '/' is a second segment", "app://h/user/a/b", "-"),
    ParameterCase("a catch-all refuses a segment holding %2F", "app://h/files/a%2Fb", "-"),
    ParameterCase("a catch-all joins raw segments", "app://h/files/a/b%20c", "files", ["path": "a/b c"]),

    // Dot segments are resolved before matching, in every spelling.
    ParameterCase("'..' climbs out of admin", "app://h/admin/../user/x", "user", ["name": "x"]),
    ParameterCase("'%2e%2e' climbs the same", "app://h/admin/%2e%2e/user/x", "user", ["name": "x"]),
    ParameterCase("'%2E%2E' uppercase", "app://h/admin/%2E%2E/user/x", "user", ["name": "x"]),
    ParameterCase("'.%2e' mixed", "app://h/admin/.%2e/user/x", "user", ["name": "x"]),
    ParameterCase("'%2e.' mixed", "app://h/admin/%2e./user/x", "user", ["name": "x"]),
    ParameterCase("'..' above the root stays at the root", "app://h/%2e%2e/%2e%2e/user/x", "user", ["name": "x"]),
    ParameterCase("'.' and '%2e' are dropped", "app://h/./user/%2e/x", "user", ["name": "x"]),
    ParameterCase("a value of '..' is a dot segment, not a value", "app://h/user/..", "-"),
    ParameterCase("a value of '%2e%2e' is a dot segment, not a value", "app://h/user/%2e%2e", "-"),
    ParameterCase("a value of '.' is a dot segment", "app://h/user/.", "-"),
    ParameterCase("'..' inside a catch-all is resolved first", "app://h/files/a/../b", "files", ["path": "b"]),
    ParameterCase("'%2e%2e' cannot escape a catch-all's prefix", "app://h/files/%2e%2e/admin/x", "admin", ["x": "x"]),
    ParameterCase("'..%2F' is one segment, not a dot segment", "app://h/user/..%2Fetc", "user", ["name": "../etc"]),
    ParameterCase("'%2e%2e%2F' is one segment", "app://h/user/%2e%2e%2Fetc", "user", ["name": "../etc"]),
    ParameterCase("'...' is not a dot segment", "app://h/user/...", "user", ["name": "..."]),

    // Decoded exactly once.
    ParameterCase("%25 decodes to '%'", "app://h/user/100%25", "user", ["name": "100%"]),
    ParameterCase("%252F decodes to '%2F', not '/'", "app://h/user/a%252Fb", "user", ["name": "a%2Fb"]),
    ParameterCase("%252e%252e is no dot segment", "app://h/user/%252e%252e", "user", ["name": "%2e%2e"]),
    ParameterCase("'+' stays '+'", "app://h/user/a+b", "user", ["name": "a+b"]),
    ParameterCase("UTF-8 escapes", "app://h/user/%E2%82%AC%F0%9F%98%80", "user", ["name": "€😀"]),
    ParameterCase("an int decodes before it is checked", "app://h/n/%34%32", "number", ["n": "42"]),
    ParameterCase("an int holding %2F is no int", "app://h/n/4%2F2", "-"),
    ParameterCase("query value decoded once", "app://h/search?q=a%2526b", "search", ["q": "a%26b"]),
    ParameterCase("query '&' escaped", "app://h/search?q=a%26b", "search", ["q": "a&b"]),
    ParameterCase("query '..' is only text", "app://h/search?q=%2e%2e%2Fetc", "search", ["q": "../etc"]),
    ParameterCase("fragment decoded once", "app://h/doc#a%2523", "doc", ["section": "a%23"]),

    // NUL, control characters and invalid UTF-8: refused, never repaired.
    ParameterCase("encoded NUL", "app://h/user/a%00b", "invalid:encoded-control-character"),
    ParameterCase("encoded newline", "app://h/user/a%0Ab", "invalid:encoded-control-character"),
    ParameterCase("encoded escape character", "app://h/user/%1B%5B31m", "invalid:encoded-control-character"),
    ParameterCase("encoded DEL", "app://h/user/%7F", "invalid:encoded-control-character"),
    ParameterCase("raw NUL", "app://h/user/a\u{0}b", "invalid:control-character"),
    ParameterCase("raw bell", "app://h/user/a\u{7}b", "invalid:control-character"),
    ParameterCase("raw tab", "app://h/user/a\tb", "invalid:tab-or-newline"),
    ParameterCase("encoded invalid UTF-8", "app://h/user/%C3%28", "invalid:encoded-invalid-utf8"),
    ParameterCase("encoded truncated UTF-8", "app://h/user/%C3", "invalid:encoded-invalid-utf8"),
    ParameterCase("encoded overlong '/'", "app://h/user/%C0%AF", "invalid:encoded-invalid-utf8"),
    ParameterCase("encoded surrogate", "app://h/user/%ED%A0%80", "invalid:encoded-invalid-utf8"),
    ParameterCase("encoded lone continuation byte", "app://h/user/%80", "invalid:encoded-invalid-utf8"),
    ParameterCase("encoded byte FF", "app://h/user/%FF", "invalid:encoded-invalid-utf8"),
    ParameterCase("NUL in a query value", "app://h/search?q=%00", "invalid:encoded-control-character"),
    ParameterCase("NUL in an unrelated query item", "app://h/user/x?other=%00", "invalid:encoded-control-character"),
    ParameterCase("NUL in the fragment", "app://h/doc#a%00", "invalid:encoded-control-character"),
    ParameterCase("invalid UTF-8 in a query value", "app://h/search?q=%FE", "invalid:encoded-invalid-utf8"),
    ParameterCase("a bad escape", "app://h/user/%zz", "invalid:invalid-percent-escape"),
    ParameterCase("a half escape", "app://h/user/a%4", "invalid:invalid-percent-escape"),
  ]

  static let router = Result { try TestTables.router(routes) }

  @Test(arguments: cases)
  func valuesAreSplitResolvedAndDecodedOnce(_ test: ParameterCase) throws {
    let router = try Self.router.get()
    #expect(router.routeName(test.url) == test.rule)
    guard case .success(let match?) = router.match(url: test.url) else { return }
    var parameters: [String: String] = [:]
    for member in match.parameters {
      switch member.value {
      case .string(let s): parameters[member.key] = s
      case .number(let n): parameters[member.key] = n.text
      default: parameters[member.key] = "\(member.value)"
      }
    }
    #expect(parameters == test.parameters)
  }

  /// The event reader refuses a line that is not UTF-8 as such; it never turns the bad bytes into
  /// U+FFFD and routes the result.
  @Test(arguments: [
    ("a bad byte in the path", Array("app://h/user/a".utf8) + [0xFF], 15),
    ("a truncated sequence", Array("app://h/user/".utf8) + [0xE2, 0x82], 14),
    ("an overlong '/'", Array("app://h/user/a".utf8) + [0xC0, 0xAF] + Array("b".utf8), 15),
    ("a surrogate", Array("app://h/user/".utf8) + [0xED, 0xA0, 0x80], 14),
    ("a bad byte in the host", Array("app://h".utf8) + [0xFF] + Array("/user/a".utf8), 8),
  ])
  func invalidUTF8BytesAreRefusedNotRepaired(_ name: String, _ bytes: [UInt8], _ column: Int) throws {
    let result = bytes.withUnsafeBufferPointer { EventReader.read(utf8: $0) }
    switch result {
    case .success(let event):
      Issue.record("\(name): read as \(event), with the bad bytes repaired")
    case .failure(let error):
      #expect(error.code == .invalidURL)
      #expect(error.reason == URLReadError.Reason.invalidUTF8)
      #expect(error.column == column)
    }
  }

  // MARK: - Property: values round-trip through percent-encoding

  /// What a value is made of: every ASCII printable character (delimiters included), spaces,
  /// escapes-looking text, non-ASCII letters, other line separators and emoji; no controls.
  static let valueAlphabet: [String] =
    (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + [
      "%2F", "%25", "%2e", "..", ".", "é", "ß", "中", "😀", "\u{2028}", "\u{85}", "\u{FEFF}", "\u{301}", "\u{430}",
    ]

  static let seeds: [UInt64] =
    [0xA11CE, 0xB0B]
    + (ProcessInfo.processInfo.environment["SECURITY_SEED"]
      .flatMap { UInt64($0.hasPrefix("0x") ? String($0.dropFirst(2)) : $0, radix: $0.hasPrefix("0x") ? 16 : 10) }
      .map { [$0] } ?? [])

  static func randomValue(_ rng: inout SeededGenerator) -> String {
    var value = ""
    for _ in 0..<Int.random(in: 1...12, using: &rng) {
      value += valueAlphabet[Int.random(in: 0..<valueAlphabet.count, using: &rng)]
    }
    return value
  }

  /// The value `{path*}` captures from `/files/` + the segments (each encoded on its own): dot
  /// segments resolved first, as a browser does; nil when no segment is left after `files`, or
  /// when one holds a `/` (a catch-all refuses it: its value must split back into its segments).
  static func catchAllValue(_ segments: [String]) -> String? {
    var resolved = ["files"]
    for segment in segments {
      switch segment {
      case ".": continue
      case "..": if !resolved.isEmpty { resolved.removeLast() }
      default: resolved.append(segment)
      }
    }
    guard resolved.first == "files", resolved.count > 1 else { return nil }
    let rest = resolved.dropFirst()
    if rest.contains(where: { $0.utf8.contains(UInt8(ascii: "/")) }) { return nil }
    return rest.joined(separator: "/")
  }

  /// 10,000 random values per place: encoded with ``PercentDecoding/encode(_:allowing:)``, put in
  /// a URL, routed, and read back unchanged from the match (a path value of `.` or `..` is a dot
  /// segment, and must not match at all; a catch-all's segments are resolved first).
  @Test(arguments: seeds)
  func valuesRoundTripThroughPercentEncoding(seed: UInt64) throws {
    let router = try Self.router.get()
    var rng = SeededGenerator(seed: seed)
    let tag = "seed 0x\(String(seed, radix: 16))"
    var failures = 0
    for index in 0..<10_000 {
      let value = Self.randomValue(&rng)
      let segments = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.randomValue(&rng) }
      let checks: [(url: String, rule: String, name: String, expected: String?)] = [
        (
          "app://h/user/" + PercentDecoding.encode(value, allowing: .pathSegmentAllowed), "user", "name",
          value == "." || value == ".." ? nil : value
        ),
        ("app://h/search?q=" + PercentDecoding.encode(value, allowing: .queryValueAllowed), "search", "q", value),
        ("app://h/doc#" + PercentDecoding.encode(value, allowing: .fragmentAllowed), "doc", "section", value),
        (
          "app://h/files/"
            + segments.map { PercentDecoding.encode($0, allowing: .pathSegmentAllowed) }
            .joined(separator: "/"), "files", "path",
          Self.catchAllValue(segments)
        ),
      ]
      for check in checks {
        let got: String?
        switch router.match(url: check.url) {
        case .success(let match?) where match.routeName == check.rule:
          got = match.parameters[check.name]?.stringValue
        case .success:
          got = nil
        case .failure(let error):
          Issue.record("\(tag) case \(index): \(check.url.debugDescription) refused: \(error)")
          failures += 1
          continue
        }
        if got != check.expected {
          let message =
            "\(tag) case \(index): \(check.url.debugDescription) gave \(String(describing: got)), "
            + "expected \(String(describing: check.expected))"
          Issue.record(Comment(rawValue: message))
          failures += 1
        }
        if failures > 10 { return }
      }
    }
  }
}
