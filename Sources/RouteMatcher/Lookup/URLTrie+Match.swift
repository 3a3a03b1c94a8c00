import RouteEvents
import RouteTables
import RouterSupport

/// Matching: split the path once, then walk the trie depth first in precedence order,
/// backtracking at dead ends, so the first complete match is the best one (see ``Precedence``).
/// Every node sits at a fixed depth, so each node is visited at most once per URL.
extension URLTrie {
  /// Unowned views of the trie memory and the scratch memory, passed down the search.
  struct Context {
    let input: UnsafeBufferPointer<UInt8>
    // Unowned: the trie holds the storage for the whole search, and a strong reference would
    // cost a retain and a release on every general-path match.
    unowned(unsafe) let storage: MatcherStorage
    let segments: UnsafeMutablePointer<Range<Int>>
    let captures: UnsafeMutablePointer<CaptureSpan>
    let buffer: UnsafeMutablePointer<UInt8>
    let bufferCapacity: Int
    let segmentCount: Int
    /// Whether the URL has no authority (its path split as written).
    var opaque = false
    /// Whether every path byte is a ``PlainBytes`` byte, with no dot segment, and paths are
    /// case-sensitive (the fast path checked it before handing over): decoding would give the
    /// same bytes, so segments are compared and type-checked as they are, with no copy.
    var plain = false
    /// Whether the fast path checked the query and the fragment (``URLTrie/fastTail(_:from:_:)``):
    /// every escape in them decodes to printable ASCII, so a value always decodes (to valid
    /// UTF-8, no longer than it is raw), and a text value is taken without decoding it.
    var fastTail = false

    var nodes: UnsafeMutablePointer<Node> { storage.nodes }
    var dynamic: UnsafeMutablePointer<DynamicEdge> { storage.dynamic }
    var constraints: UnsafeMutablePointer<Constraint> { storage.constraints }
    var pool: UnsafeMutablePointer<UInt8> { storage.pool }
  }

  /// Finds the best terminal for a parsed URL, or -1. On success the captures are in `scratch`.
  func match(_ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, _ scratch: inout MatchScratch) -> Int32 {
    guard url.hasAuthority else { return matchWithoutAuthority(input, url, &scratch) }
    guard
      case .success(let shape) = PathSegments.resolve(
        input, path: url.path, into: UnsafeMutableBufferPointer(start: scratch.segments, count: PathSegments.maxCount))
    else { return -1 }
    scratch.segmentCount = shape.count
    scratch.trailingSlash = shape.hasTrailingSlash
    scratch.queryCount = -1  // parsed on first use
    let hostRange = url.host ?? 0..<0
    var hostKeyLength = HostKey.write(input, url, host: hostRange, wildcardFrom: nil, into: scratch.buffer)
    guard hostKeyLength > 0 else { return -1 }
    var root = lookupHost(scratch.buffer, hostKeyLength)
    var labelStart = hostRange.lowerBound
    var wildcardHost: WildcardHost?  // the host written once for the `*.domain` keys
    while true {
      if root >= 0 {
        let found = search(input, url, root: root, depth: 0, captures: 0, &scratch)
        if found >= 0 { return found }
        wildcardHost = nil  // the search decodes into the buffer
      }
      // Try `*.domain` roots, longest domain first.
      // A subdomain is one or more labels, none of them empty: `.example.com` and
      // `a..example.com` are not subdomains of `example.com`.
      guard storage.hasWildcardHosts, let dot = nextDot(input, from: labelStart, in: hostRange), dot > labelStart else {
        return storage.hasHostParameters ? matchHostParameter(input, url, host: hostRange, &scratch) : -1
      }
      labelStart = dot + 1
      if url.hostIsASCII && !url.hostIsIPLiteral {
        // Linear in the host: each key only writes `scheme://*.` in front of its domain.
        if wildcardHost == nil { wildcardHost = writeWildcardHost(input, url, host: hostRange, &scratch) }
        root = wildcardHost.map { lookupWildcard($0, domainStart: dot + 1, input, url, &scratch) } ?? -1
      } else {
        hostKeyLength = HostKey.write(input, url, host: hostRange, wildcardFrom: dot + 1, into: scratch.buffer)
        root = lookupHost(scratch.buffer, hostKeyLength)
      }
    }
  }

  /// The segment slot that holds the host while a host parameter route is searched (after
  /// the path's segments, before the slots of affixed captures).
  static let hostCaptureSlot = PathSegments.maxCount &+ 1

  /// The routes whose host is a parameter (`myapp://{screen}/…`), after every exact and
  /// `*.domain` key failed: typed parameters first, then untyped; the host is capture 0.
  @inline(never)
  private func matchHostParameter(
    _ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, host: Range<Int>, _ scratch: inout MatchScratch
  ) -> Int32 {
    guard !host.isEmpty, url.scheme.count < HostKey.limit else { return -1 }
    // The host's value, decoded once for the type checks.
    let raw = UnsafeBufferPointer(rebasing: input[host])
    guard let n = decode(raw, into: scratch.buffer, capacity: scratch.bufferCapacity) else { return -1 }
    let value = UnsafeBufferPointer(start: scratch.buffer, count: n)
    let isInt = ParameterType.int.accepts(value)
    let isUUID = !isInt && ParameterType.uuid.accepts(value)
    for step in 0..<3 {
      let type: ParameterType = step == 0 ? .int : step == 1 ? .uuid : .string
      if type == .int && !isInt || type == .uuid && !isUUID { continue }
      // (Written again each time: a search decodes into the buffer.)
      let n = writeHostParameterKey(input, url, type: type, into: scratch.buffer)
      let root = lookupHost(scratch.buffer, n)
      guard root >= 0 else { continue }
      scratch.segments[URLTrie.hostCaptureSlot] = host
      scratch.captures[0] = CaptureSpan(
        first: Int32(truncatingIfNeeded: URLTrie.hostCaptureSlot),
        last: Int32(truncatingIfNeeded: URLTrie.hostCaptureSlot &+ 1))
      let found = search(input, url, root: root, depth: 0, captures: 1, &scratch)
      if found >= 0 { return found }
    }
    return -1
  }

