import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli aasa`, run in-process through the real tool from the package root: exact output,
/// exit statuses, NDJSON.
@Suite struct AASACommandTests {
  /// Runs `route-cli aasa …` in-process through the real tool, from the package root.
  static func run(_ arguments: [String]) -> (stdout: String, stderr: String, status: ExitStatus) {
    let result = runRouteCLI(["aasa"] + arguments)
    return (result.stdout, result.stderr, result.status)
  }

  static let examples = "Fixtures/Apps/aasa/apple-examples.json"
  static let app = "ABCDE12345.com.example.app"
  static let apps = "(apps: ABCDE12345.com.example.app, ABCDE12345.com.example.app2)"

  struct Case: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var arguments: [String]
    var stdout: String
    var stderr = ""
    var status = ExitStatus.success
  }

  static let cases: [Case] = [
    Case(
      testDescription: "opens, excluded and unclaimed, one line each",
      arguments: [
        examples, "https://www.example.com/buy/shoes", "https://www.example.com/help/website/faq",
        "https://www.example.com/about", "--app-id", app,
      ],
      stdout: """
        https://www.example.com/buy/shoes: opens by details[0].components[1] {"/":"/buy/*"} \(apps)
        https://www.example.com/help/website/faq: excluded by details[0].components[2] {"/":"/help/website/*","exclude":true} \(apps)
        https://www.example.com/about: unclaimed [no-component-matched] no component for 'ABCDE12345.com.example.app' matches the URL, so it opens in the browser

        """),
    Case(
      testDescription: "an app the file does not name",
      arguments: [examples, "https://www.example.com/buy/shoes", "--app-id", "ABCDE12345.com.example.other"],
      stdout: """
        https://www.example.com/buy/shoes: unclaimed [app-not-listed] no 'details' entry names the app 'ABCDE12345.com.example.other'

        """),
    Case(
      testDescription: "without --app-id the first entry that opens answers",
      arguments: ["Fixtures/Apps/aasa/shop.example.com.json", "https://shop.example.com/deals/today"],
      stdout: """
        https://shop.example.com/deals/today: opens by details[0].components[0] {"/":"/deals/*"} (apps: ABCDE12345.com.example.deals)

        """),
    Case(
      testDescription: "--domain: other hosts are unclaimed",
      arguments: [examples, "https://example.com/buy/1", "--domain", "WWW.example.com"],
      stdout: """
        https://example.com/buy/1: unclaimed [host-mismatch] the file of 'www.example.com' does not apply to the host 'example.com'

        """),
    Case(
      testDescription: "a legacy path",
      arguments: [
        "Fixtures/Apps/aasa/legacy.json", "https://h.example/videos/private/x", "--app-id",
        "ABCDE12345.com.example.legacy",
      ],
      stdout: """
        https://h.example/videos/private/x: excluded by details[0].paths[1] "NOT /videos/private/*" (apps: ABCDE12345.com.example.legacy)

        """),
    Case(
      testDescription: "a URL the reader refuses is a record, not a failure",
      arguments: [examples, "www.example.com/buy/1"],
      stdout: """
        www.example.com/buy/1: error [invalid-url/no-scheme] column 1: expected a scheme such as 'https:' or 'myapp:' at the start

        """),
    Case(
      testDescription: "warnings go to stderr and do not fail",
      arguments: ["Fixtures/Apps/aasa/substitution.json", "https://f.example/order/123"],
      stdout: """
        https://f.example/order/123: opens by details[0].components[1] {"/":"/order/$(digit)$(digit)$(digit)"} (apps: ABCDE12345.com.example.food)

        """,
      stderr: """
        Fixtures/Apps/aasa/substitution.json:6:7: warning: 'alpha' is a predefined variable; this definition hides it in every pattern [shadowed-substitution-variable]
              "alpha": ["omega"]
              ^
        Fixtures/Apps/aasa/substitution.json:18:26: warning: '$(drink)' is not a defined or predefined substitution variable, so this pattern never matches (L13). [undefined-substitution-variable]
                  { "/": "/drink/$(drink)", "comment": "Undefined: never matches." }
                                 ^

        """),
    Case(
      testDescription: "an invalid file fails with positioned errors",
      arguments: ["Fixtures/Apps/aasa/invalid.json", "https://x.example/"],
      stdout: "",
      stderr: """
        Fixtures/Apps/aasa/invalid.json:8:18: error: '/' must be a string, found number [wrong-type]
                  { "/": 42, "exlude": true }
                         ^
        Fixtures/Apps/aasa/invalid.json:8:22: warning: unknown key 'exlude' in a component; the system ignores it. Did you mean 'exclude'? [unknown-key]
                  { "/": 42, "exlude": true }
                             ^

        """,
      status: .failure),
    Case(
      testDescription: "a missing file fails",
      arguments: ["Fixtures/Apps/aasa/missing.json", "https://x.example/"],
      stdout: "",
      stderr:
        "error: cannot read the apple-app-site-association file 'Fixtures/Apps/aasa/missing.json': No such file or directory [unreadable-file]\n",
      status: .failure),
  ]

  @Test(arguments: cases)
  func command(_ c: Case) {
    let result = Self.run(c.arguments)
    #expect(result.stdout == c.stdout)
    #expect(result.stderr == c.stderr)
    #expect(result.status == c.status)
  }

  @Test(arguments: [
    ("the file and the URLs both from standard input", ["-"]),
    ("no file", [String]()),
    ("a domain with a port", [examples, "https://x.example/", "--domain", "x.example:443"]),
    ("an unknown option", [examples, "https://x.example/", "--appid", app]),
  ])
  func usageErrorsExit64(_ name: String, _ arguments: [String]) {
    let result = Self.run(arguments)
    #expect(result.status == .usageError, "\(name): \(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "), "\(name)")
  }

  @Test func jsonWritesOneObjectPerURL() throws {
    let result = Self.run([
      Self.examples, "https://www.example.com/buy/shoes", "https://www.example.com/about", "bad url", "--json",
      "--app-id", Self.app,
    ])
    #expect(result.status == .success)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 3)
    let first = try JSONParser.parse(Array(lines[0].utf8)).value
    #expect(
      first.objectValue?.keys == [
        "line", "url", "outcome", "opens", "excluded", "reason", "details", "component", "componentKind", "pattern",
        "location", "appIDs", "appleRules", "message",
      ])
    #expect(first["line"] == 1)
    #expect(first["outcome"] == "opens" && first["opens"] == true && first["excluded"] == false)
    #expect(first["reason"] == "component-matched")
    #expect(first["details"] == 0 && first["component"] == 1 && first["componentKind"] == "components")
    #expect(first["pattern"] == #"{"/":"/buy/*"}"#)
    #expect(first["location"] == ["file": .string(Self.examples), "line": 12, "column": 11])
    #expect(first["appIDs"] == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"])
    #expect(first["appleRules"] == ["L5", "L6"])
    let second = try JSONParser.parse(Array(lines[1].utf8)).value
    #expect(second["outcome"] == "unclaimed" && second["reason"] == "no-component-matched")
    #expect(second["details"] == nil && second["appIDs"] == [])
    let third = try JSONParser.parse(Array(lines[2].utf8)).value
    #expect(third["line"] == 3 && third["outcome"] == "error")
    #expect(third["error"]?["code"] == "invalid-url" && third["error"]?["reason"] == "no-scheme")
  }
}

/// `route-cli aasa` reads the file (`-`) or the URLs (no URL arguments) from standard input,
/// and takes the several domains that serve one file.
@Suite struct AASAStandardInputTests {
  static let examples = AASACommandTests.examples
  static let apps = AASACommandTests.apps

  @Test func theFileFromStandardInputIsReadAsTheNamedFile() throws {
    let bytes = try #require(FileManager.default.contents(atPath: FixturePaths.packageRoot + "/" + Self.examples))
    let url = "https://www.example.com/buy/shoes"
    let piped = runRouteCLI(["aasa", "-", url], stdin: String(decoding: bytes, as: UTF8.self))
    let named = runRouteCLI(["aasa", Self.examples, url])
    #expect(piped.status == .success && named.status == .success)
    #expect(piped.stdout == named.stdout)
    #expect(piped.stdout == "\(url): opens by details[0].components[1] {\"/\":\"/buy/*\"} \(Self.apps)\n")
    // JSON records name the file they were read from: `<stdin>`.
    let json = runRouteCLI(["aasa", "-", url, "--json"], stdin: String(decoding: bytes, as: UTF8.self))
    let record = try JSONParser.parse(Array(json.stdout.utf8)).value
    #expect(record["location"]?["file"] == "<stdin>")
  }

  @Test func aFileOnStandardInputOverTheLimitIsRefused() {
    let big =
      "{\"applinks\": {\"details\": []}, \"pad\": \"" + String(repeating: "x", count: FileKind.aasa.limit) + "\"}"
    let run = runRouteCLI(["aasa", "-", "https://x.example/"], stdin: big)
    #expect(run.status == .failure)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("larger than 131072 bytes"), "\(run.stderr)")
  }

  @Test func urlsFromStandardInputGiveOneLineEachInOrder() throws {
    // Good, refused, invalid UTF-8 and too long lines: each is answered, none lost or moved.
    var input: [UInt8] = Array("https://www.example.com/buy/shoes\nnot a url\r\n".utf8)
    input += Array("https://www.example.com/".utf8) + [0xFF] + Array("\n".utf8)
    input +=
      Array("https://www.example.com/".utf8) + Array(repeating: UInt8(ascii: "a"), count: LineReader.defaultLineLimit)
    input += Array("\nhttps://www.example.com/about".utf8)
    let run = runRouteCLI(["aasa", Self.examples, "--json"], stdin: [.bytes(input)])
    #expect(run.status == .success, "\(run.stderr)")
    let records = try run.stdout.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)).value }
    try #require(records.count == 5, "\(run.stdout)")
    #expect(records.map { $0["line"] } == [1, 2, 3, 4, 5])
    #expect(records.map { $0["outcome"] } == ["opens", "error", "error", "error", "unclaimed"])
    #expect(records[1]["url"] == "not a url")
    #expect(records[2]["error"]?["reason"] == "invalid-utf8")
    #expect(records[2]["error"]?["column"] == 25)
    #expect(records[3]["error"]?["reason"] == "too-long")
    #expect(records[3]["url"] == "")
  }

  @Test func anInvalidUTF8ArgumentIsTheErrorStandardInputGives() throws {
    var bytes = Array("https://www.example.com/".utf8)
    bytes.append(0xFF)
    let fromStdin = runRouteCLI(["aasa", Self.examples], stdin: [.bytes(bytes + [0x0A])])
    let fromArgument = ArgumentBytesTests.run([Array("aasa".utf8), Array(Self.examples.utf8), bytes])
    #expect(fromStdin.stdout == fromArgument.stdout)
    #expect(fromStdin.stdout.contains("error [invalid-url/invalid-utf8] column 25"), "\(fromStdin.stdout)")
  }

  @Test func severalDomainsServeOneFile() {
    let run = runRouteCLI([
      "aasa", Self.examples, "https://www.example.com/buy/1", "https://EXAMPLE.com/buy/2", "https://shop.example/buy/3",
      "--domain", "www.example.com", "--domain", "example.com",
    ])
    #expect(run.status == .success)
    #expect(
      run.stdout == """
        https://www.example.com/buy/1: opens by details[0].components[1] {"/":"/buy/*"} \(Self.apps)
        https://EXAMPLE.com/buy/2: opens by details[0].components[1] {"/":"/buy/*"} \(Self.apps)
        https://shop.example/buy/3: unclaimed [host-mismatch] the file of 'www.example.com', 'example.com' does not apply to the host 'shop.example'

        """)
  }
}

/// `route-cli aasa` quotes its URL arguments and the file it reads: the text form writes their
/// controls, separators and bidirectional controls visibly.
@Suite struct AASAOutputSafetyTests {
  @Test(arguments: ["https://x.example/\u{1B}[2J", "https://x.example/a\u{202E}gnp.exe", "x\u{2028}y\u{9B}z"])
  func urlArgumentsAreWrittenVisibly(url: String) throws {
    let run = runRouteCLI(["aasa", "Fixtures/Apps/aasa/components.json", url])
    let found = run.stdout.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x2028, 0x202E].contains($0.value)
    }
    #expect(found.isEmpty, "\(run.stdout.debugDescription)")
    #expect(run.stdout.contains("\\u{"), "\(run.stdout)")
  }
}
