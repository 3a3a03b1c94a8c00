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
    var origins = Origins()
    // The routes and their patterns read in place: a `for route in table.routes` copies each
    // route and each pattern (retaining every string and array they hold), which cost more
    // than the check itself.
    table.routes.withUnsafeBufferPointer { routes in
      for routeIndex in routes.indices {
        guard case .url(let patterns) = routes[routeIndex].trigger else { continue }
        patterns.withUnsafeBufferPointer { patterns in
          for patternIndex in patterns.indices {
            let pattern = patterns.baseAddress! + patternIndex
            guard let why = reason(pattern, origins: &origins) else { continue }
            out.append(diagnostic(pattern, route: routes.baseAddress! + routeIndex, why))
          }
        }
      }
    }
    return out
  }

  /// The `dead-pattern` error for `pattern` of `route`, saying why (what ``reason(_:origins:)`` returned).
  static func diagnostic(_ pattern: UnsafePointer<URLPattern>, route: UnsafePointer<Route>, _ why: String)
    -> Diagnostic
  {
    Diagnostic(
      .error, .deadPattern, "no URL can match '\(pattern.pointee.text)' (route '\(route.pointee.name)'): \(why)",
      at: pattern.pointee.location ?? route.pointee.location)
  }

  /// A pattern's scheme, host and port: what decides whether the reader accepts its URLs at all.
  struct Origin: Hashable {
    var scheme: String
    var host: HostPattern
    var port: Int?
  }

  /// The verdicts on the origins already read. A table's patterns come in runs of one origin
  /// (most tables have one or two), so the last origin and its verdict are kept apart and
  /// compared first: equal small strings compare by their bits, where a dictionary lookup
  /// hashes the scheme and the host of every pattern.
  struct Origins {
    var last: Origin?
    var lastVerdict: String?
    var hasLast = false
    var known: [Origin: String?] = [:]

    /// The verdict on the pattern's origin, read once for each distinct origin. `sameAsLast`
    /// says that the caller knows the origin is that of the last pattern it asked about (the
    /// compiler's host lookup compared them already), so nothing is compared again.
    mutating func verdict(_ pattern: UnsafePointer<URLPattern>, sameAsLast: Bool = false) -> String? {
      // (`last != nil` would copy the origin to compare it: a flag instead.)
      if sameAsLast && hasLast { return lastVerdict }
      if let last, last.port == pattern.pointee.port, last.scheme == pattern.pointee.scheme,
        last.host == pattern.pointee.host
      {
        return lastVerdict
      }
      let key = Origin(scheme: pattern.pointee.scheme, host: pattern.pointee.host, port: pattern.pointee.port)
      let verdict: String?
      if let stored = known[key] {
        verdict = stored
      } else {
        verdict = originReason(pattern.pointee)
        known[key] = .some(verdict)
      }
      last = key
      hasLast = true
      lastVerdict = verdict
      return verdict
    }
  }

  /// Why no URL can match the pattern, or nil when some can.
  static func reason(_ pattern: URLPattern) -> String? {
    var origins = Origins()
    return withUnsafePointer(to: pattern) { reason($0, origins: &origins) }
  }

  /// Why no URL can match `pattern`, or nil; `origins` holds the verdicts on the schemes, hosts
  /// and ports already read.
  ///
  /// The compiler, which reads every literal's bytes as it inserts the pattern, passes what it
  /// found: `literalsMayBeDead` false when no literal of the pattern holds a control byte or is
  /// a dot segment (nil: not known, the literals are tested here), and `sameOriginAsLast` when
  /// the pattern's scheme, host and port are those of the pattern before it.
  static func reason(
    _ pattern: UnsafePointer<URLPattern>, origins: inout Origins, literalsMayBeDead: Bool? = nil,
    sameOriginAsLast: Bool = false
  ) -> String? {
    switch pattern.pointee.host {
    case .exact, .subdomains:
      if let verdict = origins.verdict(pattern, sameAsLast: sameOriginAsLast) { return verdict }
    case .parameter, .valueSet, .none: break  // (a set's hosts are checked as it is parsed)
    }
    if pattern.pointee.segments.count <= PathSegments.maxCount
      && !(literalsMayBeDead ?? mayHoldDeadLiteral(pattern))
    {
      return nil
    }
    return literalReason(pattern.pointee)
  }

  /// Whether ``reason(_:origins:literalsMayBeDead:sameOriginAsLast:)`` is nil without reading
  /// the pattern's host: its origin is the last one's, whose verdict was nil; its literals hold
  /// no control byte or dot segment and it has no other literal; it has no more segments than
  /// a URL may. (The compiler's usual pattern: the host's enum is not copied to be read.)
  @inline(__always)
  static func isLiveLikeLast(
    _ pattern: UnsafePointer<URLPattern>, origins: Origins, literalsMayBeDead: Bool?, sameOriginAsLast: Bool
  ) -> Bool {
    sameOriginAsLast && origins.hasLast && origins.lastVerdict == nil && literalsMayBeDead == false
      && pattern.pointee.segments.count <= PathSegments.maxCount
  }

  /// Whether one literal path segment's UTF-8 bytes hold a control byte (below 0x20, or 0x7F)
  /// or, when `resolvesDots` (the URL has a host), are a dot segment: the test of
  /// ``mayHoldDeadLiteral(_:)`` for one segment, on bytes the caller already holds.
  @inline(__always)
  static func mayBeDeadSegment(_ bytes: UnsafeBufferPointer<UInt8>, resolvesDots: Bool) -> Bool {
    if resolvesDots && PlainBytes.isDotSegment(bytes) { return true }
    guard let base = bytes.baseAddress, bytes.count >= 8 else {
      for byte in bytes where byte < 0x20 || byte == 0x7F { return true }
      return false
    }
    // Eight bytes at a time, the last word overlapping the one before it.
    var i = 0
    while i &+ 8 < bytes.count {
      if controlMask(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) != 0 { return true }
      i &+= 8
    }
    return controlMask(UnsafeRawPointer(base + (bytes.count &- 8)).loadUnaligned(as: UInt64.self)) != 0
  }

  /// ``mayBeDeadSegment(_:resolvesDots:)`` for a literal of at most 16 bytes, read from its
  /// ``EdgeKey`` (its first eight bytes, zero-padded, and for more than eight its last eight):
  /// the compiler has the key in hand, so the bytes are not read again.
  @inline(__always)
  static func mayBeDeadKey(_ key: EdgeKey, length: Int, resolvesDots: Bool) -> Bool {
    if resolvesDots && ((length == 1 && key.head == 0x2E) || (length == 2 && key.head == 0x2E2E)) { return true }
    if length <= 8 {
      // Only the literal's own bytes (the padding is zeros, which are control bytes).
      let used: UInt64 = length == 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
      return controlMask(key.head) & used != 0
    }
    return controlMask(key.head) | controlMask(key.tail) != 0
  }

  /// The high bit of every byte of `w` that is a control byte (below 0x20, or 0x7F).
  @inline(__always)
  static func controlMask(_ w: UInt64) -> UInt64 {
    // Per byte, in seven-bit lanes (no carry crosses a lane): the high bit of a sum says whether
    // the low seven bits are at least 0x20, or are 0x7F; a byte with its own high bit set is
    // never a control byte.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low7 = w & 0x7F7F_7F7F_7F7F_7F7F
    let atLeastSpace = low7 &+ ones &* (0x80 - 0x20)
    let isDelete = low7 &+ ones
    return (~atLeastSpace | isDelete) & ~w & 0x8080_8080_8080_8080
  }

  /// Whether any literal of the pattern holds a control byte or (in a URL with a host) is a dot
  /// segment: one pass over the literals' UTF-8 bytes (a control character is one byte below
  /// 0x20 or 0x7F; every byte of a longer UTF-8 sequence is 0x80 or above). Nearly every
  /// pattern answers no; the few others get ``literalReason(_:)``, which says which literal.
  private static func mayHoldDeadLiteral(_ pattern: UnsafePointer<URLPattern>) -> Bool {
    var resolvesDots = true
    if case .none = pattern.pointee.host { resolvesDots = false }
    for segment in pattern.pointee.segments {
      switch segment {
      case .literal(let text):
        if hasControlByte(text) || (resolvesDots && isDotSegment(text)) { return true }
      case .optionalLiterals(let texts):
        for text in texts where hasControlByte(text) || (resolvesDots && isDotSegment(text)) { return true }
      case .valueSet(let set):
        for text in set.values where hasControlByte(text) || (resolvesDots && isDotSegment(text)) { return true }
      case .affixed(let affixed):
        for part in affixed.parts {
          if case .literal(let text) = part, hasControlByte(text) { return true }
        }
      case .parameter, .optional, .wildcard, .catchAll, .optionalCatchAll: break
      }
    }
    for constraint in pattern.pointee.query {
      if hasControlByte(constraint.name) { return true }
      if case .literal(let text) = constraint.value, hasControlByte(text) { return true }
    }
    if case .literal(let text)? = pattern.pointee.fragment, hasControlByte(text) { return true }
    return false
  }

  private static func isDotSegment(_ text: String) -> Bool { text == "." || text == ".." }

  /// Whether `text` holds a byte below 0x20 or 0x7F (its UTF-8 bytes read in place).
  private static func hasControlByte(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte == 0x7F { return true }
      return false
    }
  }

  /// The path and constraint half of ``reason(_:origins:)``: which literal no URL can hold, in
  /// the order the check has always reported them (the affixed segments' literal parts, then
  /// every literal segment in order, then the query and the fragment).
  private static func literalReason(_ pattern: URLPattern) -> String? {
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
    func segmentReason(_ text: String) -> String? {
      if resolvesDots && (text == "." || text == "..") {
        return "the path segment '\(text)' is a dot segment: dot segments are resolved before matching,"
          + " so no segment of a URL with a host is ever '\(text)'"
      }
      return controlCharacter(text)
    }
    for segment in pattern.segments {
      switch segment {
      case .literal(let text): if let bad = segmentReason(text) { return bad }
      case .optionalLiterals(let texts): for text in texts { if let bad = segmentReason(text) { return bad } }
      case .valueSet(let set): for text in set.values { if let bad = segmentReason(text) { return bad } }
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
    case .parameter, .valueSet, .none: return nil
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
