// The common form of a URL read in one place, before the reader's general steps: a plain scheme
// (not `file`), `//`, a plain host name (``HostNameBytes``), then the path, query and fragment.
// No `Result` and no call between the steps on the usual line; anything else, and any input the
// reader refuses, is left to the general reader, which reads it from the start. No allocation.

extension URLSyntax {
  /// What ``readCommonForm(_:into:)`` found.
  enum CommonForm {
    /// The common form with plain bytes (``PlainBytes``) after the host, to the end: the
    /// reader's `needsNoEscape` form.
    case plain
    /// The common form with a query or fragment, or a byte that is not plain, after the host.
    case read
    /// Another form, or one the reader refuses: for the general reader.
    case other
  }

  /// `https://` as the first word of a line (``word(_:_:)``), and the bits that lowercase its
  /// five letters (setting 0x20 maps no other byte to a lowercase letter).
  static var httpsWord: UInt64 { 0x2F2F_3A73_7074_7468 }
  static var httpsLetters: UInt64 { 0x20_2020_2020 }
  /// `http://` in the low seven bytes of the first word, and its letters' bits.
  static var httpWord: UInt64 { 0x2F_2F3A_7074_7468 }
  static var httpLetters: UInt64 { 0x2020_2020 }

  /// Reads `bytes` when they are the common form, into `r`, with the same ranges as
  /// ``parse(_:needsNoEscape:)`` gives them; `.other` (and `r` unspecified) for any other input,
  /// including every input the reader refuses.
  ///
  /// `https://` and `http://` in any case are told from the first word; any other scheme of
  /// letters, digits, `-` and `.` is read with the host-name word test and packed once.
  @inline(__always)
  static func readCommonForm(_ bytes: UnsafeBufferPointer<UInt8>, into r: inout URLComponentRanges) -> CommonForm {
    let n = bytes.count
    guard let p = bytes.baseAddress, n >= 8, n <= maxLength else { return .other }
    let first = word(p, 0)
    let colon: Int
    let special: Bool
    if first | httpsLetters == httpsWord {
      colon = 5
      special = true
    } else if (first | httpLetters) & 0x00FF_FFFF_FFFF_FFFF == httpWord {
      colon = 4
      special = true
    } else {
      let end = hostNameRun(p, from: 0, n).end
      guard end > 0, end &+ 3 < n, p[end] == 0x3A, p[0] | 0x20 &- 0x61 < 26 else { return .other }
      // `end` is 1...n - 4, so the scheme's word lies inside the bytes.
      let packed = (first | 0x2020_2020_2020_2020) & ((1 as UInt64) &<< UInt64(truncatingIfNeeded: end &* 8) &- 1)
      switch end < 2 || end > 5 ? 0 : packed {
      case 0x656C_6966: return .other  // file
      case 0x7074_7468, 0x73_7074_7468, 0x7377, 0x73_7377, 0x70_7466: special = true  // http https ws wss ftp
      default: special = false
      }
      guard p[end &+ 1] == 0x2F && p[end &+ 2] == 0x2F else { return .other }
      colon = end
    }
    let start = colon &+ 3
    guard start < n else { return .other }
    let (end, hasHyphen) = hostNameRun(p, from: start, n)
    guard end > start else { return .other }
    if end < n {
      let b = p[end]
      guard b == 0x2F || b == 0x3F || b == 0x23 else { return .other }
    }
    if special && mayBeIPv4(p, start, end) && !ipv4FormPasses(bytes, start..<end) { return .other }
    if hasHyphen && !labelsPass(bytes, start..<end) { return .other }
    r = URLComponentRanges(readerScheme: colon, end: n)
    r.flags = URLComponentRanges.Flags.hostIsASCII | URLComponentRanges.Flags.hasAuthority
    r.hostBounds = .init(readerLower: start, upper: end)
    if plainRunEnd(p, from: end, n) == n {
      r.pathBounds = .init(readerLower: end, upper: n)
      return .plain
    }
    return scanTail(bytes, from: end, into: &r) == nil ? .read : .other
  }

  /// Whether ``checkIPv4Form(_:_:)`` may refuse the host `start..<end` (not empty): its last
  /// byte is a digit, a hex letter or `x`, or a dot after another byte (false: it passes).
  @inline(__always)
  static func mayBeIPv4(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    let last = p[end &- 1] | 0x20
    return last &- 0x30 < 10 || last &- 0x61 < 6 || last == 0x78 || (last == 0x2E && end &- start > 1)
  }

  /// Whether a special scheme's host passes ``checkIPv4Form(_:_:)``; out of line.
  @inline(never)
  static func ipv4FormPasses(_ bytes: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) -> Bool {
    checkIPv4Form(bytes, host) == nil
  }

  /// Whether an ASCII host's labels pass ``checkLabels(_:_:isASCII:)``; out of line, with its
  /// scratch space, for a host with a `-`.
  @inline(never)
  static func labelsPass(_ bytes: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) -> Bool {
    checkLabels(bytes, host, isASCII: true) == nil
  }
}
