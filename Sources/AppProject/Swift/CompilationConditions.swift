package import RouteTables
package import RouterSupport

/// Which `#if` branches a build for one platform compiles, so each platform's table sees its
/// own scenes.
///
/// Conditions are read with `!`, `&&`, `||` and parentheses over: `os(iOS)` (true on iOS,
/// iPadOS and Mac Catalyst, as in Swift), `os(macOS)`/`os(OSX)`, `os(visionOS)`/`os(xrOS)`,
/// `os(tvOS)`/`os(watchOS)`/`os(Linux)`… (false); `targetEnvironment(macCatalyst)`,
/// `targetEnvironment(simulator)` (false: a device build); `canImport(UIKit)` (the iOS family and
/// visionOS), `canImport(AppKit)` (macOS), `canImport(SwiftUI)`/`Foundation`/`Combine`/…
/// (true), `canImport` of any other module (true, reported as a guess); `swift(…)`,
/// `compiler(…)` (true: a current toolchain); `arch(arm64)` (true; other architectures false);
/// `DEBUG` and every other flag: true when `SWIFT_ACTIVE_COMPILATION_CONDITIONS` lists it;
/// `true`, `false`. Anything else is reported and read as false.
///
/// ```swift
/// let conditions = CompilationConditions(platform: .visionOS, flags: ["DEBUG"])
/// conditions.evaluate(SwiftLexer.tokens(of: SourceText(file: "c", text: "os(visionOS) && DEBUG")).tokens).value   // true
/// ```
package struct CompilationConditions: Sendable {
  package var platform: Platform
  package var flags: Set<String>

  package init(platform: Platform, flags: Set<String> = []) {
    self.platform = platform
    self.flags = flags
  }

  /// The value of a condition, and what in it was a guess (a `canImport` of an unknown
  /// module) or not understood.
  package struct Evaluation: Sendable {
    package var value: Bool
    package var guesses: [String] = []
    package var unknown: [String] = []
  }

  package func evaluate(_ tokens: [SwiftToken]) -> Evaluation {
    var parser = Parser(tokens: tokens, conditions: self)
    let value = parser.or()
    if parser.i < tokens.count { parser.unknown.append(tokens[parser.i...].map(\.text).joined()) }
    return Evaluation(value: value, guesses: parser.guesses, unknown: parser.unknown)
  }

  func os(_ name: String) -> Bool {
    switch name {
    case "iOS": [.iOS, .iPadOS, .macCatalyst].contains(platform)
    case "macOS", "OSX": platform == .macOS
    case "visionOS", "xrOS": platform == .visionOS
    default: false
    }
  }

  static let everywhere: Set<String> = [
    "SwiftUI", "Foundation", "Combine", "Observation", "SwiftData", "CoreData", "UniformTypeIdentifiers",
    "OSLog", "os", "CoreLocation", "MapKit", "StoreKit", "AVFoundation", "CloudKit", "UserNotifications",
    "RealityKit", "WidgetKit", "AppIntents", "Darwin", "CoreGraphics", "CoreImage", "PhotosUI", "Charts",
  ]

  func canImport(_ module: String) -> Bool? {
    switch module {
    case "UIKit": return platform != .macOS
    case "AppKit": return platform == .macOS
    case "ARKit": return [.iOS, .iPadOS, .visionOS].contains(platform)
    case "WatchKit", "TVUIKit", "Glibc", "Musl", "WinSDK": return false
    default: return Self.everywhere.contains(module) ? true : nil
    }
  }

  private struct Parser {
    let tokens: [SwiftToken]
    let conditions: CompilationConditions
    var i = 0
    var guesses: [String] = []
    var unknown: [String] = []

    init(tokens: [SwiftToken], conditions: CompilationConditions) {
      self.tokens = tokens
      self.conditions = conditions
    }

    var current: SwiftToken? { i < tokens.count ? tokens[i] : nil }

    mutating func or() -> Bool {
      var value = and()
      while current?.is("||") == true {
        i += 1
        let rhs = and()
        value = value || rhs
      }
      return value
    }

    mutating func and() -> Bool {
      var value = unary()
      while current?.is("&&") == true {
        i += 1
        let rhs = unary()
        value = value && rhs
      }
      return value
    }

    mutating func unary() -> Bool {
      if current?.is("!") == true {
        i += 1
        return !unary()
      }
      return primary()
    }

    /// The text of `( … )` after a function-like condition, without the parentheses.
    mutating func argument() -> String? {
      guard current?.is("(") == true else { return nil }
      i += 1
      var parts: [String] = []
      while let t = current, !t.is(")") {
        parts.append(t.text)
        i += 1
      }
      guard current?.is(")") == true else { return nil }
      i += 1
      return parts.joined()
    }

    mutating func primary() -> Bool {
      guard let t = current else {
        unknown.append("(nothing)")
        return false
      }
      if t.is("(") {
        i += 1
        let value = or()
        if current?.is(")") == true { i += 1 } else { unknown.append("(") }
        return value
      }
      guard t.kind == .identifier else {
        unknown.append(t.text)
        i += 1
        return false
      }
      i += 1
      switch t.text {
      case "true": return true
      case "false": return false
      case "os", "targetEnvironment", "canImport", "arch", "swift", "compiler", "hasFeature", "hasAttribute":
        guard let argument = argument() else {
          unknown.append(t.text)
          return false
        }
        switch t.text {
        case "os": return conditions.os(argument)
        case "targetEnvironment": return argument == "macCatalyst" && conditions.platform == .macCatalyst
        case "canImport":
          let module = String(argument.prefix { $0 != "," })
          if let known = conditions.canImport(module) { return known }
          guesses.append("canImport(\(argument))")
          return true
        case "arch": return argument == "arm64"
        case "swift", "compiler": return true
        default:
          unknown.append("\(t.text)(\(argument))")
          return false
        }
      default:
        return conditions.flags.contains(t.text)
      }
    }
  }
}

