import RouteEvents
package import RouterSupport

/// Reading the URL pattern grammar:
///
/// ```
/// pattern   = scheme "://" host [":" port] *("/" segment) ["/"] ["?" query] ["#" fragment]
///           | scheme ":" ["/"] segment *("/" segment) ["/"] ["?" query] ["#" fragment]  ; no authority
/// host      = name | "*." name | "" | "{" name [":" type] "}"  ; "" for scheme:///path; a parameter
///                                                ; only on custom schemes
/// segment   = literal | "*" | "{" name [":" type] ["?" | "*" | "*?"] "}" | "{" name ":" set ["?"] "}"
/// set       = value "|" value *("|" value)       ; each value a non-empty literal, none repeated
///           | affixed                             ; literal text and captures in one segment
/// affixed   = [text] capture *(text capture) [text]  ; a text between any two captures
/// group     = "[" 1*("/" literal) "]"             ; in place of "/" segment: all present or all absent
/// capture   = "{" name [":" type] "}"
/// query     = item *("&" item)     item = key | key "=" literal | key "=" "{" name [":" type] ["[]"] ["?"] "}"
///                                  | key "=" affixed  ; "[]": every item with the key, as a list
/// fragment  = literal | "{" name [":" type] ["?"] "}"
///           | ("/" | "!/") segment *("/" segment) ["/"]   ; with a capture: matched as a path
/// type      = "string" | "int" | "uuid"
///           | setname                              ; a whole path segment only: `{box:tab}`, with
///                                                  ; "valueSets": {"tab": [...]} in the table
/// ```
extension URLPattern {
  /// The most optional segments one pattern may have (each doubles the compiled patterns).
  public static let maxOptionalSegments = 4
  /// The most patterns one pattern may expand into (its optional segments and value sets
  /// multiplied out: `{a:x|y}/{b?}` gives 2 × 2).
  public static let maxExpansions = 256
  /// The most captures one segment may hold (`{a}-{b}.{c}` holds three).
  public static let maxCapturesPerSegment = 8
  /// The most captures a pattern's host and path may hold together (one a parameter, one a
  /// catch-all, each of an affixed segment's): as many as a URL may have path segments, the
  /// room the matcher keeps for them.
  public static let maxPathCaptures = PathSegments.maxCount

  /// Parses a pattern, or throws every problem found in it.
  public init(parsing text: String) throws(TemplateErrors) {
    try self.init(parsing: text, valueSets: [:])
  }

  /// Parses a pattern whose path segments may name a value set of the table, or throws every
  /// problem found in it.
  ///
  /// ```swift
  /// let pattern = try URLPattern(parsing: "mail://box/{box:tab}", valueSets: ["tab": ["inbox", "sent"]])
  /// pattern.segments[0]   // .valueSet(ValueSet(name: "box", values: ["inbox", "sent"], declaredAs: "tab"))
  /// ```
  public init(parsing text: String, valueSets: [String: [String]]) throws(TemplateErrors) {
    var utf8 = text
    let result = utf8.withUTF8 { bytes -> Result<URLPattern, TemplateErrors> in
      // The usual form in one pass (it reads no value set).
      if let pattern = PlainPatternParser.parse(bytes, text: text, strings: nil, location: nil) {
        return .success(pattern)
      }
      var parser = URLPatternParser(text: text, bytes: bytes)
      parser.valueSets = valueSets
      guard let pattern = parser.parse(), parser.errors.isEmpty else { return .failure(TemplateErrors(parser.errors)) }
      return .success(pattern)
    }
    self = try result.get()
  }

  /// Parses a pattern from its UTF-8 bytes (valid UTF-8, as a JSON reader leaves a string
  /// without escapes), or returns nil if it has any problem: the same pattern as
  /// `URLPattern(parsing: String(decoding: bytes, as: UTF8.self), valueSets: valueSets)`,
  /// read where the bytes are (the table loader reads patterns in the table file's bytes).
  ///
  /// ```swift
  /// let pattern = URLPattern(utf8: buffer, valueSets: [:])   // nil: read it with `init(parsing:)` for the errors
  /// ```
  package init?(
    utf8 bytes: UnsafeBufferPointer<UInt8>, valueSets: [String: [String]], strings: ShortStringCache? = nil,
    location: SourceLocation? = nil
  ) {
    var origin = PlainPatternParser.Origin()
    self.init(utf8: bytes, valueSets: valueSets, strings: strings, location: location, origin: &origin)
  }

  /// ``init(utf8:valueSets:strings:location:)`` for one of a sequence of patterns (a table's):
  /// `origin` holds the last plain pattern's scheme, host and port, which a pattern that
  /// starts with the same bytes takes rather than reads again (and it records this one's).
  init?(
    utf8 bytes: UnsafeBufferPointer<UInt8>, valueSets: [String: [String]], strings: ShortStringCache?,
    location: SourceLocation?, origin: inout PlainPatternParser.Origin
  ) {
    let text = String(decoding: bytes, as: UTF8.self)
    // The text and the location moved into a plain pattern (kept for the full parser otherwise).
    if let form = PlainPatternParser.form(bytes, origin: origin) {
      self = PlainPatternParser.pattern(
        form, bytes, text: text, strings: strings, location: location, origin: &origin)
      return
    }
    var parser = URLPatternParser(text: text, bytes: bytes)
    parser.valueSets = valueSets
    parser.strings = strings
    parser.location = location
    guard let pattern = parser.parse(), parser.errors.isEmpty else { return nil }
    self = consume pattern
  }

  /// The pattern `text` has, read by one of the two parsers: the plain form's
  /// (``PlainPatternParser``, nil when the text is not of that form) or the full parser's
  /// (nil when the text has a problem). For tests that hold them to the same patterns.
  package static func parsed(_ text: String, plainParser: Bool, valueSets: [String: [String]] = [:]) -> URLPattern? {
    var utf8 = text
    return utf8.withUTF8 { bytes in
      if plainParser { return PlainPatternParser.parse(bytes, text: text, strings: nil, location: nil) }
      var parser = URLPatternParser(text: text, bytes: bytes)
      parser.valueSets = valueSets
      guard let pattern = parser.parse(), parser.errors.isEmpty else { return nil }
      return pattern
    }
  }

  /// The patterns of `texts` read one after another by the plain form's parser as a table's
  /// are (each pattern's origin compared with the last one's: ``PlainPatternParser/Origin``);
  /// nil for a text not of that form. For tests that hold them to patterns read alone.
  package static func parsedInSequence(_ texts: [String]) -> [URLPattern?] {
    var origin = PlainPatternParser.Origin()
    return texts.map { text in
      var utf8 = text
      return utf8.withUTF8 { bytes in
        guard let form = PlainPatternParser.form(bytes, origin: origin) else { return nil }
        return PlainPatternParser.pattern(form, bytes, text: text, strings: nil, location: nil, origin: &origin)
      }
    }
  }

