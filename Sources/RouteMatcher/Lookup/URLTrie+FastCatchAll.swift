import RouteEvents

/// The fast path at a node whose one child is a catch-all (`…/attachments/{path*}`, and the
/// `{path*?}` that may be empty when segments are left): the rest of the path is the capture,
/// each of its segments recorded where the general search records them.
///
/// The general search (``URLTrie/search(_:_:root:depth:captures:_:opaque:plain:)``) takes every
/// segment left, none of them empty, each one decoded with no `/` in it, and then checks the
/// terminals of the catch-all's node. On a rest of ``PlainBytes`` without dot segments or empty
/// segments (a trailing `/` is not a segment), nothing decodes differently, so the fast path
/// records the same segments and checks the same terminals; any other rest is handed to the
/// general search from this node, as before.
extension URLTrie {
  /// The step at a ``NodeInfo/general`` node at the segment that starts at `pos` (`pos < n`):
  /// the catch-all's captures and its node's terminals when the node is ``NodeInfo/oneCatchAll``
  /// and the rest of the path reads as it is, else the general search from the node.
  @inline(never)
  func catchAllStep(
    _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ pos: Int, _ n: Int, _ scratch: inout MatchScratch
  ) -> FastMatch {
    let s = storage
    guard s.nodes[Int(node)].info & NodeInfo.oneCatchAll != 0,
      let count = URLTrie.plainSegments(p, from: pos, n, into: scratch.segments + captures)
    else { return generalFrom(node, captures: captures, p, pos, n, &scratch) }
    scratch.captures[captures] = CaptureSpan(
      first: Int32(truncatingIfNeeded: captures), last: Int32(truncatingIfNeeded: captures &+ count))
    let child = s.dynamic[Int(s.nodes[Int(node)].dynamicStart)].child
    let info = UInt32(s.infos[Int(child)])
    if info & (NodeInfo.fastTerminal | NodeInfo.restart) == NodeInfo.fastTerminal {
      scratch.end = .firstTerminal(ofNode: child)
      scratch.captureCount = captures &+ 1
      return .route(s.fastRules[Int(child)])
    }
    return rareEnd(info, child, captures: captures &+ 1, p, n, &scratch)
  }

  /// Splits `p[pos ..< n]` (from the start of a segment to the end of the path) into its
  /// segments, written to `out`, as ``PathSegments`` would when it holds only ``PlainBytes`` and
  /// `/`, no empty segment (a last `/` is a trailing slash, not one) and no dot segment; how many
  /// (at least one), or nil for any other rest. Needs `8 <= n` and `pos < n`.
  static func plainSegments(
    _ p: UnsafePointer<UInt8>, from pos: Int, _ n: Int, into out: UnsafeMutablePointer<Range<Int>>
  ) -> Int? {
    // One pass, segment by segment: its end, then its bytes, eight at a time.
    var count = 0
    var start = pos
    while true {
      let end = findSlash(p, from: start, n)
      let length = end &- start
      // An empty segment (`//`, or the rest starting with `/`): the search matches none.
      guard length > 0 else { return nil }
      let w = word(p, at: start, n)
      let head = length >= 8 ? w : w & ((1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1)
      guard isPlainValue(p, start, end, head: head, length) else { return nil }
      out[count] = Range(uncheckedBounds: (start, end))
      count &+= 1
      // A '/' that ends the path is a trailing slash.
      if end &+ 1 >= n { return count }
      start = end &+ 1
    }
  }
}