  /// Writes the ``HostParameterKey`` of the URL's scheme and port for `type` into `out`; returns
  /// its length. (No scheme that may have a host parameter has a default port.)
  private func writeHostParameterKey(
    _ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, type: ParameterType,
    into out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var n = 0
    for i in url.scheme {
      out[n] = ASCIIBytes.lowercased(input[i])
      n &+= 1
    }
    out[n] = UInt8(ascii: ":")
    out[n &+ 1] = UInt8(ascii: "/")
    out[n &+ 2] = UInt8(ascii: "/")
    out[n &+ 3] = HostParameterKey.marker
    out[n &+ 4] = HostParameterKey.tag(type)
    n &+= 5
    guard let port = url.port else { return n }
    var digits = 1
    var rest = port
    while rest >= 10 {
      rest /= 10
      digits &+= 1
    }
    out[n] = UInt8(ascii: ":")
    rest = port
    for k in stride(from: digits, to: 0, by: -1) {
      out[n &+ k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    return n &+ digits &+ 1
  }

  /// A URL without an authority (`mailto:a@b.c`, `matrix:u/alice`): the key `scheme:`, and the
  /// path split on `/` as written (an opaque path keeps its dot segments, as WHATWG keeps it;
  /// the empty segments of a nested URL are there for a catch-all to take).
  @inline(never)
  func matchWithoutAuthority(
    _ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, _ scratch: inout MatchScratch
  )
    -> Int32
  {
    guard storage.hasOpaqueRoutes, url.scheme.count < HostKey.limit else { return -1 }
    guard
      let shape = PathSegments.splitAsWritten(
        input, path: url.path, into: UnsafeMutableBufferPointer(start: scratch.segments, count: PathSegments.maxCount))
    else { return -1 }
    scratch.segmentCount = shape.count
    scratch.trailingSlash = shape.hasTrailingSlash
    scratch.queryCount = -1
    var n = 0
    for i in url.scheme {
      scratch.buffer[n] = ASCIIBytes.lowercased(input[i])
      n &+= 1
    }
    scratch.buffer[n] = UInt8(ascii: ":")
    let root = lookupHost(scratch.buffer, n &+ 1)
    guard root >= 0 else { return -1 }
    return search(input, url, root: root, depth: 0, captures: 0, &scratch, opaque: true)
  }

  /// An ASCII host written once (lowercased, its port after it) for the `*.domain` keys.
  struct WildcardHost {
    /// The first host byte kept: keys longer than the limit are never looked up.
    var writeStart: Int
    /// The length of `scheme://*.`.
    var prefixLength: Int
    /// One past the last byte written (the port included).
    var end: Int
  }

  /// Writes the last bytes of the host that a key within the limit can hold, at an offset that
  /// leaves room for `scheme://*.` before any of its domains; nil when no key fits.
  private func writeWildcardHost(
    _ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, host: Range<Int>, _ scratch: inout MatchScratch
  ) -> WildcardHost? {
    let prefixLength = url.scheme.count &+ 5
    guard prefixLength < HostKey.limit else { return nil }
    let keep = min(host.count, HostKey.limit &- prefixLength)
    let writeStart = host.upperBound &- keep
    let out = scratch.buffer
    var n = prefixLength
    for i in writeStart..<host.upperBound {
      out[n] = ASCIIBytes.lowercased(input[i])
      n &+= 1
    }
    if url.port != nil {
      let scheme = String(decoding: UnsafeBufferPointer(rebasing: input[url.scheme]), as: UTF8.self).lowercased()
      HostKey.appendPort(url.port, scheme: scheme) { byte in
        out[n] = byte
        n &+= 1
      }
    }
    return WildcardHost(writeStart: writeStart, prefixLength: prefixLength, end: n)
  }

  /// Looks up `scheme://*.` + the host from `domainStart`, writing the prefix over host bytes
  /// before the domain (which no later, shorter domain needs).
  private func lookupWildcard(
    _ h: WildcardHost, domainStart: Int, _ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges,
    _ scratch: inout MatchScratch
  ) -> Int32 {
    guard domainStart >= h.writeStart else { return -1 }  // longer than the limit
    let keyStart = domainStart &- h.writeStart
    let out = scratch.buffer
    var n = keyStart
    for i in url.scheme {
      out[n] = ASCIIBytes.lowercased(input[i])
      n &+= 1
    }
    out[n] = UInt8(ascii: ":")
    out[n &+ 1] = UInt8(ascii: "/")
    out[n &+ 2] = UInt8(ascii: "/")
    out[n &+ 3] = UInt8(ascii: "*")
    out[n &+ 4] = UInt8(ascii: ".")
    return lookupHost(out + keyStart, h.end &- keyStart)
  }

  private func lookupHost(_ key: UnsafeMutablePointer<UInt8>, _ length: Int) -> Int32 {
    let index = storage.findHost(key, length: length)
    return index < 0 ? -1 : storage.hosts[index].root
  }

  private func nextDot(_ input: UnsafeBufferPointer<UInt8>, from: Int, in host: Range<Int>) -> Int? {
    var i = from
    while i < host.upperBound {
      if input[i] == UInt8(ascii: ".") { return i }
      i &+= 1
    }
    return nil
  }
}
