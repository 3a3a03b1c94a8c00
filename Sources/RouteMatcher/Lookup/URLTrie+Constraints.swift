import RouteEvents
import RouteTables

/// Terminals: the trailing-slash policy, then query and fragment constraints, in precedence
/// order; the first terminal whose constraints hold is the match.
extension URLTrie {
  /// The first of the `count` terminals from `start` that takes the URL (its query and fragment
  /// ranges in `c.input`), or -1.
  func checkTerminals(
    _ start: Int32, _ count: Int32, captures: Int, _ c: Context, query: Range<Int>?, fragment: Range<Int>?,
    _ scratch: inout MatchScratch
  ) -> Int32 {
    var t = Int(start)
    let end = t &+ Int(count)
    while t < end {
      let terminal = storage.terminal(at: Int32(truncatingIfNeeded: t))
      t &+= 1
      if storage.strictTrailingSlash && terminal.trailingSlash != scratch.trailingSlash { continue }
      if Int(terminal.captureCount) != captures { continue }
      if terminal.constraintCount > 0 && !constraintsHold(terminal, c, query: query, fragment: fragment, &scratch) {
        continue
      }
      scratch.end = .terminal(Int32(t &- 1))
      scratch.captureCount = captures
      return Int32(t &- 1)
    }
    return -1
  }

  func constraintsHold(
    _ terminal: Terminal, _ c: Context, query: Range<Int>?, fragment: Range<Int>?, _ scratch: inout MatchScratch
  ) -> Bool {
    if scratch.queryCount < 0 { parseQuery(c.input, query, &scratch) }
    for k in 0..<Int(terminal.constraintCount) {
      let constraint = c.constraints[Int(terminal.constraintStart) &+ k]
      scratch.valueStart[k] = -1
      scratch.valueEnd[k] = -1
      if constraint.kind == .list || constraint.kind == .optionalList {
        guard listHolds(constraint, k, c, &scratch) else { return false }
        continue
      }
      var found = false
      var valueStart = -1
      var valueEnd = -1
      if constraint.isFragment {
        if let f = fragment {
          found = true
          valueStart = f.lowerBound
          valueEnd = f.upperBound
        }
      } else {
        let name = UnsafeBufferPointer(start: c.pool + Int(constraint.nameStart), count: Int(constraint.nameLength))
        for q in 0..<scratch.queryCount where queryName(c, scratch, q, equals: name) {
          found = true
          valueStart = Int(scratch.queryValueStart[q])
          valueEnd = Int(scratch.queryValueEnd[q])
          break
        }
      }
      if !found {
        if constraint.kind == .optional { continue }
        return false
      }
      let raw: UnsafeBufferPointer<UInt8> =
        valueStart < 0
        ? UnsafeBufferPointer(start: c.buffer, count: 0) : UnsafeBufferPointer(rebasing: c.input[valueStart..<valueEnd])
      switch constraint.kind {
      case .present:
        continue
      case .literal:
        guard let n = decodeValue(raw, c, isFragment: constraint.isFragment) else { return false }
        let literal = UnsafeBufferPointer(
          start: c.pool + Int(constraint.literalStart), count: Int(constraint.literalLength))
        if n != literal.count || !zip(UnsafeBufferPointer(start: c.buffer, count: n), literal).allSatisfy({ $0 == $1 })
        {
          return false
        }
      case .required, .optional:
        // Any text value is taken (and one the fast path checked always decodes).
        if !(constraint.type == .string && c.fastTail) {
          guard let n = decodeValue(raw, c, isFragment: constraint.isFragment) else { return false }
          let value = UnsafeBufferPointer(start: c.buffer, count: n)
          if constraint.type != .string && !constraint.type.accepts(value) { return false }
        }
        scratch.valueStart[k] = Int32(truncatingIfNeeded: valueStart < 0 ? 0 : valueStart)
        scratch.valueEnd[k] = Int32(truncatingIfNeeded: valueStart < 0 ? 0 : valueEnd)
      case .list, .optionalList:
        continue  // (above)
      case .affixedValue:
        guard let n = decodeValue(raw, c, isFragment: constraint.isFragment),
          queryAffixes[Int(constraint.literalLength)].split(
            UnsafeBufferPointer(start: c.buffer, count: n), capture: { _, _ in })
        else { return false }
        scratch.valueStart[k] = Int32(truncatingIfNeeded: valueStart < 0 ? 0 : valueStart)
        scratch.valueEnd[k] = Int32(truncatingIfNeeded: valueStart < 0 ? 0 : valueEnd)
      case .fragmentPath:
        let path = fragmentPaths[Int(constraint.literalLength)]
        guard path.matches(raw, buffer: UnsafeMutableBufferPointer(start: c.buffer, count: c.bufferCapacity)) else {
          return false
        }
        scratch.valueStart[k] = Int32(truncatingIfNeeded: valueStart)
        scratch.valueEnd[k] = Int32(truncatingIfNeeded: valueEnd)
      }
    }
    return true
  }