extension SwiftLexer {
  /// The tokens a build with `conditions` compiles: the directives evaluated and removed, the
  /// branches not taken left out. An unbalanced `#if` and a condition not understood are
  /// reported (once per place).
  package static func activeTokens(
    _ tokens: [SwiftToken], in source: SourceText, conditions: CompilationConditions, log: inout DiagnosticLog
  ) -> [SwiftToken] {
    struct Frame {
      var parentActive: Bool
      var taken: Bool
      var active: Bool
      var offset: Int
    }
    var stack: [Frame] = []
    var out: [SwiftToken] = []
    out.reserveCapacity(tokens.count)
    var active: Bool { stack.last?.active ?? true }
    func evaluate(_ token: SwiftToken, log: inout DiagnosticLog) -> Bool {
      let result = conditions.evaluate(token.condition)
      let text = token.condition.map(\.text).joined(separator: " ")
      for guess in result.guesses {
        log.note(
          .notFollowed, "'#\(token.text) \(text)': \(guess) is read as true (a module the reader does not know)",
          at: source.location(at: token.offset))
      }
      if !result.unknown.isEmpty {
        log.warning(
          .notFollowed,
          "'#\(token.text) \(text)' is not a condition the reader understands; the branch is read as not compiled",
          at: source.location(at: token.offset))
        return false
      }
      return result.value
    }
    for token in tokens {
      guard token.kind == .directive else {
        if active { out.append(token) }
        continue
      }
      switch token.text {
      case "if":
        let parent = active
        let value = parent && evaluate(token, log: &log)
        stack.append(Frame(parentActive: parent, taken: value, active: value, offset: token.offset))
      case "elseif":
        guard var frame = stack.popLast() else {
          log.error(.swiftSyntax, "#elseif without #if", at: source.location(at: token.offset))
          continue
        }
        let value = frame.parentActive && !frame.taken && evaluate(token, log: &log)
        frame.active = value
        frame.taken = frame.taken || value
        stack.append(frame)
      case "else":
        guard var frame = stack.popLast() else {
          log.error(.swiftSyntax, "#else without #if", at: source.location(at: token.offset))
          continue
        }
        frame.active = frame.parentActive && !frame.taken
        frame.taken = true
        stack.append(frame)
      default:
        if stack.popLast() == nil {
          log.error(.swiftSyntax, "#endif without #if", at: source.location(at: token.offset))
        }
      }
    }
    for frame in stack {
      log.error(.swiftSyntax, "this #if is not closed with #endif", at: source.location(at: frame.offset))
    }
    return out
  }
}
