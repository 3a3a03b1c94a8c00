import RouterSupport

/// Turns a command's arguments into tokens, then into ``ParsedArguments`` using its specs.
///
/// The rules follow swift-argument-parser: `--name value` and `--name=value` are the same;
/// flags take no value (`--json=1` is an error); `-x` is a short alias; `--` ends the options,
/// so everything after it is a value; a lone `-` is a value (it means stdin); a value must not
/// look like an option (`--count=-1` passes a negative number). Every token keeps its index
/// in the tool's arguments, so errors can quote the exact argument.
///
/// ```swift
/// let tokens = ArgumentScanner.tokens(["route", "t.json", "--color=never"], from: 1)
/// // [value "t.json" @1, long "color" = "never" @2]
/// let parsed = try ArgumentScanner.parse(tokens, specs: RouteCommand.options)
/// ```
enum ArgumentScanner {
  /// One argument, classified, with its index in the tool's arguments.
  struct Token: Hashable, Sendable {
    /// What an argument looks like, before the command's specs give it a meaning.
    enum Kind: Hashable, Sendable {
      /// `--name`, or `--name=value` with the text after the first `=`.
      case long(name: String, value: String?)
      /// `-x`: the text after the dash (one character for a valid alias).
      case short(String)
      /// A plain value: anything else, a lone `-`, and everything after `--`.
      case value(String)
      /// `--`, which ends option parsing.
      case terminator
    }

    /// What the argument looks like.
    var kind: Kind
    /// Its index in the tool's arguments (argv without the program name).
    var index: Int
    /// The bytes of its value as given (after the first `=` of `--name=value`), when they are
    /// not valid UTF-8; nil when the value's text is exact.
    var invalidBytes: [UInt8]? = nil
  }

  /// Classifies `arguments[start...]`.
  static func tokens(_ arguments: [String], from start: Int = 0) -> [Token] {
    tokens(arguments.map { CommandArgument($0) }, from: start)
  }

