import ActivityRouter
import Testing

@testable import route_cli

/// The exact help screens of `route-cli`, and usage errors with "Did you mean …?".
@Suite struct HelpTextTests {
  static let rootHelp = """
    OVERVIEW: Dry-run Apple's scene routing and an app's deep-link routes.

    EXIT STATUS:
      0   Success, including outcomes such as "no rule matched": outcomes are
          data, and the output says what happened.
      1   The command ran, but an input was bad or a check failed (errors in a
          route table, an unreadable file, a failing fixture).
      64  The command line was wrong: an unknown option or subcommand, a missing
          or extra argument, or an invalid value.

    USAGE: route-cli <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      route                   Decide where URLs and user activities go.
      check                   Check a route table and report every problem.
      schema                  Print the JSON Schema of the route table.

      See 'route-cli help <subcommand>' for detailed help.

    """

  static let routeUsage = "route-cli route <table> [<event> ...] [--json] [--explain] [--sessions <file>] [--stateful] [--state <file>] [--color <when>]"

  static let routeHelp = """
    OVERVIEW: Decide where URLs and user activities go.

    Events come from the arguments, or else from standard input, one per line: a
    bare URL, or a JSON object such as {"url": "..."} or {"activity":
    {"activityType": "...", "userInfo": {...}}}. Every input line yields exactly
    one record, in input order; a bad line yields an error record with its line
    number and the run goes on. With --json the records are NDJSON
    (docs/output-format.md). Decisions start from the open sessions of --sessions
    (none: a cold launch); with --stateful each decision is applied before the next
    event, and --state writes the final sessions. The exit status is 0 when the
    table loads, whatever the decisions.

    USAGE: \(routeUsage)

    ARGUMENTS:
      <table>                 The route table (JSON; '-' reads it from standard
                              input).
      <event>                 Events to route; standard input when none are given.

    OPTIONS:
      --json                  Write one JSON object per line (NDJSON).
      --explain               Add every step of each decision: candidates, and why
                              they won or lost.
      --sessions <file>       The open sessions to start from (JSON,
                              docs/sessions.md).
      --stateful              Apply each decision before the next event (new
                              windows stay open).
      --state <file>          With --stateful, write the final sessions here
                              (atomically).
      --color <when>          When to colour diagnostics on stderr. (values: auto,
                              always, never; default: auto)
      --version               Show the version.
      -h, --help              Show help information.


    """

  static let checkHelp = """
    OVERVIEW: Check a route table and report every problem.

    Loads and compiles the table and prints every diagnostic as file:line:column:
    severity: message [code], with the source line and a caret. The exit status is
    1 when there are errors (or warnings, with --strict).

    USAGE: route-cli check <table> [--json] [--strict] [--color <when>]

    ARGUMENTS:
      <table>                 The route table (JSON; '-' reads it from standard
                              input).

    OPTIONS:
      --json                  Print one JSON document with the diagnostics instead.
      --strict                Treat warnings as errors.
      --color <when>          When to colour diagnostics on stderr. (values: auto,
                              always, never; default: auto)
      --version               Show the version.
      -h, --help              Show help information.


    """

  static let schemaHelp = """
    OVERVIEW: Print the JSON Schema of the route table.

    Point an editor at it ("$schema" in the table) for completion and validation.

    USAGE: route-cli schema

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.


    """

  struct Screen: CustomTestStringConvertible, Sendable {
    var testDescription: String { arguments.isEmpty ? "(no arguments)" : arguments.joined(separator: " ") }
    var arguments: [String]
    var expected: String
  }

  static let screens: [Screen] = [
    Screen(arguments: [], expected: rootHelp),
    Screen(arguments: ["--help"], expected: rootHelp),
    Screen(arguments: ["-h"], expected: rootHelp),
    Screen(arguments: ["help"], expected: rootHelp),
    Screen(arguments: ["route", "--help"], expected: routeHelp),
    Screen(arguments: ["help", "route"], expected: routeHelp),
    Screen(arguments: ["route", "table.json", "notes://a", "-h"], expected: routeHelp),
    Screen(arguments: ["route", "--jsn", "--help"], expected: routeHelp),
    Screen(arguments: ["check", "--help"], expected: checkHelp),
    Screen(arguments: ["help", "check"], expected: checkHelp),
    Screen(arguments: ["schema", "--help"], expected: schemaHelp),
    Screen(arguments: ["help", "schema"], expected: schemaHelp),
  ]