  /// Reads one value of a named value set as a pattern writes it (percent escapes decoded), or
  /// throws what is wrong with it, at UTF-8 offsets of `text`.
  ///
  /// ```swift
  /// try URLPattern.valueSetMember("caf%C3%A9")   // "café"
  /// try URLPattern.valueSetMember("a/b")         // throws: a value is one path segment
  /// ```
  public static func valueSetMember(_ text: String) throws(TemplateErrors) -> String {
    var utf8 = text
    return try utf8.withUTF8 { bytes in valueSetMember(text, bytes) }.get()
  }

  private static func valueSetMember(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Result<
    String, TemplateErrors
  > {
    var parser = URLPatternParser(text: text, bytes: bytes)
    if bytes.isEmpty {
      return .failure(TemplateErrors([TemplateError(.invalidValue, "a value of a set cannot be empty", at: 0)]))
    }
    if let bad = bytes.firstIndex(where: { "{}?*:|/[]".utf8.contains($0) }) {
      return .failure(
        TemplateErrors([
          TemplateError(
            .invalidPattern,
            "unexpected '\(Character(Unicode.Scalar(bytes[bad])))' in a value of a set: a value is the text of one"
              + " path segment (write it percent-encoded)", at: bad)
        ]))
    }
    guard let value = parser.literalText(0..<bytes.count, what: "value of a set"), parser.errors.isEmpty else {
      return .failure(TemplateErrors(parser.errors))
    }
    return .success(value)
  }
}

/// The parser behind `URLPattern(parsing:)`; collects errors instead of stopping at the first.
struct URLPatternParser {
  let text: String
  /// The pattern's UTF-8 bytes (the text's, or where a table file holds them).
  let bytes: UnsafeBufferPointer<UInt8>
  var errors: [TemplateError] = []
  /// The table's named value sets, for `{box:tab}`.
  var valueSets: [String: [String]] = [:]
  /// A bit for each parameter name read (``parameterName(_:)``), and whether two names read
  /// had the same bit: when none had, no name is captured twice.
  var namesRead: UInt64 = 0
  var mayRepeatName = false
  /// The captures of the path's segments (``parsePath(_:)`` counts them).
  var pathCaptures = 0
  /// Where the short strings the pattern is made of are found again, when patterns are read
  /// one after another (a table's).
  var strings: ShortStringCache?
  /// Where the pattern is written, for the pattern made.
  var location: SourceLocation?
  /// The layout of the path read so far, while it fits one (``PathLayout``).
  var layout: PathLayout?
  /// Whether the last literal ``parseSegment(_:)`` read was plain bytes (its text is its bytes).
  var plainLiteral = false

  init(text: String, bytes: UnsafeBufferPointer<UInt8>) {
    self.text = text
    self.bytes = bytes
  }

  private mutating func fail(_ message: String, at offset: Int, _ code: DiagnosticCode = .invalidPattern) {
    errors.append(TemplateError(code, message, at: offset))
  }

  mutating func parse() -> URLPattern? {
    // Scheme.
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
      fail("expected a scheme, as in 'myapp://host/path' or 'https://example.com/path'", at: 0)
      return nil
    }
    let scheme = lowercasedText(0..<colon)
    if !isScheme(bytes[0..<colon]) {
      fail(
        "expected a scheme (a letter, then letters, digits, '+', '-' or '.'), found '\(text.prefix(while: { $0 != ":" }))'",
        at: 0)
    }
    guard colon + 2 < bytes.count + 1, bytes.count >= colon + 3,
      bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
    else {
      // No authority: a custom scheme's path right after the colon (`mailto:{address}`).
      let special = isSpecial(scheme)
      let empty =
        colon + 1 == bytes.count || bytes[colon + 1] == UInt8(ascii: "?") || bytes[colon + 1] == UInt8(ascii: "#")
      if special || empty {
        fail(
          special
            ? "expected '//' and a host after '\(scheme):', as in '\(scheme)://host/path'"
            : "expected a path after '\(scheme):', as in '\(scheme):path/{name}', or '//' and a host",
          at: colon + 1)
        return nil
      }
      return parseTail(scheme: scheme, host: .none, port: nil, pathStart: colon + 1)
    }
    // Authority: up to '/', '?', '#' or the end.
    let authorityStart = colon + 3
    var index = authorityStart
    var inBraces = false  // a host parameter's `?` or `*` is not the query (and is refused later)
    while index < bytes.count, inBraces || !isAuthorityEnd(bytes[index]),
      !(bytes[index] == UInt8(ascii: "[") && index > authorityStart)
    {
      if bytes[index] == UInt8(ascii: "{") { inBraces = true }
      if bytes[index] == UInt8(ascii: "}") { inBraces = false }
      if inBraces && bytes[index] == UInt8(ascii: "/") { break }
      index += 1
    }
    let (host, port) = parseAuthority(authorityStart..<index, scheme: scheme)
    return parseTail(scheme: scheme, host: host, port: port, pathStart: index)
  }

