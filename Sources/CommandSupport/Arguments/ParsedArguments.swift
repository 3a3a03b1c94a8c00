/// The values a command line gave, looked up by the names the command's specs declare.
///
/// A command's `init(_:)` reads its values here, converts them and runs its cross-checks.
/// Every value remembers its index in the tool's arguments, so a conversion error can say
/// which argument was wrong. Asking for a name the specs do not declare is a programmer
/// error and stops debug builds.
///
/// ```swift
/// init(_ parsed: ParsedArguments) throws(UsageError) {
///   table = parsed.positional("table") ?? "-"
///   events = parsed.values("event")
///   json = parsed.flag("json")
///   limit = try parsed.converted("limit") { Int($0) } ?? 100
///   if parsed.flag("stateful") && parsed.value("sessions") == nil {
///     throw .validation("'--stateful' requires '--sessions'")
///   }
/// }
/// ```
package struct ParsedArguments: Sendable {
  /// One value as given, with where it came from.
  struct Value: Hashable, Sendable {
    /// The text (empty for a flag).
    var text: String
    /// Its index in the tool's arguments (argv without the program name).
    var index: Int
    /// The bytes as given; `text` is their UTF-8 decoding, with U+FFFD for invalid bytes.
    var bytes: [UInt8]

    init(text: String, index: Int, bytes: [UInt8]? = nil) {
      self.text = text
      self.index = index
      self.bytes = bytes ?? Array(text.utf8)
    }
  }

  /// The specs these values were parsed with.
  let specs: [OptionSpec]
  /// The values given, by spec name, in command-line order.
  private let values: [String: [Value]]

  /// Wraps parsed values; ``ArgumentScanner/parse(_:specs:builtins:)`` makes them.
  init(specs: [OptionSpec], values: [String: [Value]]) {
    self.specs = specs
    self.values = values
  }

  /// Whether the flag `name` was given.
  package func flag(_ name: String) -> Bool {
    !occurrences(name).isEmpty
  }

  /// The value of option `name`: the last one given, else its declared default, else `nil`.
  package func value(_ name: String) -> String? {
    occurrences(name).last?.text ?? spec(name)?.defaultValue
  }

  /// Every value given for a repeatable option or a variadic argument, in order.
  package func values(_ name: String) -> [String] {
    occurrences(name).map(\.text)
  }

  /// Every value given for `name` as the bytes of the command line, in order: for a spec that
  /// accepts bytes, which may not be valid UTF-8.
  package func byteValues(_ name: String) -> [[UInt8]] {
    occurrences(name).map(\.bytes)
  }

  /// The value of positional argument `name`, or `nil` when an optional one is absent.
  package func positional(_ name: String) -> String? {
    occurrences(name).first?.text
  }

  /// The values given for `name` with their argument indexes (empty when absent).
  func occurrences(_ name: String) -> [Value] {
    assert(spec(name) != nil, "no option or argument named '\(name)' is declared")
    return values[name] ?? []
  }

  /// The spec declared as `name`.
  package func spec(_ name: String) -> OptionSpec? {
    specs.first { $0.name == name }
  }

  /// Converts the value of `name` (or its default); a `nil` from `transform` is a usage error
  /// that quotes the value: `The value 'x' is invalid for '--limit <n>'`.
  ///
  /// - Parameter reason: added after a colon, such as `"expected a whole number"`.
  package func converted<T>(
    _ name: String, reason: String? = nil, _ transform: (String) -> T?
  ) throws(UsageError) -> T? {
    guard let text = value(name) else { return nil }
    if let result = transform(text) { return result }
    throw invalidValue(name, text, reason: reason)
  }

  /// Converts every value of a repeatable option or variadic argument, failing on the first bad one.
  package func convertedValues<T>(
    _ name: String, reason: String? = nil, _ transform: (String) -> T?
  ) throws(UsageError) -> [T] {
    var results: [T] = []
    for occurrence in occurrences(name) {
      guard let result = transform(occurrence.text) else {
        throw invalidValue(name, occurrence.text, reason: reason)
      }
      results.append(result)
    }
    return results
  }

  /// A usage error for a value of `name` that a cross-check rejected, quoting where it was given.
  package func invalidValue(_ name: String, _ text: String, reason: String? = nil) -> UsageError {
    let index = occurrences(name).last { $0.text == text }?.index
    let spec = spec(name) ?? .option(name, help: "")
    return .invalidValue(text, for: spec, at: index, reason: reason)
  }
}
