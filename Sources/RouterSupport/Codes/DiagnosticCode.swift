/// The stable, machine-readable identifier of a kind of problem.
///
/// Codes are kebab-case strings that never change once published: `--json` output, fixtures
/// and tests match on them. The wording of a message may improve; its code stays. The set is
/// open (a struct, not an enum), so adding a code never breaks a program that switches on them.
///
/// ```swift
/// if diagnostic.code == .duplicateRoute { ... }
/// print(DiagnosticCode.duplicateRoute)  // duplicate-route
/// ```
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  public var rawValue: String
  /// Wraps a raw code string.
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public var description: String { rawValue }
}

// MARK: - Reading JSON

extension DiagnosticCode {
  /// The text is not well-formed JSON (RFC 8259).
  public static let jsonSyntax = DiagnosticCode("json-syntax")
  /// Arrays and objects are nested deeper than the documented limit.
  public static let jsonTooDeep = DiagnosticCode("json-too-deep")
  /// The document is larger than the documented limit.
  public static let jsonTooLarge = DiagnosticCode("json-too-large")
  /// An object has the same key twice.
  public static let jsonDuplicateKey = DiagnosticCode("json-duplicate-key")
  /// A file could not be read.
  public static let unreadableFile = DiagnosticCode("unreadable-file")
}

// MARK: - Route tables

extension DiagnosticCode {
  /// An object has a key that the format does not define.
  public static let unknownKey = DiagnosticCode("unknown-key")
  /// A required key is missing.
  public static let missingKey = DiagnosticCode("missing-key")
  /// A value has the wrong JSON type.
  public static let wrongType = DiagnosticCode("wrong-type")
  /// A value has the right type but is not one of the allowed values.
  public static let invalidValue = DiagnosticCode("invalid-value")
  /// Two scene declarations share an id.
  public static let duplicateSceneID = DiagnosticCode("duplicate-scene-id")
  /// A rule targets a scene declaration that the table does not declare.
  public static let unknownScene = DiagnosticCode("unknown-scene")
  /// Two rules share a name.
  public static let duplicateRuleName = DiagnosticCode("duplicate-rule-name")
  /// A URL pattern cannot be parsed.
  public static let invalidPattern = DiagnosticCode("invalid-pattern")
  /// A parameter has a type the format does not define.
  public static let unknownParameterType = DiagnosticCode("unknown-parameter-type")
  /// A parameter name is used twice in one rule.
  public static let duplicateParameter = DiagnosticCode("duplicate-parameter")
  /// A value template uses a parameter that the rule does not capture.
  public static let unknownParameter = DiagnosticCode("unknown-parameter")
  /// A value template uses an optional parameter without a fallback.
  public static let optionalParameterInValue = DiagnosticCode("optional-parameter-in-value")
  /// A target is not valid for its scene declaration (for example a value for a scene that presents none).
  public static let invalidTarget = DiagnosticCode("invalid-target")
}

// MARK: - Compiling

extension DiagnosticCode {
  /// Two rules have the same pattern (or patterns that match exactly the same inputs).
  public static let duplicateRoute = DiagnosticCode("duplicate-route")
  /// Two rules match the same inputs and precedence cannot order them.
  public static let ambiguousRoutes = DiagnosticCode("ambiguous-routes")
  /// A rule can never be chosen, because another rule always wins over it.
  public static let unreachableRoute = DiagnosticCode("unreachable-route")
  /// A pattern no URL can match at all (an empty host on `https:`, a `.` path segment, a literal
  /// that decodes to a control character): the URL reader or the matcher refuses every URL it
  /// describes.
  public static let deadPattern = DiagnosticCode("dead-pattern")
  /// The table exceeds a documented limit (rules, segments, parameters).
  public static let tableLimit = DiagnosticCode("table-limit")
}

// MARK: - Events

