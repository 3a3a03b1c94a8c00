import RouterSupport

// Host checks of the reader (hot path, allocation-free: label work uses a fixed stack buffer).
// A host is accepted only when Foundation and WHATWG compute the same host from it.

extension URLSyntax {
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
  ///
  /// Foundation keeps such a host as written in `absoluteString` and `host(percentEncoded: true)`;
  /// WHATWG keeps a non-special (opaque) host percent-encoded as written. Both agree as long as
  /// every escape is valid and encodes a non-ASCII character: an escaped ASCII byte (`%2F`, `%40`,
  /// `%65`) is one that Foundation's decoded `host` turns into a delimiter or a letter that the
  /// written text does not show, so it stays `percent-encoded-host`.
  package static func checkCustomHostEscapes(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> URLReadError? {
    var decoded = UTF8Bytes.StreamValidator()
    let hostSet = ByteSet.foundationHost
    var lastEscape = start
    var i = start
    while i < end {
      let b = bytes[i]
      if b == 0x25 {
        guard i &+ 2 < end, let high = hexValue(bytes[i &+ 1]), let low = hexValue(bytes[i &+ 2]) else {
          return invalid(Reason.invalidPercentEscape, i, "expected two hex digits after '%' in the host")
        }
        let value = high &<< 4 | low
        if value < 0x80 {
          return ambiguous(
            Reason.percentEncodedHost, i,
            "an escaped ASCII character in the host: Foundation's host decodes it, absoluteString and browsers"
              + " keep it; write the character itself")
        }
        if !decoded.feed(value) {
          return invalid(Reason.encodedInvalidUTF8, i, "the percent escapes of the host do not decode to valid UTF-8")
        }
        lastEscape = i
        i &+= 3
        continue
      }
      if b >= 0x80 {
        return ambiguous(
          Reason.mixedEncoding, i,
          "a non-ASCII character next to '%XX' escapes in the host: Foundation applies IDNA to the escapes"
            + " (xn--%c3%a9-9ua); encode every non-ASCII character")
      }
      if !hostSet.contains(b) {
        return invalid(
          Reason.invalidHostCharacter, i, "expected only letters, digits and '-._~!$&'()*+,;=' in the host")
      }
      if !decoded.feed(b) {
        return invalid(
          Reason.encodedInvalidUTF8, lastEscape, "the percent escapes of the host do not decode to valid UTF-8")
      }
      i &+= 1
    }
    if !decoded.isComplete {
      return invalid(
        Reason.encodedInvalidUTF8, lastEscape, "the percent escapes of the host do not decode to valid UTF-8")
    }
    return nil
  }

  /// Refuses a special-scheme host that WHATWG reads as IPv4 unless it is canonical dotted-decimal.
  ///
  /// WHATWG reads a host whose last label is a number as an IPv4 address and rewrites it
  /// (`0x7f.1` → `127.0.0.1`); Foundation keeps the text.
  @inline(__always)
  static func checkIPv4Form(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> URLReadError? {
    var end = range.upperBound
    if range.count > 1 && bytes[end &- 1] == 0x2E { end &-= 1 }
    // A number (decimal, or hex after "0x") ends in a digit, a hex letter or the 'x' of an
    // empty "0x": most hosts end in another letter ("com"), and need no more.
    guard end > range.lowerBound else { return nil }
    let last = bytes[end &- 1] | 0x20
    guard last &- 0x30 < 10 || last &- 0x61 < 6 || last == 0x78 else { return nil }
    return checkNumericHost(bytes, range, end: end)
  }

  /// ``checkIPv4Form(_:_:)`` for a host whose last label (which ends at `end`) may be a number.
  @inline(never)
  static func checkNumericHost(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, end: Int) -> URLReadError? {
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

  /// Checks a bracketed IPv6 address (without its brackets).
  static func checkIPv6(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> URLReadError? {
    for i in range where bytes[i] == 0x25 {
      return ambiguous(Reason.ipv6ZoneID, i, "an IPv6 zone ID: browsers refuse it, Foundation accepts it")
    }
    if IPv6Address.parse(bytes, range) == nil {
      return invalid(Reason.invalidIPv6, range.lowerBound, "expected an IPv6 address between '[' and ']'")
    }
    return nil
  }

  /// Checks the labels of a host.
  ///
  /// An ASCII host is taken as written by Foundation; WHATWG still validates its `xn--` labels.
  /// A non-ASCII host goes through IDNA in both, with ICU's rules in Foundation.
  static func checkLabels(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isASCII: Bool) -> URLReadError? {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { scratch -> URLReadError? in
      var total = 0
      var start = range.lowerBound
      var i = range.lowerBound
      while i <= range.upperBound {
        if i < range.upperBound && bytes[i] != 0x2E {
          i &+= 1
          continue
        }
        let label = start..<i
        var length = label.count
        if label.isEmpty {
          if !isASCII && !(i == range.upperBound && start > range.lowerBound) {
            return invalid(Reason.invalidIDNALabel, start, "an empty label in an internationalized host")
          }
        } else if IDNA.isACE(bytes, label) {
          if let error = checkACELabel(bytes, label, scratch) { return error }
        } else if !isASCII {
          switch mapLabel(bytes, label, scratch) {
          case .failure(let error): return error
          case .success(let count):
            let mapped = UnsafeBufferPointer(rebasing: scratch[0..<count])
            if let error = checkHyphens(mapped, at: label.lowerBound) { return error }
            length = aceLength(mapped)
          }
        }
        if !isASCII && length > 63 { return labelTooLong(at: label.lowerBound) }
        total &+= length &+ 1
        start = i &+ 1
        i &+= 1
      }
      // `total` counts one dot per label, so it is the length plus one (or plus two with a trailing dot).
      let hasTrailingDot = range.count > 1 && bytes[range.upperBound &- 1] == 0x2E
      if !isASCII && total &- (hasTrailingDot ? 2 : 1) > 253 {
        return invalid(Reason.invalidIDNALabel, range.lowerBound, "the internationalized host is longer than 253 bytes")
      }
      return nil
    }
  }

  /// Maps the code points of a non-ACE label into `scratch`; returns how many.
  private static func mapLabel(
    _ bytes: UnsafeBufferPointer<UInt8>, _ label: Range<Int>, _ scratch: UnsafeMutableBufferPointer<UInt32>
  ) -> Result<Int, URLReadError> {
    var count = 0
    var i = label.lowerBound
    while i < label.upperBound {
      let (value, length) = IDNA.decodeScalar(bytes, at: i)
      guard let mapped = IDNA.map(value) else {
        return .failure(
          invalid(
            Reason.unsupportedIDNA, i, "a host character whose IDNA mapping this reader does not implement"))
      }
      if count == 63 { return .failure(labelTooLong(at: label.lowerBound)) }
      scratch[count] = mapped
      count &+= 1
      i &+= length
    }
    return .success(count)
  }

  /// An `xn--` label must be the Punycode of a supported, already mapped, non-ASCII label.
  private static func checkACELabel(
    _ bytes: UnsafeBufferPointer<UInt8>, _ label: Range<Int>, _ scratch: UnsafeMutableBufferPointer<UInt32>
  ) -> URLReadError? {
    let error = ambiguous(
      Reason.invalidPunycode, label.lowerBound,
      "an 'xn--' label that is not valid Punycode: browsers refuse it, Foundation keeps it")
    guard label.count <= 63,
      let count = Punycode.decode(bytes, label.lowerBound &+ 4..<label.upperBound, into: scratch)
    else { return error }
    var hasNonASCII = false
    for k in 0..<count {
      var v = scratch[k]
      if v >= 0x41 && v <= 0x5A {  // WHATWG lowercases the host before decoding.
        v |= 0x20
        scratch[k] = v
      }
      if v >= 0x80 { hasNonASCII = true }
      guard IDNA.map(v) == v else { return error }
    }
    let decoded = UnsafeBufferPointer(rebasing: scratch[0..<count])
    guard hasNonASCII, checkHyphens(decoded, at: label.lowerBound) == nil else { return error }
    // Re-encoding must give the label back (lowercased): one spelling per label.
    var k = label.lowerBound &+ 4
    var same = true
    let encoded = Punycode.encode(decoded) { byte in
      if k < label.upperBound && lowercasedASCII(bytes[k]) == byte { k &+= 1 } else { same = false }
    }
    return encoded && same && k == label.upperBound ? nil : error
  }

  /// ICU's hyphen rules (CheckHyphens): no '-' first or last, none in both the third and fourth places.
  private static func checkHyphens(_ label: UnsafeBufferPointer<UInt32>, at offset: Int) -> URLReadError? {
    let n = label.count
    guard n > 0 else { return nil }
    if label[0] == 0x2D || label[n &- 1] == 0x2D || (n >= 4 && label[2] == 0x2D && label[3] == 0x2D) {
      return invalid(
        Reason.invalidIDNALabel, offset,
        "a label of an internationalized host starts or ends with '-', or has '--' in the third and fourth places")
    }
    return nil
  }

  /// The length of the ASCII form of a mapped label.
  private static func aceLength(_ label: UnsafeBufferPointer<UInt32>) -> Int {
    var allASCII = true
    for v in label where v >= 0x80 { allASCII = false }
    if allASCII { return label.count }
    var length = 4
    _ = Punycode.encode(label) { _ in length &+= 1 }
    return length
  }

  private static func labelTooLong(at offset: Int) -> URLReadError {
    invalid(Reason.invalidIDNALabel, offset, "a label of an internationalized host is longer than 63 bytes")
  }
}

extension IDNA {
  /// Checks a whole host as the reader does (characters, `xn--` labels, IDNA rules).
  static func checkHost(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> URLReadError? {
    var r = URLComponentRanges(scheme: 0..<0, path: 0..<0)
    if range.isEmpty { return URLSyntax.invalid(URLReadError.Reason.emptyHost, 0, "expected a host") }
    var i = range.lowerBound
    while i < range.upperBound {
      if bytes[i] == 0x25 {
        // IDNA maps characters, not escapes (a custom URL's opaque `caf%C3%A9` is not a domain).
        return URLSyntax.ambiguous(
          URLReadError.Reason.percentEncodedHost, i, "a '%' in a host: IDNA maps characters, not escapes")
      }
      if bytes[i] < 0x80 {
        i &+= 1
        continue
      }
      let length = UTF8Bytes.sequenceLength(bytes, at: i, end: range.upperBound)
      if length == 0 { return URLSyntax.invalidUTF8(at: i) }
      i &+= length
    }
    return URLSyntax.checkRegisteredName(bytes, range, kind: .other, into: &r)
  }
}
