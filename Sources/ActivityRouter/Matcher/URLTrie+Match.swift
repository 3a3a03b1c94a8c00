/// Matching: split the path once, then walk the trie depth first in precedence order,
/// backtracking at dead ends, so the first complete match is the best one (see ``Precedence``).
/// Every node sits at a fixed depth, so each node is visited at most once per URL.
extension URLTrie {
  /// Unowned views of the trie arrays and the scratch memory, passed down the search.
  struct Context {
    let input: UnsafeBufferPointer<UInt8>
    let nodes: UnsafeBufferPointer<Node>
    let dynamic: UnsafeBufferPointer<DynamicEdge>
    let terminals: UnsafeBufferPointer<Terminal>
    let constraints: UnsafeBufferPointer<Constraint>
    let pool: UnsafeBufferPointer<UInt8>
    let segments: UnsafeMutablePointer<Range<Int>>
    let captureFirst: UnsafeMutablePointer<Int32>
    let captureLast: UnsafeMutablePointer<Int32>
    let buffer: UnsafeMutablePointer<UInt8>
    let bufferCapacity: Int
    let segmentCount: Int
  }

  /// Finds the best terminal for a parsed URL, or -1. On success the captures are in `scratch`.
  func match(_ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, _ scratch: inout MatchScratch) -> Int32 {
    scratch.terminal = -1
    guard url.hasAuthority else { return -1 }
    guard case .success(let shape) = PathSegments.resolve(input, path: url.path, into: UnsafeMutableBufferPointer(start: scratch.segments, count: PathSegments.maxCount)) else { return -1 }
    scratch.segmentCount = shape.count
    scratch.trailingSlash = shape.hasTrailingSlash
    scratch.queryCount = -1  // parsed on first use
    let hostRange = url.host ?? 0..<0
    var hostKeyLength = writeHostKey(input, url, host: hostRange, wildcardFrom: nil, &scratch)
    guard hostKeyLength > 0 else { return -1 }
    var root = lookupHost(scratch.buffer, hostKeyLength)
    var labelStart = hostRange.lowerBound
    while true {
      if root >= 0 {
        let found = search(input, url, root: root, &scratch)
        if found >= 0 { return found }
      }
      // Try `*.domain` roots, longest domain first.
      // A subdomain is one or more labels, none of them empty: `.example.com` and
      // `a..example.com` are not subdomains of `example.com`.
      guard hasWildcardHosts, let dot = nextDot(input, from: labelStart, in: hostRange), dot > labelStart else {
        return -1
      }
      labelStart = dot + 1
      hostKeyLength = writeHostKey(input, url, host: hostRange, wildcardFrom: dot + 1, &scratch)
      root = lookupHost(scratch.buffer, hostKeyLength)
    }
  }

  private func lookupHost(_ key: UnsafeMutablePointer<UInt8>, _ length: Int) -> Int32 {
    pool.withUnsafeBufferPointer { staticEdges.lookup(parent: 0, UnsafeBufferPointer(start: key, count: length), pool: $0) }
  }

  private func nextDot(_ input: UnsafeBufferPointer<UInt8>, from: Int, in host: Range<Int>) -> Int? {
    var i = from
    while i < host.upperBound {
      if input[i] == UInt8(ascii: ".") { return i }
      i &+= 1
    }
    return nil
  }

  /// Writes `scheme://host[:port]` (lowercased; `*.` + the rest of the host from `wildcardFrom`)
  /// into the scratch buffer; returns its length, or 0 when it does not fit.
  private func writeHostKey(
    _ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, host: Range<Int>, wildcardFrom: Int?,
    _ scratch: inout MatchScratch
  ) -> Int {
    let out = scratch.buffer
    var n = 0
    let limit = 1024
    for i in url.scheme {
      guard n < limit else { return 0 }
      out[n] = asciiLowercased(input[i])
      n &+= 1
    }
    out[n] = UInt8(ascii: ":"); out[n + 1] = UInt8(ascii: "/"); out[n + 2] = UInt8(ascii: "/")
    n &+= 3
    var from = host.lowerBound
    if let w = wildcardFrom {
      out[n] = UInt8(ascii: "*"); out[n + 1] = UInt8(ascii: ".")
      n &+= 2
      from = w
    }
    if url.hostIsASCII && !url.hostIsIPLiteral {
      for i in from..<host.upperBound {
        guard n < limit else { return 0 }
        out[n] = asciiLowercased(input[i])
        n &+= 1
      }
    } else {
      // Rare: an IPv6 literal (compressed form) or an IDNA host (its xn-- form).
      let normal = url.hostIsIPLiteral
        ? IPv6Address.parse(input, from..<host.upperBound)?.description
        : IDNA.toASCII(String(decoding: UnsafeBufferPointer(rebasing: input[from..<host.upperBound]), as: UTF8.self))
      guard let normal else { return 0 }
      for byte in normal.utf8 {
        guard n < limit else { return 0 }
        out[n] = byte
        n &+= 1
      }
    }
    if let port = url.port {
      let scheme = String(decoding: UnsafeBufferPointer(rebasing: input[url.scheme]), as: UTF8.self).lowercased()
      if port != PatternExpansion.defaultPort(ofScheme: scheme) {
        let digits = Array(String(port).utf8)
        out[n] = UInt8(ascii: ":")
        n &+= 1
        for d in digits { out[n] = d; n &+= 1 }
      }
    }
    return n
  }
}
