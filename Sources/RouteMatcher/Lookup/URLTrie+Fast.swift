import RouteEvents
import RouteTables

/// The fast path: one pass over the raw bytes that finds the host key and walks the trie while
/// it splits the path, eight bytes at a time, for the URLs that need nothing else.
///
/// It takes a URL only when reading it cannot change what the general path would see:
/// the host key is a known key the URL reader would produce from these very bytes (see
/// ``URLTrie/fastPathTakes(hostKey:)``); every path byte it compares or captures is a
/// ``PlainBytes`` (so there is no `%` to decode, no `?` or `#` to end the path, nothing
/// the reader refuses); no segment is empty or a dot segment. Along the way every node has one
/// kind of child (only literals, or one `{name}`), so there is nothing to backtrack to, or
/// children that each take a segment or not by its bytes alone (literals, affixed segments,
/// parameters: ``NodeInfo/competing``), tried in precedence order with backtracking. Anything
/// else returns ``needsGeneralPath``: at a node with an optional, wildcard or catch-all child the
/// general search takes over from that node, having been given the remaining segments; otherwise
/// the caller runs the whole general path (read the URL, resolve dot segments, decode, backtrack).
extension URLTrie {
  /// What the fast path made of a URL.
  enum FastMatch: Equatable {
    /// A rule takes it (its index in the table). The captures are in the scratch, and where the
    /// match ended (``MatchScratch/end``).
    case route(Int32)
    /// A valid URL that no route takes: the general path would say the same.
    case noRoute
    /// The fast path cannot decide; the general path must read the URL.
    case needsGeneralPath
  }

  /// Inside ``fastMatch(_:_:_:)``: the rule of the node reached is read at the end of the path
  /// (after a parameter step, whose edge slot holds no route).
  static let ruleReadAtEnd: Int32 = -2

  /// What the fast path makes of the URL `p[0..<n]`; see ``FastMatch``.
  @inline(__always)
  func fastMatch(_ p: UnsafePointer<UInt8>, _ n: Int, _ scratch: inout MatchScratch) -> FastMatch {
    // (Host keys are fast only when paths are case-sensitive: see fastPathTakes(hostKey:).)
    guard n >= 16 && n <= URLSyntax.maxLength else { return .needsGeneralPath }
    return fastWalk(p, n, &scratch, decidesUnknownHost: false)
  }

  /// ``fastMatch(_:_:_:)`` after its length check, for the path `p[0..<n]` (`8 <= n`): also
  /// the walk of a URL whose query or fragment starts at `n` (``fastMatchWithTail(_:_:_:afterWalk:)``).
  ///
  /// With `decidesUnknownHost`, a host no key of the table is decided by ``unknownHost(_:_:_:)``;
  /// without it (``fastMatch(_:_:_:)``, inlined where every URL goes) the walk only says
  /// `.needsGeneralPath` (with ``MatchScratch/lastHost`` at -1), and
  /// ``fastMatchWithTail(_:_:_:afterWalk:)``, out of line, decides it: a call in the inlined walk
  /// cost the GitHub row 14 instructions a match, though no GitHub URL took it.
  @inline(__always)
  func fastWalk(
    _ p: UnsafePointer<UInt8>, _ n: Int, _ scratch: inout MatchScratch, decidesUnknownHost: Bool
  ) -> FastMatch {
    let s = storage
    // The host key: the host of the previous URL when these bytes start with it, else a lookup.
    var h = scratch.lastHost
    if h < 0 || h > s.hostMask || !s.hostKeyStarts(p, n, slot: h) {
      h = s.lookUpFastHost(p, n)
      guard h >= 0 else { return hostMissed(h, p, n, &scratch, decidesUnknownHost: decidesUnknownHost) }
      scratch.lastHost = h
    }
    let host = s.hosts[h]
    let pathStart = Int(host.length) &+ 1
    // At most 256 segments fit in 512 bytes: a longer path goes to the general path, which
    // counts them (PathSegments.maxCount), so this loop need not.
    guard n &- pathStart < 2 &* PathSegments.maxCount else { return .needsGeneralPath }
    return walk(p, n, node: host.root, info: host.info, route: host.route, captures: 0, from: pathStart, &scratch)
  }

