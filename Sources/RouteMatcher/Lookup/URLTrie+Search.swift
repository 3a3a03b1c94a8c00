import RouteEvents
import RouteTables
import RouterSupport

/// The depth-first search over one host root, and the checks of captured values and of query
/// and fragment constraints at terminals.
extension URLTrie {
  /// Searches from `node`, reached with `depth` segments and `captures` captures consumed; the
  /// segments are in `scratch`.
  func search(
    _ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, root node: Int32, depth: Int, captures: Int,
    _ scratch: inout MatchScratch, opaque: Bool = false, plain: Bool = false
  ) -> Int32 {
    let context = Context(
      input: input, storage: storage, segments: scratch.segments,
      captures: scratch.captures, buffer: scratch.buffer,
      bufferCapacity: scratch.bufferCapacity, segmentCount: scratch.segmentCount, opaque: opaque, plain: plain,
      fastTail: plain)
    return visit(node, depth: depth, captures: captures, context, url, &scratch)
  }

  private func visit(
    _ node: Int32, depth: Int, captures: Int, _ c: Context, _ url: URLComponentRanges, _ scratch: inout MatchScratch
  ) -> Int32 {
    if depth == c.segmentCount {
      let (start, count) = storage.terminalRange(node)
      return checkTerminals(start, count, captures: captures, c, query: url.query, fragment: url.fragment, &scratch)
    }
    let start = c.segments[depth].lowerBound
    let end = c.segments[depth].upperBound
    if start == end { return -1 }  // an empty segment matches nothing
    // Literal edge.
    if let segment = literalView(c, start, end) {
      let child = storage.lookup(parent: node, segment)
      if child >= 0 {
        let found = visit(child, depth: depth &+ 1, captures: captures, c, url, &scratch)
        if found >= 0 { return found }
      }
    }
    // Dynamic edges, in precedence order.
    var (e, last) = storage.dynamicRange(node)
    while e < last {
      let edge = c.dynamic[e]
      e &+= 1
      switch edge.kind {
      case .literal:
        continue
      case .wildcard:
        guard valueIsValid(c, start, end, type: .string) else { continue }
        let found = visit(edge.child, depth: depth &+ 1, captures: captures, c, url, &scratch)
        if found >= 0 { return found }
      case .catchAll:
        var d = depth
        while d < c.segmentCount {
          let s = c.segments[d].lowerBound
          let t = c.segments[d].upperBound
          // (A path without an authority may hold a nested URL: its empty segments are text.)
          if s == t && c.opaque && d > depth {
            d &+= 1
            continue
          }
          guard s < t, valueIsValid(c, s, t, type: .string, allowSlash: false) else { break }
          d &+= 1
        }
        guard d == c.segmentCount else { continue }
        c.captures[captures] = CaptureSpan(first: Int32(truncatingIfNeeded: depth), last: Int32(truncatingIfNeeded: d))
        let (start, count) = storage.terminalRange(edge.child)
        let found = checkTerminals(
          start, count, captures: captures &+ 1, c, query: url.query, fragment: url.fragment, &scratch)
        if found >= 0 { return found }
      case .affixed(let shape):
        let written = matchAffixed(shape, c, start, end, captures: captures)
        guard written >= 0 else { continue }
        let found = visit(edge.child, depth: depth &+ 1, captures: captures &+ written, c, url, &scratch)
        if found >= 0 { return found }
      default:
        guard let type = edge.kind.parameterType, valueIsValid(c, start, end, type: type) else { continue }
        c.captures[captures] = CaptureSpan(
          first: Int32(truncatingIfNeeded: depth), last: Int32(truncatingIfNeeded: depth &+ 1))
        let found = visit(edge.child, depth: depth &+ 1, captures: captures &+ 1, c, url, &scratch)
        if found >= 0 { return found }
      }
    }
    return -1
  }

  /// The segment as the literal table stores it: decoded, and lowercased when paths are
  /// case-insensitive; nil when it cannot be decoded.
  @inline(__always)
  private func literalView(_ c: Context, _ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8>? {
    let raw = UnsafeBufferPointer(rebasing: c.input[start..<end])
    if c.plain { return raw }
    var needsWork = !storage.caseSensitivePaths
    if !needsWork {
      var i = start
      while i < end {
        if c.input[i] == UInt8(ascii: "%") {
          needsWork = true
          break
        }
        i &+= 1
      }
    }
    guard needsWork else { return raw }
    guard let n = decode(raw, into: c.buffer, capacity: c.bufferCapacity) else { return nil }
    if !storage.caseSensitivePaths {
      for i in 0..<n { c.buffer[i] = ASCIIBytes.lowercased(c.buffer[i]) }
    }
    return UnsafeBufferPointer(start: c.buffer, count: n)
  }

  /// Whether the segment decodes (once, with no NUL, control character or invalid UTF-8) to a
  /// value of `type`; with `allowSlash` false a decoded '/' is refused too.
  private func valueIsValid(_ c: Context, _ start: Int, _ end: Int, type: ParameterType, allowSlash: Bool = true)
    -> Bool
  {
    let raw = UnsafeBufferPointer(rebasing: c.input[start..<end])
    // A plain segment decodes to itself and holds no '/'.
    if c.plain { return type.accepts(raw) }
    guard let n = decode(raw, into: c.buffer, capacity: c.bufferCapacity) else { return false }
    let value = UnsafeBufferPointer(start: c.buffer, count: n)
    if !allowSlash && value.contains(UInt8(ascii: "/")) { return false }
    return type.accepts(value)
  }

  /// Percent-decodes into `out`; nil on a bad escape, a control character or invalid UTF-8.
  func decode(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
    PercentDecoding.decode(raw, into: UnsafeMutableBufferPointer(start: out, count: capacity))
  }
}
