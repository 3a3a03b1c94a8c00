// The common form of a URL read in one place, before the reader's general steps: a plain scheme
// (not `file`), `//`, a plain host name (``HostNameBytes``), then the path, query and fragment.
// No `Result` and no call between the steps on the usual line; anything else, and any input the
// reader refuses, is left to the general reader, which reads it from the start. No allocation.

extension URLSyntax {
  /// What ``readCommonForm(_:)`` found: where the scheme ends (its `:`) and where the host ends;
  /// the host starts after `://`.
  enum CommonForm {
    /// The common form with plain bytes (``PlainBytes``) after the host, to the end: the path,
    /// and the reader's `needsNoEscape` form.
    case plain(colon: Int, hostEnd: Int)
    /// The common form up to the host, then a query, a fragment or a byte that is not plain,
    /// for ``scanTail(_:from:into:)``.
    case tail(colon: Int, hostEnd: Int)
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

  /// Reads `bytes` up to the end of the host, when they are the common form, with the same
  /// checks as ``parseInGeneral(_:needsNoEscape:)`` makes there, and tells whether plain bytes
  /// follow to the end; `.other` for any other input, including every input the reader refuses
  /// before the tail.
  ///
  /// `https://` and `http://` in any case are told from the first word; any other scheme of
  /// letters, digits, `-` and `.` is read with the host-name word test and packed once.
  @inline(__always)
  static func readCommonForm(_ bytes: UnsafeBufferPointer<UInt8>) -> CommonForm {
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
    if plainRunEnd(p, from: end, n) == n { return .plain(colon: colon, hostEnd: end) }
    // A space at the end, which the tail's scan would pass, is refused first (no plain byte is one).
    return p[n &- 1] == 0x20 ? .other : .tail(colon: colon, hostEnd: end)
  }

  /// The ranges of `bytes` in the common form (``readCommonForm(_:)``), or nil when the general
  /// reader must read them (their tail refused, or a path of `pathLimit` bytes or more), and
  /// whether they are the plain form.
  @inline(__always)
  static func commonFormRanges(
    _ bytes: UnsafeBufferPointer<UInt8>, pathLimit: Int = .max
  ) -> (ranges: URLComponentRanges, plain: Bool)? {
    let n = bytes.count
    switch readCommonForm(bytes) {
    case .plain(let colon, let hostEnd):
      guard n &- hostEnd < pathLimit else { return nil }
      return (URLComponentRanges(readerScheme: colon, hostEnd: hostEnd, end: n), true)
    case .tail(let colon, let hostEnd):
      var r = URLComponentRanges(readerScheme: colon, hostEnd: hostEnd, end: n)
      guard scanTail(bytes, from: hostEnd, into: &r) == nil, r.pathBounds.upper &- r.pathBounds.lower < pathLimit
      else { return nil }
      return (r, false)
    case .other: return nil
    }
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