  /// The walk of ``fastMatch(_:_:_:)`` from `node` (its ``NodeInfo`` bits `info`, the rule its
  /// edge slot holds `route`), `captures` captures made, at the segment that starts at `start`.
  @inline(__always)
  func walk(
    _ p: UnsafePointer<UInt8>, _ n: Int, node startNode: Int32, info startInfo: UInt32, route startRoute: Int32,
    captures startCaptures: Int, from start: Int, _ scratch: inout MatchScratch
  ) -> FastMatch {
    let s = storage
    var node = startNode
    var info = startInfo
    var route = startRoute
    var captures = startCaptures
    // Locals, so that the stores below (which could alias anything) do not force reloads.
    let slots = s.slots
    let shift = s.slotShift
    let infos = s.infos
    let segments = scratch.segments
    let spans = scratch.captures
    if start < n {
      var pos = start
      while true {
        // The segment that starts at `pos`: its end, its first eight bytes zero-padded, and
        // the last eight of a longer one.
        let w = URLTrie.word(p, at: pos, n)
        let slashes = URLTrie.zeroBytes(w ^ URLTrie.repeated(0x2F))
        var end: Int
        var head = w
        var tail: UInt64 = 0
        if slashes != 0 {
          end = pos &+ slashes.trailingZeroBitCount &>> 3
          head = w & (slashes ^ (slashes &- 1)) &>> 8
        } else if pos &+ 8 >= n {
          end = n
        } else {
          // (-1 for a segment of more than sixteen bytes at a UUID node: the typed step ends it.)
          end = URLTrie.longSegmentEnd(p, pos, n, uuidNode: info & NodeInfo.kindMask == NodeInfo.uuidOnly)
          if end &- pos > 8 { tail = UnsafeRawPointer(p + (end &- 8)).loadWord() }
        }
        let length = end &- pos

        let kind = info & NodeInfo.kindMask
        if kind == NodeInfo.literalsOnly {
          // An empty or a dot segment finds no edge (or a restart edge): the miss check sends it on.
          // The first probe nearly always decides (the table is sparse); the rest is out of line.
          let want = EdgeSlot.keyBits(parent: node, length: length)
          var index = Int(
            truncatingIfNeeded: MatcherStorage.hash(parent: node, EdgeKey(head: head, tail: tail), length: length)
              &>> shift)
          var slot = slots[index]
          if !(slot.head == head && slot.tail == tail && slot.key &>> 16 == want &>> 16 && length <= 16) {
            // A second probe (the next slot) before going out of line.
            if slot.key != .max && length <= 16 {
              slot = slots[index &+ 1]
              index &+= 1
              if !(slot.head == head && slot.tail == tail && slot.key &>> 16 == want &>> 16) {
                index =
                  slot.key == .max
                  ? -1
                  : s.findEdgeProbing(
                    parent: node, EdgeKey(head: head, tail: tail), length: length, p + pos, from: index)
              }
            } else {
              index =
                slot.key == .max
                ? -1
                : s.findEdgeProbing(parent: node, EdgeKey(head: head, tail: tail), length: length, p + pos, from: index)
            }
            guard index >= 0 else { return missOrGeneral(p, from: pos, n) }
            slot = slots[index]
          }
          node = slot.child
          info = UInt32(truncatingIfNeeded: slot.key) & 0xFF
          route = slot.route
        } else if kind == NodeInfo.parameterOnly {
          // Not empty, not a dot segment, only fast bytes (or escapes the fast path reads).
          guard URLTrie.isPlainValue(p, pos, end, head: head, length) else {
            return escapedStep(kind, node, captures: captures, p, pos, end, n, &scratch)
          }
          // Capture k is segment k here; the general path renumbers them if it takes over.
          segments[captures] = Range(uncheckedBounds: (pos, end))
          spans[captures] = CaptureSpan(
            first: Int32(truncatingIfNeeded: captures), last: Int32(truncatingIfNeeded: captures &+ 1))
          captures &+= 1
          node &+= 1
          info = UInt32(infos[Int(node)])
          route = URLTrie.ruleReadAtEnd
        } else if kind >= NodeInfo.intOnly {
          // Out of the loop and back into a copy of it: a call that returned into this loop
          // would cost the loop its registers (measured: 30 instructions a GitHub match).
          return typedStep(kind, node, captures: captures, p, pos, end, head: head, n, &scratch)
        } else if _slowPath(kind == NodeInfo.competing) {
          guard info & NodeInfo.oneAffix != 0 else {
            return competingStep(node, captures: captures, p, pos, end, head: head, n, &scratch)
          }
          // The one-affix step: its common case checked by a call that comes back here, and the
          // walk goes on in this loop, as after a parameter (the child is node + 1; there is no
          // other child to try); any other segment is decided out of the loop. (The loop keeps
          // its registers across a call from this rare branch; the same checks written in the
          // loop cost the GitHub row 15 instructions a match.)
          let (start, stop) = affixCapture(node, p, pos, end, head: head)
          guard start >= 0 else { return affixStep(node, captures: captures, p, pos, end, head: head, n, &scratch) }
          // (The child's bits read before the capture is written: the parameter step's tail is
          // the other way round, so the compiler keeps the two apart.)
          node &+= 1
          info = UInt32(infos[Int(node)])
          route = URLTrie.ruleReadAtEnd
          segments[captures] = Range(uncheckedBounds: (start, stop))
          spans[captures] = CaptureSpan(
            first: Int32(truncatingIfNeeded: captures), last: Int32(truncatingIfNeeded: captures &+ 1))
          captures &+= 1
        } else {
          return rareStep(kind, node, captures: captures, p, pos, n, &scratch)
        }
        pos = end &+ 1
        if pos >= n { break }
      }
    }

    if info & (NodeInfo.fastTerminal | NodeInfo.restart) == NodeInfo.fastTerminal {
      // After a parameter step the route is read only now, at the end.
      if route == URLTrie.ruleReadAtEnd { route = s.fastRules[Int(node)] }
      scratch.end = .firstTerminal(ofNode: node)
      scratch.captureCount = captures
      return .route(route)
    }
    return rareEnd(info, node, captures: captures, p, n, &scratch)
  }

  // MARK: - Rare paths, out of line

  /// When ``MatcherStorage/findFastHost(_:_:)`` found no host slot for the URL (`h`, -1 or -2;
  /// `-3 - slot` from ``MatcherStorage/lookUpFastHost(_:_:)``, a fast key followed by a `?` or
  /// `#`: -2 then, the slot kept for the walk of the path before them):
  /// ``MatchScratch/lastHost`` is -1 after it exactly when no key of the table is the URL's
  /// bytes up to its first `/` (the host kept for the next URL stays otherwise, unless it was
  /// that -1), which ``fastMatchWithTail(_:_:_:afterWalk:)`` reads; with `decidesUnknownHost`,
  /// such a URL is decided here.
  @inline(never)
  func hostMissed(
    _ h: Int, _ p: UnsafePointer<UInt8>, _ n: Int, _ scratch: inout MatchScratch, decidesUnknownHost: Bool
  ) -> FastMatch {
    if h <= -3 {
      scratch.lastHost = -3 &- h
      return .needsGeneralPath
    }
    if h == -1 || scratch.lastHost == -1 { scratch.lastHost = h }
    return decidesUnknownHost && h == -1 ? unknownHost(p, n, &scratch) : .needsGeneralPath
  }

