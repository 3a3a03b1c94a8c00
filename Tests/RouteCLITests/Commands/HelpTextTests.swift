import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import CommandSupport
@testable import route_cli

/// The exact help screens of `route-cli`, and usage errors with "Did you mean …?".
@Suite struct HelpTextTests {

  static let routeUsage =
    "route-cli route <table> [<event> ...] [--json] [--explain] [--stats] [--no-line] [--sessions <file>] [--stateful] [--state <file>] [--color <when>]"

  struct Screen: CustomTestStringConvertible, Sendable {
    var testDescription: String { arguments.isEmpty ? "(no arguments)" : arguments.joined(separator: " ") }
    var arguments: [String]
    /// The golden file with the expected help screen.
    var golden: String
  }

  static let screens: [Screen] = [
    Screen(arguments: [], golden: "help-root.txt"),
    Screen(arguments: ["--help"], golden: "help-root.txt"),
    Screen(arguments: ["-h"], golden: "help-root.txt"),
    Screen(arguments: ["help"], golden: "help-root.txt"),
    Screen(arguments: ["route", "--help"], golden: "help-route.txt"),
    Screen(arguments: ["help", "route"], golden: "help-route.txt"),
    Screen(arguments: ["route", "table.json", "notes://a", "-h"], golden: "help-route.txt"),
    Screen(arguments: ["route", "--jsn", "--help"], golden: "help-route.txt"),
    Screen(arguments: ["check", "--help"], golden: "help-check.txt"),
    Screen(arguments: ["help", "check"], golden: "help-check.txt"),
    Screen(arguments: ["schema", "--help"], golden: "help-schema.txt"),
    Screen(arguments: ["help", "schema"], golden: "help-schema.txt"),
  ]

  @Test(arguments: screens)
  func helpScreen(_ screen: Screen) {
    let run = runRouteCLI(screen.arguments)
    Golden.expect(run.stdout, named: screen.golden)
    #expect(run.stderr == "")
    #expect(run.status == .success)
  }

  @Test(arguments: screens)
  func helpLinesFit80Columns(_ screen: Screen) {
    for line in runRouteCLI(screen.arguments).stdout.split(separator: "\n") where !line.hasPrefix("USAGE: ") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  @Test(arguments: [["--version"], ["route", "--version"], ["check", "x.json", "--version"]])
  func version(_ arguments: [String]) {
    let run = runRouteCLI(arguments)
    #expect(run.stdout == ActivityRouterVersion.string + "\n")
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
    "Usage: route-cli check <table> [--format <format>] [--strict] [--project <path> [--target <name>] "
    + "[--configuration <name>] [--setting <name=value> ...]] [--color <when>]\n"
    + "  See 'route-cli check --help' for more information.\n"

  static let mistakes: [Mistake] = [
    Mistake(arguments: ["rute"], stderr: "Error: Unknown subcommand 'rute'. Did you mean 'route'?\n" + rootSee),
    Mistake(
      arguments: ["chek", "t.json"], stderr: "Error: Unknown subcommand 'chek'. Did you mean 'check'?\n" + rootSee),
    Mistake(
      arguments: ["help", "shema"], stderr: "Error: Unknown subcommand 'shema'. Did you mean 'schema'?\n" + rootSee),
    Mistake(arguments: ["deploy"], stderr: "Error: Unknown subcommand 'deploy'\n" + rootSee),
    Mistake(
      arguments: ["--verison"], stderr: "Error: Unknown option '--verison'. Did you mean '--version'?\n" + rootSee),
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
      stderr:
        "Error: The value 'sometimes' is invalid for '--color <when>'. Please provide one of 'auto', 'always' or 'never'.\n"
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
