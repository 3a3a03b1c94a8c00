import RouterSupport

@testable import RouteEvents

// The URL reader as it was before it read words (main at 32e9817, `URLSyntax+Parsing.swift` and
// the two host checks it calls that changed), byte by byte and unchanged but for `private`: the
// oracle that the word-at-a-time reader must answer exactly as (`URLWordScanTests`). The host
// checks that did not change (labels, IPv6, custom-host escapes) are the library's.

extension URLSyntax {
  /// The byte-by-byte reader (see the file's head).
  enum ByteReader {
    /// Reads `bytes` as a URL and returns its component ranges, or why it is refused.
    ///
    /// Allocation-free on success. The input must be the whole URL: nothing is trimmed, and a leading
    /// or trailing space is refused (``URLReadError/Reason/surroundingSpace``).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<URLComponentRanges, URLReadError> {
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
      switch parseScheme(bytes) {
      case .success(let c): colon = c
      case .failure(let error): return .failure(error)
      }
      let kind = schemeKind(bytes, 0..<colon)
      var r = URLComponentRanges(scheme: 0..<colon, path: n..<n)
      let afterColon = colon &+ 1
      var pathStart = afterColon

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
          switch parseAuthority(bytes, start: afterColon &+ 2, kind: kind, into: &r) {
          case .success(let end): pathStart = end
          case .failure(let error): return .failure(error)
          }
        }
      } else if n &- afterColon >= 2 && bytes[afterColon] == 0x2F && bytes[afterColon &+ 1] == 0x2F {
        r.hasAuthority = true
        switch parseAuthority(bytes, start: afterColon &+ 2, kind: kind, into: &r) {
        case .success(let end): pathStart = end
        case .failure(let error): return .failure(error)
        }
      }

      if let error = scanTail(bytes, from: pathStart, into: &r) { return .failure(error) }
      return .success(r)
    }

    // MARK: - Scheme

    /// Returns the offset of the `:` that ends a valid scheme.
    static func parseScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int, URLReadError> {
      let n = bytes.count
      let schemeSet = ByteSet.schemeCharacters
      var i = 0
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
    static func checkFileSlashes(
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
    static func parseAuthority(
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
                Reason.severalAtSigns, i,
                "more than one '@' in the authority: readers disagree on where the host starts")
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

    /// Splits the userinfo into user and password and checks its percent escapes.
    static func checkUserinfo(
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
    static func scanTail(
      _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into r: inout URLComponentRanges
    ) -> URLReadError? {
      let n = bytes.count
      var component = 0  // 0 path, 1 query, 2 fragment
      var componentStart = start
      var firstPercent = -1
      var firstEncoded = -1
      var lastEscape = -1
      var decoded = UTF8Bytes.StreamValidator()
      let pathSet = ByteSet.foundationPath
      let querySet = ByteSet.foundationQuery
      var i = start
      while true {
        let atEnd = i == n
        let b: UInt8 = atEnd ? 0 : bytes[i]
        if atEnd || (b == 0x3F && component == 0) || (b == 0x23 && component < 2) {
          // End of a component.
          if !decoded.isComplete { return encodedUTF8Error(at: lastEscape) }
          if firstPercent >= 0 && firstEncoded >= 0 { return mixedEncodingError(at: firstEncoded) }
          switch component {
          case 0: r.path = componentStart..<i
          case 1: r.query = componentStart..<i
          default: r.fragment = componentStart..<i
          }
          if atEnd { return nil }
          component = b == 0x3F ? 1 : 2
          componentStart = i &+ 1
          firstPercent = -1
          firstEncoded = -1
          i &+= 1
          continue
        }
        if isControl(b) { return controlError(b, at: i) }
        if b == 0x25 {
          guard i &+ 2 < n, let high = hexValue(bytes[i &+ 1]), let low = hexValue(bytes[i &+ 2]) else {
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
          if firstPercent < 0 { firstPercent = i }
          lastEscape = i
          i &+= 3
          continue
        }
        if b >= 0x80 {
          let length = UTF8Bytes.sequenceLength(bytes, at: i, end: n)
          if length == 0 { return invalidUTF8(at: i) }
          var k = 0
          while k < length {
            if !decoded.feed(bytes[i &+ k]) { return encodedUTF8Error(at: i) }
            k &+= 1
          }
          if firstEncoded < 0 { firstEncoded = i }
          i &+= length
          continue
        }
        if b == 0x5C && component == 0 {
          return ambiguous(
            Reason.backslash, i, "a backslash in the path: browsers read it as '/', Foundation as '%5C'")
        }
        if !decoded.feed(b) { return encodedUTF8Error(at: lastEscape) }
        if firstEncoded < 0 {
          let allowed = component == 0 ? pathSet.contains(b) : querySet.contains(b)
          if !allowed { firstEncoded = i }
        }
        i &+= 1
      }
    }

    /// Checks a registered name (a host that is not an IP literal) and records whether it is ASCII.
    static func checkRegisteredName(
      _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, kind: SchemeKind, into r: inout URLComponentRanges
    ) -> URLReadError? {
      var isASCII = true
      var firstEscape = -1
      var firstRaw = -1
      let hostSet = ByteSet.foundationHost
      var i = range.lowerBound
      while i < range.upperBound {
        let b = bytes[i]
        if b == 0x25 {
          if kind != .other {
            return ambiguous(
              Reason.percentEncodedHost, i,
              "a '%' in the host: browsers decode it before reading the host, Foundation does not")
          }
          if let error = checkCustomHostEscapes(bytes, from: i, to: range.upperBound) { return error }
          firstEscape = i
          break
        }
        if b >= 0x80 {
          isASCII = false
          if firstRaw < 0 { firstRaw = i }
        } else if !hostSet.contains(b) {
          return invalid(
            Reason.invalidHostCharacter, i, "expected only letters, digits and '-._~!$&'()*+,;=' in the host")
        }
        i &+= 1
      }
      if firstEscape >= 0 {
        // An opaque custom-scheme host (`myapp://caf%C3%A9`): Foundation and WHATWG both keep it as
        // written, so it is compared as written (ASCII case folded), never through IDNA.
        if firstRaw >= 0 {
          return ambiguous(
            Reason.mixedEncoding, firstRaw,
            "a non-ASCII character next to '%XX' escapes in the host: Foundation applies IDNA to the escapes"
              + " (xn--%c3%a9-9ua); encode every non-ASCII character")
        }
        r.hostIsASCII = true
        return nil
      }
      r.hostIsASCII = isASCII
      // A special scheme's host, and any host that goes through IDNA, is a WHATWG domain: one that
      // ends in a number is an IPv4 address (or no valid host at all) to a browser.
      if kind != .other || !isASCII, let error = checkIPv4Form(bytes, range) { return error }
      return checkLabels(bytes, range, isASCII: isASCII)
    }

    /// Checks the rest of a custom-scheme host from its first `%` (at `start`) on.

    /// Refuses a special-scheme host that WHATWG reads as IPv4 unless it is canonical dotted-decimal.
    ///
    /// WHATWG reads a host whose last label is a number as an IPv4 address and rewrites it
    /// (`0x7f.1` → `127.0.0.1`); Foundation keeps the text.
    static func checkIPv4Form(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> URLReadError? {
      var end = range.upperBound
      if range.count > 1 && bytes[end &- 1] == 0x2E { end &-= 1 }
      var lastStart = end
      while lastStart > range.lowerBound && bytes[lastStart &- 1] != 0x2E { lastStart &-= 1 }
      guard lastStart < end else { return nil }
      var allDigits = true
      var hexForm = end &- lastStart >= 2 && bytes[lastStart] == 0x30 && bytes[lastStart &+ 1] | 0x20 == 0x78
      for i in lastStart..<end {
        let b = bytes[i]
        if b &- 0x30 > 9 {
          allDigits = false
          if i >= lastStart &+ 2 && hexValue(b) == nil { hexForm = false }
        }
      }
      guard allDigits || hexForm else { return nil }
      // Ends in a number: the host must be exactly a.b.c.d in canonical decimal.
      let error = ambiguous(
        Reason.nonCanonicalIPv4, range.lowerBound,
        "the host ends in a number, so browsers read it as an IPv4 address; write it as four decimal numbers 0-255")
      guard end == range.upperBound else { return error }
      var parts = 0
      var i = range.lowerBound
      while i <= end {
        var j = i
        var value = 0
        while j < end && bytes[j] &- 0x30 <= 9 {
          value = value &* 10 &+ Int(bytes[j] &- 0x30)
          j &+= 1
          if j &- i > 3 { return error }
        }
        let length = j &- i
        if length == 0 || value > 255 || (length > 1 && bytes[i] == 0x30) { return error }
        if j < end && bytes[j] != 0x2E { return error }
        parts &+= 1
        i = j &+ 1
      }
      return parts == 4 ? nil : error
    }

    static func encodedUTF8Error(at offset: Int) -> URLReadError {
      invalid(Reason.encodedInvalidUTF8, max(offset, 0), "the percent escapes do not decode to valid UTF-8")
    }

    static func mixedEncodingError(at offset: Int) -> URLReadError {
      ambiguous(
        Reason.mixedEncoding, offset,
        "a character that must be percent-encoded next to existing '%XX' escapes: Foundation re-encodes the"
          + " escapes as '%25XX', browsers keep them; encode this character too")
    }
  }
}