  /// A step over a typed parameter, the only child of `node`, at the segment `pos ..< end`: a
  /// plain segment decodes to itself, so its type is checked on the URL's bytes. One that is not
  /// of the type matches nothing here (there is no other child to try), unless the rest of the
  /// path reads differently. Then the walk goes on from the next segment.
  ///
  /// An `end` of -1 (a ``NodeInfo/uuidOnly`` step at a segment whose first sixteen bytes hold no
  /// `/` and do not reach `n`, ``longSegmentEnd(_:_:_:uuidNode:)``; `head` is its first eight
  /// bytes): the segment is a UUID when its 36 bytes are one and a `/` or the URL's end follows
  /// them (a UUID holds no `/`, so that is where a scan would end it), with no scan for its end;
  /// any other segment's end is found as the walk finds it.
  @inline(never)
  private func typedStep(
    _ kind: UInt32, _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, head: UInt64,
    _ n: Int, _ scratch: inout MatchScratch
  ) -> FastMatch {
    var end = end
    let stop = pos &+ 36
    if end < 0 && stop <= n && (stop == n || p[stop] == 0x2F) && URLTrie.isUUID(ascii: p + pos) {
      end = stop
    } else {
      if end < 0 { end = URLTrie.segmentEnd(p, from: pos &+ 16, n) }
      let length = end &- pos
      // A UUID in the URL's bytes is plain (hexadecimal digits and `-`): one check, not two.
      if !(kind == NodeInfo.uuidOnly && length == 36 && URLTrie.isUUID(ascii: p + pos)) {
        guard URLTrie.isPlainValue(p, pos, end, head: head, length) else {
          return escapedStep(kind, node, captures: captures, p, pos, end, n, &scratch)
        }
        guard URLTrie.isTyped(kind, p + pos, length) else { return missOrGeneral(p, from: pos, n) }
      }
    }
    recordSegment(pos, end, captures: captures, &scratch)
    let next = node &+ 1
    return walk(
      p, n, node: next, info: UInt32(storage.infos[Int(next)]), route: URLTrie.ruleReadAtEnd,
      captures: captures &+ 1, from: end &+ 1, &scratch)
  }

  /// Whether the plain segment `p[0..<length]` is of the type of an ``NodeInfo/intOnly`` or
  /// ``NodeInfo/uuidOnly`` node (UUIDs in either case, as ``ParameterType/uuid`` takes them).
  @inline(never)
  static func isTyped(_ kind: UInt32, _ p: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    if kind == NodeInfo.uuidOnly { return length == 36 && isUUID(plain: p) }
    return ParameterType.int.accepts(UnsafeBufferPointer(start: p, count: length))
  }

  /// ``ParameterType/isUUID(_:)`` for 36 plain bytes (all below 0x80, as ``PlainBytes`` are),
  /// eight at a time: hexadecimal digits in either case, `-` at 8, 13, 18 and 23.
  @inline(__always)
  static func isUUID(plain p: UnsafePointer<UInt8>) -> Bool {
    let r = UnsafeRawPointer(p)
    let all: UInt64 = 0x8080_8080_8080_8080
    // Bytes 8 and 13 (lanes 0 and 5 of the word at 8), 18 and 23 (lanes 2 and 7 of the word at 16).
    let dashes1: UInt64 = 0x0000_8000_0000_0080
    let dashes2: UInt64 = 0x8000_0000_0080_0000
    let w1 = r.advanced(by: 8).loadWord()
    let w2 = r.advanced(by: 16).loadWord()
    guard
      hexLanes(r.loadWord()) & hexLanes(r.advanced(by: 24).loadWord()) & hexLanes(r.advanced(by: 28).loadWord())
        == all
    else { return false }
    guard hexLanes(w1) == all ^ dashes1 && hexLanes(w2) == all ^ dashes2 else { return false }
    // The dash lanes: each byte is '-' (0x2D).
    let dash = repeated(0x2D)
    return (w1 ^ dash) & (dashes1 &>> 7 &* 0xFF) == 0 && (w2 ^ dash) & (dashes2 &>> 7 &* 0xFF) == 0
  }

  /// ``isUUID(plain:)`` for any 36 bytes: none of 0x80 or more, then the UUID's form.
  @inline(__always)
  static func isUUID(ascii p: UnsafePointer<UInt8>) -> Bool {
    let r = UnsafeRawPointer(p)
    let high =
      r.loadWord() | r.advanced(by: 8).loadWord() | r.advanced(by: 16).loadWord() | r.advanced(by: 24).loadWord()
      | r.advanced(by: 28).loadWord()
    return high & 0x8080_8080_8080_8080 == 0 && isUUID(plain: p)
  }

  /// The high bit of every byte of `w` (each below 0x80) that is a hexadecimal digit, `0-9`,
  /// `a-f` or `A-F`.
  @inline(__always)
  static func hexLanes(_ w: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    // Per byte x < 0x80: x + (0x80 - k) has its high bit set exactly when x >= k (no carry out).
    func atLeast(_ x: UInt64, _ k: UInt64) -> UInt64 { (x &+ repeated(UInt8(0x80 &- k))) & high }
    let digit = atLeast(w, 0x30) & ~atLeast(w, 0x3A)
    let folded = w | repeated(0x20)
    let letter = atLeast(folded, 0x61) & ~atLeast(folded, 0x67)
    return digit | letter
  }

  /// A step at a leaf (more segments than any pattern), at a node whose children the general
  /// search decides (optionals, wildcards, catch-alls), or after a literal the fast path cannot
  /// compare raw.
  @inline(never)
  func rareStep(
    _ kind: UInt32, _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ pos: Int, _ n: Int,
    _ scratch: inout MatchScratch
  ) -> FastMatch {
    switch kind {
    case NodeInfo.leaf: return missOrGeneral(p, from: pos, n)
    case NodeInfo.general: return catchAllStep(node, captures: captures, p, pos, n, &scratch)
    default: return .needsGeneralPath
    }
  }

