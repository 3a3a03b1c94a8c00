import RouteEvents
import RouteTables

/// The fast path for a URL with a query or a fragment (`notes://search?q=meeting%20notes`,
/// `https://example.com/docs#intro`).
///
/// The path is walked as ``URLTrie/fastMatch(_:_:_:)`` walks it, up to the first `?` or `#`;
/// the query and the fragment are checked on the URL's bytes by the same terminal check the
/// general path runs (``URLTrie/checkTerminals(_:_:captures:_:_:_:)``: query items split on the
/// raw bytes, each value decoded into the scratch buffer only when a constraint reads it). The
/// URL reader (``URLSyntax``) is not run: the fast path takes the URL only when the reader would
/// accept its query and fragment as they are (``fastTail(_:from:_:)``), so that the decision,
/// and the ranges the constraints read, are the general path's.
extension URLTrie {
  /// ``fastMatch(_:_:_:)`` for a URL whose path ends at a `?` or a `#`: `.needsGeneralPath`
  /// when its query or fragment holds a byte the fast path does not read (see
  /// ``fastTail(_:from:_:)``). Without either, the verdict on a host no route has
  /// (``unknownHost(_:_:_:)``), which ``fastMatch(_:_:_:)`` leaves to this call.
  ///
  /// With `afterWalk`, ``fastMatch(_:_:_:)`` has just declined these same bytes: when it found
  /// no host key of the table in them (``MatchScratch/lastHost`` is -1 then), the lookup is not
  /// made again.
  @inline(never)
  func fastMatchWithTail(
    _ p: UnsafePointer<UInt8>, _ n: Int, _ scratch: inout MatchScratch, afterWalk: Bool = false
  ) -> FastMatch {
    guard n >= 9 && n <= URLSyntax.maxLength else { return .needsGeneralPath }
    // (fastMatch looks the host up in every URL of 16 bytes or more, and keeps -1 for no key.)
    let knownMiss = afterWalk && n >= 16 && scratch.lastHost == -1
    // A host no key of the table is, already looked up: decided on the URL's bytes, unless
    // they hold a query or a fragment (or another byte to read), which the walk below reads.
    if knownMiss {
      let verdict = unknownHost(p, n, &scratch)
      if verdict != .needsGeneralPath { return verdict }
    }
    let tail = afterWalk ? keptHostTail(p, n, scratch.lastHost) ?? URLTrie.tailStart(p, n) : URLTrie.tailStart(p, n)
    // No query and no fragment: what fastMatch declined may be a host no route has (fastMatch
    // itself leaves that to this call, out of line).
    if tail >= n {
      guard !knownMiss, n >= 16, storage.findFastHost(p, n) == -1 else { return .needsGeneralPath }
      return unknownHost(p, n, &scratch)
    }
    // (The walk reads words of eight bytes from the start of the URL: a path end before 8 is
    // a host key shorter than any fast one.)
    guard tail >= 8 else { return .needsGeneralPath }
    let hash = URLTrie.fastTail(p, from: tail, n)
    guard hash >= 0 else { return .needsGeneralPath }
    scratch.fastTailEnd = n
    scratch.fastFragmentStart = hash
    defer { scratch.fastTailEnd = 0 }
    return fastWalk(p, tail, &scratch, decidesUnknownHost: true)
  }

