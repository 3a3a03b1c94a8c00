import RouteEvents

/// The fast path for a URL with a query or a fragment (`notes://search?q=meeting%20notes`,
/// `https://example.com/docs#intro`).
///
/// The path is walked as ``URLTrie/fastMatch(_:_:_:)`` walks it, up to the first `?` or `#`;
/// the query and the fragment are checked on the URL's bytes by the same terminal check the
/// general path runs (``URLTrie/checkTerminals(_:_:captures:_:_:_:)``: query items split on the
/// raw bytes, each value decoded into the scratch buffer only when a constraint reads it). The
/// URL reader (``URLSyntax``) is not run: the fast path takes the URL only when the reader would
/// accept its query and fragment as they are (``tailIsFast(_:from:_:)``), so that the decision,
/// and the ranges the constraints read, are the general path's.
extension URLTrie {
  /// ``fastMatch(_:_:_:)`` for a URL whose path ends at a `?` or a `#`: `.needsGeneralPath`
  /// when its query or fragment holds a byte the fast path does not read (see
  /// ``tailIsFast(_:from:_:)``). Without either, the verdict on a host no route has
  /// (``unknownHost(_:_:_:)``), which ``fastMatch(_:_:_:)`` leaves to this call.
  @inline(never)
  func fastMatchWithTail(_ p: UnsafePointer<UInt8>, _ n: Int, _ scratch: inout MatchScratch) -> FastMatch {
    guard n >= 9 && n <= URLSyntax.maxLength else { return .needsGeneralPath }
    let tail = URLTrie.tailStart(p, n)
    // No query and no fragment: what fastMatch declined may be a host no route has (fastMatch
    // itself leaves that to this call, out of line).
    if tail >= n {
      guard n >= 16, storage.findFastHost(p, n) == -1 else { return .needsGeneralPath }
      return unknownHost(p, n, &scratch)
    }
    // (The walk reads words of eight bytes from the start of the URL: a path end before 8 is
    // a host key shorter than any fast one.)
    guard tail >= 8, URLTrie.tailIsFast(p, from: tail, n) else { return .needsGeneralPath }
    scratch.fastTailEnd = n
    defer { scratch.fastTailEnd = 0 }
    return fastWalk(p, tail, &scratch, decidesUnknownHost: true)
  }

  /// The offset of the first `?` or `#` of `p[0..<n]` (where the path ends), or `n`; eight
  /// bytes at a time. Needs `8 <= n`.
  static func tailStart(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    var i = 0
    while i &+ 8 <= n {
      let w = UnsafeRawPointer(p + i).loadWord()
      // The lowest mark of either test is exact, so the lowest of both is.
      let marks = zeroBytes(w ^ repeated(0x3F)) | zeroBytes(w ^ repeated(0x23))
      if marks != 0 { return i &+ marks.trailingZeroBitCount &>> 3 }
      i &+= 8
    }
    while i < n {
      if p[i] == 0x3F || p[i] == 0x23 { return i }
      i &+= 1
    }
    return n
  }

  /// Whether the URL reader takes the query and fragment `p[start..<n]` (from the `?` or `#`
  /// that ends the path) as they are, and every byte of them is one the fast path reads: printable
  /// ASCII other than a space, each `%` followed by two hexadecimal digits that decode to printable
  /// ASCII. Then the
  /// reader's checks all pass: no control character, valid UTF-8 before and after decoding, and
  /// no component that mixes `%XX` escapes with a byte Foundation would encode (the reader
  /// refuses that as ambiguous; here it sends the URL to the general path, which says so).
  /// Anything else (a byte of 0x80 or more, a `%` that does not decode to printable ASCII) is
  /// left to the general path, which is always right.
  static func tailIsFast(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Bool {
    // Most queries are plain bytes alone (no '%', '#', space, control or non-ASCII byte: nothing
    // the reader checks), eight at a time; the others are read byte by byte below.
    if allPlain(p, from: start &+ 1, n) { return true }
    let allowed = ByteSet.fragmentAllowed
    var inFragment = p[start] == 0x23
    var escapes = false
    var encodable = false
    var i = start &+ 1
    while i < n {
      let b = p[i]
      if b == 0x23 && !inFragment {
        // The query ends; the fragment is a component of its own.
        if escapes && encodable { return false }
        inFragment = true
        escapes = false
        encodable = false
        i &+= 1
        continue
      }
      // (A space, too: the reader refuses one at the end of the URL.)
      if b <= 0x20 || b >= 0x7F { return false }
      if b == 0x25 {
        guard URLTrie.printableEscape(p, at: i, n) >= 0 else { return false }
        escapes = true
        i &+= 3
        continue
      }
      if !allowed.contains(b) { encodable = true }
      i &+= 1
    }
    return !(escapes && encodable)
  }

  /// Whether every byte of `p[start..<n]` is a ``PlainBytes`` byte; needs `8 <= n`.
  @inline(__always)
  static func allPlain(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Bool {
    var i = start
    while i &+ 8 <= n {
      if PlainBytes.nonPlainMask(UnsafeRawPointer(p + i).loadWord()) != 0 { return false }
      i &+= 8
    }
    guard i < n else { return true }
    let mask = 0x8080_8080_8080_8080 as UInt64 &>> UInt64(truncatingIfNeeded: 64 &- (n &- i) &* 8)
    return PlainBytes.nonPlainMask(word(p, at: i, n)) & mask == 0
  }

  /// The byte the escape `%XX` at `p[i]` decodes to when it is printable ASCII (0x20 ..< 0x7F)
  /// and its two digits are inside `p[0 ..< n]`; -1 for any other escape.
  @inline(__always)
  static func printableEscape(_ p: UnsafePointer<UInt8>, at i: Int, _ n: Int) -> Int {
    guard i &+ 2 < n else { return -1 }
    let high = hexDigit(p[i &+ 1])
    let low = hexDigit(p[i &+ 2])
    guard high >= 0 && low >= 0 else { return -1 }
    let value = high &<< 4 | low
    return value >= 0x20 && value < 0x7F ? value : -1
  }

  /// The value of a hexadecimal digit (either case), or -1.
  @inline(__always)
  static func hexDigit(_ b: UInt8) -> Int {
    switch b {
    case 0x30...0x39: return Int(b &- 0x30)
    case 0x41...0x46: return Int(b &- 0x41 &+ 10)
    case 0x61...0x66: return Int(b &- 0x61 &+ 10)
    default: return -1
    }
  }

  /// The query and fragment ranges of the URL the fast path is reading, when its path ends at
  /// `pathEnd` before a `?` or `#` (``MatchScratch/fastTailEnd`` is the URL's length then, 0
  /// otherwise), as the URL reader gives them: the query after the first `?` up to the first
  /// `#`, the fragment after that `#` to the end.
  static func tailRanges(_ p: UnsafePointer<UInt8>, pathEnd: Int, tailEnd: Int) -> (
    query: Range<Int>?, fragment: Range<Int>?
  ) {
    guard tailEnd > pathEnd else { return (nil, nil) }
    if p[pathEnd] == 0x23 { return (nil, pathEnd &+ 1..<tailEnd) }
    var hash = pathEnd &+ 1
    while hash < tailEnd && p[hash] != 0x23 { hash &+= 1 }
    return (pathEnd &+ 1..<hash, hash < tailEnd ? hash &+ 1..<tailEnd : nil)
  }
}