  /// A step at a ``NodeInfo/competing`` node, at the segment `pos ..< end` (`head` its first
  /// eight bytes, zero-padded): the children in the order the general search tries them — the
  /// literal edge, then the dynamic edges as stored (affixed segments by their precedence, typed
  /// parameters, the parameter) — each decided on the segment's bytes, and the walk goes on
  /// below the first that fits. When the walk below finds no route the next child is tried, as
  /// the search backtracks; when it cannot decide, the general search takes over at this node.
  @inline(never)
  private func competingStep(
    _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, head: UInt64, _ n: Int,
    _ scratch: inout MatchScratch
  ) -> FastMatch {
    let s = storage
    let length = end &- pos
    // An empty segment matches no child (as in the search); a dot segment or a byte to decode
    // reads differently on the general path.
    if length == 0 { return missOrGeneral(p, from: pos, n) }
    guard URLTrie.isPlainValue(p, pos, end, head: head, length) else { return .needsGeneralPath }
    let info = UInt32(s.infos[Int(node)])
    var (e, last) = s.dynamicRange(node)
    // The candidate: the literal edge (first, when the node has literal children), then edge e.
    var literal = info & NodeInfo.hasLiteralChildren != 0
    while true {
      var child: Int32
      var childInfo: UInt32
      var route = URLTrie.ruleReadAtEnd
      var written = 1
      if literal {
        literal = false
        let tail: UInt64 = length > 8 ? UnsafeRawPointer(p + (end &- 8)).loadWord() : 0
        let index = s.findEdge(parent: node, EdgeKey(head: head, tail: tail), length: length, p + pos)
        guard index >= 0 else { continue }
        let slot = s.slots[index]
        child = slot.child
        childInfo = UInt32(truncatingIfNeeded: slot.key) & 0xFF
        route = slot.route
        written = 0
      } else {
        guard e < last else { break }
        let edge = s.dynamic[e]
        e &+= 1
        child = edge.child
        switch edge.kind {
        case .affixed(let shape):
          written = fastAffixed(shape, p, pos, end, n, captures: captures, &scratch)
          guard written >= 0 else { continue }
        case .string:
          recordSegment(pos, end, captures: captures, &scratch)
        case .int:
          guard ParameterType.int.accepts(UnsafeBufferPointer(start: p + pos, count: length)) else { continue }
          recordSegment(pos, end, captures: captures, &scratch)
        case .uuid:
          guard length == 36 && URLTrie.isUUID(plain: p + pos) else { continue }
          recordSegment(pos, end, captures: captures, &scratch)
        default:
          continue  // (no other kind at a competing node; a literal is not a dynamic edge)
        }
        childInfo = UInt32(s.infos[Int(child)])
      }
      let found = walk(
        p, n, node: child, info: childInfo, route: route, captures: captures &+ written, from: end &+ 1, &scratch)
      switch found {
      case .route: return found
      case .noRoute: continue
      case .needsGeneralPath: return generalFrom(node, captures: captures, p, pos, n, &scratch)
      }
    }
    return missOrGeneral(p, from: pos, n)
  }

  /// A step at a ``NodeInfo/oneAffix`` node, at the segment `pos ..< end` (`head` its first
  /// eight bytes, zero-padded), for every segment that ``affixCapture(_:_:_:_:head:)`` leaves
  /// (a literal of more than eight bytes, a segment too short, a byte to check further, a miss):
  /// ``competingStep(_:captures:_:_:_:head:_:_:)`` for its one child, without the search over
  /// children. The segment must start with the prefix, end with the
  /// suffix and keep at least one byte between them (they may not overlap), as the general
  /// search's split; the capture is that middle part, and the walk goes on below.
  ///
  /// The literals are fast bytes (the compiler marks no other node), so a segment that holds
  /// them and a capture of fast bytes is all fast bytes: only the capture's bytes are checked.
  /// A segment that does not hold the literals matches nothing here, unless the rest of the
  /// path reads differently (``missOrGeneral(_:from:_:)`` looks at its bytes from `pos`, so a
  /// `%` in it still goes to the general path).
  @inline(never)
  private func affixStep(
    _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, head: UInt64, _ n: Int,
    _ scratch: inout MatchScratch
  ) -> FastMatch {
    let s = storage
    let length = end &- pos
    // A dot segment reads differently on the general path (`..` would fit `.{x}`).
    if length <= 2 && (head == 0x2E || head == 0x2E2E) { return .needsGeneralPath }
    let edge = s.dynamic[Int(s.nodes[Int(node)].dynamicStart)]
    guard case .affixed(let number) = edge.kind else { return .needsGeneralPath }
    let shape = s.affixes + Int(number)
    let prefix = Int(shape.pointee.prefixLength)
    let suffix = Int(shape.pointee.suffixLength)
    // At least one byte for the capture: the prefix and the suffix do not overlap (and an
    // empty segment fits no affix).
    guard length > prefix &+ suffix else { return missOrGeneral(p, from: pos, n) }
    // Each literal of eight bytes or fewer against one word of the segment: `head` holds its
    // first eight bytes (the segment is longer than the prefix), the word that ends at `end` its
    // last eight (the URL has eight bytes before `end` unless its host is very short).
    let prefixMask = shape.pointee.prefixMask
    if prefixMask != 0 {
      guard (head ^ shape.pointee.prefixWord) & prefixMask == 0 else { return missOrGeneral(p, from: pos, n) }
    } else if prefix > 0 && !literalAt(pos, prefix, s.affixParts[Int(shape.pointee.partStart)].literalStart, p, n) {
      return missOrGeneral(p, from: pos, n)
    }
    let suffixMask = shape.pointee.suffixMask
    if suffixMask != 0 && end >= 8 {
      let last = UnsafeRawPointer(p + (end &- 8)).loadWord()
      guard (last ^ shape.pointee.suffixWord) & suffixMask == 0 else { return missOrGeneral(p, from: pos, n) }
    } else if suffix > 0 {
      let final = s.affixParts[Int(shape.pointee.partStart) &+ Int(shape.pointee.partCount) &- 1]
      guard literalAt(end &- suffix, suffix, final.literalStart, p, n) else { return missOrGeneral(p, from: pos, n) }
    }
    // The capture's bytes: fast ones only, or the general path reads them.
    let start = pos &+ prefix
    let stop = end &- suffix
    let first = prefix == 0 ? head : URLTrie.word(p, at: start, n)
    guard URLTrie.allFast(p, start, stop, first: first, stop &- start) else { return .needsGeneralPath }
    recordSegment(start, stop, captures: captures, &scratch)
    let child = edge.child
    let found = walk(
      p, n, node: child, info: UInt32(s.infos[Int(child)]), route: URLTrie.ruleReadAtEnd, captures: captures &+ 1,
      from: end &+ 1, &scratch)
    switch found {
    case .route: return found
    case .noRoute: return missOrGeneral(p, from: pos, n)
    case .needsGeneralPath: return generalFrom(node, captures: captures, p, pos, n, &scratch)
    }
  }