  @Test(arguments: screens)
  func helpScreen(_ screen: Screen) {
    let run = runRouteCLI(screen.arguments)
    #expect(run.stdout == screen.expected)
    #expect(run.stderr == "")
    #expect(run.status == .success)
  }

  @Test(arguments: screens)
  func helpLinesFit80Columns(_ screen: Screen) {
    for line in screen.expected.split(separator: "\n") where !line.hasPrefix("USAGE: ") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  static let versionRequests: [Screen] = [["--version"], ["route", "--version"], ["check", "x.json", "--version"]].map {
    Screen(arguments: $0, expected: ActivityRouterVersion.string + "\n")
  }

  @Test(arguments: versionRequests)
  func version(_ request: Screen) {
    let run = runRouteCLI(request.arguments)
    #expect(run.stdout == request.expected)
    #expect(run.stderr == "")
    #expect(run.status == .success)
  }

  // MARK: - Usage errors

  struct Mistake: CustomTestStringConvertible, Sendable {
    var testDescription: String { arguments.joined(separator: " ") }
    var arguments: [String]
    var stderr: String
  }

  static let rootSee = "Usage: route-cli <subcommand>\n  See 'route-cli --help' for more information.\n"
  static let routeSee = "Usage: \(routeUsage)\n  See 'route-cli route --help' for more information.\n"
  static let checkSee =
    "Usage: route-cli check <table> [--json] [--strict] [--color <when>]\n"
    + "  See 'route-cli check --help' for more information.\n"

  static let mistakes: [Mistake] = [
    Mistake(arguments: ["rute"], stderr: "Error: Unknown subcommand 'rute'. Did you mean 'route'?\n" + rootSee),
    Mistake(arguments: ["chek", "t.json"], stderr: "Error: Unknown subcommand 'chek'. Did you mean 'check'?\n" + rootSee),
    Mistake(arguments: ["help", "shema"], stderr: "Error: Unknown subcommand 'shema'. Did you mean 'schema'?\n" + rootSee),
    Mistake(arguments: ["deploy"], stderr: "Error: Unknown subcommand 'deploy'\n" + rootSee),
    Mistake(arguments: ["--verison"], stderr: "Error: Unknown option '--verison'. Did you mean '--version'?\n" + rootSee),
    Mistake(arguments: ["--json"], stderr: "Error: Unknown option '--json'\n" + rootSee),
    Mistake(
      arguments: ["route", "Fixtures/Notes/Notes.routes.json", "--jsn"],
      stderr: "Error: Unknown option '--jsn'. Did you mean '--json'?\n" + routeSee),
    Mistake(
      arguments: ["route", "t.json", "--explian"],
      stderr: "Error: Unknown option '--explian'. Did you mean '--explain'?\n" + routeSee),
    Mistake(
      arguments: ["check", "t.json", "--strcit"],
      stderr: "Error: Unknown option '--strcit'. Did you mean '--strict'?\n" + checkSee),
    Mistake(
      arguments: ["route", "t.json", "--json=yes"],
      stderr: "Error: The option '--json' does not take any value, but 'yes' was specified.\n" + routeSee),
    Mistake(
      arguments: ["check", "t.json", "--color", "sometimes"],
      stderr: "Error: The value 'sometimes' is invalid for '--color <when>'. Please provide one of 'auto', 'always' or 'never'.\n"
        + "Help:  --color <when>  When to colour diagnostics on stderr.\n" + checkSee),
    Mistake(
      arguments: ["check"],
      stderr: "Error: Missing expected argument '<table>'\n"
        + "Help:  <table>  The route table (JSON; '-' reads it from standard input).\n" + checkSee),
    Mistake(arguments: ["check", "a.json", "b.json"], stderr: "Error: Unexpected argument 'b.json'\n" + checkSee),
  ]

  @Test(arguments: mistakes)
  func usageErrorIsStatus64OnStderr(_ mistake: Mistake) {
    let run = runRouteCLI(mistake.arguments)
    #expect(run.stderr == mistake.stderr)
    #expect(run.stdout == "")
    #expect(run.status == .usageError)
    #expect(run.status.rawValue == 64)
  }

  @Test func aDashDashEndsOptionsSoAnEventMayLookLikeOne() {
    let run = runRouteCLI(["route", FixturePaths.notesTableRelative, "--", "--json"])
    #expect(run.status == .success)
    #expect(run.stdout.hasPrefix("1: error ["))
  }
}
