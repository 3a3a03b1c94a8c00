import Testing

@testable import CommandSupport
@testable import route_cli

@Suite struct ArgumentScannerTests {
  typealias Kind = ArgumentScanner.Token.Kind

  struct Case: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var arguments: [String]
    var expected: [Kind]
  }

  static let cases: [Case] = [
    Case(testDescription: "long option", arguments: ["--json"], expected: [.long(name: "json", value: nil)]),
    Case(
      testDescription: "attached value keeps later equals signs", arguments: ["--q=a=b"],
      expected: [.long(name: "q", value: "a=b")]),
    Case(testDescription: "short option", arguments: ["-h"], expected: [.short("h")]),
    Case(testDescription: "dash alone is a value", arguments: ["-"], expected: [.value("-")]),
    Case(
      testDescription: "terminator makes the rest values", arguments: ["--", "--json", "-h", "--"],
      expected: [.terminator, .value("--json"), .value("-h"), .value("--")]),
    Case(
      testDescription: "plain values", arguments: ["a", "notes://n/1"], expected: [.value("a"), .value("notes://n/1")]),
  ]

  @Test(arguments: cases) func tokens(_ test: Case) {
    #expect(ArgumentScanner.tokens(test.arguments).map(\.kind) == test.expected)
  }

  @Test func tokensKeepTheirIndexInTheArguments() {
    let tokens = ArgumentScanner.tokens(["route", "t", "--sessions", "s.json"], from: 1)
    #expect(tokens.map(\.index) == [1, 2, 3])
  }

  @Test func valuesKeepTheirIndex() throws {
    let tokens = ArgumentScanner.tokens(["route", "t", "--sessions", "s.json", "--limit=4"], from: 1)
    let parsed = try ArgumentScanner.parse(tokens, specs: SampleRouteCommand.options)
    #expect(parsed.occurrences("sessions") == [.init(text: "s.json", index: 3)])
    #expect(parsed.occurrences("limit") == [.init(text: "4", index: 4)])
    #expect(parsed.occurrences("table") == [.init(text: "t", index: 1)])
    #expect(parsed.value("scenes") == nil)
    #expect(parsed.value("color") == "auto")  // the declared default
  }

  @Test func conversionErrorQuotesTheValueAndItsIndex() throws {
    let tokens = ArgumentScanner.tokens(["route", "t", "--limit", "x"], from: 1)
    let parsed = try ArgumentScanner.parse(tokens, specs: SampleRouteCommand.options)
    let error = try #require(throws: UsageError.self) {
      _ = try parsed.converted("limit") { Int($0) }
    }
    #expect(error.kind == .invalidValue)
    #expect(error.argumentIndex == 3)
    #expect(error.message == "The value 'x' is invalid for '--limit <n>'")
  }

  @Test func requiredOptionAndOneOrMoreArguments() throws {
    let specs: [OptionSpec] = [
      .option("event", help: "The event.", isRequired: true),
      .argument("file", help: "Files.", arity: .oneOrMore),
    ]
    #expect(throws: UsageError.missingArgument(specs[0])) {
      try ArgumentScanner.parse(ArgumentScanner.tokens(["a"]), specs: specs)
    }
    #expect(throws: UsageError.missingArgument(specs[1])) {
      try ArgumentScanner.parse(ArgumentScanner.tokens(["--event", "e"]), specs: specs)
    }
    let parsed = try ArgumentScanner.parse(ArgumentScanner.tokens(["a", "--event", "e", "b"]), specs: specs)
    #expect(parsed.values("file") == ["a", "b"])
    #expect(HelpFormatter.usage(for: Fixed.self, toolName: "t") == "t fixed --event <event> <file> ...")
  }

  @Test func manyAllowedValuesAreListedOnePerLine() {
    let spec = OptionSpec.option("kind", help: "", values: ["a", "b", "c", "d", "e", "f"])
    #expect(
      UsageError.invalidValue("z", for: spec, at: 1).message
        == "The value 'z' is invalid for '--kind <kind>'. Please provide one of the following:\n"
        + "  - a\n  - b\n  - c\n  - d\n  - e\n  - f")
  }

  private struct Fixed: Command {
    static let configuration = CommandConfiguration(name: "fixed", abstract: "")
    static let options: [OptionSpec] = [
      .option("event", help: "The event.", isRequired: true),
      .argument("file", help: "Files.", arity: .oneOrMore),
    ]
    init(_ parsed: ParsedArguments) throws(UsageError) {}
    func run(_ context: CommandContext) -> ExitStatus { .success }
  }
}