  /// The common case of a step at a ``NodeInfo/oneAffix`` node, at the segment `pos ..< end`
  /// (`head` its first eight bytes, zero-padded): both literals of eight bytes or fewer, each
  /// compared as one word, and a capture of fast bytes between them. Returns the capture's
  /// bounds, or -1 for any other segment, which ``affixStep`` decides.
  ///
  /// The same rule as the step's: the literals are fast bytes (the compiler marks no other
  /// node), so only the capture's bytes are checked; the record's `wordEndsLength` leaves to the
  /// step every segment too short to hold both literals and a capture byte, a literal of more
  /// than eight bytes, and `..` where `.` is the only literal (a dot segment). The shape is read
  /// from the node's record (``NodeInfo/affixShapeShift``), with no search of its edges.
  @inline(never)
  private func affixCapture(_ node: Int32, _ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, head: UInt64) -> (
    Int, Int
  ) {
    let s = storage
    let shape = s.affixes + Int(s.nodes[Int(node)].info &>> NodeInfo.affixShapeShift)
    guard end &- pos > Int(shape.pointee.wordEndsLength) else { return (-1, 0) }
    guard (head ^ shape.pointee.prefixWord) & shape.pointee.prefixMask == 0 else { return (-1, 0) }
    // The words below end at `end` and at `stop`: eight bytes of the URL before each.
    let stop = end &- Int(shape.pointee.suffixLength)
    guard stop >= 8 else { return (-1, 0) }
    guard (UnsafeRawPointer(p + (end &- 8)).loadWord() ^ shape.pointee.suffixWord) & shape.pointee.suffixMask == 0
    else {
      return (-1, 0)
    }
    // A capture of eight bytes or fewer is in the high bytes of the word that ends at `stop`.
    let start = pos &+ Int(shape.pointee.prefixLength)
    let count = stop &- start
    guard count <= 8 else { return URLTrie.longCapture(p, start, stop) }
    let lanes = 0x8080_8080_8080_8080 as UInt64 &<< UInt64(truncatingIfNeeded: 64 &- count &* 8)
    guard PlainBytes.nonPlainMask(UnsafeRawPointer(p + (stop &- 8)).loadWord()) & lanes == 0 else { return (-1, 0) }
    return (start, stop)
  }

  /// ``affixCapture(_:_:_:_:head:)`` for a capture of more than eight bytes, `p[start ..< stop]`:
  /// its bounds when its bytes are fast, else -1 (out of line, so that the common case keeps to
  /// few registers).
  @inline(never)
  static func longCapture(_ p: UnsafePointer<UInt8>, _ start: Int, _ stop: Int) -> (Int, Int) {
    // The first eight bytes and the last eight, or every eight for a capture of more than sixteen.
    let plain =
      stop &- start <= 16
      ? PlainBytes.nonPlainMask(UnsafeRawPointer(p + start).loadWord())
        | PlainBytes.nonPlainMask(UnsafeRawPointer(p + (stop &- 8)).loadWord()) == 0
      : allFastLong(p, start, stop)
    return plain ? (start, stop) : (-1, 0)
  }

