/// One token of Swift source, as ``SwiftLexer`` reads it.
///
/// The reader needs far less than a compiler: names, string literals (with their value when
/// they have no interpolation), punctuation and operators, and the `#if` directives with their
/// conditions. Keywords are identifiers; comments and white space are gone, but whether a line
/// break came before a token is kept (statements of a result builder are told apart by it).
///
/// ```swift
/// let tokens = SwiftLexer.tokens(of: SourceText(file: "A.swift", text: #"WindowGroup(id: "main")"#)).tokens
/// tokens.map(\.text)   // ["WindowGroup", "(", "id", ":", "main", ")"]
/// tokens[4].kind       // .string
/// ```
package struct SwiftToken: Sendable, Hashable {
  package enum Kind: Sendable, Hashable {
    /// A name or keyword, backticks removed (`$0` and `$binding` too).
    case identifier
    /// A number literal, as written.
    case number
    /// A string literal; ``text`` is its value (empty when interpolated, see ``isInterpolated``).
    case string
    /// One of `( ) { } [ ] , : ; . @ \ ? !`.
    case punctuation
    /// A run of operator characters: `==`, `->`, `&&`, `=`, `...`.
    case `operator`
    /// `#available`, `#Preview`, `#selector`: a `#` word that is not a directive.
    case pound
    /// `#if`, `#elseif`, `#else`, `#endif`; ``text`` is the word after `#`, ``condition`` the
    /// tokens of its condition.
    case directive
  }

  package var kind: Kind
  package var text: String
  /// The offset of the token's first byte in its file.
  package var offset: Int
  /// Whether a line break separates it from the previous token.
  package var newlineBefore: Bool
  /// For a string: whether it has `\(…)` interpolation, so its value is not known.
  package var isInterpolated = false
  /// For a directive: its condition.
  package var condition: [SwiftToken] = []

  package init(_ kind: Kind, _ text: String, at offset: Int, newlineBefore: Bool = false) {
    self.kind = kind
    self.text = text
    self.offset = offset
    self.newlineBefore = newlineBefore
  }

  /// Whether the token is the punctuation or operator `text`.
  package func `is`(_ text: String) -> Bool {
    (kind == .punctuation || kind == .operator) && self.text == text
  }

  /// Whether the token is the identifier `name`.
  package func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }

  /// The value of a string literal without interpolation, or nil.
  package var literal: String? { kind == .string && !isInterpolated ? text : nil }
}
