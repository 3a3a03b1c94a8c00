package import RouterSupport

/// The build settings of one target in one configuration, resolved as Xcode resolves them.
///
/// Assignments are stacked lowest precedence first (``BuildSettingAssignment/Level``): Xcode's
/// defaults, the environment, the project's xcconfig, the project's settings, the target's
/// xcconfig, the target's settings, `--setting`. The value of a setting is its last assignment
/// whose conditions hold (`[sdk=iphoneos*]`, `[config=Debug]`, `[arch=arm64]`); within one level
/// a conditional assignment beats an unconditional one. References are expanded lazily, each in
/// the whole stack: `$(NAME)` and `${NAME}` the value of another setting (names may be built
/// from references: `$(ICON_$(CONFIGURATION))`), `$(inherited)` the value the same setting has
/// below this assignment (an earlier line of the same xcconfig, then lower levels), `$()` nothing.
/// Modifiers follow the name: `:lower`, `:upper`, `:rfc1034identifier` (every character but
/// letters, digits, `-` and `.` becomes `-`), `:c99extidentifier` and `:identifier` (every
/// character but letters, digits and `_` becomes `_`; a leading digit gets a `_`), `:base`,
/// `:file`, `:dir`, `:suffix` (path parts) and `:default=VALUE` (used when the value is empty).
///
/// A name nothing sets expands to nothing, as in Xcode, but the result says so
/// (``Resolution/unresolved``), so a caller reports it and does not use the value; a cycle of
/// references is reported the same way.
///
/// ```swift
/// let settings = BuildSettings([
///   .init(name: "PRODUCT_NAME", value: "My App", level: .target),
///   .init(name: "PRODUCT_BUNDLE_IDENTIFIER", value: "com.example.$(PRODUCT_NAME:rfc1034identifier)", level: .target),
/// ], context: .init(configuration: "Debug", sdk: "iphoneos"))
/// settings.value(of: "PRODUCT_BUNDLE_IDENTIFIER")?.text   // "com.example.My-App"
/// ```
package final class BuildSettings {
  /// What conditions are evaluated against.
  package struct Context: Sendable, Hashable {
    package var configuration: String
    /// The SDK name, such as `iphoneos`, `macosx` or `xros`.
    package var sdk: String
    /// The architecture `[arch=…]` conditions see.
    package var arch: String

    package init(configuration: String, sdk: String, arch: String = "arm64") {
      self.configuration = configuration
      self.sdk = sdk
      self.arch = arch
    }
  }

  /// A `$(NAME)` that nothing sets, and where it is written (nil: in the text the caller expanded).
  package struct Unresolved: Sendable, Hashable {
    package var name: String
    package var location: SourceLocation?
  }

  /// A setting a value refers to directly, with what it expanded to.
  package struct Reference: Sendable, Hashable {
    package var name: String
    package var value: String
    /// The assignment that gave it; nil when nothing sets it.
    package var assignment: BuildSettingAssignment?
  }

  /// A modifier the reader does not know, and where it is written.
  package struct UnknownModifier: Sendable, Hashable {
    package var modifier: String
    package var location: SourceLocation?
  }

  /// An expanded value and everything that went into it.
  package struct Resolution: Sendable, Hashable {
    /// The text as Xcode would produce it (an unset name expands to nothing).
    package var text: String
    /// The settings the text refers to directly, in order.
    package var references: [Reference] = []
    /// Every name, at any depth, that nothing sets (without a `:default=`).
    package var unresolved: [Unresolved] = []
    /// Every cycle met, each as the assignments around it.
    package var cycles: [[BuildSettingAssignment]] = []
    package var unknownModifiers: [UnknownModifier] = []

    /// Whether the text is what Xcode would build: no unset name, no cycle.
    package var isComplete: Bool { unresolved.isEmpty && cycles.isEmpty }

    mutating func absorb(_ inner: Resolution) {
      unresolved += inner.unresolved.filter { !unresolved.contains($0) }
      cycles += inner.cycles.filter { !cycles.contains($0) }
      unknownModifiers += inner.unknownModifiers.filter { !unknownModifiers.contains($0) }
    }
  }

  /// Every assignment, lowest precedence first.
  package let assignments: [BuildSettingAssignment]
  package let context: Context
  private var cache: [Int: Resolution] = [:]
  private var inProgress: [Int] = []

  package init(_ assignments: [BuildSettingAssignment], context: Context) {
    // Stable: by level, unconditional before conditional; file order otherwise.
    self.assignments = assignments.enumerated().sorted { a, b in
      let ka = (a.element.level.rawValue, a.element.conditions.isEmpty ? 0 : 1, a.offset)
      let kb = (b.element.level.rawValue, b.element.conditions.isEmpty ? 0 : 1, b.offset)
      return ka < kb
    }.map(\.element)
    self.context = context
  }

  /// Whether every condition of `assignment` holds in the context.
  package func applies(_ assignment: BuildSettingAssignment) -> Bool {
    assignment.conditions.allSatisfy { condition in
      switch condition.kind {
      case "sdk": Self.glob(condition.pattern, matches: context.sdk)
      case "config": Self.glob(condition.pattern, matches: context.configuration)
      case "arch": Self.glob(condition.pattern, matches: context.arch)
      case "variant": Self.glob(condition.pattern, matches: "normal")
      default: false
      }
    }
  }

  /// `*` matches any run of characters; everything else itself (`iphoneos*` matches `iphoneos`).
  static func glob(_ pattern: String, matches text: String) -> Bool {
    let p = Array(pattern.utf8)
    let t = Array(text.utf8)
    func match(_ i: Int, _ j: Int) -> Bool {
      if i == p.count { return j == t.count }
      if p[i] == UInt8(ascii: "*") { return (j...t.count).contains { match(i + 1, $0) } }
      return j < t.count && p[i] == t[j] && match(i + 1, j + 1)
    }
    return match(0, 0)
  }

  /// The index of the assignment that gives `name` its value below `limit` (all when nil).
  private func winner(_ name: String, below limit: Int? = nil) -> Int? {
    var k = (limit ?? assignments.count) - 1
    while k >= 0 {
      if assignments[k].name == name, applies(assignments[k]) { return k }
      k -= 1
    }
    return nil
  }

  /// The assignment that gives `name` its value, or nil when nothing sets it.
  package func assignment(of name: String) -> BuildSettingAssignment? {
    winner(name).map { assignments[$0] }
  }

  /// The expanded value of `name`, or nil when nothing sets it.
  package func value(of name: String) -> Resolution? {
    winner(name).map(evaluate)
  }

  /// Whether `name` is set to `YES` (Xcode's booleans; also `true` and `1`).
  package func isYes(_ name: String) -> Bool {
    guard let text = value(of: name)?.text.trimmingSpaces.lowercased() else { return false }
    return text == "yes" || text == "true" || text == "1"
  }

  /// Expands references in text that is not itself a setting (an Info.plist value); unset names
  /// are reported at `location`.
  package func expand(_ text: String, at location: SourceLocation? = nil) -> Resolution {
    expand(text, owner: nil, location: location)
  }

  private func evaluate(_ index: Int) -> Resolution {
    if let cached = cache[index] { return cached }
    if let start = inProgress.firstIndex(of: index) {
      let cycle = inProgress[start...].map { assignments[$0] } + [assignments[index]]
      return Resolution(text: "", cycles: [Array(cycle)])
    }
    inProgress.append(index)
    let result = expand(assignments[index].value, owner: index, location: assignments[index].location)
    inProgress.removeLast()
    cache[index] = result
    return result
  }

  private func expand(_ text: String, owner: Int?, location: SourceLocation?) -> Resolution {
    var result = Resolution(text: "")
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count,
        bytes[i + 1] == UInt8(ascii: "(") || bytes[i + 1] == UInt8(ascii: "{"),
        let close = Self.closing(bytes, from: i + 1)
      else {
        out.append(bytes[i])
        i += 1
        continue
      }
      var inner = String(decoding: bytes[(i + 2)..<close], as: UTF8.self)
      if inner.contains("$(") || inner.contains("${") {
        let nested = expand(inner, owner: owner, location: location)
        result.absorb(nested)
        result.references += nested.references
        inner = nested.text
      }
      out += Array(reference(inner, owner: owner, location: location, into: &result).utf8)
      i = close + 1
    }
    result.text = String(decoding: out, as: UTF8.self)
    return result
  }

  /// The offset of the `)` or `}` that closes the reference opened at `open`, nested ones counted.
  private static func closing(_ bytes: [UInt8], from open: Int) -> Int? {
    let opener = bytes[open]
    let closer = opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
    var depth = 0
    var k = open
    while k < bytes.count {
      if bytes[k] == opener { depth += 1 }
      if bytes[k] == closer {
        depth -= 1
        if depth == 0 { return k }
      }
      k += 1
    }
    return nil
  }

  /// The value of one reference's content, `NAME[:modifier…]`.
  private func reference(
    _ content: String, owner: Int?, location: SourceLocation?, into result: inout Resolution
  ) -> String {
    guard !content.isEmpty else { return "" }
    var parts = content.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(parts.removeFirst())
    let modifiers = Self.modifiers(parts.first.map(String.init) ?? "")
    let hasDefault = modifiers.contains { $0.hasPrefix("default=") }
    var value = ""
    if name == "inherited" {
      if let owner, let below = winner(assignments[owner].name, below: owner) {
        let inherited = evaluate(below)
        result.absorb(inherited)
        value = inherited.text
      }
    } else if let index = winner(name) {
      let resolved = evaluate(index)
      result.absorb(resolved)
      value = resolved.text
      result.references.append(Reference(name: name, value: value, assignment: assignments[index]))
    } else {
      result.references.append(Reference(name: name, value: "", assignment: nil))
      if !hasDefault {
        let missing = Unresolved(name: name, location: location)
        if !result.unresolved.contains(missing) { result.unresolved.append(missing) }
      }
    }
    for modifier in modifiers {
      value = apply(modifier, to: value, owner: owner, location: location, into: &result)
    }
    return value
  }

  /// `lower:rfc1034identifier` → ["lower", "rfc1034identifier"]; `default=` takes the rest.
  private static func modifiers(_ text: String) -> [String] {
    var out: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.hasPrefix("default=") {
        out.append(String(rest))
        break
      }
      let piece = rest.prefix { $0 != ":" && $0 != "," }
      out.append(String(piece))
      rest = rest.dropFirst(piece.count)
      if !rest.isEmpty { rest = rest.dropFirst() }
    }
    return out
  }

  private func apply(
    _ modifier: String, to value: String, owner: Int?, location: SourceLocation?, into result: inout Resolution
  ) -> String {
    switch modifier {
    case "lower": return value.lowercased()
    case "upper": return value.uppercased()
    case "rfc1034identifier":
      return String(value.map { Self.isRFC1034($0) ? $0 : "-" })
    case "c99extidentifier", "identifier":
      let replaced = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
      return replaced.first?.isNumber == true ? "_" + replaced : replaced
    case "base":
      let file = Self.lastComponent(value)
      return file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
    case "file": return Self.lastComponent(value)
    case "dir":
      return value.lastIndex(of: "/").map { String(value[...$0]) } ?? ""
    case "suffix":
      let file = Self.lastComponent(value)
      return file.lastIndex(of: ".").map { String(file[$0...]) } ?? ""
    default:
      if modifier.hasPrefix("default=") {
        guard value.isEmpty else { return value }
        let fallback = expand(String(modifier.dropFirst(8)), owner: owner, location: location)
        result.absorb(fallback)
        return fallback.text
      }
      let unknown = UnknownModifier(modifier: modifier, location: location)
      if !result.unknownModifiers.contains(unknown) { result.unknownModifiers.append(unknown) }
      return value
    }
  }

  private static func isRFC1034(_ c: Character) -> Bool {
    c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == ".")
  }

  private static func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
