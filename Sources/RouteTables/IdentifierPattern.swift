public import RouterSupport

/// A pattern for an identifier string (a `targetContentIdentifier`, a quick action's `type`): the
/// segment affix language of URL patterns without the URL rules. Literal text compares exactly;
/// `{name}` or `{name:type}` captures; `{{` and `}}` are literal braces.
///
/// `item-{id:int}`, `{slug}-{id:int}`, `v{major:int}.{minor:int}` split as an affixed path segment
/// does (a text capture takes as much as it can, a typed one as little, every capture at least one
/// character); `{id}` takes the whole identifier; text without a capture is an exact identifier.
/// Nothing is percent-decoded and `/` is text like any other: an identifier is not a URL.
///
/// ```swift
/// let pattern = try IdentifierPattern(parsing: "room-{id:int}")
/// pattern.match("room-42")    // ["id": 42]
/// pattern.match("room-x")     // nil
/// ```
public struct IdentifierPattern: Sendable, Hashable {
  /// How specific a pattern is, the first key of its precedence.
  public enum Kind: Int, Sendable, Hashable, Comparable {
    /// `{id}`: any identifier.
    case capture = 1
    /// Literal text and captures: `item-{id}`.
    case affixed = 2
    /// Literal text only: one identifier.
    case literal = 3

    public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
  }

  /// The pattern as written.
  public var text: String
  /// The parts: literal text and captures, alternating.
  public var segment: AffixedSegment

  /// Reads a pattern, or throws every problem found in it, at UTF-8 offsets of `text`.
  public init(parsing text: String) throws(TemplateErrors) {
    self.text = text
    var errors: [TemplateError] = []
    let bytes = Array(text.utf8)
    var parts: [AffixedSegment.Part] = []
    var literal: [UInt8] = []
    var lastWasCapture = false
    var i = 0
    func fail(_ message: String, at offset: Int, _ code: DiagnosticCode = .invalidPattern) {
      errors.append(TemplateError(code, message, at: offset))
    }
    if bytes.isEmpty { fail("an identifier pattern cannot be empty", at: 0, .invalidValue) }
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "}") {
        if i + 1 < bytes.count && bytes[i + 1] == b {
          literal.append(b)
          i += 2
          continue
        }
        fail("unexpected '}': a capture is '{name}' or '{name:type}'; write '}}' for a literal '}'", at: i)
        i += 1
        continue
      }
      guard b == UInt8(ascii: "{") else {
        if b < 0x20 || b == 0x7F { fail("unexpected control character in an identifier pattern", at: i) }
        literal.append(b)
        i += 1
        continue
      }
      if i + 1 < bytes.count && bytes[i + 1] == b {
        literal.append(b)
        i += 2
        continue
      }
      if !literal.isEmpty {
        parts.append(.literal(String(decoding: literal, as: UTF8.self)))
        literal = []
      } else if lastWasCapture {
        fail(
          "two captures with nothing between them: no rule can tell where one ends; put literal text between them,"
            + " as in '{a}-{b}'", at: i)
      }
      guard let close = bytes[i...].firstIndex(of: UInt8(ascii: "}")) else {
        fail("unclosed '{': expected '}' to end the capture, as in '{name}'", at: i)
        break
      }
      let inner = i + 1..<close
      if inner.isEmpty {
        fail("empty capture '{}': expected a name, as in '{name}'", at: i)
      } else if let nested = bytes[inner].firstIndex(of: UInt8(ascii: "{")) {
        fail("unexpected '{' inside a capture: expected '}' first", at: nested)
      } else if let bad = bytes[inner].firstIndex(where: { "?*|[]".utf8.contains($0) }) {
        fail(
          "a capture in an identifier is '{name}' or '{name:type}'; optional, catch-all, list and value-set captures"
            + " belong to URL patterns", at: bad)
      } else if let parameter = Self.parameter(bytes, inner, &errors) {
        if parts.contains(where: {
          if case .capture(let p) = $0 { return p.name == parameter.name } else { return false }
        }) {
          fail("'\(parameter.name)' is captured twice in one identifier", at: inner.lowerBound)
        }
        parts.append(.capture(parameter))
        if parts.count > 2 * URLPattern.maxCapturesPerSegment + 1 {
          fail("at most \(URLPattern.maxCapturesPerSegment) captures in an identifier", at: i, .tableLimit)
        }
      }
      lastWasCapture = true
      i = close + 1
    }
    if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
    guard errors.isEmpty else { throw TemplateErrors(errors) }
    self.segment = AffixedSegment(parts: parts)
  }

  static func parameter(_ bytes: [UInt8], _ range: Range<Int>, _ errors: inout [TemplateError]) -> Parameter? {
    var nameEnd = range.upperBound
    var type = ParameterType.string
    if let c = bytes[range].firstIndex(of: UInt8(ascii: ":")) {
      nameEnd = c
      let typeName = String(decoding: bytes[(c + 1)..<range.upperBound], as: UTF8.self)
      guard let t = ParameterType(rawValue: typeName) else {
        let known = ParameterType.allCases.map(\.rawValue)
        errors.append(
          TemplateError(
            .unknownParameterType,
            "unknown parameter type '\(typeName)'; expected one of: \(known.joined(separator: ", "))"
              + EditDistance.didYouMean(typeName, among: known), at: c + 1))
        return nil
      }
      type = t
    }
    let name = String(decoding: bytes[range.lowerBound..<nameEnd], as: UTF8.self)
    guard ValueTemplate.isParameterName(name) else {
      errors.append(
        TemplateError(
          .invalidPattern,
          "expected a parameter name (a letter or '_', then letters, digits, '_', '-' or '.'), found '\(name)'",
          at: range.lowerBound))
      return nil
    }
    return Parameter(name: name, type: type)
  }

  /// The captured parameters, in order.
  public var parameters: [Parameter] { segment.parameters }

  /// How specific the pattern is.
  public var kind: Kind {
    let captures = parameters.count
    if captures == 0 { return .literal }
    return segment.parts.count == 1 ? .capture : .affixed
  }

  /// The captured values of an identifier that fits, or nil.
  public func match(_ identifier: String) -> JSONObject? {
    if kind == .literal { return identifier == literalText ? JSONObject() : nil }
    guard let values = segment.values(of: identifier) else { return nil }
    var out = JSONObject()
    for (name, value) in values { out[name] = value }
    return out
  }

  /// The literal text of a pattern without captures.
  var literalText: String {
    segment.parts.reduce(into: "") { text, part in
      if case .literal(let s) = part { text += s }
    }
  }

  /// Whether this pattern goes before `other` among routes otherwise equal: literal > affixed
  /// (more literal bytes first, then fewer captures) > a whole capture.
  public func precedes(_ other: IdentifierPattern) -> Bool {
    if kind != other.kind { return kind > other.kind }
    if segment.literalLength != other.segment.literalLength {
      return segment.literalLength > other.segment.literalLength
    }
    return parameters.count < other.parameters.count
  }

  /// The pattern with capture names left out, for telling patterns that take the same identifiers.
  public var shape: String {
    segment.parts.map { part -> String in
      switch part {
      case .literal(let s): return "L" + String(s.utf8.count) + ":" + s
      case .capture(let p): return "{" + p.type.rawValue + "}"
      }
    }.joined()
  }
}