extension DiagnosticCode {
  /// The text is not a URL the router accepts.
  public static let invalidURL = DiagnosticCode("invalid-url")
  /// Browsers and Foundation would read the URL differently, so the router refuses it.
  public static let ambiguousURL = DiagnosticCode("ambiguous-url")
  /// A JSON event does not have the documented shape.
  public static let invalidEvent = DiagnosticCode("invalid-event")
  /// An input line is longer than the documented limit.
  public static let lineTooLong = DiagnosticCode("line-too-long")
  /// An input line is not valid UTF-8.
  public static let invalidUTF8 = DiagnosticCode("invalid-utf8")
}

// MARK: - Scenes and sessions

extension DiagnosticCode {
  /// A hand-written activation predicate is outside the subset UIKit allows, or malformed.
  public static let invalidPredicate = DiagnosticCode("invalid-predicate")
  /// A session state file does not have the documented shape.
  public static let invalidSessions = DiagnosticCode("invalid-sessions")
  /// An event or a session file goes past a documented bound of the sessions (`SessionLimits`
  /// in RouteEvents: open sessions, set sizes, value sizes).
  public static let sessionLimit = DiagnosticCode("session-limit")
}

// MARK: - App files

extension DiagnosticCode {
  /// A file is not a property list that Foundation's `PropertyListSerialization` can read.
  public static let plistSyntax = DiagnosticCode("plist-syntax")
  /// A scene configuration role is not one that UIKit defines (K3).
  public static let unknownSceneRole = DiagnosticCode("unknown-scene-role")
  /// Two scene configurations share a `UISceneConfigurationName` (K4 asks for unique names).
  public static let duplicateConfigurationName = DiagnosticCode("duplicate-configuration-name")
  /// A value is listed twice where once is meant (an activity type, a URL scheme).
  public static let duplicateValue = DiagnosticCode("duplicate-value")
  /// A URL scheme is not valid scheme syntax (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
  public static let invalidURLScheme = DiagnosticCode("invalid-url-scheme")
  /// An apple-app-site-association file has no `applinks` key, so it claims no universal links.
  public static let noAppLinks = DiagnosticCode("no-applinks")
  /// An app ID is not of the form `<TeamID>.<BundleID>` (L3).
  public static let invalidAppID = DiagnosticCode("invalid-app-id")
  /// A key the system reads but ignores in this place (`/`, `?`, `#` in `defaults`, AMB12;
  /// `paths` beside `components`, L15; a `?` dictionary with a non-string value, L16).
  public static let ignoredKey = DiagnosticCode("ignored-key")
  /// A pattern uses `$(name)` for a variable that is neither defined nor predefined; it never matches (L13).
  public static let undefinedSubstitutionVariable = DiagnosticCode("undefined-substitution-variable")
  /// A substitution variable's name or value breaks the rules of L13.
  public static let invalidSubstitutionVariable = DiagnosticCode("invalid-substitution-variable")
  /// A custom substitution variable has the name of a predefined one, and hides it (L13).
  public static let shadowedSubstitutionVariable = DiagnosticCode("shadowed-substitution-variable")
  /// An associated-domains entitlement entry is not `service:domain[?mode=…]` (L1).
  public static let invalidAssociatedDomain = DiagnosticCode("invalid-associated-domain")
}

// MARK: - App files and the table

extension DiagnosticCode {
  /// The table and a file it references say different things.
  public static let conflictingDeclaration = DiagnosticCode("conflicting-declaration")
  /// A URL route for a host or path the app's AASA files do not claim: it can never open the app.
  public static let deadRoute = DiagnosticCode("dead-route")
  /// An AASA file claims paths that no route handles: those links open the app and go nowhere.
  public static let unhandledLink = DiagnosticCode("unhandled-link")
  /// A route uses a URL scheme the app does not register.
  public static let unregisteredScheme = DiagnosticCode("unregistered-scheme")
  /// An activity route's type is not in NSUserActivityTypes.
  public static let undeclaredActivityType = DiagnosticCode("undeclared-activity-type")
  /// A link reaches a scene whose handlers do not know its route, and is lost (D3).
  public static let lostLink = DiagnosticCode("lost-link")
}
