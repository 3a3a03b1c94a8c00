import RouteEvents

/// The fast path for a URL whose host no route has (`notes://unknown/path` against a table of
/// `notes://note/…` and `notes://tag/…` routes): decided as "no route" without the general path
/// when the URL reader would accept the URL, so that the answer is exactly the general path's.
///
/// Most such URLs have a plain authority: a lowercase scheme (not `file`), then a host of
/// lowercase letters, digits, `-` and `.` with no empty label, no `--` (so no `xn--` label for
/// IDNA to check) and a last label that starts with a letter (so no IPv4 form for a special
/// scheme to rewrite). The reader accepts those as they are and its host key is the bytes
/// themselves, which ``MatcherStorage/findFastHost(_:_:)`` has just looked up. Any other
/// authority, `p[0 ..< hostEnd]` (up to the first `/`), is read by the URL reader itself
/// (``URLSyntax/parse(_:)``), and its host key written by ``HostKey`` with the reader's ranges,
/// as the general path writes it: a key the table has (`notes://NOTE`, whose key is
/// `notes://note`; a key the fast path does not take) goes to the general path. When the
/// table has no such key, no wildcard host and no host parameter, no route can take the URL; the
/// rest of it must then be read by the reader as it is (a path of ``PlainBytes`` without dot
/// segments, as ``URLTrie/missOrGeneral(_:from:_:)`` checks it, and a query or fragment that
/// ``URLTrie/fastMatchWithTail(_:_:_:afterWalk:)`` checked), so that `match(url:)` says "no route" where
/// the general path would, and never where the reader refuses the URL.
extension URLTrie {
  /// ``fastWalk(_:_:_:)`` when no host key of the table is the URL's bytes up to its first `/`
  /// (`p[0 ..< n]`, `8 <= n`): ``FastMatch/noRoute`` when the reader accepts the URL and its host
  /// key is no key of the table, else ``FastMatch/needsGeneralPath``. Leaves
  /// ``MatchScratch/lastHost`` at -1: no host of the table was read.
  @inline(never)
  func unknownHost(_ p: UnsafePointer<UInt8>, _ n: Int, _ scratch: inout MatchScratch) -> FastMatch {
    let s = storage
    // A wildcard host or a host parameter may still take it: the general path tries those.
    guard !s.hasFallbackHosts else { return .needsGeneralPath }
    // The scheme ends at the first ':' (findFastHost found "//" after it): in the first word
    // for most URLs (the lowest mark of zeroBytes is exact).
    var colon = 0
    let colons = URLTrie.zeroBytes(UnsafeRawPointer(p).loadWord() ^ URLTrie.repeated(0x3A))
    if colons != 0 {
      colon = colons.trailingZeroBitCount &>> 3
    } else {
      while colon < n && p[colon] != 0x3A { colon &+= 1 }
    }
    guard colon &+ 3 <= n else { return .needsGeneralPath }
    // Where the authority ends (a '?' or '#' there ends it before any '/': fastMatchWithTail
    // calls again with the path alone), then whether it is plain, eight bytes at a time.
    let hostStart = colon &+ 3
    let hostEnd = URLTrie.findAuthorityEnd(p, from: hostStart, n)
    if hostEnd < n && p[hostEnd] != 0x2F { return .needsGeneralPath }
    let plain = URLTrie.isPlainScheme(p, colon) && URLTrie.isPlainHostName(p, from: hostStart, hostEnd, n)
    if !plain {
      // The reader's verdict on the scheme and the authority, and their ranges: nothing after
      // the authority (a `\` that a special scheme reads as a separator ends it).
      let authority = UnsafeBufferPointer(start: p, count: hostEnd)
      guard case .success(let url) = URLSyntax.parse(authority), url.hasAuthority, let host = url.host,
        url.path.isEmpty, url.query == nil, url.fragment == nil,
        URLSyntax.schemeKind(authority, url.scheme) != .file
      else { return .needsGeneralPath }
      let length = HostKey.write(authority, url, host: host, wildcardFrom: nil, into: scratch.buffer)
      guard length > 0, s.findHost(scratch.buffer, length: length) < 0 else { return .needsGeneralPath }
    }
    scratch.lastHost = -1
    guard hostEnd < n else { return .noRoute }
    return missOrGeneral(p, from: hostEnd &+ 1, n)
  }

