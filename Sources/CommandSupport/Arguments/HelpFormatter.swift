/// Renders help screens and usage lines in swift-argument-parser's exact layout.
///
/// Sections come in the order OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS. Labels are
/// indented 2 spaces, help text starts at column 26 (on the next line when the label is
/// longer) and wraps at 80 columns. The terminal width is never read, so output is the same
/// everywhere and tests can compare it exactly. Every screen is generated from the same
/// ``OptionSpec`` lists the parser uses.
///
/// ```
/// OVERVIEW: Check a route table.
///
/// USAGE: route-cli check <table> [--json]
///
/// ARGUMENTS:
///   <table>                 Path to the route table ('-' for stdin).
///
/// OPTIONS:
///   --json                  Print the diagnostics as JSON.
///   --version               Show the version.
///   -h, --help              Show help information.
/// ```
enum HelpFormatter {
  /// Spaces before each label.
  static let labelIndent = 2
  /// The column where help text starts (swift-argument-parser's `labelColumnWidth`).
  static let textColumn = 26
  /// The width text wraps at.
  static let width = 80
  /// The help text of the built-in `--help`.
  static let helpRow = Row(label: "-h, --help", text: "Show help information.")
  /// The help text of the built-in `--version`.
  static let versionRow = Row(label: "--version", text: "Show the version.")

  /// One labelled line of a section, such as `--json` and its help sentence.
  struct Row: Hashable, Sendable {
    /// The label: `-s, --sessions <file>`, `<table>`, `route`.
    var label: String
    /// The help text; empty for none.
    var text: String
  }

  /// The help screen of one subcommand.
  ///
  /// - Parameters:
  ///   - toolName: the tool's name, such as `route-cli`.
  ///   - hasVersion: whether `--version` is listed (the tool has a version).
  static func help(for command: any Command.Type, toolName: String, hasVersion: Bool) -> String {
    let configuration = command.configuration
    let arguments = command.options.filter { $0.kind == .positional }
    var options = command.options.filter { $0.kind != .positional }.map {
      Row(label: $0.helpLabel, text: $0.helpDescription)
    }
    if hasVersion { options.append(versionRow) }
    options.append(helpRow)
    return page(
      abstract: configuration.abstract, discussion: configuration.discussion,
      usage: usage(for: command, toolName: toolName),
      sections: [
        ("ARGUMENTS", arguments.map { Row(label: $0.helpLabel, text: $0.helpDescription) }),
        ("OPTIONS", options),
      ])
  }

  /// The USAGE line of a subcommand: `route-cli route <table> [<event> ...] [--json]`.
  static func usage(for command: any Command.Type, toolName: String) -> String {
    if let usage = command.configuration.usage { return usage }
    let name = "\(toolName) \(command.configuration.name)"
    var specs = command.options
    guard !specs.isEmpty else { return name }
    guard specs.count > 12 else {
      return ([name] + specs.map(\.usageSynopsis)).joined(separator: " ")
    }
    // Like swift-argument-parser: with many options, keep positionals and required options.
    specs = specs.filter { $0.kind == .positional || $0.isRequired }
    guard !specs.isEmpty, specs.count <= 12 else { return "\(name) <options>" }
    return ([name, "[<options>]"] + specs.map(\.usageSynopsis)).joined(separator: " ")
  }

  /// Lays out a help screen; empty sections are left out.
  ///
  /// - Parameter footer: a line after the sections, such as the root's pointer to `help`.
  static func page(
    abstract: String, discussion: String = "", usage: String,
    sections: [(title: String, rows: [Row])], footer: String? = nil
  ) -> String {
    var overview = abstract
    if !discussion.isEmpty { overview += (overview.isEmpty ? "" : "\n") + "\n\(discussion)" }
    var text = overview.isEmpty ? "" : wrap("OVERVIEW: \(overview)") + "\n\n"
    text += "USAGE: \(usage)\n\n"
    text += sections.filter { !$0.rows.isEmpty }.map { section in
      "\(section.title):\n" + section.rows.map(render).joined()
    }.joined(separator: "\n")
    if let footer { text += "\n\(String(repeating: " ", count: labelIndent))\(footer)" }
    return text + "\n"
  }

  /// One row: the indented label, then the text at ``textColumn``, wrapped at ``width``.
  static func render(_ row: Row) -> String {
    let label = String(repeating: " ", count: labelIndent) + row.label
    guard !row.text.isEmpty else { return label + "\n" }
    let wrapped = wrap(row.text, indent: textColumn)
    if label.count < textColumn {
      return label + wrapped.dropFirst(label.count) + "\n"
    }
    return label + "\n" + wrapped + "\n"
  }

  /// Wraps `text` at `width` columns, indenting every non-empty line by `indent` spaces.
  ///
  /// Words break at the last space that fits; a word longer than a line stays whole; line
  /// breaks in `text` are kept. This reproduces swift-argument-parser's algorithm, quirks
  /// included, so help screens match it character for character.
  static func wrap(_ text: String, width: Int = width, indent: Int = 0) -> String {
    let columns = width - indent
    guard columns > 0 else { return text }
    let characters = Array(text)
    var lines: [ArraySlice<Character>] = []
    var start = 0
    while true {
      let chunk = characters[start..<min(start + columns, characters.count)]
      if let newline = chunk.lastIndex(of: "\n") {
        lines += characters[start..<newline].split(separator: "\n", omittingEmptySubsequences: false)
        start = newline + 1
      } else if chunk.endIndex == characters.endIndex {
        lines.append(chunk)
        break
      } else if let space = chunk.lastIndex(of: " ") {
        lines.append(characters[start..<space])
        start = space + 1
      } else if let space = characters[start...].firstIndex(of: " ") {
        lines.append(characters[start..<space])
        start = space + 1
      } else {
        lines.append(characters[start...])
        break
      }
    }
    let padding = String(repeating: " ", count: indent)
    return lines.map { $0.isEmpty ? "" : padding + String($0) }.joined(separator: "\n")
  }
}