  /// A list binding (`?tag={tags[]}`): every item with the key must decode to a value of the
  /// type; a required list needs one at least. The value range of the first item is recorded
  /// (the match reads the others from the query items again).
  private func listHolds(_ constraint: Constraint, _ k: Int, _ c: Context, _ scratch: inout MatchScratch) -> Bool {
    let name = UnsafeBufferPointer(start: c.pool + Int(constraint.nameStart), count: Int(constraint.nameLength))
    var count = 0
    for q in 0..<scratch.queryCount where queryName(c, scratch, q, equals: name) {
      let valueStart = Int(scratch.queryValueStart[q])
      let raw: UnsafeBufferPointer<UInt8> =
        valueStart < 0
        ? UnsafeBufferPointer(start: c.buffer, count: 0)
        : UnsafeBufferPointer(rebasing: c.input[valueStart..<Int(scratch.queryValueEnd[q])])
      guard let n = decodeValue(raw, c, isFragment: false) else { return false }
      if constraint.type != .string && !constraint.type.accepts(UnsafeBufferPointer(start: c.buffer, count: n)) {
        return false
      }
      if count == 0 {
        scratch.valueStart[k] = Int32(truncatingIfNeeded: valueStart < 0 ? 0 : valueStart)
        scratch.valueEnd[k] = valueStart < 0 ? scratch.valueStart[k] : scratch.queryValueEnd[q]
      }
      count &+= 1
    }
    return count > 0 || constraint.kind == .optionalList
  }

  /// Decodes a query value (a raw `+` read as a space under `plusAsSpaceInQuery`) or the
  /// fragment into the buffer; its length, or nil.
  @inline(__always)
  private func decodeValue(_ raw: UnsafeBufferPointer<UInt8>, _ c: Context, isFragment: Bool) -> Int? {
    guard raw.count <= c.bufferCapacity,
      let n = URLTrie.copyPlain(raw, into: c.buffer) ?? decode(raw, into: c.buffer, capacity: c.bufferCapacity)
    else { return nil }
    if storage.plusAsSpaceInQuery && !isFragment { URLTrie.plusAsSpace(raw, decoded: c.buffer) }
    return n
  }

