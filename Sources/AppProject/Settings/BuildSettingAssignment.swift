package import RouterSupport

/// One assignment of a build setting, `NAME[sdk=iphoneos*] = value`, with where it was written.
///
/// Assignments come from the project's `buildSettings`, `.xcconfig` files, the environment,
/// `--setting NAME=VALUE` and Xcode's own defaults; ``BuildSettings`` stacks them in Xcode's
/// order of precedence.
///
/// ```swift
/// let a = BuildSettingAssignment(parsingKey: "OTHER[config=Debug]", value: "x", level: .target)
/// a?.name         // "OTHER"
/// a?.conditions   // [.init(kind: "config", pattern: "Debug")]
/// ```
package struct BuildSettingAssignment: Sendable, Hashable {
  /// Where an assignment comes from, lowest precedence first.
  package enum Level: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// What Xcode sets itself (`TARGET_NAME`, `PRODUCT_MODULE_NAME`, …).
    case xcodeDefault
    /// The environment of `route-cli` (xcodebuild reads it below every project level).
    case environment
    /// The `.xcconfig` file of the project's build configuration.
    case projectXCConfig
    /// The project's `buildSettings` for the configuration.
    case project
    /// The `.xcconfig` file of the target's build configuration.
    case targetXCConfig
    /// The target's `buildSettings` for the configuration.
    case target
    /// `--setting NAME=VALUE` (xcodebuild's `NAME=VALUE` arguments).
    case commandLine

    package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How a message names the level.
    package var phrase: String {
      switch self {
      case .xcodeDefault: "Xcode's default"
      case .environment: "the environment"
      case .projectXCConfig: "the project's xcconfig"
      case .project: "the project's build settings"
      case .targetXCConfig: "the target's xcconfig"
      case .target: "the target's build settings"
      case .commandLine: "--setting"
      }
    }
  }

  /// One `[kind=pattern]` condition.
  package struct Condition: Sendable, Hashable {
    /// `sdk`, `config`, `arch` or another name.
    package var kind: String
    /// The pattern, `*` matching any run of characters.
    package var pattern: String
  }

  package var name: String
  package var conditions: [Condition]
  /// The value as written (an array of a pbxproj is joined with spaces).
  package var value: String
  package var level: Level
  /// Where the assignment is written; nil for defaults, the environment and the command line.
  package var location: SourceLocation?

  package init(
    name: String, conditions: [Condition] = [], value: String, level: Level, location: SourceLocation? = nil
  ) {
    self.name = name
    self.conditions = conditions
    self.value = value
    self.level = level
    self.location = location
  }

  /// Reads `NAME` or `NAME[kind=pattern][…]`; nil when the key is not of that form.
  package init?(parsingKey key: String, value: String, level: Level, location: SourceLocation? = nil) {
    let trimmed = key.trimmingSpaces
    var name = Substring(trimmed)
    var conditions: [Condition] = []
    if let open = trimmed.firstIndex(of: "[") {
      name = trimmed[..<open]
      var rest = trimmed[open...]
      while rest.first == "[" {
        guard let close = rest.firstIndex(of: "]") else { return nil }
        let body = rest[rest.index(after: rest.startIndex)..<close]
        guard let equals = body.firstIndex(of: "=") else { return nil }
        conditions.append(
          Condition(
            kind: String(body[..<equals]).trimmingSpaces,
            pattern: String(body[body.index(after: equals)...]).trimmingSpaces))
        rest = rest[rest.index(after: close)...]
      }
      guard rest.allSatisfy({ $0 == " " }) else { return nil }
    }
    guard BuildSettingAssignment.isName(name) else { return nil }
    self.init(name: String(name), conditions: conditions, value: value, level: level, location: location)
  }

  /// Whether `text` is a setting name: a letter or `_`, then letters, digits and `_`.
  package static func isName(_ text: some StringProtocol) -> Bool {
    guard let first = text.utf8.first, first == UInt8(ascii: "_") || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A)
    else { return false }
    return text.utf8.allSatisfy {
      $0 == UInt8(ascii: "_") || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A)
    }
  }

  /// `NAME = value (file:line:col)` or `NAME = value (the environment)`: an origin for people.
  package var origin: String {
    let key = conditions.isEmpty ? name : name + conditions.map { "[\($0.kind)=\($0.pattern)]" }.joined()
    let place = location.map { "\($0)" } ?? level.phrase
    return "\(key) = \(value) (\(place))"
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  package var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
    return String(s)
  }
}
