import RouterSupport

// Foundation's serialization, reproduced: when `URL(string:)` finds a component with characters
// outside its RFC 3986 set, it percent-encodes that whole component (every byte outside the set)
// and rebuilds the string, with the port re-printed as a number and a non-ASCII host in IDNA form.
// The reader refuses the inputs where that rebuild would change a meaning (`%` next to bytes to
// encode, see `mixed-encoding`), so what remains is reproduced byte for byte here.

extension URLRecord {
  /// Exactly Foundation's `URL(string: text)?.absoluteString` (tested differentially).
  ///
  /// This is the string Apple's scene selection matches `handlesExternalEvents` conditions against.
  public var absoluteString: String {
    withBytes { bytes in
      if isAbsoluteString(bytes) { return text }
      let r = ranges
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count &+ bytes.count / 2)
      out.append(contentsOf: bytes[r.scheme])
      out.append(0x3A)
      if r.hasAuthority { out.append(contentsOf: [0x2F, 0x2F]) }
      if let user = r.user {
        append(bytes, user, .foundationUserinfo, to: &out)
        if let password = r.password {
          out.append(0x3A)
          append(bytes, password, .foundationUserinfo, to: &out)
        }
        out.append(0x40)
      }
      if let host = r.host {
        if r.hostIsIPLiteral {
          out.append(0x5B)
          out.append(contentsOf: bytes[host])
          out.append(0x5D)
        } else if r.hostIsASCII {
          out.append(contentsOf: bytes[host])
        } else if IDNA.percentEncodesHost(bytes, r.scheme) {
          PercentDecoding.encode(bytes, host, allowing: .foundationHost, into: &out)
        } else {
          out.append(contentsOf: IDNA.asciiForm(bytes, host).utf8)
        }
      }
      if let port = r.port {
        out.append(0x3A)
        out.append(contentsOf: String(port).utf8)
      }
      appendPath(bytes, to: &out)
      if let query = r.query {
        out.append(0x3F)
        append(bytes, query, .foundationQuery, to: &out)
      }
      if let fragment = r.fragment {
        out.append(0x23)
        append(bytes, fragment, .foundationQuery, to: &out)
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// Runs `test` on the URL's bytes when they are its ``absoluteString`` as they are (Foundation
  /// keeps every component as written: the common case) and returns its answer; nil without
  /// running it otherwise. A caller that only tests the string tests it in place, with no string
  /// made. Not generic: a generic function of another module is called unspecialized, its type
  /// metadata looked up at each call.
  ///
  /// ```swift
  /// url.testAbsoluteString { $0.count > 8 }   // url.absoluteString.utf8.count > 8, or nil
  /// ```
  package func testAbsoluteString(_ test: (UnsafeBufferPointer<UInt8>) -> Bool?) -> Bool? {
    withBytes { bytes in isAbsoluteString(bytes) ? test(bytes) : nil }
  }

  /// ``testAbsoluteString(_:)`` of the record at `url`, read in place: neither the record nor
  /// its text is copied or retained (called as a method on a pointer's `pointee`, the record
  /// was copied for the call and its text retained for the closure that reads its bytes).
  ///
  /// ```swift
  /// withUnsafePointer(to: url) { URLRecord.testAbsoluteString(at: $0) { $0.count > 8 } }
  /// ```
  package static func testAbsoluteString(
    at url: UnsafePointer<URLRecord>, _ test: (UnsafeBufferPointer<UInt8>) -> Bool?
  ) -> Bool? {
    let ranges = url.pointee.ranges
    if let bytes = url.pointee.borrowed.bytes { return isAbsoluteString(bytes, ranges) ? test(bytes) : nil }
    if let answer = url.pointee.owned.utf8.withContiguousStorageIfAvailable({ bytes in
      isAbsoluteString(bytes, ranges) ? test(bytes) : nil
    }) {
      return answer
    }
    return url.pointee.testAbsoluteString(test)
  }

  /// Whether the URL's `bytes` are its ``absoluteString`` as they are: an ASCII host, and every
  /// other component kept as written (each byte in Foundation's set for it, or an escape).
  @inline(__always)
  private func isAbsoluteString(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    Self.isAbsoluteString(bytes, ranges)
  }

  /// ``isAbsoluteString(_:)`` of the bytes `bytes` with the ranges `r`.
  @inline(__always)
  private static func isAbsoluteString(_ bytes: UnsafeBufferPointer<UInt8>, _ r: URLComponentRanges) -> Bool {
    let userinfoValid =
      (r.user.map { isValid(bytes, $0, .foundationUserinfo) } ?? true)
      && (r.password.map { isValid(bytes, $0, .foundationUserinfo) } ?? true)
    let componentsValid =
      userinfoValid && FoundationBytes.isValidPath(bytes, r.path)
      && (r.query.map { FoundationBytes.isValidQuery(bytes, $0) } ?? true)
      && (r.fragment.map { FoundationBytes.isValidQuery(bytes, $0) } ?? true)
    return componentsValid && r.hostIsASCII
  }

  var foundationHost: String? {
    guard let host = ranges.host else { return nil }
    if ranges.hostIsASCII { return string(host) }
    return withBytes { bytes in
      if IDNA.percentEncodesHost(bytes, ranges.scheme) {
        var out: [UInt8] = []
        PercentDecoding.encode(bytes, host, allowing: .foundationHost, into: &out)
        return String(decoding: out, as: UTF8.self)
      }
      return PercentDecoding.encode(IDNA.unicodeForm(bytes, host), allowing: .foundationHost)
    }
  }

  var foundationPath: String {
    withBytes { bytes in
      var out: [UInt8] = []
      appendPath(bytes, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }

  var normalizedHostForm: String? {
    guard let host = ranges.host else { return nil }
    return withBytes { bytes in
      // As the matcher's host keys have it (HostKey): one normal form for the gate and the routes.
      if ranges.hostIsASCII && !ranges.hostIsIPLiteral {
        return String(decoding: bytes[host].map(ASCIIBytes.lowercased), as: UTF8.self)
      }
      return HostKey.rareHostForm(bytes, host, isIPLiteral: ranges.hostIsIPLiteral) ?? string(host).lowercased()
    }
  }

  func foundationEncoded(_ range: Range<Int>, allowing set: ByteSet) -> String {
    withBytes { bytes in
      var out: [UInt8] = []
      append(bytes, range, set, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// Whether Foundation keeps the component as written: every byte is in `set` or starts an escape.
  private static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ set: ByteSet) -> Bool {
    for i in range where bytes[i] != 0x25 && !set.contains(bytes[i]) { return false }
    return true
  }

  /// Appends the component as written when valid, else with every byte outside `set` encoded.
  private func append(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ set: ByteSet, to out: inout [UInt8]
  ) {
    if Self.isValid(bytes, range, set) {
      out.append(contentsOf: bytes[range])
    } else {
      PercentDecoding.encode(bytes, range, allowing: set, into: &out)
    }
  }

  /// Foundation encodes an invalid path in two parts: up to the first `/` without `:` (so that the
  /// first segment cannot look like a scheme), the rest with the path set.
  private func appendPath(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    let path = ranges.path
    if FoundationBytes.isValidPath(bytes, path) {
      out.append(contentsOf: bytes[path])
      return
    }
    var slash = path.lowerBound
    while slash < path.upperBound && bytes[slash] != 0x2F { slash &+= 1 }
    PercentDecoding.encode(bytes, path.lowerBound..<slash, allowing: .foundationPathFirstSegment, into: &out)
    PercentDecoding.encode(bytes, slash..<path.upperBound, allowing: .foundationPath, into: &out)
  }
}
