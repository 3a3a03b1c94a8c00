import Testing

@testable import CommandSupport
@testable import route_cli

/// Command lines run in-process through the sample tool: (arguments, stdin) → (stdout, stderr, status).
@Suite struct CommandLineToolTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var arguments: [String]
    var stdin = ""
    var stdout = ""
    var stderr = ""
    var status = ExitStatus.success
  }

  static let routeSee = "Usage: \(SampleHelp.routeUsage)\n  See 'sample-cli route --help' for more information.\n"
  static let rootSee = "Usage: sample-cli <subcommand>\n  See 'sample-cli --help' for more information.\n"
  static let defaults = "sessions=none tags= limit=100 json=false color=auto"

  static let helpAndVersion: [Case] = [
    Case(testDescription: "bare command prints root help", arguments: [], stdout: SampleHelp.rootHelp),
    Case(testDescription: "--help", arguments: ["--help"], stdout: SampleHelp.rootHelp),
    Case(testDescription: "-h", arguments: ["-h"], stdout: SampleHelp.rootHelp),
    Case(testDescription: "help", arguments: ["help"], stdout: SampleHelp.rootHelp),
    Case(testDescription: "--version", arguments: ["--version"], stdout: "1.2.3\n"),
    Case(testDescription: "help <sub>", arguments: ["help", "route"], stdout: SampleHelp.routeHelp),
    Case(
      testDescription: "help <sub> ignores flags", arguments: ["help", "-h", "check"], stdout: SampleHelp.checkHelp),
    Case(testDescription: "<sub> -h", arguments: ["route", "-h"], stdout: SampleHelp.routeHelp),
    Case(
      testDescription: "<sub> --help after values", arguments: ["route", "t.json", "--help"],
      stdout: SampleHelp.routeHelp),
    Case(
      testDescription: "help wins over errors", arguments: ["route", "--bogus", "-h"], stdout: SampleHelp.routeHelp),
    Case(testDescription: "<sub> --version", arguments: ["check", "--version"], stdout: "1.2.3\n"),
    Case(
      testDescription: "-h after -- is a value", arguments: ["route", "t", "--", "-h"],
      stdout: "table=t events=-h \(defaults)\n"),
  ]

  static let parsing: [Case] = [
    Case(
      testDescription: "--x value", arguments: ["route", "t", "--sessions", "s.json"],
      stdout: "table=t events= sessions=s.json tags= limit=100 json=false color=auto\n"),
    Case(
      testDescription: "--x=value", arguments: ["route", "t", "--sessions=s.json", "--limit=7"],
      stdout: "table=t events= sessions=s.json tags= limit=7 json=false color=auto\n"),
    Case(
      testDescription: "--x= gives an empty value", arguments: ["route", "t", "--sessions="],
      stdout: "table=t events= sessions= tags= limit=100 json=false color=auto\n"),
    Case(
      testDescription: "short alias", arguments: ["route", "-s", "s.json", "t"],
      stdout: "table=t events= sessions=s.json tags= limit=100 json=false color=auto\n"),
    Case(
      testDescription: "options and arguments mix",
      arguments: ["route", "--json", "t", "e1", "--color", "never", "e2"],
      stdout: "table=t events=e1,e2 sessions=none tags= limit=100 json=true color=never\n"),
    Case(
      testDescription: "-- ends options", arguments: ["route", "t", "--", "--json", "-s"],
      stdout: "table=t events=--json,-s \(defaults)\n"),
    Case(
      testDescription: "- is a value", arguments: ["route", "-", "e", "--sessions", "-"],
      stdout: "table=- events=e sessions=- tags= limit=100 json=false color=auto\n"),
    Case(
      testDescription: "repeatable option", arguments: ["route", "t", "--tag", "a", "--tag=b"],
      stdout: "table=t events= sessions=none tags=a,b limit=100 json=false color=auto\n"),
    Case(
      testDescription: "repeated flag is harmless", arguments: ["route", "t", "--json", "--json", "x"],
      stdout: "table=t events=x sessions=none tags= limit=100 json=true color=auto\n"),
    Case(
      testDescription: "stdin lines when no events", arguments: ["route", "t"], stdin: "a\r\nb",
      stdout: "table=t events= \(defaults)\n1: a\n2: b\n"),
    Case(
      testDescription: "a failing run is status 1, not 64", arguments: ["check", "bad.json"],
      stdout: "checked bad.json\n", status: .failure),
  ]

  static let usageErrors: [Case] = [
    Case(
      testDescription: "unknown subcommand with suggestion", arguments: ["rute"],
      stderr: "Error: Unknown subcommand 'rute'. Did you mean 'route'?\n" + rootSee, status: .usageError),
    Case(
      testDescription: "unknown subcommand without suggestion", arguments: ["frobnicate", "x"],
      stderr: "Error: Unknown subcommand 'frobnicate'\n" + rootSee, status: .usageError),
    Case(
      testDescription: "help for an unknown subcommand", arguments: ["help", "chek"],
      stderr: "Error: Unknown subcommand 'chek'. Did you mean 'check'?\n" + rootSee, status: .usageError),
    Case(
      testDescription: "unknown root option", arguments: ["--verison"],
      stderr: "Error: Unknown option '--verison'. Did you mean '--version'?\n" + rootSee, status: .usageError),
    Case(
      testDescription: "unknown option with suggestion", arguments: ["route", "t", "--scene", "x"],
      stderr: "Error: Unknown option '--scene'. Did you mean '--scenes'?\n" + routeSee, status: .usageError),
    Case(
      testDescription: "unknown option without suggestion", arguments: ["route", "t", "--frobnicate"],
      stderr: "Error: Unknown option '--frobnicate'\n" + routeSee, status: .usageError),
    Case(
      testDescription: "short names are never suggested", arguments: ["route", "t", "-x"],
      stderr: "Error: Unknown option '-x'\n" + routeSee, status: .usageError),
    Case(
      testDescription: "missing argument", arguments: ["route"],
      stderr: "Error: Missing expected argument '<table>'\n"
        + "Help:  <table>  Path to the route table ('-' for stdin).\n" + routeSee,
      status: .usageError),
    Case(
      testDescription: "unexpected extra argument", arguments: ["check", "t", "extra"],
      stderr: "Error: Unexpected argument 'extra'\nUsage: sample-cli check <table> [--strict]\n"
        + "  See 'sample-cli check --help' for more information.\n",
      status: .usageError),
    Case(
      testDescription: "two unexpected arguments", arguments: ["check", "t", "a", "b"],
      stderr: "Error: 2 unexpected arguments: 'a', 'b'\nUsage: sample-cli check <table> [--strict]\n"
        + "  See 'sample-cli check --help' for more information.\n",
      status: .usageError),
    Case(
      testDescription: "flag given a value", arguments: ["route", "t", "--json=1"],
      stderr: "Error: The option '--json' does not take any value, but '1' was specified.\n" + routeSee,
      status: .usageError),
    Case(
      testDescription: "missing value", arguments: ["route", "t", "--sessions"],
      stderr: "Error: Missing value for '--sessions <file>'\n"
        + "Help:  --sessions <file>  JSON file with the open sessions.\n" + routeSee,
      status: .usageError),
    Case(
      testDescription: "an option is not a value", arguments: ["route", "t", "--sessions", "--json"],
      stderr: "Error: Missing value for '--sessions <file>'\n"
        + "Help:  --sessions <file>  JSON file with the open sessions.\n" + routeSee,
      status: .usageError),
    Case(
      testDescription: "repeated option", arguments: ["route", "t", "-s", "a", "--sessions", "b"],
      stderr: "Error: The option '--sessions' was given more than once; it takes one value.\n"
        + "Help:  --sessions <file>  JSON file with the open sessions.\n" + routeSee,
      status: .usageError),
    Case(
      testDescription: "value outside the fixed set", arguments: ["route", "t", "--color", "sometimes"],
      stderr: "Error: The value 'sometimes' is invalid for '--color <when>'. "
        + "Please provide one of 'auto', 'always' or 'never'.\n"
        + "Help:  --color <when>  When to colour diagnostics on stderr.\n" + routeSee,
      status: .usageError),
    Case(
      testDescription: "value that does not convert", arguments: ["route", "t", "--limit", "ten"],
      stderr: "Error: The value 'ten' is invalid for '--limit <n>': expected a whole number\n"
        + "Help:  --limit <n>  Stop after this many events.\n" + routeSee,
      status: .usageError),
    Case(
      testDescription: "failed cross-check", arguments: ["route", "t", "--scenes", "x.json"],
      stderr: "Error: '--scenes' requires '--sessions'\n" + routeSee, status: .usageError),
  ]

  @Test(arguments: helpAndVersion + parsing + usageErrors)
  func commandLine(_ test: Case) {
    let result = runSample(test.arguments, stdin: test.stdin)
    #expect(result.stdout == test.stdout)
    #expect(result.stderr == test.stderr)
    #expect(result.status == test.status)
  }

  @Test func usageErrorsQuoteTheArgumentIndex() throws {
    let tokens = ArgumentScanner.tokens(["route", "t", "--json", "--bogus"], from: 1)
    let error = try #require(throws: UsageError.self) {
      try ArgumentScanner.parse(tokens, specs: SampleRouteCommand.options)
    }
    #expect(error.kind == .unknownOption)
    #expect(error.argumentIndex == 3)
  }

  @Test func exitStatusesAreDocumented() {
    #expect([ExitStatus.success, .failure, .usageError].map(\.rawValue) == [0, 1, 64])
    for status in ["0", "1", "64"] { #expect(ExitStatus.documentation.contains("\n  \(status) ")) }
    #expect(ExitStatus.documentation.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }
}
