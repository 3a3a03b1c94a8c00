import Testing

@testable import CommandSupport
@testable import route_cli

/// Exact help screens, in swift-argument-parser's layout, for the sample tool.
enum SampleHelp {
  static let rootHelp = """
    OVERVIEW: Route URLs and user activities to scenes.

    Reads a route table, then decides which scene handles each event given on the
    command line or read from stdin.

    USAGE: sample-cli <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      route                   Decide where each event goes.
      check                   Load, validate and lint a route table.
      flood                   Write many lines.

      See 'sample-cli help <subcommand>' for detailed help.

    """

  static let routeUsage = """
    sample-cli route <table> [<event> ...] [--sessions <file>] [--scenes <file>] [--tag <tag> ...] \
    [--limit <n>] [--json] [--explain-every-candidate-considered] [--color <when>]
    """

  static let routeHelp = """
    OVERVIEW: Decide where each event goes.

    USAGE: \(routeUsage)

    ARGUMENTS:
      <table>                 Path to the route table ('-' for stdin).
      <event>                 Events to route; read from stdin when absent.

    OPTIONS:
      -s, --sessions <file>   JSON file with the open sessions.
      --scenes <file>         JSON file with the scene declarations.
      --tag <tag>             A tag to attach; repeat for more.
      --limit <n>             Stop after this many events. (default: 100)
      --json                  Print one JSON object per line.
      --explain-every-candidate-considered
                              Print the full decision trace, listing every
                              candidate the selector considered and why it lost.
      --color <when>          When to colour diagnostics on stderr. (values: auto,
                              always, never; default: auto)
      --version               Show the version.
      -h, --help              Show help information.


    """

  static let checkHelp = """
    OVERVIEW: Load, validate and lint a route table.

    Prints compiler-style diagnostics on stderr. Exits with status 1 when the table
    has errors.

    USAGE: sample-cli check <table> [--strict]

    ARGUMENTS:
      <table>                 Path to the route table ('-' for stdin).

    OPTIONS:
      --strict                Treat warnings as errors.
      --version               Show the version.
      -h, --help              Show help information.


    """
}

@Suite struct HelpFormatterTests {
  @Test func rootHelpMatchesGolden() {
    #expect(sampleTool.rootHelp == SampleHelp.rootHelp)
  }

  @Test func subcommandHelpMatchesGolden() {
    #expect(sampleTool.help(for: SampleRouteCommand.self) == SampleHelp.routeHelp)
    #expect(sampleTool.help(for: SampleCheckCommand.self) == SampleHelp.checkHelp)
  }

  @Test func noLineIsWiderThan80Columns() {
    for text in [SampleHelp.rootHelp, SampleHelp.checkHelp] {
      for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }
  }

  @Test func toolWithoutVersionListsOnlyHelp() {
    let tool = CommandLineTool(name: "t", version: "", abstract: "", subcommands: [SampleCheckCommand.self])
    #expect(tool.help(for: SampleCheckCommand.self).contains("--version") == false)
    #expect(tool.rootHelp.hasPrefix("USAGE: t <subcommand>\n\nOPTIONS:\n  -h, --help "))
  }

  @Test func usageOverrideReplacesGeneratedUsage() {
    struct Custom: Command {
      static let configuration = CommandConfiguration(
        name: "custom", abstract: "A.", usage: "t custom [<options>] <file>")
      static let options: [OptionSpec] = [.argument("file", help: "")]
      init(_ parsed: ParsedArguments) throws(UsageError) {}
      func run(_ context: CommandContext) -> ExitStatus { .success }
    }
    #expect(HelpFormatter.usage(for: Custom.self, toolName: "t") == "t custom [<options>] <file>")
    // An argument without help text gets a bare label.
    #expect(HelpFormatter.help(for: Custom.self, toolName: "t", hasVersion: false).contains("\n  <file>\n"))
  }

  @Test func manyOptionsShortenTheUsageLine() {
    struct Many: Command {
      static let configuration = CommandConfiguration(name: "many", abstract: "")
      static let options: [OptionSpec] =
        [.argument("input", help: "")] + (1...12).map { .flag("flag-\($0)", help: "") }
      init(_ parsed: ParsedArguments) throws(UsageError) {}
      func run(_ context: CommandContext) -> ExitStatus { .success }
    }
    #expect(HelpFormatter.usage(for: Many.self, toolName: "t") == "t many [<options>] <input>")
  }
}

@Suite struct TextWrappingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var text: String
    var width: Int
    var indent: Int
    var expected: String
  }

  static let cases: [Case] = [
    Case(testDescription: "short text is unchanged", text: "a b c", width: 80, indent: 0, expected: "a b c"),
    Case(
      testDescription: "breaks at the last space that fits", text: "aaa bbb ccc", width: 8, indent: 0,
      expected: "aaa bbb\nccc"),
    Case(
      testDescription: "indent applies to every line", text: "aaa bbb ccc", width: 10, indent: 2,
      expected: "  aaa bbb\n  ccc"),
    Case(
      testDescription: "a word longer than the line stays whole", text: "abcdefghij k", width: 4,
      indent: 0, expected: "abcdefghij\nk"),
    Case(
      testDescription: "line breaks are kept, empty lines not indented", text: "a\n\nb", width: 80,
      indent: 2, expected: "  a\n\n  b"),
    Case(
      testDescription: "a word ending exactly at the width moves down (SAP quirk)", text: "aaa bbbb c",
      width: 8, indent: 0, expected: "aaa\nbbbb c"),
  ]

  @Test(arguments: cases) func wraps(_ test: Case) {
    #expect(HelpFormatter.wrap(test.text, width: test.width, indent: test.indent) == test.expected)
  }

  @Test func longLabelPutsTextOnTheNextLine() {
    let row = HelpFormatter.Row(label: "--a-very-long-option <value>", text: "Help.")
    #expect(HelpFormatter.render(row) == "  --a-very-long-option <value>\n                          Help.\n")
  }

  @Test func labelOfTwentyThreeCharactersStillSharesTheLine() {
    let row = HelpFormatter.Row(label: String(repeating: "x", count: 23), text: "Help.")
    #expect(HelpFormatter.render(row) == "  " + String(repeating: "x", count: 23) + " Help.\n")
  }
}