  /// Whether the URL `p[0 ..< n]` holds the pool's `length` bytes from `literal` at `at`
  /// (eight bytes or fewer: one word of each; the pool has eight spare bytes after its last literal).
  @inline(__always)
  private func literalAt(_ at: Int, _ length: Int, _ literal: Int32, _ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    let bytes = storage.pool + Int(literal)
    if length > 8 { return MatcherStorage.bytesEqual(p + at, bytes, length) }
    let mask: UInt64 = length == 8 ? .max : (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
    return (URLTrie.word(p, at: at, n) ^ UnsafeRawPointer(bytes).loadWord()) & mask == 0
  }

  /// Records the segment `pos ..< end` as capture `captures` (capture k is segment k here).
  @inline(__always)
  func recordSegment(_ pos: Int, _ end: Int, captures: Int, _ scratch: inout MatchScratch) {
    scratch.segments[captures] = Range(uncheckedBounds: (pos, end))
    scratch.captures[captures] = CaptureSpan(
      first: Int32(truncatingIfNeeded: captures), last: Int32(truncatingIfNeeded: captures &+ 1))
  }

  /// ``matchAffixed(_:_:_:_:captures:)`` on the plain segment `p[pos ..< end]` of the URL
  /// `p[0 ..< total]` (it decodes to itself): the same split, each capture recorded as capture k
  /// at segment k (a part of the segment); how many captures, or -1.
  @inline(__always)
  func fastAffixed(
    _ number: Int32, _ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, _ total: Int, captures: Int,
    _ scratch: inout MatchScratch
  ) -> Int {
    let s = storage
    let shape = s.affixes[Int(number)]
    let count = Int(shape.partCount)
    let n = end &- pos
    guard captures &+ Int(shape.captureCount) <= PathSegments.maxCount,
      n >= Int(shape.literalLength) &+ Int(shape.captureCount)
    else { return -1 }
    let d = p + pos
    let parts = s.affixParts + Int(shape.partStart)
    let pool = s.pool

    @inline(__always)
    func equal(_ part: Int, at position: Int) -> Bool {
      let length = Int(parts[part].literalLength)
      guard position >= 0 && position &+ length <= n else { return false }
      let literal = pool + Int(parts[part].literalStart)
      if length > 8 { return MatcherStorage.bytesEqual(d + position, literal, length) }
      // One word of each (the pool has eight spare bytes after its last literal).
      let mask: UInt64 = length == 8 ? .max : (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
      return (URLTrie.word(p, at: pos &+ position, total) ^ UnsafeRawPointer(literal).loadWord()) & mask == 0
    }
    @inline(__always)
    func record(_ a: Int, _ b: Int, type: ParameterType, _ k: Int) -> Bool {
      switch type {
      case .string: guard b > a else { return false }
      case .int: guard ParameterType.int.accepts(UnsafeBufferPointer(start: d + a, count: b &- a)) else { return false }
      case .uuid: guard b &- a == 36 && URLTrie.isUUID(plain: d + a) else { return false }
      }
      let slot = captures &+ k
      scratch.segments[slot] = Range(uncheckedBounds: (pos &+ a, pos &+ b))
      scratch.captures[slot] = CaptureSpan(
        first: Int32(truncatingIfNeeded: slot), last: Int32(truncatingIfNeeded: slot &+ 1))
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
    let inner = (last &- first &- 1) / 2
    if inner == 0 { return record(lo, hi, type: parts[first].type, 0) ? 1 : -1 }

    // The latest place of each inner literal (right to left): part first + 1 + 2k is inner
    // literal k. Kept in the decoding buffer, which the fast path does not use.
    let latest = UnsafeMutableRawPointer(scratch.buffer)
    var limit = hi
    var k = inner &- 1
    while k >= 0 {
      let part = first &+ 1 &+ 2 &* k
      var at = limit &- 1 &- Int(parts[part].literalLength)
      while at > lo && !equal(part, at: at) { at &-= 1 }
      guard at > lo else { return -1 }
      latest.storeBytes(of: Int32(truncatingIfNeeded: at), toByteOffset: k &* 4, as: Int32.self)
      limit = at
      k &-= 1
    }
    // Left to right: text captures take the latest place, typed ones the earliest.
    var cursor = lo
    for k in 0..<inner {
      let part = first &+ 1 &+ 2 &* k
      let type = parts[part &- 1].type
      var at = Int(latest.load(fromByteOffset: k &* 4, as: Int32.self))
      if type != .string {
        at = cursor &+ 1
        while !equal(part, at: at) { at &+= 1 }  // stops at the latest place at the latest
      }
      guard record(cursor, at, type: type, k) else { return -1 }
      cursor = at &+ Int(parts[part].literalLength)
    }
    guard record(cursor, hi, type: parts[last &- 1].type, inner) else { return -1 }
    return inner &+ 1
  }

  /// The end of the path at a node without a fast terminal.
  @inline(never)
  func rareEnd(
    _ info: UInt32, _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ n: Int, _ scratch: inout MatchScratch
  ) -> FastMatch {
    if info & NodeInfo.kindMask == NodeInfo.restart { return .needsGeneralPath }
    if info & NodeInfo.hasTerminals != 0 {
      // The path had no empty and no dot segment: it ends with '/' after a segment, or not.
      let hostEnd = Int(storage.hosts[scratch.lastHost].length)
      scratch.trailingSlash = n > hostEnd &+ 1 && p[n &- 1] == 0x2F
      return terminalsAt(node, captures: captures, p, n, &scratch)
    }
    return noRuleHere
  }

  /// The component ranges of a URL the fast path read: scheme, host, path; no query, no fragment.
  /// With a query or a fragment after `n` (``MatchScratch/fastTailEnd``), their ranges too
  /// (the fragment's `#` at ``MatchScratch/fastFragmentStart``).
  func fastURLRanges(_ p: UnsafePointer<UInt8>, _ n: Int, hostEnd: Int, _ scratch: borrowing MatchScratch)
    -> URLComponentRanges
  {
    var colon = 0
    while p[colon] != UInt8(ascii: ":") { colon &+= 1 }
    let (query, fragment) = URLTrie.tailRanges(
      p, pathEnd: n, tailEnd: scratch.fastTailEnd, hash: scratch.fastFragmentStart)
    return URLComponentRanges(
      scheme: 0..<colon, hasAuthority: true, host: colon + 3..<hostEnd, path: hostEnd..<n, query: query,
      fragment: fragment)
  }

  /// After a literal step found no edge (or a leaf has more segments): the URL matches nothing
  /// when the rest of it reads the same on the general path (no byte to decode or that ends the
  /// path, no dot segment that would remove this segment); otherwise the general path decides.
  @inline(never)
  func missOrGeneral(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> FastMatch {
    // Empty segments cost one byte each, so a long URL may hold more segments than the reader
    // takes (it refuses the URL): the general path counts them. A shorter one cannot.
    if n > PathSegments.maxCount && URLTrie.slashCount(p, n) > PathSegments.maxCount { return .needsGeneralPath }
    // Most misses hold only fast bytes and no '.' at all: eight bytes at a time.
    var i = start
    var plain = true
    while i &+ 8 <= n {
      let w = UnsafeRawPointer(p + i).loadWord()
      if PlainBytes.nonPlainMask(w) | URLTrie.zeroBytes(w ^ URLTrie.repeated(0x2E)) != 0 {
        plain = false
        break
      }
      i &+= 8
    }
    if plain && i < n {
      let w = URLTrie.word(p, at: i, n)
      let mask = 0x8080_8080_8080_8080 as UInt64 &>> UInt64(truncatingIfNeeded: 64 &- (n &- i) &* 8)
      plain = (PlainBytes.nonPlainMask(w) | URLTrie.zeroBytes(w ^ URLTrie.repeated(0x2E))) & mask == 0
    }
    if plain { return noRuleHere }
    return missOrGeneralBytes(p, from: start, n)
  }

  /// The number of '/' bytes in `p[0..<n]`: at least the number of path segments.
  static func slashCount(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    var count = 0
    for i in 0..<n where p[i] == 0x2F { count &+= 1 }
    return count
  }

  /// ``missOrGeneral(_:from:_:)`` byte by byte, for paths with a '.' or a byte that is not fast.
  func missOrGeneralBytes(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> FastMatch {
    guard URLTrie.restIsPlain(p, from: start, n) else { return .needsGeneralPath }
    return noRuleHere
  }

  /// Whether `p[start..<n]` (from the start of a segment) holds only fast bytes and '/', and no
  /// dot segment; needs `8 <= n`. Eight bytes at a time, then each '.' is looked at.
  static func restIsPlain(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Bool {
    guard start < n else { return true }
    let dot = URLTrie.repeated(0x2E)
    var i = start
    var dots = false
    while i &+ 8 <= n {
      let w = UnsafeRawPointer(p + i).loadWord()
      if PlainBytes.nonPlainMask(w) != 0 { return false }
      dots = dots || URLTrie.zeroBytes(w ^ dot) != 0
      i &+= 8
    }
    if i < n {
      let w = URLTrie.word(p, at: i, n)
      let mask = 0x8080_8080_8080_8080 as UInt64 &>> UInt64(truncatingIfNeeded: 64 &- (n &- i) &* 8)
      if PlainBytes.nonPlainMask(w) & mask != 0 { return false }
      dots = dots || URLTrie.zeroBytes(w ^ dot) & mask != 0
    }
    return !dots || !hasDotSegment(p, from: start, n)
  }

  /// Whether a segment of `p[start..<n]` (from the start of a segment) is `.` or `..`.
  @inline(never)
  static func hasDotSegment(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Bool {
    var k = start
    while k < n {
      if p[k] == 0x2E && (k == start || p[k &- 1] == 0x2F) {
        let next = k &+ 1
        if next == n || p[next] == 0x2F { return true }
        if p[next] == 0x2E && (next &+ 1 == n || p[next &+ 1] == 0x2F) { return true }
      }
      k &+= 1
    }
    return false
  }

  /// At a node where children compete: splits the path as ``PathSegments`` would (the fast
  /// walk recorded only the captured segments), then lets the general search take over from
  /// this node, `depth` segments in. When it finds no route, the fast walk's captures are put
  /// back as they were (a ``NodeInfo/competing`` node above may go on to its next child).
  @inline(never)
  func generalFrom(
    _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ pos: Int, _ n: Int,
    _ scratch: inout MatchScratch
  ) -> FastMatch {
    let hostEnd = Int(storage.hosts[scratch.lastHost].length)
    // The fast walk kept capture k in segment k; the split below numbers all segments. The
    // saved copies are where the search keeps affixed captures (URLTrie.affixCaptureBase).
    let saved = scratch.segments + URLTrie.affixCaptureBase
    for k in 0..<captures { saved[k] = scratch.segments[k] }
    let found = generalSearch(node, captures: captures, p, pos, n, hostEnd: hostEnd, &scratch)
    if found >= 0 { return .route(storage.terminal(at: found).route) }
    for k in 0..<captures {
      scratch.segments[k] = saved[k]
      scratch.captures[k] = CaptureSpan(
        first: Int32(truncatingIfNeeded: k), last: Int32(truncatingIfNeeded: k &+ 1))
    }
    return found == -1 ? noRuleHere : .needsGeneralPath
  }

  /// The search of ``generalFrom(_:captures:_:_:_:_:)``: the terminal found, -1 for none, or -2
  /// when the general path must read the URL.
  private func generalSearch(
    _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ pos: Int, _ n: Int, hostEnd: Int,
    _ scratch: inout MatchScratch
  ) -> Int32 {
    let saved = scratch.segments + URLTrie.affixCaptureBase
    guard fastSplit(p, from: hostEnd &+ 1, n, &scratch) else { return -2 }
    var depth = 0
    while depth < scratch.segmentCount && scratch.segments[depth].lowerBound < pos { depth &+= 1 }
    guard depth < scratch.segmentCount else { return -2 }
    // A capture that is a whole segment spans it; one that is part of an affixed segment stays
    // in its saved copy, as the search's own affixed captures do.
    var i = 0
    for k in 0..<captures {
      let range = saved[k]
      while i < depth && scratch.segments[i].upperBound < range.lowerBound { i &+= 1 }
      let slot = i < depth && scratch.segments[i] == range ? i : URLTrie.affixCaptureBase &+ k
      scratch.captures[k] = CaptureSpan(
        first: Int32(truncatingIfNeeded: slot), last: Int32(truncatingIfNeeded: slot &+ 1))
    }
    scratch.queryCount = -1
    let input = UnsafeBufferPointer(start: p, count: max(n, scratch.fastTailEnd))  // (the query too)
    let url = fastURLRanges(p, n, hostEnd: hostEnd, scratch)
    // fastSplit checked every path byte: the search compares and checks them raw.
    return search(input, url, root: node, depth: depth, captures: captures, &scratch, plain: true)
  }

  /// Splits `p[start..<n]` into `scratch`'s segments as ``PathSegments/resolve(_:path:into:)``
  /// would, for a path of fast bytes without dot segments; false for any other path.
  func fastSplit(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int, _ scratch: inout MatchScratch) -> Bool {
    guard URLTrie.restIsPlain(p, from: start, n) else { return false }
    let segments = scratch.segments
    var count = 0
    var trailing = false
    if start < n {
      // Segment by segment, each end found eight bytes at a time; a path ending in '/' has a
      // trailing slash, not an empty last segment.
      var segmentStart = start
      while true {
        let end = URLTrie.findSlash(p, from: segmentStart, n)
        if end == n && segmentStart == n {
          trailing = count > 0
          break
        }
        guard count < PathSegments.maxCount else { return false }
        segments[count] = segmentStart..<end
        count &+= 1
        if end >= n { break }
        segmentStart = end &+ 1
      }
    }
    scratch.segmentCount = count
    scratch.trailingSlash = trailing
    return true
  }

  /// At the end of the path, at a node whose first terminal has constraints (or under the strict
  /// trailing-slash policy): the general terminal check, over the query and fragment of
  /// ``fastMatchWithTail(_:_:_:afterWalk:)``, if any (``checkTerminals(_:_:captures:_:query:fragment:_:)``
  /// in the same order, its common constraints decided by ``fastConstraintsHold(_:_:_:query:fragment:_:)``).
  @inline(never)
  func terminalsAt(
    _ node: Int32, captures: Int, _ p: UnsafePointer<UInt8>, _ n: Int, _ scratch: inout MatchScratch
  ) -> FastMatch {
    let s = storage
    scratch.queryCount = -1
    let (start, count) = s.terminalRange(node)
    let (query, fragment) = URLTrie.tailRanges(
      p, pathEnd: n, tailEnd: scratch.fastTailEnd, hash: scratch.fastFragmentStart)
    var t = start
    let end = start &+ count
    while t < end {
      let terminal = s.terminal(at: t)
      t &+= 1
      if s.strictTrailingSlash && terminal.trailingSlash != scratch.trailingSlash { continue }
      if Int(terminal.captureCount) != captures { continue }
      if terminal.constraintCount > 0
        && !fastConstraintsHold(terminal, p, max(n, scratch.fastTailEnd), query: query, fragment: fragment, &scratch)
      {
        continue
      }
      scratch.end = .terminal(t &- 1)
      scratch.captureCount = captures
      return .route(terminal.route)
    }
    return noRuleHere
  }

  // MARK: - Words

  @inline(__always)
  static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

  /// The high bit of the first (lowest) zero byte of `x`, and possibly of bytes above it; 0 when
  /// `x` has no zero byte. (A borrow can mark a byte above a zero byte, never one below, so the
  /// lowest mark, and whether there is any, are exact; so is a test of the bytes below a given
  /// one, which is how every caller uses it.)
  @inline(__always)
  static func zeroBytes(_ x: UInt64) -> UInt64 {
    (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
  }

  /// Bytes `i ..< min(i + 8, n)`, zero-padded; needs `8 <= n` and `i < n`.
  @inline(__always)
  static func word(_ p: UnsafePointer<UInt8>, at i: Int, _ n: Int) -> UInt64 {
    if i &+ 8 <= n { return UnsafeRawPointer(p + i).loadWord() }
    let shift = (i &- (n &- 8)) &* 8
    return UnsafeRawPointer(p + (n &- 8)).loadWord() &>> UInt64(truncatingIfNeeded: shift)
  }

  /// The end of a segment whose first eight bytes hold no '/' (and do not reach the end); with
  /// `uuidNode`, -1 for a segment of more than sixteen bytes, which the typed step ends
  /// (``typedStep(_:_:captures:_:_:_:head:_:_:)``: a UUID is ended by its 36 bytes, with no scan).
  @inline(__always)
  static func longSegmentEnd(_ p: UnsafePointer<UInt8>, _ pos: Int, _ n: Int, uuidNode: Bool = false) -> Int {
    let next = pos &+ 8
    let slashes = zeroBytes(word(p, at: next, n) ^ repeated(0x2F))
    if slashes != 0 { return next &+ slashes.trailingZeroBitCount &>> 3 }
    if next &+ 8 >= n { return n }
    return uuidNode ? -1 : segmentEnd(p, from: next &+ 8, n)
  }

  /// The end of a segment longer than sixteen bytes: the first '/' at or after `start`, or `n`.
  @inline(never)
  static func segmentEnd(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Int {
    findSlash(p, from: start, n)
  }

  /// The offset of the first '/' at or after `start`, or `n`; needs `8 <= n`.
  @inline(__always)
  static func findSlash(_ p: UnsafePointer<UInt8>, from start: Int, _ n: Int) -> Int {
    var i = start
    while i &+ 8 <= n {
      let slashes = zeroBytes(UnsafeRawPointer(p + i).loadWord() ^ repeated(0x2F))
      if slashes != 0 { return i &+ slashes.trailingZeroBitCount &>> 3 }
      i &+= 8
    }
    guard i < n else { return n }
    let slashes = zeroBytes(word(p, at: i, n) ^ repeated(0x2F))
    return slashes != 0 ? i &+ slashes.trailingZeroBitCount &>> 3 : n
  }

  /// Whether the segment `pos ..< end` can be captured as it is: not empty, not a dot segment,
  /// only fast bytes. `first` holds its first eight bytes, `head` the same zero-padded.
  @inline(__always)
  static func isPlainValue(_ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, head: UInt64, _ length: Int) -> Bool {
    if length <= 2 && (length == 0 || head == 0x2E || head == 0x2E2E) { return false }
    return allFast(p, pos, end, first: head, length)
  }

  /// Whether every byte of the segment `pos ..< end` is fast; `first` holds its first eight bytes.
  @inline(__always)
  static func allFast(_ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, first: UInt64, _ length: Int) -> Bool {
    if length <= 8 { return PlainBytes.allPlain(first, count: length) }
    if length <= 16 {
      return PlainBytes.nonPlainMask(first) | PlainBytes.nonPlainMask(UnsafeRawPointer(p + (end &- 8)).loadWord()) == 0
    }
    return allFastLong(p, pos, end)
  }

  @inline(never)
  static func allFastLong(_ p: UnsafePointer<UInt8>, _ pos: Int, _ end: Int) -> Bool {
    var i = pos
    while i &+ 8 <= end {
      if PlainBytes.nonPlainMask(UnsafeRawPointer(p + i).loadWord()) != 0 { return false }
      i &+= 8
    }
    if i < end && PlainBytes.nonPlainMask(UnsafeRawPointer(p + (end &- 8)).loadWord()) != 0 { return false }
    return true
  }
}

extension URLTrie {
  /// A valid URL that no route takes: ``FastMatch/noRoute``, unless a wildcard host or a host
  /// parameter could still take it (the general path then tries those keys).
  var noRuleHere: FastMatch { storage.hasFallbackHosts ? .needsGeneralPath : .noRoute }

  /// The terminal of the last successful match in `scratch`.
  func terminal(of scratch: borrowing MatchScratch) -> Int32 {
    switch scratch.end {
    case .terminal(let t): return t
    case .firstTerminal(let node): return storage.nodes[Int(node)].terminalStart
    }
  }
}