  /// A value of ``PlainBytes`` alone decodes to itself (no `%`, no control or non-ASCII byte to
  /// check): copied into `out`, its length; nil for any other value, which is decoded.
  @inline(__always)
  static func copyPlain(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int? {
    guard let base = raw.baseAddress else { return 0 }
    var i = 0
    while i &+ 8 <= raw.count {
      let w = UnsafeRawPointer(base + i).loadWord()
      if PlainBytes.nonPlainMask(w) != 0 { return nil }
      UnsafeMutableRawPointer(out + i).storeBytes(of: w, as: UInt64.self)
      i &+= 8
    }
    while i < raw.count {
      let b = base[i]
      guard PlainBytes.contains(b) else { return nil }
      out[i] = b
      i &+= 1
    }
    return raw.count
  }

  /// Turns each raw `+` of `raw` into a space in its decoded bytes (`%2B` stays a `+`): each
  /// `%XX` is three raw bytes and one decoded byte.
  static func plusAsSpace(_ raw: UnsafeBufferPointer<UInt8>, decoded out: UnsafeMutablePointer<UInt8>) {
    var i = 0
    var j = 0
    while i < raw.count {
      if raw[i] == UInt8(ascii: "%") {
        i &+= 3
      } else {
        if raw[i] == UInt8(ascii: "+") { out[j] = UInt8(ascii: " ") }
        i &+= 1
      }
      j &+= 1
    }
  }

  private func queryName(
    _ c: Context, _ scratch: borrowing MatchScratch, _ q: Int, equals name: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let start = Int(scratch.queryNameStart[q])
    let end = Int(scratch.queryNameEnd[q])
    let raw = UnsafeBufferPointer(rebasing: c.input[start..<end])
    // A key with no `%` (and no `+` read as a space) is its own decoded form.
    if let p = c.input.baseAddress, c.input.count >= 8 {
      if URLTrie.firstByte(0x25, p, from: start, to: end, c.input.count) == end
        && !(storage.plusAsSpaceInQuery && URLTrie.firstByte(0x2B, p, from: start, to: end, c.input.count) < end)
      {
        return raw.count == name.count && MatcherStorage.bytesEqual(p + start, name.baseAddress!, name.count)
      }
    } else if !raw.contains(UInt8(ascii: "%")) && !(storage.plusAsSpaceInQuery && raw.contains(UInt8(ascii: "+"))) {
      return raw.count == name.count && raw.elementsEqual(name)
    }
    guard let n = decodeValue(raw, c, isFragment: false) else { return false }
    return n == name.count && UnsafeBufferPointer(start: c.buffer, count: n).elementsEqual(name)
  }

  /// Splits the query on '&', then each item on its first '='; keeps at most `maxQueryItems`.
  func parseQuery(_ input: UnsafeBufferPointer<UInt8>, _ query: Range<Int>?, _ scratch: inout MatchScratch) {
    scratch.queryCount = 0
    guard let query, !query.isEmpty, let p = input.baseAddress else { return }
    // Each '&' and '=' found eight bytes at a time (in a URL of eight bytes or more).
    let words = input.count >= 8
    var start = query.lowerBound
    while start <= query.upperBound && scratch.queryCount < URLTrie.maxQueryItems {
      var end = start
      var equals = -1
      if words {
        end = URLTrie.firstByte(0x26, p, from: start, to: query.upperBound, input.count)
        let e = URLTrie.firstByte(0x3D, p, from: start, to: end, input.count)
        if e < end { equals = e }
      } else {
        while end < query.upperBound && input[end] != UInt8(ascii: "&") {
          if equals < 0 && input[end] == UInt8(ascii: "=") { equals = end }
          end &+= 1
        }
      }
      if end > start {
        let q = scratch.queryCount
        scratch.queryNameStart[q] = Int32(truncatingIfNeeded: start)
        scratch.queryNameEnd[q] = Int32(truncatingIfNeeded: equals < 0 ? end : equals)
        scratch.queryValueStart[q] = Int32(truncatingIfNeeded: equals < 0 ? -1 : equals &+ 1)
        scratch.queryValueEnd[q] = Int32(truncatingIfNeeded: equals < 0 ? -1 : end)
        scratch.queryCount &+= 1
      }
      start = end &+ 1
    }
  }

  /// The offset of the first `byte` in `p[start ..< end]`, or `end`; eight bytes at a time,
  /// reading only inside `p[0 ..< n]` (`end <= n`, `8 <= n`).
  @inline(__always)
  static func firstByte(_ byte: UInt8, _ p: UnsafePointer<UInt8>, from start: Int, to end: Int, _ n: Int) -> Int {
    var i = start
    while i < end {
      let marks = zeroBytes(word(p, at: i, n) ^ repeated(byte))
      if marks != 0 {
        // The lowest mark is exact; past `end` it is no match.
        let at = i &+ marks.trailingZeroBitCount &>> 3
        return at < end ? at : end
      }
      i &+= 8
    }
    return end
  }
}
