import RouteEvents
import RouteTables

/// Percent-encoded parameter values on the fast path (`notes://tag/a%20b`,
/// `https://example.com/users/%40bob`): the capture's bounds are the raw bytes of its segment,
/// as the general path records them, and nothing is decoded unless a type must be checked (into
/// the scratch buffer) or the caller asks for the value (``CompiledRouter/match(url:)``).
///
/// The fast path takes such a segment only when the URL reader and ``PathSegments`` would read
/// the path exactly as the walk splits it (``URLTrie/escapedPathIsFast(_:from:_:)``); a `%` in
/// a segment that a literal edge is compared with never matches the raw bytes, so it still goes
/// to the general path (`%61` for `a`, `%2F` inside a literal), which decodes and compares.
extension URLTrie {
  /// A step over a parameter (`{name}`, or typed when `kind` is ``NodeInfo/intOnly`` or
  /// ``NodeInfo/uuidOnly``), the only child of `node`, at a segment `pos ..< end` that is not
  /// plain: taken when the whole path holds only escapes the fast path reads, then the walk goes on.
  @inline(never)
  func escapedStep(
    _ kind: UInt32, _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, _ n: Int,
    _ scratch: inout MatchScratch
  ) -> FastMatch {
    let hostEnd = Int(storage.hosts[scratch.lastHost].length)
    guard end > pos, URLTrie.escapedPathIsFast(p, from: hostEnd, n) else { return .needsGeneralPath }
    if kind != NodeInfo.parameterOnly {
      // The type is checked on the decoded value (printable ASCII: see escapedPathIsFast).
      let decoded = URLTrie.decodeEscapes(p + pos, end &- pos, into: scratch.buffer)
      guard URLTrie.isTyped(kind, scratch.buffer, decoded) else {
        // A miss, exactly: the path is split as the reader splits it (no dot segment, checked
        // above), unless it may hold more segments than the reader takes.
        if n > PathSegments.maxCount && URLTrie.slashCount(p, n) > PathSegments.maxCount { return .needsGeneralPath }
        return noRuleHere
      }
    }
    recordSegment(pos, end, captures: captures, &scratch)
    let next = node &+ 1
    return walk(
      p, n, node: next, info: UInt32(storage.infos[Int(next)]), route: URLTrie.ruleReadAtEnd,
      captures: captures &+ 1, from: end &+ 1, &scratch)
  }

  /// Whether the path `p[start..<n]` (from the `/` after the host) reads the same through the
  /// URL reader and ``PathSegments`` as the fast walk reads it: every byte one Foundation keeps
  /// in a path as it is (``ByteSet/pathSegmentAllowed`` and `/`, so escapes never sit beside a byte it would
  /// encode, which the reader refuses as ambiguous), each `%` followed by two hexadecimal digits
  /// that decode to printable ASCII other than `.` (so no escape spells a dot segment, a control
  /// character or a UTF-8 sequence), and no dot segment. Anything else goes to the general path.
  static func escapedPathIsFast(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Bool {
    let allowed = ByteSet.pathSegmentAllowed  // and '/': Foundation's path set
    var i = start
    while i < n {
      let b = p[i]
      if b == 0x25 {
        let value = URLTrie.printableEscape(p, at: i, n)
        guard value >= 0 && value != 0x2E else { return false }
        i &+= 3
        continue
      }
      guard b == 0x2F || allowed.contains(b) else { return false }
      i &+= 1
    }
    return !hasDotSegment(p, from: start, n)
  }

  /// Decodes the `%XX` escapes of `p[0..<count]` (checked by ``escapedPathIsFast(_:from:_:)``)
  /// into `out`; the decoded length.
  static func decodeEscapes(_ p: UnsafePointer<UInt8>, _ count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
    var i = 0
    var j = 0
    while i < count {
      if p[i] == 0x25 {
        out[j] = UInt8(truncatingIfNeeded: hexDigit(p[i &+ 1]) &<< 4 | hexDigit(p[i &+ 2]))
        i &+= 3
      } else {
        out[j] = p[i]
        i &+= 1
      }
      j &+= 1
    }
    return j
  }
}
