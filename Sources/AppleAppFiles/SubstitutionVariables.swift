public import RouterSupport

/// The substitution variables a pattern may use as `$(name)`: a file's custom ones and the
/// predefined ones (L13).
///
/// Each value of a variable is one alternative: `$(digit)` matches exactly one digit, `$(region)`
/// exactly one region code, `$(food)` one of the strings listed for `food`. Custom values may use
/// the `*` and `?` wildcards but not other variables. A custom variable named like a predefined one
/// hides it; a name that is neither never matches (both decisions of the oracle-checked
/// third-party model that L13 cites; Apple is silent).
///
/// ```swift
/// let variables = SubstitutionVariables(custom: [.init(name: "food", values: ["pizza", "sushi"])])
/// variables.values(of: "food")    // ["pizza", "sushi"]
/// variables.values(of: "digit")   // ["0", "1", …, "9"]
/// variables.values(of: "drink")   // nil: never matches
/// ```
public struct SubstitutionVariables: Sendable, Hashable {
  /// One custom variable of `applinks.substitutionVariables`.
  ///
  /// ```swift
  /// let food = SubstitutionVariables.Variable(name: "food", values: ["burrito", "pizza"])
  /// ```
  public struct Variable: Sendable, Hashable {
    /// The name, case-sensitive; never contains `$`, `(` or `)`.
    public var name: String
    /// The alternatives, in order.
    public var values: [String]
    /// Where the variable's key is.
    public var location: SourceLocation?

    /// Creates a variable.
    public init(name: String, values: [String], location: SourceLocation? = nil) {
      self.name = name
      self.values = values
      self.location = location
    }
  }

  /// The predefined names, in the order Apple lists them.
  public static let predefinedNames = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

  /// The file's own variables, in document order.
  public var custom: [Variable]

  /// Creates the variables of a file.
  public init(custom: [Variable] = []) {
    self.custom = custom
  }

  /// The alternatives of `name`: a custom variable's values first, else a predefined one's, else nil.
  public func values(of name: String) -> [String]? {
    if let variable = custom.first(where: { $0.name == name }) { return variable.values }
    return SubstitutionVariables.predefinedValues(of: name)
  }

  /// The alternatives of a predefined variable, or nil for any other name.
  public static func predefinedValues(of name: String) -> [String]? {
    switch name {
    case "alpha": return upper + lower
    case "upper": return upper
    case "lower": return lower
    case "alnum": return upper + lower + digits
    case "digit": return digits
    case "xdigit": return digits + Array(upper.prefix(6)) + Array(lower.prefix(6))
    case "region": return ISOCodes.regions
    case "lang": return ISOCodes.languages
    default: return nil
    }
  }

  /// Whether a name is allowed: not empty, without `$`, `(` or `)` (L13).
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains { $0 == "$" || $0 == "(" || $0 == ")" }
  }

  private static let upper = (0x41...0x5A).map { String(UnicodeScalar(UInt8($0))) }
  private static let lower = (0x61...0x7A).map { String(UnicodeScalar(UInt8($0))) }
  private static let digits = (0x30...0x39).map { String(UnicodeScalar(UInt8($0))) }
}
