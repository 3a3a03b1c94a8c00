/// One AASA pattern, compiled: `*` (zero or more characters), `?` (one character), `?*` (one or
/// more), `$(name)` (one alternative of a substitution variable) and literal characters (L7, L13).
///
/// A pattern matches the **whole** text, never a prefix, and there is no escape syntax. Characters
/// are Unicode scalars. With `caseSensitive: false` the pattern and the text are folded with the
/// simple one-to-one lowercase mapping (ASCII exactly; a scalar whose lowercase form is several
/// scalars stays as it is), so `?` still means one character. A `$(` without a closing `)` is
/// literal text; an undefined `$(name)` never matches and is listed in ``undefinedVariables``.
///
/// Matching never backtracks exponentially and uses no regular expression: see
/// `WildcardPattern+Matching.swift` for the two engines and their costs.
///
/// ```swift
/// let p = WildcardPattern("/$(lang)_$(region)/?*", variables: SubstitutionVariables())
/// p.matches("/en_GB/menu")   // true
/// p.matches("/en_UK/menu")   // false: UK is not an ISO 3166-1 code
/// WildcardPattern("/buy/*", caseSensitive: false).matches("/BUY/42")   // true
/// ```
public struct WildcardPattern: Sendable, Hashable, CustomStringConvertible {
  /// One compiled element.
  public enum Token: Sendable, Hashable {
    /// This character (folded when the pattern is case-insensitive).
    case scalar(Unicode.Scalar)
    /// `?`: any one character.
    case any
    /// `*`: zero or more characters.
    case star
    /// A variable whose alternatives are all single plain characters (`$(digit)`): one of them.
    case oneOf(Set<Unicode.Scalar>)
    /// A variable with longer alternatives (`$(region)`, `$(food)`): one of these token runs,
    /// which hold no alternations themselves.
    case alternation([[Token]])
    /// An undefined variable: matches nothing.
    case never
  }

  /// A `$(name)` the variables do not define, and where it starts in ``source`` (UTF-8 offset).
  public struct VariableReference: Sendable, Hashable {
    public var name: String
    public var offset: Int
  }

  /// The pattern as written.
  public let source: String
  /// Whether matching distinguishes case.
  public let caseSensitive: Bool
  /// The compiled elements.
  public let tokens: [Token]
  /// Every `$(name)` that is neither custom nor predefined.
  public let undefinedVariables: [VariableReference]
  /// The NFA states when a token is an alternation (that engine runs then); empty otherwise,
  /// and the two-pointer engine runs.
  let automaton: [Instruction]

  /// Compiles `source`.
  public init(_ source: String, caseSensitive: Bool = true, variables: SubstitutionVariables = SubstitutionVariables())
  {
    self.source = source
    self.caseSensitive = caseSensitive
    var undefined: [VariableReference] = []
    tokens = WildcardPattern.compile(source, caseSensitive: caseSensitive, variables: variables, undefined: &undefined)
    undefinedVariables = undefined
    let needsAutomaton = tokens.contains { if case .alternation = $0 { return true } else { return false } }
    automaton = needsAutomaton ? WildcardPattern.program(tokens) : []
  }

  /// The pattern as written.
  public var description: String { source }

  /// Whether the pattern matches all of `text`.
  public func matches(_ text: String) -> Bool {
    matches(scalars: WildcardPattern.prepare(text, caseSensitive: caseSensitive))
  }

  /// Whether the pattern matches `text`, already turned into scalars and folded when case-insensitive
  /// (see ``prepare(_:caseSensitive:)``).
  public func matches(scalars text: [Unicode.Scalar]) -> Bool {
    automaton.isEmpty ? WildcardPattern.globMatch(tokens, text) : WildcardPattern.run(automaton, text)
  }

  /// The scalars of `text`, folded when `caseSensitive` is false: what ``matches(scalars:)`` takes.
  public static func prepare(_ text: String, caseSensitive: Bool) -> [Unicode.Scalar] {
    caseSensitive ? Array(text.unicodeScalars) : text.unicodeScalars.map(fold)
  }

  /// The simple lowercase form of a scalar: ASCII directly, others when their lowercase mapping is
  /// one scalar.
  public static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
      return scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
    }
    let mapped = scalar.properties.lowercaseMapping.unicodeScalars
    guard mapped.count == 1, let first = mapped.first else { return scalar }
    return first
  }

  // MARK: - Compiling

  static func compile(
    _ source: String, caseSensitive: Bool, variables: SubstitutionVariables, undefined: inout [VariableReference]
  ) -> [Token] {
    let scalars = Array(source.unicodeScalars)
    var tokens: [Token] = []
    var offset = 0  // UTF-8 offset of scalars[i]
    var i = 0
    while i < scalars.count {
      let s = scalars[i]
      if s == "$", i + 1 < scalars.count, scalars[i + 1] == "(", let close = scalars[(i + 2)...].firstIndex(of: ")") {
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[(i + 2)..<close])
        if let values = variables.values(of: name) {
          tokens.append(variableToken(values, caseSensitive: caseSensitive))
        } else {
          undefined.append(VariableReference(name: name, offset: offset))
          tokens.append(.never)
        }
        for k in i...close { offset += UTF8.width(scalars[k]) }
        i = close + 1
        continue
      }
      tokens.append(plainToken(s, caseSensitive: caseSensitive))
      offset += UTF8.width(s)
      i += 1
    }
    return tokens
  }

  /// The token of one character outside a variable.
  static func plainToken(_ s: Unicode.Scalar, caseSensitive: Bool) -> Token {
    switch s {
    case "*": return .star
    case "?": return .any
    default: return .scalar(caseSensitive ? s : fold(s))
    }
  }

  /// The token for a variable's values: `oneOf` when every value is one plain character.
  static func variableToken(_ values: [String], caseSensitive: Bool) -> Token {
    let runs = values.map { value in value.unicodeScalars.map { plainToken($0, caseSensitive: caseSensitive) } }
    var set = Set<Unicode.Scalar>()
    for run in runs {
      guard run.count == 1, case .scalar(let s) = run[0] else { return .alternation(runs) }
      set.insert(s)
    }
    return .oneOf(set)
  }
}