  /// Whether `p[0 ..< colon]` is a scheme the reader takes as it is and whose host key it
  /// writes as it is: a lowercase letter, then lowercase letters, digits, `+`, `-` and `.`; not
  /// `file` (whose authority has rules of its own).
  /// A scheme that ends in the first eight bytes (the fast path's URLs have at least eight) is
  /// tested in one word, as ``isPlainHostName(_:from:_:_:)`` tests a host's.
  @inline(__always)
  static func isPlainScheme(_ p: UnsafePointer<UInt8>, _ colon: Int) -> Bool {
    guard colon > 0 && p[0] &- 0x61 < 26 else { return false }
    if colon == 4 && p[0] == 0x66 && p[1] == 0x69 && p[2] == 0x6C && p[3] == 0x65 { return false }
    if colon <= 8 {
      // The bytes that are not a lowercase letter, a digit, `-` or `.`, other than a `+`.
      let w = UnsafeRawPointer(p).loadWord()
      let low7 = w & 0x7F7F_7F7F_7F7F_7F7F
      let plus = ~((low7 ^ repeated(0x2B)) &+ repeated(0x7F)) & ~w & 0x8080_8080_8080_8080
      let inRange = 0x8080_8080_8080_8080 as UInt64 &>> UInt64(truncatingIfNeeded: (8 &- colon) &* 8)
      return nonLowercaseHostMask(w) & ~plus & inRange == 0
    }
    for i in 1..<colon {
      let b = p[i]
      guard b &- 0x61 < 26 || b &- 0x30 < 10 || b == 0x2B || b == 0x2D || b == 0x2E else { return false }
    }
    return true
  }

  /// Whether `p[start ..< end]` (within `p[0 ..< n]`, `8 <= n`) is a host name the reader takes
  /// as it is: lowercase letters, digits, `-` and `.`, no empty label (no `.` first or after a
  /// `.`), no `--`, and a last label that starts with a letter (so not empty). Eight bytes at a
  /// time.
  @inline(__always)
  static func isPlainHostName(_ p: UnsafePointer<UInt8>, from start: Int, _ end: Int, _ n: Int) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    // The high bit of each lane that is the byte `b` (lanes below 0x80, as the plain ones are).
    @inline(__always)
    func lanes(_ w: UInt64, _ b: UInt8) -> UInt64 { ~((w ^ repeated(b)) &+ repeated(0x7F)) & high }
    var i = start
    // Whether the byte before lane 0 is a '.' (before the first byte: as if it were, so that a
    // first '.' is an empty label) or a '-', in the lane's high bit.
    var dotBefore: UInt64 = 0x80
    var hyphenBefore: UInt64 = 0
    var lastDot = start &- 1
    while i < end {
      let count = end &- i
      var w = word(p, at: i, n)
      if count < 8 { w &= UInt64.max &>> UInt64(truncatingIfNeeded: (8 &- count) &* 8) }
      let inRange = count < 8 ? high &>> UInt64(truncatingIfNeeded: (8 &- count) &* 8) : high
      guard nonLowercaseHostMask(w) & inRange == 0 else { return false }
      let dots = lanes(w, 0x2E) & inRange
      let hyphens = lanes(w, 0x2D) & inRange
      guard dots & (dots &<< 8 | dotBefore) | hyphens & (hyphens &<< 8 | hyphenBefore) == 0 else { return false }
      if dots != 0 { lastDot = i &+ (63 &- dots.leadingZeroBitCount) &>> 3 }
      dotBefore = dots &>> 56
      hyphenBefore = hyphens &>> 56
      i &+= 8
    }
    let labelStart = lastDot &+ 1
    return labelStart < end && p[labelStart] &- 0x61 < 26
  }

  /// The high bit of every byte of `w` that is not a lowercase letter, a digit, `-` or `.`.
  @inline(__always)
  static func nonLowercaseHostMask(_ w: UInt64) -> UInt64 {
    // Per byte, in seven-bit lanes (no carry crosses a lane), as HostNameBytes reads them.
    let low7 = w & 0x7F7F_7F7F_7F7F_7F7F
    let letter = (low7 &+ repeated(0x80 - 0x61)) & ~(low7 &+ repeated(0x80 - 0x7B))
    let inDashToNine = (low7 &+ repeated(0x80 - 0x2D)) & ~(low7 &+ repeated(0x80 - 0x3A))
    let notSlash = (low7 ^ repeated(0x2F)) &+ repeated(0x7F)
    let plain = (letter | inDashToNine & notSlash) & ~w
    return ~plain & 0x8080_8080_8080_8080
  }

  /// The offset of the first `/`, `?` or `#` at or after `start` in `p[0 ..< n]`, or `n`: where
  /// the authority ends. Eight bytes at a time; needs `8 <= n`.
  @inline(__always)
  static func findAuthorityEnd(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Int {
    @inline(__always)
    func marks(_ w: UInt64) -> UInt64 {
      // The lowest mark of each test is exact, so the lowest of the three is.
      zeroBytes(w ^ repeated(0x2F)) | zeroBytes(w ^ repeated(0x3F)) | zeroBytes(w ^ repeated(0x23))
    }
    var i = start
    while i &+ 8 <= n {
      let m = marks(UnsafeRawPointer(p + i).loadWord())
      if m != 0 { return i &+ m.trailingZeroBitCount &>> 3 }
      i &+= 8
    }
    guard i < n else { return n }
    // The bytes left, in the low lanes (zero-padded above them: no mark there).
    let m = marks(word(p, at: i, n))
    return m != 0 ? i &+ m.trailingZeroBitCount &>> 3 : n
  }
}
