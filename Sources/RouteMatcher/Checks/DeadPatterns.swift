import RouteEvents
import RouteTables
import RouterSupport

/// Patterns no URL can match (`dead-pattern` errors): the parser accepts them, but the URL
/// reader or the matcher refuses every URL they describe, so the route would never be chosen
/// and nothing would say why.
///
/// - the scheme and host make no URL the reader accepts (`https:///x`: an empty host, which
///   every reader refuses for `https`), checked by reading `scheme://host[:port]/` itself;
/// - a path literal `.` or `..` in a URL with an authority (dot segments are resolved before
///   matching, so no segment is ever `.`);
/// - a literal (path segment, value of a set, optional group, text of an affixed segment, query
///   value, fragment) that decodes to a NUL or a control character (matching refuses them);
/// - more path segments than a URL may have (``PathSegments/maxCount``).
///
/// ```swift
/// DeadPatterns.diagnostics(table)   // t.json:7:14: error: no URL can match 'https:///x': … [dead-pattern]
/// ```
enum DeadPatterns {
  static func diagnostics(_ table: RouteTable) -> [Diagnostic] {
    var out: [Diagnostic] = []
    // The verdict on each scheme, host and port, read once: a table's patterns share a few
    // (reading `scheme://host/` for each of 100,000 patterns was most of compiling them).
    var origins: [Origin: String?] = [:]
    for route in table.routes {
      for pattern in route.urlPatterns {
        guard let why = reason(pattern, origins: &origins) else { continue }
        out.append(
          Diagnostic(
            .error, .deadPattern, "no URL can match '\(pattern.text)' (route '\(route.name)'): \(why)",
            at: pattern.location ?? route.location))
      }
    }
    return out
  }

  /// A pattern's scheme, host and port: what decides whether the reader accepts its URLs at all.
  struct Origin: Hashable {
    var scheme: String
    var host: HostPattern
    var port: Int?
  }

  /// Why no URL can match the pattern, or nil when some can.
  static func reason(_ pattern: URLPattern) -> String? {
    var origins: [Origin: String?] = [:]
    return reason(pattern, origins: &origins)
  }

  /// Why no URL can match `pattern`, or nil; `origins` holds the verdicts on the schemes, hosts
  /// and ports already read.
  static func reason(_ pattern: URLPattern, origins: inout [Origin: String?]) -> String? {
    switch pattern.host {
    case .exact, .subdomains:
      let key = Origin(scheme: pattern.scheme, host: pattern.host, port: pattern.port)
      let verdict: String?
      if let known = origins[key] {
        verdict = known
      } else {
        verdict = originReason(pattern)
        origins[key] = .some(verdict)
      }
      if let verdict { return verdict }
    case .parameter, .none: break
    }
    if pattern.segments.count > PathSegments.maxCount {
      return "it has \(pattern.segments.count) path segments; a URL may have at most \(PathSegments.maxCount)"
    }
    let resolvesDots = pattern.host != .none
    // The affixed segments' literal parts first, then every literal segment in order (no array
    // of the literals is gathered).
    for segment in pattern.segments {
      guard case .affixed(let affixed) = segment else { continue }
      for part in affixed.parts {
        if case .literal(let text) = part, let bad = controlCharacter(text) { return bad }
      }
    }
    func literalReason(_ text: String) -> String? {
      if resolvesDots && (text == "." || text == "..") {
        return "the path segment '\(text)' is a dot segment: dot segments are resolved before matching,"
          + " so no segment of a URL with a host is ever '\(text)'"
      }
      return controlCharacter(text)
    }
    for segment in pattern.segments {
      switch segment {
      case .literal(let text): if let bad = literalReason(text) { return bad }
      case .optionalLiterals(let texts): for text in texts { if let bad = literalReason(text) { return bad } }
      case .valueSet(let set): for text in set.values { if let bad = literalReason(text) { return bad } }
      default: break
      }
    }
    for constraint in pattern.query {
      if let bad = controlCharacter(constraint.name) { return bad }
      if case .literal(let text) = constraint.value, let bad = controlCharacter(text) { return bad }
    }
    if case .literal(let text)? = pattern.fragment, let bad = controlCharacter(text) { return bad }
    return nil
  }

  /// Why the reader refuses every URL with the pattern's scheme, host and port (it reads
  /// `scheme://host[:port]/` itself), or nil.
  private static func originReason(_ pattern: URLPattern) -> String? {
    var text: String
    switch pattern.host {
    case .exact(let host): text = pattern.scheme + "://" + host
    case .subdomains(let domain): text = pattern.scheme + "://a." + domain
    case .parameter, .none: return nil
    }
    if let port = pattern.port { text += ":\(port)" }
    text += "/"
    var bytes = Array(text.utf8)
    let result = bytes.withUnsafeMutableBufferPointer { URLSyntax.parse(UnsafeBufferPointer($0)) }
    if case .failure(let error) = result {
      return "every URL with this scheme and host is refused (\(error.message))"
    }
    return nil
  }

  private static func controlCharacter(_ text: String) -> String? {
    guard let c = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
    let hex = String(c.value, radix: 16, uppercase: true)
    let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    return "'\(text.debugDescription.dropFirst().dropLast())' decodes to the control character"
      + " U+\(code), which matching"
      + " refuses in every URL"
  }
}