  /// Classifies `arguments[start...]`, keeping the bytes of those that are not valid UTF-8.
  static func tokens(_ arguments: [CommandArgument], from start: Int = 0) -> [Token] {
    var tokens: [Token] = []
    var optionsEnded = false
    for index in arguments.indices where index >= start {
      let argument = arguments[index].text
      var invalid = arguments[index].isValidUTF8 ? nil : arguments[index].bytes
      let kind: Token.Kind
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        kind = .value(argument)
      } else if argument == "--" {
        kind = .terminator
        optionsEnded = true
      } else if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          kind = .long(name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
          // `=` is ASCII: the first one is at the same place in the bytes as in the text.
          invalid = invalid.map { bytes in Array(bytes[(bytes.firstIndex(of: UInt8(ascii: "="))! + 1)...]) }
        } else {
          kind = .long(name: String(body), value: nil)
        }
      } else {
        kind = .short(String(argument.dropFirst()))
      }
      tokens.append(Token(kind: kind, index: index, invalidBytes: invalid))
    }
    return tokens
  }

  /// Whether `--help` or `-h` appears before `--`; help wins over every other error.
  static func requestsHelp(_ tokens: [Token]) -> Bool {
    tokens.contains { token in
      switch token.kind {
      case .long(let name, _): return name == "help"
      case .short(let name): return name == "h"
      case .value, .terminator: return false
      }
    }
  }

  /// Whether `--version` appears before `--`.
  static func requestsVersion(_ tokens: [Token]) -> Bool {
    tokens.contains { $0.kind == .long(name: "version", value: nil) }
  }

  /// Matches tokens against `specs`: options by name, then positionals in declared order.
  ///
  /// - Parameter builtins: long names that every command accepts (`--help`), offered as
  ///   suggestions for unknown options.
  static func parse(
    _ tokens: [Token], specs: [OptionSpec], builtins: [String] = ["--help"]
  ) throws(UsageError) -> ParsedArguments {
    var values: [String: [ParsedArguments.Value]] = [:]
    var positionals: [ParsedArguments.Value] = []
    let suggestions = specs.filter { $0.kind != .positional }.map(\.longForm) + builtins
    var position = 0
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      let spec: OptionSpec
      var attached: String?
      switch token.kind {
      case .terminator:
        continue
      case .value(let text):
        positionals.append(.init(text: text, index: token.index, bytes: token.invalidBytes))
        continue
      case .long(let name, let value):
        guard let found = specs.first(where: { $0.kind != .positional && $0.name == name }) else {
          throw .unknownOption("--\(name)", at: token.index, candidates: suggestions)
        }
        spec = found
        attached = value
      case .short(let name):
        guard name.count == 1, let found = specs.first(where: { $0.shortName.map(String.init) == name })
        else { throw .unknownOption("-\(name)", at: token.index, candidates: []) }
        spec = found
      }
      if spec.kind == .flag {
        if let attached { throw .unexpectedValue(attached, for: spec, at: token.index) }
        values[spec.name, default: []].append(.init(text: "", index: token.index))
        continue
      }
      let value = try optionValue(for: spec, at: token.index, attached: attached, tokens, &position)
      if !spec.isRepeatable, values[spec.name] != nil { throw .repeatedOption(spec, at: token.index) }
      values[spec.name, default: []].append(value)
    }
    try assignPositionals(positionals, to: specs, into: &values)
    for spec in specs where spec.kind == .option && spec.isRequired && values[spec.name] == nil {
      throw .missingArgument(spec)
    }
    return ParsedArguments(specs: specs, values: values)
  }

  /// The value of an option: attached with `=`, else the next token if it is a plain value.
  private static func optionValue(
    for spec: OptionSpec, at index: Int, attached: String?, _ tokens: [Token], _ position: inout Int
  ) throws(UsageError) -> ParsedArguments.Value {
    let value: ParsedArguments.Value
    if let attached {
      value = .init(text: attached, index: index, bytes: tokens[position - 1].invalidBytes)
    } else if position < tokens.count, case .value(let text) = tokens[position].kind {
      value = .init(text: text, index: tokens[position].index, bytes: tokens[position].invalidBytes)
      position += 1
    } else {
      throw .missingValue(for: spec, at: index)
    }
    try check(value, against: spec)
    return value
  }

  /// Gives positional values to positional specs in declared order; a repeatable one takes the rest.
  private static func assignPositionals(
    _ positionals: [ParsedArguments.Value], to specs: [OptionSpec],
    into values: inout [String: [ParsedArguments.Value]]
  ) throws(UsageError) {
    var remaining = positionals[...]
    for spec in specs where spec.kind == .positional {
      let taken: ArraySlice<ParsedArguments.Value>
      if spec.isRepeatable {
        taken = remaining
        remaining = []
      } else {
        taken = remaining.prefix(1)
        remaining = remaining.dropFirst()
      }
      if taken.isEmpty {
        if spec.isRequired { throw .missingArgument(spec) }
        continue
      }
      for value in taken { try check(value, against: spec) }
      values[spec.name] = Array(taken)
    }
    if !remaining.isEmpty {
      throw .unexpectedArguments(remaining.map { ($0.text, $0.index) })
    }
  }

  /// Rejects a value that is not valid UTF-8 unless the spec takes bytes, and a value outside
  /// the spec's fixed set of values.
  private static func check(_ value: ParsedArguments.Value, against spec: OptionSpec) throws(UsageError) {
    if !spec.acceptsBytes, let offset = value.bytes.withUnsafeBufferPointer({ UTF8Bytes.firstInvalidOffset($0) }) {
      throw .invalidUTF8(value.bytes, offset: offset, for: spec, at: value.index)
    }
    guard !spec.allowedValues.isEmpty, !spec.allowedValues.contains(value.text) else { return }
    throw .invalidValue(value.text, for: spec, at: value.index)
  }
}
