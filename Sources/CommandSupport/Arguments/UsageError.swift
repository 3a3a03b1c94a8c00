import RouterSupport

/// A mistake on the command line, reported the way swift-argument-parser reports it.
///
/// Parsing throws it for unknown options and subcommands, missing or extra arguments and bad
/// values; a command's `init(_:)` throws ``validation(_:)`` for combinations that do not go
/// together. ``CommandLineTool`` prints it on stderr and exits with status 64:
///
/// ```
/// Error: Unknown option '--sesions'. Did you mean '--sessions'?
/// Usage: route-cli route <table> [<event> ...] [--json] [--explain] [--stats] [--no-line] [--sessions <file>] [--stateful] [--state <file>] [--color <when>]
///   See 'route-cli route --help' for more information.
/// ```
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for tests and callers that branch on it.
  enum Kind: Sendable, Hashable {
    case unknownOption, unknownSubcommand, missingValue, unexpectedValue, invalidValue
    case missingArgument, unexpectedArgument, repeatedOption, validation, invalidUTF8
  }

  /// What went wrong.
  var kind: Kind
  /// The sentence after `Error: `.
  var message: String
  /// The `Help:` line (`--sessions <file>  JSON file with the open sessions.`), when the error
  /// concerns one option or argument.
  var help: String?
  /// The index in the tool's arguments (argv without the program name) of the argument that
  /// caused the error, when there is one.
  var argumentIndex: Int?

  /// The message alone.
  package var description: String { message }

  /// Renders the full text: `Error:`, an optional `Help:` line, the usage and a pointer to help.
  ///
  /// - Parameters:
  ///   - usage: the command's synopsis, such as `route-cli route <table> [--json]`.
  ///   - commandPath: the words that name the command, such as `route-cli route`.
  func rendered(usage: String, commandPath: String) -> String {
    var text = "Error: \(message)\n"
    if let help, !help.isEmpty { text += "Help:  \(help)\n" }
    text += "Usage: \(usage)\n"
    text += "  See '\(commandPath) --help' for more information.\n"
    return text
  }
}

// MARK: - The errors

extension UsageError {
  /// A failed cross-check of a command's values, such as "'--stateful' requires '--sessions'".
  package static func validation(_ message: String) -> UsageError {
    UsageError(kind: .validation, message: message)
  }

  /// `Unknown option '--scene'. Did you mean '--scenes'?`; suggestions use long names only.
  static func unknownOption(_ spelled: String, at index: Int, candidates: [String]) -> UsageError {
    var message = "Unknown option '\(spelled)'"
    if spelled.hasPrefix("--"), let suggestion = EditDistance.suggestion(for: spelled, among: candidates) {
      message += ". Did you mean '\(suggestion)'?"
    }
    return UsageError(kind: .unknownOption, message: message, argumentIndex: index)
  }

  /// `Unknown subcommand 'rute'. Did you mean 'route'?`
  static func unknownSubcommand(_ name: String, at index: Int, candidates: [String]) -> UsageError {
    var message = "Unknown subcommand '\(name)'"
    if let suggestion = EditDistance.suggestion(for: name, among: candidates) {
      message += ". Did you mean '\(suggestion)'?"
    }
    return UsageError(kind: .unknownSubcommand, message: message, argumentIndex: index)
  }

  /// `Missing value for '--sessions <file>'`, with a `Help:` line.
  static func missingValue(for spec: OptionSpec, at index: Int) -> UsageError {
    UsageError(
      kind: .missingValue, message: "Missing value for '\(spec.unadornedSynopsis)'",
      help: helpLine(spec), argumentIndex: index)
  }

  /// `The option '--json' does not take any value, but '1' was specified.`
  static func unexpectedValue(_ value: String, for spec: OptionSpec, at index: Int) -> UsageError {
    UsageError(
      kind: .unexpectedValue,
      message: "The option '\(spec.longForm)' does not take any value, but '\(value)' was specified.",
      argumentIndex: index)
  }

  /// `The value 'x' is invalid for '--color <when>'. Please provide one of 'auto', …` or, with a
  /// reason, `The value 'x' is invalid for '--count <n>': not a number`.
  static func invalidValue(
    _ value: String, for spec: OptionSpec, at index: Int?, reason: String? = nil
  ) -> UsageError {
    var message = "The value '\(value)' is invalid for '\(spec.unadornedSynopsis)'"
    if let reason {
      message += ": \(reason)"
    } else if spec.allowedValues.count >= 6 {
      message +=
        ". Please provide one of the following:\n"
        + spec.allowedValues.map { "  - \($0)" }.joined(separator: "\n")
    } else if !spec.allowedValues.isEmpty {
      message += ". Please provide one of \(choiceList(spec.allowedValues))."
    }
    return UsageError(kind: .invalidValue, message: message, help: helpLine(spec), argumentIndex: index)
  }

  /// `Missing expected argument '<table>'` (or `'--event <event>'` for a required option).
  /// A value that is not valid UTF-8, for a spec that reads text (a path, a name, a number).
  static func invalidUTF8(_ bytes: [UInt8], offset: Int, for spec: OptionSpec, at index: Int) -> UsageError {
    let byte = String(bytes[offset], radix: 16, uppercase: true)
    return UsageError(
      kind: .invalidUTF8,
      message:
        "The value of '\(spec.unadornedSynopsis)' (argument \(index + 1)) is not valid UTF-8: byte 0x"
        + (byte.count == 1 ? "0" + byte : byte) + " at offset \(offset); arguments are read as UTF-8, never repaired",
      help: helpLine(spec), argumentIndex: index)
  }

  static func missingArgument(_ spec: OptionSpec) -> UsageError {
    UsageError(
      kind: .missingArgument, message: "Missing expected argument '\(spec.unadornedSynopsis)'",
      help: helpLine(spec))
  }

  /// `Unexpected argument 'x'`, or `2 unexpected arguments: 'x', 'y'`.
  static func unexpectedArguments(_ values: [(text: String, index: Int)]) -> UsageError {
    let message =
      values.count == 1
      ? "Unexpected argument '\(values[0].text)'"
      : "\(values.count) unexpected arguments: " + values.map { "'\($0.text)'" }.joined(separator: ", ")
    return UsageError(kind: .unexpectedArgument, message: message, argumentIndex: values.first?.index)
  }

  /// `The option '--sessions' was given more than once (at most one is allowed).`
  static func repeatedOption(_ spec: OptionSpec, at index: Int) -> UsageError {
    UsageError(
      kind: .repeatedOption,
      message: "The option '\(spec.longForm)' was given more than once; it takes one value.",
      help: helpLine(spec), argumentIndex: index)
  }

  /// The `Help:` line for one spec: its synopsis, two spaces, its help sentence.
  private static func helpLine(_ spec: OptionSpec) -> String? {
    spec.help.isEmpty ? nil : "\(spec.unadornedSynopsis)  \(spec.help)"
  }

  /// `'a' and 'b'`, `'a', 'b' or 'c'`, as swift-argument-parser lists choices.
  private static func choiceList(_ values: [String]) -> String {
    let quoted = values.map { "'\($0)'" }
    guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
    if quoted.count == 2 { return quoted.joined(separator: " and ") }
    return quoted.dropLast().joined(separator: ", ") + " or \(last)"
  }
}
