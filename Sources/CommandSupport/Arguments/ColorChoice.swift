/// The values of `--color <when>`: whether diagnostics on a stream use ANSI colour.
///
/// `auto` colours a stream only when it is a terminal, `NO_COLOR` is unset or empty
/// (see no-color.org) and `TERM` is not `dumb`; ``CommandContext/usesColor(_:on:)`` decides.
///
/// ```swift
/// let choice = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
/// let style: DiagnosticRenderer.Style = context.usesColor(choice, on: .stderr) ? .ansi : .plain
/// ```
package enum ColorChoice: String, CaseIterable, Sendable {
  /// Colour when the stream is a terminal and the environment does not forbid it.
  case auto
  /// Always colour, even into a file or a pipe.
  case always
  /// Never colour.
  case never
}

/// One of the two output streams, for per-stream decisions such as colour.
package enum StandardStream: Sendable {
  /// File descriptor 1, for results.
  case stdout
  /// File descriptor 2, for everything addressed to a person.
  case stderr
}
