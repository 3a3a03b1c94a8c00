import RouteEvents
import RouteTables
import RouterSupport

/// Matching an affixed segment (`{name}.json`, `{slug}-{id:int}`): one split of the decoded
/// segment, in one pass for each literal part, and the captures as byte ranges of the URL.
///
/// The split: the leading literal must start the segment and the trailing one end it; each
/// literal between two captures is placed so that a text capture before it takes as much as it
/// can and a typed capture (`int`, `uuid`) as little as it can, every capture keeping at least
/// one byte and every later literal still fitting. Each capture must then be of its type; there is
/// no other split to try, so the cost is linear in the segment for each literal part.
extension URLTrie {
  /// Where the ranges of affixed captures go in the scratch's segments: after the path's own
  /// segments (the upper half is free during a search; see ``MatchScratch``).
  static let affixCaptureBase = PathSegments.maxCount &+ 2

  /// Matches the segment `start ..< end` of the input against affixed shape `number`; on success
  /// records its captures from capture `captures` on and returns how many, else -1.
  func matchAffixed(_ number: Int32, _ c: Context, _ start: Int, _ end: Int, captures: Int) -> Int {
    let s = storage
    let shape = s.affixes[Int(number)]
    let count = Int(shape.partCount)
    guard captures &+ Int(shape.captureCount) <= PathSegments.maxCount else { return -1 }
    let raw = UnsafeBufferPointer(rebasing: c.input[start..<end])
    // A plain segment (see Context.plain) is split as it is: decoding would copy the same bytes.
    let d: UnsafePointer<UInt8>
    let n: Int
    if c.plain, let base = raw.baseAddress {
      d = base
      n = raw.count
    } else {
      guard let decoded = decode(raw, into: c.buffer, capacity: c.bufferCapacity) else { return -1 }
      d = UnsafePointer(c.buffer)
      n = decoded
    }
    guard n >= Int(shape.literalLength) &+ Int(shape.captureCount) else { return -1 }
    let parts = s.affixParts + Int(shape.partStart)
    let fold = !s.caseSensitivePaths

    func equal(_ part: Int, at position: Int) -> Bool {
      let length = Int(parts[part].literalLength)
      guard position >= 0 && position &+ length <= n else { return false }
      let literal = s.pool + Int(parts[part].literalStart)
      var i = 0
      while i < length {
        let b = fold ? ASCIIBytes.lowercased(d[position &+ i]) : d[position &+ i]
        if b != literal[i] { return false }
        i &+= 1
      }
      return true
    }

    // The region between the leading and the trailing literal; parts first ..< last are
    // captures and the literals between them.
    var lo = 0
    var hi = n
    var first = 0
    var last = count
    if parts[0].isLiteral {
      guard equal(0, at: 0) else { return -1 }
      lo = Int(parts[0].literalLength)
      first = 1
    }
    if parts[count &- 1].isLiteral && count &- 1 > first {
      let length = Int(parts[count &- 1].literalLength)
      guard equal(count &- 1, at: n &- length) else { return -1 }
      hi = n &- length
      last = count &- 1
    }
    guard hi > lo else { return -1 }

    // The latest place of each inner literal (right to left): part first + 1 + 2k is inner literal k.
    let inner = (last &- first &- 1) / 2
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(inner, 1)) { latest -> Int in
      var limit = hi
      var k = inner &- 1
      while k >= 0 {
        let part = first &+ 1 &+ 2 &* k
        var p = limit &- 1 &- Int(parts[part].literalLength)
        while p > lo && !equal(part, at: p) { p &-= 1 }
        guard p > lo else { return -1 }
        latest[k] = p
        limit = p
        k &-= 1
      }
      // Left to right: text captures take the latest place, typed ones the earliest.
      var cursor = lo
      var written = 0
      func record(_ a: Int, _ b: Int, type: ParameterType) -> Bool {
        guard type.accepts(UnsafeBufferPointer(start: d + a, count: b &- a)) else { return false }
        let slot = URLTrie.affixCaptureBase &+ captures &+ written
        c.segments[slot] = URLTrie.rawRange(raw, decoded: a, b, n: n, offset: start)
        c.captures[captures &+ written] = CaptureSpan(
          first: Int32(truncatingIfNeeded: slot), last: Int32(truncatingIfNeeded: slot &+ 1))
        written &+= 1
        return true
      }
      for k in 0..<inner {
        let part = first &+ 1 &+ 2 &* k
        let type = parts[part &- 1].type
        var p = latest[k]
        if type != .string {
          p = cursor &+ 1
          while !equal(part, at: p) { p &+= 1 }  // stops at latest[k] at the latest
        }
        guard record(cursor, p, type: type) else { return -1 }
        cursor = p &+ Int(parts[part].literalLength)
      }
      guard record(cursor, hi, type: parts[last &- 1].type) else { return -1 }
      return written
    }
  }

  /// The input range of the decoded bytes `a ..< b` of a segment whose raw bytes are `raw`
  /// (starting at `offset` in the input) and decode to `n` bytes: each `%XX` is three raw bytes.
  static func rawRange(_ raw: UnsafeBufferPointer<UInt8>, decoded a: Int, _ b: Int, n: Int, offset: Int) -> Range<Int> {
    if n == raw.count { return (offset &+ a)..<(offset &+ b) }
    var rawIndex = 0
    var decoded = 0
    var lower = 0
    while decoded < b {
      if decoded == a { lower = rawIndex }
      rawIndex &+= raw[rawIndex] == UInt8(ascii: "%") ? 3 : 1
      decoded &+= 1
    }
    if a == b { lower = rawIndex }
    return (offset &+ lower)..<(offset &+ rawIndex)
  }
}