  /// The path (from `pathStart`, with or without a leading `/`), query and fragment.
  private mutating func parseTail(scheme: String, host: HostPattern, port: Int?, pathStart: Int) -> URLPattern? {
    // The path's end (the first '?' or '#' outside braces), its slashes, and the first '[' inside
    // braces, in one pass.
    var index = pathStart
    var inBraces = false
    var slashes = 0
    var listBracket: Int?
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "{") {
        inBraces = true
      } else if b == UInt8(ascii: "}") {
        inBraces = false
      } else if !inBraces && (b == UInt8(ascii: "?") || b == UInt8(ascii: "#")) {
        break
      } else if b == UInt8(ascii: "/") {
        slashes += 1
      } else if b == UInt8(ascii: "[") && inBraces && listBracket == nil {
        listBracket = index
      }
      index += 1
    }
    switch host {
    case .valueSet: layout = nil
    default: layout = pathStart <= 255 && bytes.count <= 255 ? PathLayout(originLength: UInt8(pathStart)) : nil
    }
    let (segments, trailingSlash) = parsePath(pathStart..<index, slashes: slashes, listBracket: listBracket)
    var captures = pathCaptures
    if case .parameter = host { captures += 1 }
    if captures > URLPattern.maxPathCaptures {
      fail(
        "at most \(URLPattern.maxPathCaptures) captures in a pattern's host and path, found \(captures)",
        at: pathStart, .tableLimit)
    }
    // Query.
    var query: [QueryConstraint] = []
    if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
      let queryStart = index + 1
      index = scan(from: queryStart, stoppingAt: UInt8(ascii: "#"), UInt8(ascii: "#"))
      query = parseQuery(queryStart..<index)
    }
    // Fragment.
    var fragment: ValueConstraint?
    if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
      fragment = parseValue(index + 1..<bytes.count, allowPresentOnly: false)
    }
    checkParameterNames(host: host, segments: segments, query: query, fragment: fragment)
    return URLPattern(
      text: text, scheme: scheme, host: host, port: port, segments: segments,
      trailingSlash: trailingSlash, query: query, fragment: fragment, location: location, layout: layout)
  }

  /// The text at `range`, lowercased (`String.lowercased()`; ASCII without upper-case letters,
  /// the usual scheme and host, is taken as it is).
  private func lowercasedText(_ range: Range<Int>) -> String {
    for i in range where bytes[i] &- UInt8(ascii: "A") < 26 || bytes[i] >= 0x80 {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self).lowercased()
    }
    return string(range)
  }

  /// The text of `range` (whose bytes are valid UTF-8: a pattern's, cut at ASCII bytes).
  private func string(_ range: Range<Int>) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    return strings?.smallOrCached(slice) ?? String(decoding: slice, as: UTF8.self)
  }

  /// The index of the first byte `stop` or `otherStop` outside `{…}` (a `?` inside braces marks an
  /// optional parameter, not the query), or the end.
  private func scan(from start: Int, stoppingAt stop: UInt8, _ otherStop: UInt8) -> Int {
    var index = start
    var inBraces = false
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "{") { inBraces = true }
      if b == UInt8(ascii: "}") { inBraces = false }
      if !inBraces && (b == stop || b == otherStop) { break }
      index += 1
    }
    return index
  }

  private func isScheme(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    guard let first = s.first, isAlpha(first) else { return false }
    return s.allSatisfy {
      isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
  }

  private mutating func parseAuthority(_ range: Range<Int>, scheme: String) -> (HostPattern, Int?) {
    var hostEnd = range.upperBound
    var port: Int?
    // The port's ':' comes after any host parameter (`{n:int}` holds a ':' of its own).
    let portSearch =
      (bytes[range].lastIndex(of: UInt8(ascii: "}")).map { $0 + 1 } ?? range.lowerBound)..<range.upperBound
    if let c = bytes[portSearch].lastIndex(of: UInt8(ascii: ":")) {
      hostEnd = c
      let digits = bytes[(c + 1)..<range.upperBound]
      if digits.isEmpty || !digits.allSatisfy(isDigit) {
        fail("expected a port number after ':'", at: c + 1)
      } else if digits.count <= 5, let value = Int(String(decoding: digits, as: UTF8.self)), value <= 65535 {
        port = value
      } else {
        fail("a port must be at most 65535", at: c + 1)
      }
    }
    var hostBytes = bytes[range.lowerBound..<hostEnd]
    if let at = hostBytes.firstIndex(of: UInt8(ascii: "@")) {
      fail("user names and passwords ('user@host') are not part of a pattern", at: at)
      return (.exact(""), port)
    }
    var wildcard = false
    if hostBytes.count >= 2, hostBytes.first == UInt8(ascii: "*"),
      bytes[hostBytes.startIndex + 1] == UInt8(ascii: ".")
    {
      wildcard = true
      hostBytes = hostBytes.dropFirst(2)
    }
    if let percent = hostBytes.firstIndex(of: UInt8(ascii: "%")) {
      // An opaque custom-scheme host (`myapp://caf%C3%A9`), compared as written with ASCII case
      // folded, as the reader keeps it (docs/url-reading.md).
      if isSpecial(scheme) {
        fail("a '%' in the host of a '\(scheme)' URL: browsers decode it, Foundation does not", at: percent)
        return (.exact(""), port)
      }
      let error = { (buffer: UnsafeBufferPointer<UInt8>) -> URLReadError? in
        let start = percent - hostBytes.startIndex
        if let raw = buffer[..<start].firstIndex(where: { $0 >= 0x80 }) {
          return URLReadError(.ambiguousURL, .mixedEncoding, at: raw, "")
        }
        return URLSyntax.checkCustomHostEscapes(buffer, from: start, to: buffer.count)
      }(UnsafeBufferPointer(rebasing: hostBytes))
      if let error {
        fail(
          "expected '%XX' escapes of non-ASCII UTF-8 only in the host (\(error.reason.rawValue)); write ASCII as itself",
          at: hostBytes.startIndex + error.offset)
        return (.exact(""), port)
      }
      let name = String(decoding: hostBytes, as: UTF8.self).lowercased()
      if wildcard { return (.subdomains(of: name), port) }
      return (.exact(name), port)
    }
    if let brace = hostBytes.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
      return (parseHostParameter(hostBytes.startIndex..<hostBytes.endIndex, brace: brace, scheme: scheme), port)
    }
    for i in hostBytes.startIndex..<hostBytes.endIndex {
      let b = bytes[i]
      if b == UInt8(ascii: "*") {
        fail("a host wildcard must be a whole first label, as in '*.example.com'", at: i)
        return (.exact(""), port)
      }
      let ok =
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
        || b >= 0x80
      if !ok {
        fail("unexpected character '\(Character(Unicode.Scalar(b)))' in a host", at: i)
        return (.exact(""), port)
      }
    }
    let lowered = lowercasedText(hostBytes.startIndex..<hostBytes.endIndex)
    let name: String
    if hostBytes.contains(where: { $0 >= 0x80 }) {
      guard let ascii = IDNA.toASCII(lowered) else {
        fail("cannot convert the host to its ASCII (IDNA) form", at: hostBytes.startIndex)
        return (.exact(""), port)
      }
      name = ascii
    } else {
      name = lowered
    }
    if wildcard {
      if name.isEmpty { fail("expected a domain after '*.'", at: hostBytes.startIndex) }
      return (.subdomains(of: name), port)
    }
    return (.exact(name), port)
  }

  /// A host that is a parameter, `myapp://{screen}/…` or `feed://{host}/{path*}`: the whole host,
  /// `{name}` or `{name:type}`, on a scheme that is not special (an https link's host is decided
  /// by the associated domains, so its routes name their hosts: `docs/table-format.md`).
  private mutating func parseHostParameter(_ range: Range<Int>, brace: Int, scheme: String) -> HostPattern {
    let special = isSpecial(scheme)
    if special {
      fail(
        "a host parameter is for custom schemes; a '\(scheme)' route names its host"
          + " (the associated domains decide which hosts reach the app): list each host, or write '*.example.com'",
        at: brace)
      return .exact("")
    }
    guard bytes[range.lowerBound] == UInt8(ascii: "{"), let close = bytes[range].firstIndex(of: UInt8(ascii: "}"))
    else {
      if bytes[brace] == UInt8(ascii: "{") {
        fail("unclosed '{': expected '}' to end the host parameter, as in '\(scheme)://{screen}/…'", at: brace)
      } else {
        fail("unexpected '}': a host parameter is the whole host, as in '\(scheme)://{screen}/…'", at: brace)
      }
      return .exact("")
    }
    guard close == range.upperBound - 1 else {
      fail(
        "a host parameter is the whole host, as in '\(scheme)://{screen}/…'; text around it in the host is not matched",
        at: brace == range.lowerBound ? close + 1 : brace)
      return .exact("")
    }
    let inner = range.lowerBound + 1..<close
    if inner.isEmpty {
      fail("empty host parameter '{}': expected a name, as in '\(scheme)://{screen}/…'", at: range.lowerBound)
      return .exact("")
    }
    if let bad = bytes[inner].firstIndex(where: { "?*{".utf8.contains($0) }) {
      let what: String
      switch bytes[bad] {
      case UInt8(ascii: "?"):
        what = "a host cannot be left out; for 'scheme:///path' write that pattern as well"
      case UInt8(ascii: "*"): what = "a host is one name; to take any host write '{name}'"
      default: what = "unexpected '{' inside the host parameter: expected '}' first"
      }
      fail(what, at: bad)
      return .exact("")
    }
    // `{kind:proxy|socks}`, or `{kind:kinds}` naming a set of the table: one literal host a value.
    if let colon = bytes[inner].firstIndex(of: UInt8(ascii: ":")) {
      if bytes[colon..<inner.upperBound].contains(UInt8(ascii: "|")) {
        guard
          case .valueSet(let set)? = parseValueSet(
            name: inner.lowerBound..<colon, values: colon + 1..<inner.upperBound, optional: false)
        else { return .exact("") }
        // Each value's offset (the set parsed, so its values are the '|'-separated parts in order).
        var starts = [colon + 1]
        for i in colon + 1..<inner.upperBound where bytes[i] == UInt8(ascii: "|") { starts.append(i + 1) }
        return hostValueSet(set, at: starts)
      }
      let setName = String(decoding: bytes[colon + 1..<inner.upperBound], as: UTF8.self)
      if ParameterType(rawValue: setName) == nil, let values = valueSets[setName] {
        guard let name = parameterName(inner.lowerBound..<colon) else { return .exact("") }
        return hostValueSet(ValueSet(name: name, values: values, declaredAs: setName), at: [colon + 1])
      }
    }
    guard let parameter = parseParameter(inner) else { return .exact("") }
    return .parameter(parameter)
  }

  /// A value set as the host of a custom scheme, once each value is checked to be a host: ASCII
  /// letters, digits, `-`, `.` and `_` (a literal host's characters; a non-ASCII host is written
  /// as its own pattern, which takes its IDNA form). A value's error is at `starts[k]` (the
  /// value's own offset in a listed set; the set's name, the one offset, for a named set).
  private mutating func hostValueSet(_ set: ValueSet, at starts: [Int]) -> HostPattern {
    var seen: Set<String> = []
    for (k, value) in set.values.enumerated() {
      let start = starts[min(k, starts.count - 1)]
      if !seen.insert(value.lowercased()).inserted {
        fail(
          "'\(value)' is listed twice in the set of '\(set.name)': hosts compare ASCII-case-insensitively",
          at: start)
        return .exact("")
      }
      let host = value.utf8.allSatisfy { isAlpha($0) || isDigit($0) || "-._".utf8.contains($0) }
      if !host || value.utf8.first == UInt8(ascii: ".") || value.utf8.last == UInt8(ascii: ".") {
        let from = set.declaredAs.map { " (in the set '\($0)')" } ?? ""
        fail(
          "'\(value)'\(from) cannot be a host: a host in a set holds ASCII letters, digits, '-', '.' and '_',"
            + " and neither starts nor ends with '.'; write another host as its own pattern", at: start)
        return .exact("")
      }
    }
    return .valueSet(set)
  }

  /// The segments of the path at `range`, whose `slashes` and first `[` inside braces the caller
  /// found, and whether it ends with `/`.
  private mutating func parsePath(_ range: Range<Int>, slashes: Int, listBracket: Int?) -> (
    [PathSegmentPattern], Bool
  ) {
    guard !range.isEmpty else { return ([], false) }
    // A '[' inside braces is a list binding (`{tags[]}`), which only a query value can be.
    if let listBracket {
      fail(
        "a list binding ('{name[]}') is for query values, as in '?tag={tags[]}'; a path segment holds one value"
          + " (for several segments write '{name*}')", at: listBracket)
      return ([], false)
    }
    var segments: [PathSegmentPattern] = []
    // One segment a '/' at most (groups hold several), so the array grows once.
    segments.reserveCapacity(slashes + 1)
    var trailingSlash = false
    // Skip the leading '/' (a path without an authority may have none).
    var start = bytes[range.lowerBound] == UInt8(ascii: "/") ? range.lowerBound + 1 : range.lowerBound
    var optionalCount = 0
    var expansions = 1
    var catchAllStart = range.lowerBound
    if range.count == 1 && start > range.lowerBound { return ([], false) }  // "/" alone is the root
    while start <= range.upperBound {
      if start < range.upperBound && bytes[start] == UInt8(ascii: "[") {
        layout = nil
        guard let (group, next) = parseGroup(from: start, in: range) else { return (segments, trailingSlash) }
        optionalCount += 1
        if optionalCount == URLPattern.maxOptionalSegments + 1 {
          fail("at most \(URLPattern.maxOptionalSegments) optional segments in one pattern", at: start, .tableLimit)
        }
        expansions = min(expansions * 2, URLPattern.maxExpansions + 1)
        segments.append(group)
        if next > range.upperBound { break }
        start = next
        continue
      }
      var end = start
      while end < range.upperBound, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "[") { end += 1 }
      if end < range.upperBound, bytes[end] == UInt8(ascii: "["), end > start {
        // A segment followed by a group: `shop[/sale]`.
        layout = nil
        if let segment = parseSegment(start..<end) {
          switch segment {
          case .parameter, .optional, .catchAll, .optionalCatchAll: pathCaptures += 1
          case .affixed(let affixed): pathCaptures += affixed.parameters.count
          case .literal, .wildcard, .optionalLiterals, .valueSet: break
          }
          segments.append(segment)
        }
        start = end
        continue
      }
      if start == end {
        if end == range.upperBound {
          trailingSlash = true
        } else {
          fail("empty path segment ('//'); a segment needs text, '*' or a parameter", at: start)
        }
      } else {
        switch segments.last {
        case .catchAll?, .optionalCatchAll?:
          fail("a catch-all ('{name*}' or '{name*?}') must be the last segment", at: catchAllStart)
        default: break
        }
        if bytes[start] == UInt8(ascii: "{"), bytes[end - 1] == UInt8(ascii: "}"), end - start > 2,
          bytes[end - 2] == UInt8(ascii: "*")
            || (end - start > 3 && bytes[end - 3] == UInt8(ascii: "*") && bytes[end - 2] == UInt8(ascii: "?"))
        {
          catchAllStart = start
        }
        if let segment = parseSegment(start..<end) {
          if case .optional = segment {
            optionalCount += 1
            if optionalCount == URLPattern.maxOptionalSegments + 1 {
              fail("at most \(URLPattern.maxOptionalSegments) optional segments in one pattern", at: start, .tableLimit)
            }
          }
          let before = expansions
          var kind: PathLayout.Kind?
          switch segment {
          case .optional, .optionalCatchAll:
            expansions *= 2
            pathCaptures += 1
          case .parameter(let p):
            pathCaptures += 1
            kind = p.type == .int ? .int : p.type == .uuid ? .uuid : .string
          case .catchAll:
            pathCaptures += 1
            kind = .catchAll
          case .affixed(let affixed): pathCaptures += affixed.parameters.count
          case .valueSet(let set): expansions *= set.values.count + (set.isOptional ? 1 : 0)
          case .literal: kind = plainLiteral ? .literal : nil
          case .wildcard: kind = .wildcard
          case .optionalLiterals: break
          }
          if let kind, layout?.append(kind, start..<end) == true {
          } else {
            layout = nil
          }
          if before <= URLPattern.maxExpansions && expansions > URLPattern.maxExpansions {
            fail(
              "this pattern expands into \(expansions) patterns here (value sets and optional segments multiply);"
                + " at most \(URLPattern.maxExpansions)", at: start, .tableLimit)
          }
          // Past the limit the count stays just above it: reported once, and no overflow
          // however many optional segments follow (fuzz-table crash-518a3377: 64 of them).
          expansions = min(expansions, URLPattern.maxExpansions + 1)
          segments.append(segment)
        }
      }
      start = end + 1
    }
    return (segments, trailingSlash)
  }

  /// Where the first brace (`{` or `}`) of `range` is, and whether the braces are exactly one
  /// `{` at its start and one `}` at its end (the whole of it one capture), without collecting them.
  private func braceShape(_ range: Range<Int>) -> (first: Int?, whole: Bool) {
    var first: Int?
    var second: Int?
    var count = 0
    for i in range where bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "}") {
      count += 1
      if first == nil { first = i } else if second == nil { second = i }
    }
    guard count == 2, let first, let second else { return (first, false) }
    let whole = first == range.lowerBound && second == range.upperBound - 1 && bytes[first] == UInt8(ascii: "{")
    return (first, whole)
  }

  private mutating func parseSegment(_ range: Range<Int>) -> PathSegmentPattern? {
    // A literal of plain bytes (the usual segment) in one pass: the checks below find nothing in it.
    if range.count > 1 || bytes[range.lowerBound] != UInt8(ascii: "*") {
      var plain = true
      for i in range where !isPlainLiteralByte(bytes[i]) {
        plain = false
        break
      }
      if plain {
        plainLiteral = true
        return .literal(string(range))
      }
    }
    plainLiteral = false
    let seg = bytes[range]
    if seg.count == 1 && seg.first == UInt8(ascii: "*") { return .wildcard }
    // A brace that is not the first or the last byte: literal text and captures in one segment.
    let braces = braceShape(range)
    if braces.first != nil && !braces.whole { return parseAffixed(range) }
    if seg.first == UInt8(ascii: "{") {
      guard seg.last == UInt8(ascii: "}") else {
        fail("a parameter must be a whole segment, as in '{name}'", at: range.lowerBound)
        return nil
      }
      var inner = range.lowerBound + 1..<range.upperBound - 1
      var suffix: UInt8?
      var mayBeEmpty = false  // `{name*?}`
      if let last = inner.last, bytes[last] == UInt8(ascii: "?") || bytes[last] == UInt8(ascii: "*") {
        suffix = bytes[last]
        inner = inner.lowerBound..<last
        if suffix == UInt8(ascii: "?"), let star = inner.last, bytes[star] == UInt8(ascii: "*") {
          suffix = UInt8(ascii: "*")
          mayBeEmpty = true
          inner = inner.lowerBound..<star
        }
      }
      if let colon = bytes[inner].firstIndex(of: UInt8(ascii: ":")),
        bytes[colon..<inner.upperBound].contains(UInt8(ascii: "|"))
      {
        if suffix == UInt8(ascii: "*") {
          fail(
            "a catch-all cannot be a value set; list the values of one segment, as in '{tab:a|b}'", at: inner.upperBound
          )
          return nil
        }
        return parseValueSet(
          name: inner.lowerBound..<colon, values: colon + 1..<inner.upperBound,
          optional: suffix != nil)
      }
      if let colon = bytes[inner].firstIndex(of: UInt8(ascii: ":")) {
        let setName = String(decoding: bytes[colon + 1..<inner.upperBound], as: UTF8.self)
        if ParameterType(rawValue: setName) == nil, let values = valueSets[setName] {
          return namedValueSet(
            name: inner.lowerBound..<colon, set: setName, values: values, suffix: suffix, at: colon + 1)
        }
      }
      guard let parameter = parseParameter(inner) else { return nil }
      switch suffix {
      case UInt8(ascii: "?"): return .optional(parameter)
      case UInt8(ascii: "*"):
        if parameter.type != .string {
          fail("a catch-all captures text; it cannot have a type", at: inner.lowerBound)
        }
        return mayBeEmpty ? .optionalCatchAll(parameter.name) : .catchAll(parameter.name)
      default: return .parameter(parameter)
      }
    }
    guard let literal = literalText(range, what: "path segment") else { return nil }
    return .literal(literal)
  }

  /// `{box:tab}` (or `{box:tab?}`): a segment that is one of the values of the table's set `tab`,
  /// the same trie edges as the values written in the pattern.
  private mutating func namedValueSet(
    name nameRange: Range<Int>, set: String, values: [String], suffix: UInt8?, at setStart: Int
  ) -> PathSegmentPattern? {
    if suffix == UInt8(ascii: "*") {
      fail("a catch-all cannot be a value set; '{name:\(set)}' is one segment", at: setStart)
      return nil
    }
    guard let name = parameterName(nameRange) else { return nil }
    return .valueSet(ValueSet(name: name, values: values, isOptional: suffix != nil, declaredAs: set))
  }

  /// An optional group `[/a/b]` starting at `start`: the segment and where the next segment
  /// starts (past `upperBound` when the group ends the path), or nil after an error.
  private mutating func parseGroup(from start: Int, in range: Range<Int>) -> (PathSegmentPattern, Int)? {
    var close = start + 1
    while close < range.upperBound, bytes[close] != UInt8(ascii: "]") {
      if bytes[close] == UInt8(ascii: "[") {
        fail("groups do not nest; close the group with ']' first", at: close)
        return nil
      }
      close += 1
    }
    guard close < range.upperBound else {
      fail("unclosed '[': an optional group is '[/segment]', as in '[/en]/products'", at: start)
      return nil
    }
    guard close > start + 1 else {
      fail("empty group '[]': an optional group holds literal segments, as in '[/en]'", at: start)
      return nil
    }
    guard bytes[start + 1] == UInt8(ascii: "/") else {
      fail("expected '/' after '[': an optional group is '[/segment]', as in '[/en]/products'", at: start + 1)
      return nil
    }
    var literals: [String] = []
    var segmentStart = start + 2
    while segmentStart <= close {
      var end = segmentStart
      while end < close, bytes[end] != UInt8(ascii: "/") { end += 1 }
      if end == segmentStart {
        fail("empty path segment in a group; a group holds literal segments", at: segmentStart)
        return nil
      }
      if let brace = bytes[segmentStart..<end].firstIndex(where: { "{}*".utf8.contains($0) }) {
        fail(
          "an optional group holds literal segments; for an optional parameter write '{name?}'", at: brace)
        return nil
      }
      guard let text = literalText(segmentStart..<end, what: "path segment") else { return nil }
      literals.append(text)
      segmentStart = end + 1
    }
    let after = close + 1
    if after == range.upperBound { return (.optionalLiterals(literals), range.upperBound + 1) }
    switch bytes[after] {
    case UInt8(ascii: "/"):
      // `[/en]/` at the end is a trailing slash; otherwise the next segment follows.
      return (.optionalLiterals(literals), after + 1)
    case UInt8(ascii: "["): return (.optionalLiterals(literals), after)
    default:
      fail("expected '/' or the end of the path after ']'", at: after)
      return nil
    }
  }

  /// Literal text and `{name[:type]}` captures in one segment, with a literal between any two
  /// captures.
  private mutating func parseAffixed(_ range: Range<Int>) -> PathSegmentPattern? {
    parseAffixedParts(range, inQuery: false).map { .affixed($0) }
  }

  /// The parts of an affixed segment or query value (`item-{id:int}`).
  private mutating func parseAffixedParts(_ range: Range<Int>, inQuery: Bool) -> AffixedSegment? {
    let what = inQuery ? "value" : "path segment"
    let place = inQuery ? "a query value" : "a segment"
    var parts: [AffixedSegment.Part] = []
    var i = range.lowerBound
    var literalStart = i
    var lastWasCapture = false
    var captureCount = 0
    while i < range.upperBound {
      let b = bytes[i]
      if b == UInt8(ascii: "}") {
        fail("unexpected '}': a capture inside \(place) is '{name}' or '{name:type}'", at: i)
        return nil
      }
      guard b == UInt8(ascii: "{") else {
        i += 1
        continue
      }
      if literalStart < i {
        guard let text = literalText(literalStart..<i, what: what) else { return nil }
        parts.append(.literal(text))
      } else if lastWasCapture {
        fail(
          "two captures with nothing between them: no rule can tell where one ends; put literal text between them,"
            + " as in '{a}-{b}'", at: i)
        return nil
      }
      guard let close = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: "}")) else {
        fail("unclosed '{': expected '}' to end the capture, as in '{name}'", at: i)
        return nil
      }
      let inner = i + 1..<close
      if inner.isEmpty {
        fail("empty capture '{}': expected a name, as in '{name}'", at: i)
        return nil
      }
      if let nested = bytes[inner].firstIndex(of: UInt8(ascii: "{")) {
        fail("unexpected '{' inside a capture: expected '}' first", at: nested)
        return nil
      }
      if bytes[inner].contains(where: { "?*|[]".utf8.contains($0) }) {
        fail(
          inQuery
            ? "a capture inside a query value is '{name}' or '{name:type}'; optional, list and value-set captures"
              + " must be the whole value"
            : "a capture inside a segment is '{name}' or '{name:type}'; optional, catch-all and value-set captures"
              + " must be a whole segment", at: inner.lowerBound)
        return nil
      }
      guard let parameter = parseParameter(inner) else { return nil }
      captureCount += 1
      if captureCount > URLPattern.maxCapturesPerSegment {
        fail("at most \(URLPattern.maxCapturesPerSegment) captures in \(place)", at: i, .tableLimit)
        return nil
      }
      parts.append(.capture(parameter))
      lastWasCapture = true
      i = close + 1
      literalStart = i
    }
    if literalStart < range.upperBound {
      guard let text = literalText(literalStart..<range.upperBound, what: what) else { return nil }
      parts.append(.literal(text))
    }
    return AffixedSegment(parts: parts)
  }

  /// `{name:a|b|c}` (the name and the values' ranges): a parameter restricted to listed values.
  private mutating func parseValueSet(name nameRange: Range<Int>, values range: Range<Int>, optional: Bool)
    -> PathSegmentPattern?
  {
    guard let name = parameterName(nameRange) else { return nil }
    var values: [String] = []
    var ok = true
    var start = range.lowerBound
    while start <= range.upperBound {
      var end = start
      while end < range.upperBound, bytes[end] != UInt8(ascii: "|") { end += 1 }
      if start == end {
        fail("empty value in the set of '\(name)'; expected a value between '|'s, as in '{\(name):a|b}'", at: start)
        ok = false
      } else if bytes[start..<end].contains(where: { "{}?*:".utf8.contains($0) }) {
        let bad = bytes[start..<end].firstIndex(where: { "{}?*:".utf8.contains($0) })!
        fail("unexpected '\(Character(Unicode.Scalar(bytes[bad])))' in a value of the set of '\(name)'", at: bad)
        ok = false
      } else if let value = literalText(start..<end, what: "value of a set") {
        if values.contains(value) {
          fail("'\(value)' is listed twice in the set of '\(name)'", at: start)
          ok = false
        } else {
          values.append(value)
        }
      } else {
        ok = false
      }
      start = end + 1
    }
    guard ok else { return nil }
    return .valueSet(ValueSet(name: name, values: values, isOptional: optional))
  }

  /// Decodes a literal (percent escapes allowed); rejects braces and '*' inside it.
  ///
  /// A literal without escapes (the usual case) becomes a string straight from the pattern's
  /// bytes; only one with escapes is decoded into a buffer first.
  mutating func literalText(_ range: Range<Int>, what: String) -> String? {
    var escaped = false
    var ascii = true
    var i = range.lowerBound
    while i < range.upperBound {
      let b = bytes[i]
      if b == UInt8(ascii: "{") || b == UInt8(ascii: "}") {
        fail("a parameter must be a whole \(what), as in '{name}'", at: i)
        return nil
      }
      if b == UInt8(ascii: "*") {
        fail("'*' must be a whole path segment (one-segment wildcard)", at: i)
        return nil
      }
      if (b == UInt8(ascii: "[") || b == UInt8(ascii: "]")) && what == "path segment" {
        fail(
          "'[' and ']' mark an optional group, as in '[/en]/products'; write them as %5B and %5D in a literal", at: i)
        return nil
      }
      if b == UInt8(ascii: "%") {
        guard hexValue(bytes, i + 1, range) != nil, hexValue(bytes, i + 2, range) != nil
        else {
          fail("'%' must start a percent escape of two hexadecimal digits", at: i)
          return nil
        }
        escaped = true
        i += 3
        continue
      }
      if b < 0x20 || b == 0x7F || b == UInt8(ascii: " ") {
        fail("unexpected control character or space in a \(what); write it percent-encoded", at: i)
        return nil
      }
      if b >= 0x80 { ascii = false }
      i += 1
    }
    let text: String?
    if escaped {
      var out: [UInt8] = []
      out.reserveCapacity(range.count)
      var j = range.lowerBound
      while j < range.upperBound {
        if bytes[j] == UInt8(ascii: "%"), let hi = hexValue(bytes, j + 1, range), let lo = hexValue(bytes, j + 2, range)
        {
          out.append(hi << 4 | lo)
          j += 3
        } else {
          out.append(bytes[j])
          j += 1
        }
      }
      text = String(validating: out, as: UTF8.self)
    } else {
      let slice = UnsafeBufferPointer(rebasing: bytes[range])
      // ASCII is valid UTF-8 as it is.
      text = ascii ? string(range) : String(validating: slice, as: UTF8.self)
    }
    guard let s = text else {
      fail("the decoded \(what) is not valid UTF-8", at: range.lowerBound)
      return nil
    }
    return s
  }

  private func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ range: Range<Int>) -> UInt8? {
    guard i < range.upperBound else { return nil }
    let b = bytes[i]
    if isDigit(b) { return b - UInt8(ascii: "0") }
    let l = b | 0x20
    if l >= UInt8(ascii: "a") && l <= UInt8(ascii: "f") { return l - UInt8(ascii: "a") + 10 }
    return nil
  }

  private mutating func parseParameter(_ range: Range<Int>) -> Parameter? {
    let inner = bytes[range]
    var nameEnd = range.upperBound
    var type = ParameterType.string
    if let c = inner.firstIndex(of: UInt8(ascii: ":")) {
      nameEnd = c
      let typeName = String(decoding: bytes[(c + 1)..<range.upperBound], as: UTF8.self)
      guard let t = ParameterType(rawValue: typeName) else {
        if valueSets[typeName] != nil {
          fail(
            "the value set '\(typeName)' is for a whole path segment, as in '/{name:\(typeName)}'; here write"
              + " '{name}' or a type", at: c + 1)
          return nil
        }
        let known = ParameterType.allCases.map(\.rawValue).joined(separator: ", ")
        let sets = valueSets.keys.sorted()
        let named = sets.isEmpty ? "" : ", a value set of the table (\(sets.joined(separator: ", ")))"
        let hint =
          sets.isEmpty ? "" : EditDistance.didYouMean(typeName, among: ParameterType.allCases.map(\.rawValue) + sets)
        fail(
          "unknown parameter type '\(typeName)'; expected one of: \(known)\(named), or values to choose from as in"
            + " '{tab:inbox|sent}'\(hint.isEmpty ? "" : "." + hint)",
          at: c + 1, .unknownParameterType)
        return nil
      }
      type = t
    }
    guard let name = parameterName(range.lowerBound..<nameEnd) else { return nil }
    return Parameter(name: name, type: type)
  }

  /// The parameter name written at `range`, or nil after an error at its start.
  private mutating func parameterName(_ range: Range<Int>) -> String? {
    let name = UnsafeBufferPointer(rebasing: bytes[range])
    guard ValueTemplate.isParameterName(name) else {
      fail(
        "expected a parameter name (a letter or '_', then letters, digits, '_', '-' or '.'), found"
          + " '\(String(decoding: name, as: UTF8.self))'", at: range.lowerBound)
      return nil
    }
    // A bit of a 64-bit set for each name read: a name whose bit is set already may repeat one.
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    let bit: UInt64 = 1 &<< (hash &>> 58)
    if namesRead & bit != 0 { mayRepeatName = true }
    namesRead |= bit
    return string(range)
  }

  private mutating func parseQuery(_ range: Range<Int>) -> [QueryConstraint] {
    var constraints: [QueryConstraint] = []
    var start = range.lowerBound
    while start <= range.upperBound {
      var end = start
      while end < range.upperBound, bytes[end] != UInt8(ascii: "&") { end += 1 }
      if start == end {
        fail("empty query item; expected 'key', 'key=value' or 'key={name}'", at: start)
      } else {
        var keyEnd = end
        if let eq = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) { keyEnd = eq }
        if let key = literalText(start..<keyEnd, what: "query key") {
          if key.isEmpty {
            fail("expected a query key before '='", at: start)
          } else if constraints.contains(where: { $0.name == key }) {
            fail("query key '\(key)' is constrained twice", at: start)
          } else if keyEnd == end {
            constraints.append(QueryConstraint(name: key, value: .present))
          } else if let value = parseValue(keyEnd + 1..<end, allowPresentOnly: true) {
            constraints.append(QueryConstraint(name: key, value: value))
          }
        }
      }
      start = end + 1
    }
    return constraints
  }

  /// A literal or a `{name[:type][?]}` capture, for a query value or the fragment.
  private mutating func parseValue(_ range: Range<Int>, allowPresentOnly: Bool) -> ValueConstraint? {
    if !allowPresentOnly, let path = parseFragmentPath(range) { return path }
    // Text around a capture (`item-{id}`), or several captures: an affixed value.
    let braces = braceShape(range)
    if let firstBrace = braces.first, !braces.whole {
      guard allowPresentOnly else {
        fail(
          "text around a capture is for path segments and query values; the fragment is '{name}', a literal, or a"
            + " path such as '#/item/{id}'", at: firstBrace)
        return nil
      }
      return parseAffixedParts(range, inQuery: true).map { .affixed($0) }
    }
    if range.first.map({ bytes[$0] == UInt8(ascii: "{") }) == true {
      guard let last = range.last, bytes[last] == UInt8(ascii: "}") else {
        fail("a parameter must be the whole value, as in '{name}'", at: range.lowerBound)
        return nil
      }
      var inner = range.lowerBound + 1..<range.upperBound - 1
      var required = true
      if let l = inner.last, bytes[l] == UInt8(ascii: "?") {
        required = false
        inner = inner.lowerBound..<l
      }
      // `{tags[]}`: every item with the key, as a list.
      var isList = false
      if inner.count >= 2, bytes[inner.upperBound - 2] == UInt8(ascii: "["),
        bytes[inner.upperBound - 1] == UInt8(ascii: "]")
      {
        if !allowPresentOnly {
          fail(
            "a list binding ('{name[]}') is for query values, whose keys repeat; a fragment holds one value",
            at: inner.upperBound - 2)
          return nil
        }
        isList = true
        inner = inner.lowerBound..<inner.upperBound - 2
        if let l = inner.last, bytes[l] == UInt8(ascii: "?") {
          fail("an optional list is '{name[]?}': write '?' after '[]'", at: l)
          return nil
        }
      } else if let bracket = bytes[inner].firstIndex(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) {
        fail("expected '[]' at the end of a list binding, as in '{tags[]}' or '{ids:int[]}'", at: bracket)
        return nil
      }
      if let colon = bytes[inner].firstIndex(of: UInt8(ascii: ":")),
        let bar = bytes[colon..<inner.upperBound].firstIndex(of: UInt8(ascii: "|"))
      {
        fail(
          "value sets ('{name:a|b}') are for path segments; a query value or fragment takes '{name}' or a literal",
          at: bar)
        return nil
      }
      guard let p = parseParameter(inner) else { return nil }
      return isList ? .list(p, required: required) : .parameter(p, required: required)
    }
    guard let literal = literalText(range, what: "value") else { return nil }
    return .literal(literal)
  }

  /// `#/room/{id}` or `#!/item/{id:int}`: a fragment with captures that starts with `/` or `!/`
  /// is matched with the path language; nil when the fragment is not such a path.
  private mutating func parseFragmentPath(_ range: Range<Int>) -> ValueConstraint? {
    let prefixLength: Int
    if bytes[range].starts(with: "/".utf8) {
      prefixLength = 1
    } else if bytes[range].starts(with: "!/".utf8) {
      prefixLength = 2
    } else {
      return nil
    }
    guard bytes[range].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "*") }) else { return nil }
    let prefix = String(decoding: bytes[range.lowerBound..<range.lowerBound + prefixLength], as: UTF8.self)
    var segments: [PathSegmentPattern] = []
    var start = range.lowerBound + prefixLength
    var ok = true
    while start <= range.upperBound {
      var end = start
      while end < range.upperBound, bytes[end] != UInt8(ascii: "/") { end += 1 }
      if start == end {
        if end < range.upperBound || segments.isEmpty {
          fail("empty segment in a fragment path; a segment needs text or a parameter", at: start)
          ok = false
        }
        break  // a trailing '/'
      }
      if case .catchAll? = segments.last {
        fail("a catch-all ('{name*}') must be the last segment of a fragment path", at: start)
        ok = false
        break
      }
      guard let segment = parseSegment(start..<end) else {
        ok = false
        break
      }
      switch segment {
      case .literal, .parameter, .catchAll: segments.append(segment)
      default:
        fail(
          "a fragment path holds literal segments, '{name}', '{name:type}' and a last '{name*}'; optional,"
            + " value-set, wildcard and affixed segments are for the URL's path", at: start)
        ok = false
      }
      start = end + 1
    }
    guard ok else { return .present }  // (the errors stop the pattern)
    return .path(FragmentPath(prefix: prefix, segments: segments))
  }

  private mutating func checkParameterNames(
    host: HostPattern, segments: [PathSegmentPattern], query: [QueryConstraint], fragment: ValueConstraint?
  ) {
    // Every name captured was read by `parameterName`: none is repeated unless two had one bit.
    guard mayRepeatName else { return }
    let names = URLPattern(
      text: text, scheme: "", host: host, segments: segments, query: query, fragment: fragment
    ).parameterNames
    guard names.count > 1 else { return }
    // A few names are compared with those before them; many go through a set (a hostile
    // pattern may capture thousands), in the same order either way.
    var seen: Set<String> = []
    let few = names.count <= 16
    for (i, name) in names.enumerated() where few ? names[..<i].contains(name) : !seen.insert(name).inserted {
      // Point at the second place the name is captured.
      let needle = Array("{\(name)".utf8)
      var found: [Int] = []
      for i in bytes.indices where bytes[i...].starts(with: needle) {
        let after = i + needle.count
        if after < bytes.count, ":?*}".utf8.contains(bytes[after]) { found.append(i + 1) }
      }
      fail("parameter '\(name)' is captured twice", at: found.dropFirst().first ?? 0, .duplicateParameter)
    }
  }
}

/// Whether a scheme is one of the special schemes of the URL standard (they need a host).
private func isSpecial(_ scheme: String) -> Bool {
  switch scheme {
  case "http", "https", "ws", "wss", "ftp", "file": true
  default: false
  }
}

/// Whether a byte may be in a path literal as it is, and needs no check or decoding: printable
/// ASCII other than space, `%`, `*`, `[`, `]`, `{` and `}`.
@inline(__always)
func isPlainLiteralByte(_ b: UInt8) -> Bool {
  // Bits 0x21–0x3F but `%` and `*`; bits 0x40–0x7E but `[`, `]`, `{` and `}`.
  let low: UInt64 = 0xFFFF_FBDE_0000_0000
  let high: UInt64 = 0x57FF_FFFF_D7FF_FFFF
  return b < 64 ? (low &>> UInt64(b)) & 1 != 0 : b < 128 && (high &>> UInt64(b &- 64)) & 1 != 0
}

/// Whether a byte ends a pattern's authority: `/`, `?` or `#`.
private func isAuthorityEnd(_ b: UInt8) -> Bool {
  b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#")
}

private func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
