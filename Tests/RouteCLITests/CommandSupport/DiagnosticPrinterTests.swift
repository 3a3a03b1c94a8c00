import Testing

@testable import route_cli

@Suite struct DiagnosticPrinterTests {
  static let diagnostic = DiagnosticPrinter.Parts(
    location: "Notes.json:12:9", severity: .error, message: "unknown scene 'editor'", code: "unknown-scene",
    excerpt: ["    \"scene\": \"editor\"", "             ^"])

  @Test func plainTextWithoutColour() {
    let sink = MemorySink()
    DiagnosticPrinter(sink, color: false).print(Self.diagnostic)
    #expect(
      sink.text == """
        Notes.json:12:9: error: unknown scene 'editor' [unknown-scene]
            "scene": "editor"
                     ^

        """)
  }

  @Test func colourMarksSeverityAndBold() {
    let printer = DiagnosticPrinter(MemorySink(), color: true)
    let first = printer.render(Self.diagnostic).split(separator: "\n").first.map(String.init)
    #expect(
      first == "\u{1B}[1mNotes.json:12:9: \u{1B}[0m\u{1B}[1;31merror:\u{1B}[0m \u{1B}[1munknown scene 'editor'\u{1B}[0m"
        + " [unknown-scene]")
    #expect(
      printer.render(.init(severity: .warning, message: "w")) == "\u{1B}[1;33mwarning:\u{1B}[0m \u{1B}[1mw\u{1B}[0m\n")
  }

  @Test func messagesWithoutLocation() {
    let sink = MemorySink()
    let printer = DiagnosticPrinter(sink, color: false)
    printer.error("cannot read 'x.json': No such file or directory")
    printer.warning("table has no routes")
    #expect(sink.text == "error: cannot read 'x.json': No such file or directory\nwarning: table has no routes\n")
  }

  struct ColorCase: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var choice: ColorChoice
    var isTerminal: Bool
    var environment: [String: String]
    var expected: Bool

    init(
      _ name: String, _ choice: ColorChoice, terminal: Bool, env environment: [String: String] = [:], _ expected: Bool
    ) {
      (testDescription, self.choice, isTerminal, self.environment, self.expected) =
        (name, choice, terminal, environment, expected)
    }
  }

  @Test(arguments: [
    ColorCase("always, even into a pipe", .always, terminal: false, true),
    ColorCase("never, even on a terminal", .never, terminal: true, false),
    ColorCase("auto on a terminal", .auto, terminal: true, true),
    ColorCase("auto into a pipe", .auto, terminal: false, false),
    ColorCase("auto with NO_COLOR", .auto, terminal: true, env: ["NO_COLOR": "1"], false),
    ColorCase("auto with empty NO_COLOR", .auto, terminal: true, env: ["NO_COLOR": ""], true),
    ColorCase("auto with TERM=dumb", .auto, terminal: true, env: ["TERM": "dumb"], false),
    ColorCase("always beats NO_COLOR", .always, terminal: true, env: ["NO_COLOR": "1"], true),
  ])
  func colourChoice(_ test: ColorCase) {
    var context = CommandContext.inMemory(environment: test.environment).context
    context.stderrIsTerminal = test.isTerminal
    #expect(context.usesColor(test.choice, on: .stderr) == test.expected)
    #expect(context.usesColor(test.choice, on: .stdout) == (test.choice == .always))
  }
}
