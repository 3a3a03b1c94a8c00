import RouterSupport

// The one-pass reader. Hot path: this file works on an UnsafeBufferPointer with integer offsets and
// wrapping arithmetic, and holds no arrays, no strings and no closures on the success path (error
// values carry literal messages, built only when the input is refused). That is how it stays
// allocation-free: Swift Testing cannot count allocations, so keep it that way by construction.

extension URLSyntax {
  /// Reads `bytes` as a URL and returns its component ranges, or why it is refused.
  ///
  /// Allocation-free on success. The input must be the whole URL: nothing is trimmed, and a leading
  /// or trailing space is refused (``URLReadError/Reason/surroundingSpace``).
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<URLComponentRanges, URLReadError> {
    var plain = false
    return parse(bytes, needsNoEscape: &plain)
  }

  /// The same, and whether the URL is the common form read in one place (a plain scheme, `//`,
  /// a plain host name, then plain bytes, ``PlainBytes``, to the end): every byte printable
  /// ASCII other than `"` and `\`, which a JSON string holds as it is (`needsNoEscape` set to
  /// true; left as it is otherwise). A record echoes such a URL with one copy.
  package static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, needsNoEscape: inout Bool
  ) -> Result<URLComponentRanges, URLReadError> {
    guard let (ranges, plain) = commonFormRanges(bytes) else {
      return parseInGeneral(bytes, needsNoEscape: &needsNoEscape)
    }
    if plain { needsNoEscape = true }
    return .success(ranges)
  }

  /// ``parse(_:needsNoEscape:)`` of any input, step by step: the scheme, the authority, then the
  /// path, query and fragment (the common form too, as ``readCommonForm(_:)`` reads it).
  @inline(never)
  package static func parseInGeneral(
    _ bytes: UnsafeBufferPointer<UInt8>, needsNoEscape: inout Bool
  ) -> Result<URLComponentRanges, URLReadError> {
    let n = bytes.count
    if n > maxLength {
      return .failure(invalid(Reason.tooLong, maxLength, "the URL is longer than 65536 bytes"))
    }
    if n == 0 { return .failure(invalid(Reason.empty, 0, "expected a URL, found an empty string")) }
    if bytes[0] == 0x20 || bytes[n &- 1] == 0x20 {
      return .failure(
        ambiguous(
          Reason.surroundingSpace, bytes[0] == 0x20 ? 0 : n &- 1,
          "a space at the start or end: browsers strip it, Foundation refuses or encodes it"))
    }
    let colon: Int
    if let c = plainScheme(bytes) {
      colon = c
    } else {
      switch parseScheme(bytes) {
      case .success(let c): colon = c
      case .failure(let error): return .failure(error)
      }
    }
    let kind = schemeKind(bytes, 0..<colon)
    var r = URLComponentRanges(readerScheme: colon, end: n)
    let afterColon = colon &+ 1
    var pathStart = afterColon

    // The common form, `//` and a plain host name (``HostNameBytes``), read here with no call
    // and no `Result` between the steps: what `readAuthority` finds in it, and what `scanTail`
    // finds in a tail of plain bytes (``PlainBytes``), which is then the path. A special scheme
    // needs exactly two slashes: the host's first byte is neither `/` nor `\`, so there are.
    if kind != .file, let p = bytes.baseAddress, afterColon &+ 2 < n, p[afterColon] == 0x2F,
      p[afterColon &+ 1] == 0x2F
    {
      let start = afterColon &+ 2
      let (end, hasHyphen) = hostNameRun(p, from: start, n)
      if end > start && (end == n || p[end] == 0x2F || p[end] == 0x3F || p[end] == 0x23) {
        r.hasAuthority = true
        if kind != .other, let error = checkIPv4Form(bytes, start..<end) { return .failure(error) }
        if hasHyphen, let error = checkLabels(bytes, start..<end, isASCII: true) { return .failure(error) }
        r.hostBounds = .init(readerLower: start, upper: end)
        if plainRunEnd(p, from: end, n) == n {
          r.pathBounds = .init(readerLower: end, upper: n)
          needsNoEscape = true
          return .success(r)
        }
        if let error = scanTail(bytes, from: end, into: &r) { return .failure(error) }
        return .success(r)
      }
    }

    if kind != .other {
      var j = afterColon
      while j < n && (bytes[j] == 0x2F || bytes[j] == 0x5C) {
        if bytes[j] == 0x5C {
          return .failure(
            ambiguous(
              Reason.backslash, j, "a backslash after the scheme: browsers read it as '/', Foundation does not"))
        }
        j &+= 1
      }
      let run = j &- afterColon
      if kind == .file {
        if let error = checkFileSlashes(bytes, afterColon: afterColon, run: run) { return .failure(error) }
        // "file:///path": an empty authority, then the path.
        r.hasAuthority = true
        pathStart = afterColon &+ 2
      } else if run != 2 {
        if run == 0 && (j == n || bytes[j] == 0x3F || bytes[j] == 0x23) {
          return .failure(invalid(Reason.emptyHost, j, "expected '//' and a host after the scheme"))
        }
        return .failure(
          ambiguous(
            Reason.irregularSlashes, afterColon,
            "expected exactly '//' after the scheme: browsers take what follows as the host, Foundation as the path"))
      } else {
        r.hasAuthority = true
        switch readAuthority(bytes, start: afterColon &+ 2, kind: kind, into: &r) {
        case .success(let end): pathStart = end
        case .failure(let error): return .failure(error)
        }
      }
    } else if n &- afterColon >= 2 && bytes[afterColon] == 0x2F && bytes[afterColon &+ 1] == 0x2F {
      r.hasAuthority = true
      switch readAuthority(bytes, start: afterColon &+ 2, kind: kind, into: &r) {
      case .success(let end): pathStart = end
      case .failure(let error): return .failure(error)
      }
    }

    if let error = scanTail(bytes, from: pathStart, into: &r) { return .failure(error) }
    return .success(r)
  }

  // MARK: - Scheme

  /// The offset of the `:` that ends a scheme of letters, digits, `-` and `.` that starts with a
  /// letter (most schemes), read eight bytes at a time; nil for any other start, which
  /// ``parseScheme(_:)`` reads.
  @inline(__always)
  private static func plainScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let p = bytes.baseAddress else { return nil }
    let end = hostNameRun(p, from: 0, bytes.count).end
    guard end < bytes.count && p[end] == 0x3A && end > 0 && p[0] | 0x20 &- 0x61 < 26 else { return nil }
    return end
  }

  /// Returns the offset of the `:` that ends a valid scheme.
  private static func parseScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int, URLReadError> {
    let n = bytes.count
    let schemeSet = ByteSet.schemeCharacters
    // Letters, digits, '-' and '.' (most schemes hold nothing else) eight bytes at a time, then
    // the other scheme characters byte by byte.
    var i = bytes.baseAddress.map { hostNameRun($0, from: 0, n).end } ?? 0
    while i < n && schemeSet.contains(bytes[i]) { i &+= 1 }
    if i < n && bytes[i] == 0x3A {
      if i > 0 && lowercasedASCII(bytes[0]) &- 0x61 < 26 { return .success(i) }
      return .failure(invalid(Reason.invalidScheme, 0, "expected a scheme that starts with a letter"))
    }
    if i < n && isControl(bytes[i]) { return .failure(controlError(bytes[i], at: i)) }
    // Foundation looks for the ':' until the first of "/?#[]@"; without one the text is relative.
    var j = i
    while j < n {
      if bytes[j] >= 0x80 {
        let length = UTF8Bytes.sequenceLength(bytes, at: j, end: n)
        if length == 0 { return .failure(invalidUTF8(at: j)) }
        j &+= length
        continue
      }
      switch bytes[j] {
      case 0x3A:
        return .failure(
          invalid(
            Reason.invalidScheme, i, "expected only letters, digits, '+', '-' or '.' in the scheme"))
      case 0x2F, 0x3F, 0x23, 0x5B, 0x5D, 0x40: j = n
      default: j &+= 1
      }
    }
    return .failure(invalid(Reason.noScheme, 0, "expected a scheme such as 'https:' or 'myapp:' at the start"))
  }

  /// `file:` URLs are accepted only as `file:///path` without a drive letter: WHATWG rewrites the rest.
  private static func checkFileSlashes(
    _ bytes: UnsafeBufferPointer<UInt8>, afterColon: Int, run: Int
  ) -> URLReadError? {
    guard run == 3 else {
      return ambiguous(
        Reason.unsupportedFileURL, afterColon,
        "expected 'file:///' and a path: browsers rewrite other file URL forms")
    }
    // A Windows drive letter ("/C:" or "/C|") as first segment: WHATWG keeps it above "..".
    let s = afterColon &+ 3
    let n = bytes.count
    if n &- s >= 2 && ByteSet.alpha.contains(bytes[s]) && (bytes[s &+ 1] == 0x3A || bytes[s &+ 1] == 0x7C) {
      if n &- s == 2 || bytes[s &+ 2] == 0x2F || bytes[s &+ 2] == 0x3F || bytes[s &+ 2] == 0x23 {
        return ambiguous(
          Reason.unsupportedFileURL, s, "a Windows drive letter in a file URL: browsers treat it specially")
      }
    }
    return nil
  }

  // MARK: - Authority

  /// Reads the authority that starts at `start` (after "//"); returns where it ends.
  ///
  /// Most authorities are a plain host name (letters, digits, '-', '.') and nothing else: what
  /// ``parseAuthority(_:start:kind:into:)`` would find in one is known without reading it byte
  /// by byte, so it reads only the others.
  @inline(__always)
  private static func readAuthority(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, kind: SchemeKind, into r: inout URLComponentRanges
  ) -> Result<Int, URLReadError> {
    if let p = bytes.baseAddress {
      let n = bytes.count
      let (end, hasHyphen) = hostNameRun(p, from: start, n)
      if end > start && (end == n || p[end] == 0x2F || p[end] == 0x3F || p[end] == 0x23) {
        return plainHostName(bytes, start..<end, hasHyphen: hasHyphen, kind: kind, into: &r).map { _ in end }
      }
    }
    return parseAuthority(bytes, start: start, kind: kind, into: &r)
  }

  /// Reads the authority that starts at `start` (after "//") byte by byte; returns where it ends.
  @inline(never)
  private static func parseAuthority(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, kind: SchemeKind, into r: inout URLComponentRanges
  ) -> Result<Int, URLReadError> {
    let n = bytes.count
    var i = start
    var at = -1
    while i < n {
      let b = bytes[i]
      if b == 0x2F || b == 0x3F || b == 0x23 { break }
      if b == 0x5C {
        return .failure(
          ambiguous(
            Reason.backslash, i, "a backslash in the authority: browsers read it as '/', Foundation refuses it"))
      }
      if isControl(b) { return .failure(controlError(b, at: i)) }
      if b == 0x40 {
        if at >= 0 {
          return .failure(
            ambiguous(
              Reason.severalAtSigns, i, "more than one '@' in the authority: readers disagree on where the host starts")
          )
        }
        at = i
      }
      if b >= 0x80 {
        let length = UTF8Bytes.sequenceLength(bytes, at: i, end: n)
        if length == 0 { return .failure(invalidUTF8(at: i)) }
        i &+= length
        continue
      }
      i &+= 1
    }
    let end = i

    var hostStart = start
    if at >= 0 {
      if let error = checkUserinfo(bytes, start..<at, into: &r) { return .failure(error) }
      hostStart = at &+ 1
    }
    if hostStart == end {
      if kind != .other || at >= 0 {
        return .failure(invalid(Reason.emptyHost, hostStart, "expected a host after '//'"))
      }
      return .success(end)  // "myapp://": an empty authority, no host (like Foundation).
    }

    var hostEnd = end
    if bytes[hostStart] == 0x5B {
      var close = hostStart &+ 1
      while close < end && bytes[close] != 0x5D { close &+= 1 }
      if close == end {
        return .failure(invalid(Reason.invalidIPv6, hostStart, "expected ']' to close the IPv6 address"))
      }
      if let error = checkIPv6(bytes, hostStart &+ 1..<close) { return .failure(error) }
      r.host = hostStart &+ 1..<close
      r.hostIsIPLiteral = true
      hostEnd = close &+ 1
      if hostEnd < end && bytes[hostEnd] != 0x3A {
        return .failure(
          invalid(
            Reason.invalidHostCharacter, hostEnd, "expected ':' and a port, or the end of the host, after ']'"))
      }
    } else {
      var colon = hostStart
      while colon < end && bytes[colon] != 0x3A { colon &+= 1 }
      hostEnd = colon
      if hostEnd == hostStart {
        return .failure(invalid(Reason.emptyHost, hostStart, "expected a host before the port"))
      }
      if let error = checkRegisteredName(bytes, hostStart..<hostEnd, kind: kind, into: &r) {
        return .failure(error)
      }
      r.host = hostStart..<hostEnd
    }

    if hostEnd < end {
      // bytes[hostEnd] == ':'
      let portStart = hostEnd &+ 1
      r.portText = portStart..<end
      var value = 0
      var k = portStart
      while k < end {
        let d = bytes[k] &- 0x30
        if d > 9 { return .failure(invalid(Reason.invalidPort, k, "expected only digits in the port")) }
        if value <= 65_535 { value = value &* 10 &+ Int(d) }
        k &+= 1
      }
      if portStart < end {
        if value > 65_535 {
          return .failure(
            ambiguous(
              Reason.portOutOfRange, portStart, "expected a port from 0 to 65535: browsers refuse a larger one"))
        }
        r.port = value
      }
    }
    return .success(end)
  }

  /// The checks of ``checkRegisteredName(_:_:kind:into:)`` that a host of plain host-name bytes
  /// (``HostNameBytes``) can fail: it is ASCII, has no escape and no character outside the host
  /// set; its labels need a look only when one may start with `xn--` (it has a `-`).
  @inline(__always)
  private static func plainHostName(
    _ bytes: UnsafeBufferPointer<UInt8>, _ host: Range<Int>, hasHyphen: Bool, kind: SchemeKind,
    into r: inout URLComponentRanges
  ) -> Result<Void, URLReadError> {
    r.hostIsASCII = true
    if kind != .other, let error = checkIPv4Form(bytes, host) { return .failure(error) }
    if hasHyphen, let error = checkLabels(bytes, host, isASCII: true) { return .failure(error) }
    r.host = host
    return .success(())
  }

  /// Splits the userinfo into user and password and checks its percent escapes.
  private static func checkUserinfo(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into r: inout URLComponentRanges
  ) -> URLReadError? {
    var colon = -1
    var firstPercent = -1
    var firstEncoded = -1
    var i = range.lowerBound
    while i < range.upperBound {
      let b = bytes[i]
      if b == 0x3A && colon < 0 { colon = i }
      if b == 0x25 {
        guard i &+ 2 < range.upperBound, hexValue(bytes[i &+ 1]) != nil, hexValue(bytes[i &+ 2]) != nil else {
          return invalid(Reason.invalidPercentEscape, i, "expected two hex digits after '%'")
        }
        if firstPercent < 0 { firstPercent = i }
        i &+= 3
        continue
      }
      if !ByteSet.foundationUserinfo.contains(b) && firstEncoded < 0 { firstEncoded = i }
      i &+= 1
    }
    if firstPercent >= 0 && firstEncoded >= 0 { return mixedEncodingError(at: firstEncoded) }
    if colon >= 0 {
      r.user = range.lowerBound..<colon
      r.password = colon &+ 1..<range.upperBound
    } else {
      r.user = range
    }
    return nil
  }

  // MARK: - Path, query, fragment

  /// Scans from `start` to the end: the path, then the query after '?', then the fragment after '#'.
  ///
  /// Plain bytes (``PlainBytes``) are passed eight at a time while the escapes read so far end on
  /// a character boundary: such a byte changes nothing but the position. Which byte of a
  /// component Foundation would encode matters only when the component also has an escape
  /// (``URLReadError/Reason/mixedEncoding``): it is looked for then, once the component is read.
  static func scanTail(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into r: inout URLComponentRanges
  ) -> URLReadError? {
    let n = bytes.count
    guard let p = bytes.baseAddress else { return nil }
    var component = 0  // 0 path, 1 query, 2 fragment
    var componentStart = start
    var firstPercent = -1
    var lastEscape = -1
    var decoded = UTF8Bytes.StreamValidator()
    // Whether the escapes read so far stop inside a character (`decoded` is not complete): it
    // changes only at an escape, and is asked at every byte that is not one.
    var midCharacter = false
    var i = start
    while true {
      if !midCharacter { i = plainRunEnd(p, from: i, n) }
      let atEnd = i == n
      let b: UInt8 = atEnd ? 0 : p[i]
      if atEnd || (b == 0x3F && component == 0) || (b == 0x23 && component < 2) {
        // End of a component.
        if midCharacter { return encodedUTF8Error(at: lastEscape) }
        if firstPercent >= 0, let encoded = firstEncoded(bytes, componentStart..<i, inPath: component == 0) {
          return mixedEncodingError(at: encoded)
        }
        switch component {
        case 0: r.path = componentStart..<i
        case 1: r.query = componentStart..<i
        default: r.fragment = componentStart..<i
        }
        if atEnd { return nil }
        component = b == 0x3F ? 1 : 2
        componentStart = i &+ 1
        firstPercent = -1
        i &+= 1
        continue
      }
      if isControl(b) { return controlError(b, at: i) }
      if b == 0x25 {
        guard i &+ 2 < n, let high = hexValue(p[i &+ 1]), let low = hexValue(p[i &+ 2]) else {
          return invalid(
            Reason.invalidPercentEscape, i,
            "expected two hex digits after '%' (write '%25' for a literal '%')")
        }
        let value = high &<< 4 | low
        if isControl(value) {
          return invalid(
            Reason.encodedControlCharacter, i, "a percent escape decodes to a control character")
        }
        if !decoded.feed(value) { return encodedUTF8Error(at: i) }
        midCharacter = !decoded.isComplete
        if firstPercent < 0 { firstPercent = i }
        lastEscape = i
        i &+= 3
        continue
      }
      if b >= 0x80 {
        let length = UTF8Bytes.sequenceLength(bytes, at: i, end: n)
        if length == 0 { return invalidUTF8(at: i) }
        // A whole character: it would break a sequence that escapes began.
        if midCharacter { return encodedUTF8Error(at: i) }
        i &+= length
        continue
      }
      if b == 0x5C && component == 0 {
        return ambiguous(
          Reason.backslash, i, "a backslash in the path: browsers read it as '/', Foundation as '%5C'")
      }
      // An ASCII byte: it would break a sequence that escapes began.
      if midCharacter { return encodedUTF8Error(at: lastEscape) }
      i &+= 1
    }
  }

  /// The first byte of a component that Foundation would percent-encode (outside its set, or not
  /// ASCII), its escapes skipped; the component is one the reader has read.
  @inline(never)
  private static func firstEncoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inPath: Bool) -> Int? {
    let allowed = inPath ? ByteSet.foundationPath : ByteSet.foundationQuery
    var i = range.lowerBound
    while i < range.upperBound {
      let b = bytes[i]
      if b == 0x25 {
        i &+= 3
        continue
      }
      if b >= 0x80 || !allowed.contains(b) { return i }
      i &+= 1
    }
    return nil
  }

  // MARK: - Errors

  static func invalid(_ reason: URLReadError.Reason, _ offset: Int, _ message: String) -> URLReadError {
    URLReadError(.invalidURL, reason, at: offset, message)
  }

  static func ambiguous(_ reason: URLReadError.Reason, _ offset: Int, _ message: String) -> URLReadError {
    URLReadError(.ambiguousURL, reason, at: offset, message)
  }

  static func controlError(_ byte: UInt8, at offset: Int) -> URLReadError {
    if byte == 0x09 || byte == 0x0A || byte == 0x0D {
      return ambiguous(
        Reason.tabOrNewline, offset, "a tab or line break inside the URL: browsers delete it, Foundation encodes it")
    }
    return invalid(Reason.controlCharacter, offset, "a control character inside the URL (encode it as %XX)")
  }

  static func invalidUTF8(at offset: Int) -> URLReadError {
    invalid(Reason.invalidUTF8, offset, "the URL is not valid UTF-8 here")
  }

  private static func encodedUTF8Error(at offset: Int) -> URLReadError {
    invalid(Reason.encodedInvalidUTF8, max(offset, 0), "the percent escapes do not decode to valid UTF-8")
  }

  private static func mixedEncodingError(at offset: Int) -> URLReadError {
    ambiguous(
      Reason.mixedEncoding, offset,
      "a character that must be percent-encoded next to existing '%XX' escapes: Foundation re-encodes the"
        + " escapes as '%25XX', browsers keep them; encode this character too")
  }
}