  /// Where the path ends when the URL starts with the key of host slot `slot` followed by a `?`
  /// or `#` (as ``fastWalk(_:_:_:decidesUnknownHost:)`` leaves ``MatchScratch/lastHost`` for
  /// `notes://new?title=…`): the key's length, which ``tailStart(_:_:)`` would find (a fast key
  /// holds no `?` or `#`); nil otherwise.
  @inline(__always)
  func keptHostTail(_ p: UnsafePointer<UInt8>, _ n: Int, _ slot: Int) -> Int? {
    let s = storage
    guard slot >= 0 && slot <= s.hostMask else { return nil }
    let length = Int(s.hosts[slot].length)
    guard length >= 8 && length < n && (p[length] == 0x3F || p[length] == 0x23) else { return nil }
    return s.hostKeyStarts(p, length, slot: slot) ? length : nil
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

  /// Where the fragment of `p[start..<n]` (the query and fragment, from the `?` or `#` that
  /// ends the path) starts: the offset of its `#`, `n` when there is none; -1 unless the URL
  /// reader takes the query and the fragment as they are and every byte of them is one the fast
  /// path reads: printable ASCII other than a space, each `%` followed by two hexadecimal digits
  /// that decode to printable ASCII. Then the reader's checks all pass: no control character,
  /// valid UTF-8 before and after decoding, and no component that mixes `%XX` escapes with a byte
  /// Foundation would encode (the reader refuses that as ambiguous; here it sends the URL to the
  /// general path, which says so). Anything else (a byte of 0x80 or more, a `%` that does not
  /// decode to printable ASCII) is left to the general path, which is always right.
  ///
  /// Plain bytes (nothing the reader checks) are skipped eight at a time, escapes or not; the
  /// bytes Foundation would encode are looked for only in a component that has an escape.
  static func fastTail(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Int {
    var hash = p[start] == 0x23 ? start : n
    var i = start &+ 1
    var componentStart = i
    var escapes = false
    while i < n {
      // To the next byte that is not plain (needs 8 <= n).
      let w = URLTrie.word(p, at: i, n)
      var mask = PlainBytes.nonPlainMask(w)
      if i &+ 8 > n { mask &= 0x8080_8080_8080_8080 as UInt64 &>> UInt64(truncatingIfNeeded: 64 &- (n &- i) &* 8) }
      if mask == 0 {
        i &+= 8
        continue
      }
      i &+= mask.trailingZeroBitCount &>> 3
      let b = p[i]
      if b == 0x23 && hash == n {
        // The query ends; the fragment is a component of its own.
        if escapes && URLTrie.holdsEncodable(p, from: componentStart, i) { return -1 }
        hash = i
        escapes = false
        i &+= 1
        componentStart = i
        continue
      }
      // (A space, too: the reader refuses one at the end of the URL.)
      if b <= 0x20 || b >= 0x7F { return -1 }
      if b == 0x25 {
        guard URLTrie.printableEscape(p, at: i, n) >= 0 else { return -1 }
        escapes = true
        i &+= 3
        continue
      }
      i &+= 1  // ('!', '"', '$', '?', '\\' or a second '#': looked at below when the component has escapes)
    }
    if escapes && URLTrie.holdsEncodable(p, from: componentStart, n) { return -1 }
    return hash
  }

  /// Whether `p[start ..< end]` (a query or a fragment of printable ASCII other than a space,
  /// whose escapes are all `%XX`) holds a byte Foundation would encode there (outside
  /// ``ByteSet/fragmentAllowed``; an escape's digits are inside it, and `%` is not looked at).
  /// Eight bytes at a time, the lanes of every word gathered and tested once; the bytes after
  /// the last whole word are read in the word that ends at `end`, its lanes below them (read
  /// already, or before `start`) left out. Needs `8 <= end`.
  @inline(never)
  static func holdsEncodable(_ p: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Bool {
    var i = start
    var lanes: UInt64 = 0
    while i &+ 8 <= end {
      lanes |= encodableLanes(UnsafeRawPointer(p + i).loadWord())
      i &+= 8
    }
    if i < end {
      // (Lanes do not carry into one another in encodableLanes: the ones left out change nothing.)
      let last = end &- 8
      let above = 0x8080_8080_8080_8080 as UInt64 &<< UInt64(truncatingIfNeeded: (i &- last) &* 8)
      lanes |= encodableLanes(UnsafeRawPointer(p + last).loadWord()) & above
    }
    return lanes != 0
  }

  /// The high bit of every byte of `w` (each below 0x80) that is printable ASCII Foundation
  /// encodes in a query or a fragment: `"` `#` `<` `>` `[` `\` `]` `^` `` ` `` `{` `|` `}`.
  @inline(__always)
  static func encodableLanes(_ w: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    let x = w & 0x7F7F_7F7F_7F7F_7F7F
    // Per lane v < 0x80: (v | 0x80) - 1 has its high bit set exactly when v is not 0 (no borrow).
    func nonZero(_ v: UInt64) -> UInt64 { (v | high) &- repeated(0x01) }
    // `"` `#` (x & 0xFE is 0x22), `<` `>` (x & 0xFD is 0x3C), `^`, `` ` ``: one of them is 0.
    let equal =
      ~(nonZero(x & repeated(0xFE) ^ repeated(0x22)) & nonZero(x & repeated(0xFD) ^ repeated(0x3C))
      & nonZero(x ^ repeated(0x5E)) & nonZero(x ^ repeated(0x60)))
    // `[` `\` `]` and `{` `|` `}`: x & 0xDF from 0x5B to 0x5D (per lane f < 0x80, f + (0x80 - k)
    // has its high bit set exactly when f >= k, with no carry out).
    let f = x & repeated(0xDF)
    let brackets = (f &+ repeated(0x80 - 0x5B)) & ~(f &+ repeated(0x80 - 0x5E))
    return (equal | brackets) & high
  }

  /// ``constraintsHold(_:_:query:fragment:_:)`` for a terminal reached by the fast path, on the URL
  /// `p[0 ..< total]` whose query and fragment ``fastTail(_:from:_:)`` checked: the same verdict and
  /// the same value ranges. Keys and text values (`?q`, `?q={text}`, `?q={text?}`) are decided
  /// here, on the raw bytes: a key with no `%` (and no `+` read as a space) is its own decoded
  /// form, and a text value is taken as it is (it decodes, see ``Context/fastTail``). Any other
  /// constraint, and a key to decode, go to the general check.
  func fastConstraintsHold(
    _ terminal: Terminal, _ p: UnsafePointer<UInt8>, _ total: Int, query: Range<Int>?, fragment: Range<Int>?,
    _ scratch: inout MatchScratch
  ) -> Bool {
    let s = storage
    let first = Int(terminal.constraintStart)
    let count = Int(terminal.constraintCount)
    let plus = s.plusAsSpaceInQuery
    // One pass: a constraint the general check must decide hands it all of them (the ones
    // before it give it the same verdicts and ranges; it decides them first, in this order,
    // and stops at the first that fails, as this loop does).
    for k in 0..<count {
      let c = s.constraints[first &+ k]
      guard c.kind.rawValue <= Constraint.Kind.optional.rawValue && c.kind != .literal && !c.isFragment,
        c.type == .string
      else { return generalConstraintsHold(terminal, p, total, query: query, fragment: fragment, &scratch) }
      scratch.valueStart[k] = -1
      scratch.valueEnd[k] = -1
      let name = s.pool + Int(c.nameStart)
      let length = Int(c.nameLength)
      // The first item with the key, in the items as parseQuery splits them: on '&', empty
      // ones left out, at most maxQueryItems of them.
      var valueStart = -2
      var valueEnd = -1
      if let query, !query.isEmpty {
        var start = query.lowerBound
        var items = 0
        while start <= query.upperBound && items < URLTrie.maxQueryItems {
          let (end, equals) = URLTrie.queryItem(p, from: start, to: query.upperBound, total, plus: plus)
          // A key decodes to itself unless it holds a `%` (or a `+` read as a space): the
          // general check decides those.
          if equals < 0 {
            return generalConstraintsHold(terminal, p, total, query: query, fragment: fragment, &scratch)
          }
          if end > start {
            items &+= 1
            if equals &- start == length && MatcherStorage.bytesEqual(p + start, name, length) {
              valueStart = equals < end ? equals &+ 1 : -1
              valueEnd = equals < end ? end : -1
              break
            }
          }
          start = end &+ 1
        }
      }
      guard valueStart != -2 else {
        if c.kind == .optional { continue }
        return false
      }
      if c.kind == .present { continue }
      // A text value: taken as it is (an item without '=' has the empty value).
      scratch.valueStart[k] = Int32(truncatingIfNeeded: valueStart < 0 ? 0 : valueStart)
      scratch.valueEnd[k] = Int32(truncatingIfNeeded: valueStart < 0 ? 0 : valueEnd)
    }
    return true
  }

  /// One pass over the query item that starts at `start` in `p[start ..< queryEnd]` (`queryEnd
  /// <= n`, `8 <= n`): where it ends (its first `&`, or `queryEnd`) and where its key ends (its
  /// first `=`, or the item's end); `equals` is -1 when the key holds a `%` (or, with `plus`, a
  /// `+`). Eight bytes at a time, `&`, `=` and `%` looked for in the same word: what three
  /// ``firstByte(_:_:from:to:_:)`` scans give, in one.
  @inline(__always)
  static func queryItem(
    _ p: UnsafePointer<UInt8>, from start: Int, to queryEnd: Int, _ n: Int, plus: Bool
  ) -> (end: Int, equals: Int) {
    var i = start
    var equals = -1
    while i < queryEnd {
      let w = word(p, at: i, n)
      // The lowest mark of each test is exact.
      let amps = zeroBytes(w ^ repeated(0x26))
      var end = queryEnd
      if amps != 0 { end = min(end, i &+ amps.trailingZeroBitCount &>> 3) }
      if equals < 0 {
        let equalSigns = zeroBytes(w ^ repeated(0x3D))
        var keyEnd = end
        if equalSigns != 0 { keyEnd = min(keyEnd, i &+ equalSigns.trailingZeroBitCount &>> 3) }
        var escapes = zeroBytes(w ^ repeated(0x25))
        if plus { escapes |= zeroBytes(w ^ repeated(0x2B)) }
        if escapes != 0 && i &+ escapes.trailingZeroBitCount &>> 3 < keyEnd { return (end, -1) }
        if keyEnd < end || end < i &+ 8 { equals = keyEnd }
      }
      if end < i &+ 8 { return (end, equals) }
      i &+= 8
    }
    return (queryEnd, equals < 0 ? queryEnd : equals)
  }

  /// ``constraintsHold(_:_:query:fragment:_:)`` itself, for what ``fastConstraintsHold(_:_:_:query:fragment:_:)``
  /// leaves to it.
  @inline(never)
  private func generalConstraintsHold(
    _ terminal: Terminal, _ p: UnsafePointer<UInt8>, _ total: Int, query: Range<Int>?, fragment: Range<Int>?,
    _ scratch: inout MatchScratch
  ) -> Bool {
    let context = Context(
      input: UnsafeBufferPointer(start: p, count: total), storage: storage, segments: scratch.segments,
      captures: scratch.captures, buffer: scratch.buffer, bufferCapacity: scratch.bufferCapacity,
      segmentCount: scratch.segmentCount, fastTail: true)
    return constraintsHold(terminal, context, query: query, fragment: fragment, &scratch)
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
  /// otherwise) and its fragment's `#` is at `hash` (`tailEnd` when it has none), as the URL
  /// reader gives them: the query after the first `?` up to the first `#`, the fragment after
  /// that `#` to the end.
  static func tailRanges(_ p: UnsafePointer<UInt8>, pathEnd: Int, tailEnd: Int, hash: Int) -> (
    query: Range<Int>?, fragment: Range<Int>?
  ) {
    guard tailEnd > pathEnd else { return (nil, nil) }
    if hash == pathEnd { return (nil, pathEnd &+ 1..<tailEnd) }
    return (pathEnd &+ 1..<hash, hash < tailEnd ? hash &+ 1..<tailEnd : nil)
  }
}
