/// One flag, option or positional argument of a command, declared once for parsing and help.
///
/// A command lists its specs in ``Command/options``; the parser reads argv with them and
/// ``HelpFormatter`` prints USAGE, ARGUMENTS and OPTIONS from the same list, so the two cannot
/// drift apart. Names are kebab-case and given without dashes.
///
/// ```swift
/// static let options: [OptionSpec] = [
///   .argument("table", help: "Path to the route table ('-' for stdin)."),
///   .argument("event", help: "Events to route.", arity: .variadic),
///   .option("sessions", valueName: "file", help: "JSON file with the open sessions."),
///   .flag("json", help: "Print one JSON object per line."),
///   .color,
/// ]
/// ```
package struct OptionSpec: Sendable, Hashable {
  /// What kind of command-line element a spec describes.
  enum Kind: Sendable, Hashable {
    /// `--name` (or `-n`): present or not, never takes a value.
    case flag
    /// `--name <value>` or `--name=<value>`.
    case option
    /// A value found by position, such as `<table>`.
    case positional
  }

  /// How many positional values an argument takes.
  package enum Arity: Sendable, Hashable {
    /// Exactly one: `<table>`.
    case required
    /// Zero or one: `[<table>]`.
    case optional
    /// Zero or more, taking every remaining value: `[<event> ...]`. Must come last.
    case variadic
    /// One or more: `<event> ...`. Must come last.
    case oneOrMore
  }

  /// Whether this is a flag, an option or a positional argument.
  var kind: Kind
  /// The long name without dashes (`sessions`), or the positional name (`table`).
  var name: String
  /// A one-character alias used as `-x`; `nil` when there is none.
  var shortName: Character?
  /// The placeholder shown in angle brackets: `--sessions <file>`, `<table>`.
  var valueName: String
  /// One sentence for the help screen.
  var help: String
  /// The only values accepted, listed as `(values: a, b)`; empty when any value goes.
  var allowedValues: [String]
  /// The value used when the option is absent, listed as `(default: x)`.
  var defaultValue: String?
  /// Whether an option must be given, or whether a positional argument must be present.
  var isRequired: Bool
  /// Whether an option may be repeated, or whether a positional argument takes many values.
  var isRepeatable: Bool
  /// Whether a value may be any bytes (a positional the command reads as input, such as the
  /// events of `route`, which get the same UTF-8 check as a line of standard input). A value
  /// of any other spec must be valid UTF-8, or the command line is a usage error: an argument
  /// is never repaired with U+FFFD.
  var acceptsBytes: Bool = false

  /// A flag such as `--json` or `-v, --verbose`.
  package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(
      kind: .flag, name: name, shortName: short, valueName: "", help: help, allowedValues: [],
      defaultValue: nil, isRequired: false, isRepeatable: false)
  }

  /// An option with a value such as `--sessions <file>`; `valueName` defaults to the name.
  package static func option(
    _ name: String, short: Character? = nil, valueName: String? = nil, help: String,
    values: [String] = [], default defaultValue: String? = nil,
    isRequired: Bool = false, isRepeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      kind: .option, name: name, shortName: short, valueName: valueName ?? name, help: help,
      allowedValues: values, defaultValue: defaultValue, isRequired: isRequired,
      isRepeatable: isRepeatable)
  }

  /// A positional argument such as `<table>` or `[<event> ...]`.
  package static func argument(
    _ name: String, help: String, arity: Arity = .required, values: [String] = [], acceptsBytes: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      kind: .positional, name: name, shortName: nil, valueName: name, help: help,
      allowedValues: values, defaultValue: nil,
      isRequired: arity == .required || arity == .oneOrMore,
      isRepeatable: arity == .variadic || arity == .oneOrMore, acceptsBytes: acceptsBytes)
  }

  /// The standard `--color <when>` option that ``CommandContext/usesColor(_:on:)`` resolves.
  package static let color = OptionSpec.option(
    "color", valueName: "when", help: "When to colour diagnostics on stderr.",
    values: ColorChoice.allCases.map(\.rawValue), default: ColorChoice.auto.rawValue)
}

// MARK: - Rendering

extension OptionSpec {
  /// `--name`, the form used in messages and suggestions (positionals: `<name>`).
  var longForm: String { kind == .positional ? "<\(valueName)>" : "--\(name)" }

  /// The synopsis with its value and without brackets: `--sessions <file>`, `--json`, `<table>`.
  var unadornedSynopsis: String {
    switch kind {
    case .flag: return longForm
    case .option: return "\(longForm) <\(valueName)>"
    case .positional: return longForm
    }
  }

  /// The form in the USAGE line: `[--sessions <file>]`, `--event <event>`, `[<event> ...]`.
  var usageSynopsis: String {
    var synopsis = unadornedSynopsis
    if isRepeatable { synopsis += " ..." }
    return isRequired ? synopsis : "[\(synopsis)]"
  }

  /// The label in ARGUMENTS or OPTIONS: `-s, --sessions <file>`, `<table>`.
  var helpLabel: String {
    guard kind != .positional else { return longForm }
    let names = (shortName.map { "-\($0), " } ?? "") + longForm
    return kind == .option ? "\(names) <\(valueName)>" : names
  }

  /// The help sentence with `(values: …; default: …)` appended when they apply.
  var helpDescription: String {
    var notes: [String] = []
    if !allowedValues.isEmpty { notes.append("values: " + allowedValues.joined(separator: ", ")) }
    if let defaultValue, !defaultValue.isEmpty { notes.append("default: \(defaultValue)") }
    let suffix = notes.isEmpty ? "" : "(\(notes.joined(separator: "; ")))"
    return [help, suffix].filter { !$0.isEmpty }.joined(separator: " ")
  }
}
