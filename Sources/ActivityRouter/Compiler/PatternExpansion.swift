/// One URL pattern with its optional segments resolved: a pattern with `k` optional segments
/// expands into `2^k` patterns, each present-or-absent choice made.
struct ExpandedPattern {
  var rule: Int
  var pattern: Int
  /// The key of the host root: `scheme://host[:port]` or `scheme://*.domain[:port]`.
  var hostKey: [UInt8]
  var edges: [(kind: EdgeKind, literal: [UInt8])]
  /// Names of the path captures, in order.
  var captureNames: [String]
  var omitted: Int
  var trailingSlash: Bool
  var query: [QueryConstraint]
  var fragment: ValueConstraint?

  /// The score of the query and fragment constraints (step 4 of precedence).
  var score: ConstraintScore {
    Precedence.score(query.map(\.value.strength) + (fragment.map { [$0.strength] } ?? []))
  }
}

enum PatternExpansion {
  /// The port a scheme uses when a URL names none (only these schemes have one).
  static func defaultPort(ofScheme scheme: String) -> Int? {
    switch scheme {
    case "http", "ws": return 80
    case "https", "wss": return 443
    case "ftp": return 21
    default: return nil
    }
  }

  /// `scheme://host[:port]` with the port left out when it is the scheme's default.
  static func hostKey(scheme: String, host: String, port: Int?) -> [UInt8] {
    var key = Array(scheme.utf8)
    key += Array("://".utf8)
    key += Array(host.utf8)
    if let port, port != defaultPort(ofScheme: scheme) { key += Array(":\(port)".utf8) }
    return key
  }

  static func expand(_ pattern: URLPattern, rule: Int, index: Int, caseSensitive: Bool) -> [ExpandedPattern] {
    let host: String
    switch pattern.host {
    case .exact(let h): host = h
    case .subdomains(let domain): host = "*." + domain
    }
    let key = hostKey(scheme: pattern.scheme, host: host, port: pattern.port)
    var results: [ExpandedPattern] = [
      ExpandedPattern(
        rule: rule, pattern: index, hostKey: key, edges: [], captureNames: [], omitted: 0,
        trailingSlash: pattern.trailingSlash, query: pattern.query, fragment: pattern.fragment)
    ]
    for segment in pattern.segments {
      let kind = EdgeKind(segment)
      var next: [ExpandedPattern] = []
      for var partial in results {
        if case .optional = segment {
          var absent = partial
          absent.omitted += 1
          next.append(absent)
        }
        switch segment {
        case .literal(let text):
          let bytes = Array(text.utf8)
          partial.edges.append((kind, caseSensitive ? bytes : bytes.map(asciiLowercased)))
        case .parameter(let p), .optional(let p):
          partial.edges.append((kind, []))
          partial.captureNames.append(p.name)
        case .catchAll(let name):
          partial.edges.append((kind, []))
          partial.captureNames.append(name)
        case .wildcard:
          partial.edges.append((kind, []))
        }
        next.append(partial)
      }
      results = next
    }
    return results
  }
}

extension PatternExpansion {
  /// Reusable bytes for host keys and lowercased literals while compiling, and the host node
  /// of the last pattern (consecutive patterns usually share their host).
  struct KeyBuffer {
    var key: [UInt8] = []
    var literal: [UInt8] = []
    var lastScheme = ""
    var lastHost = HostPattern.exact("")
    var lastPort: Int? = nil
    var lastHostNode = Int32(-1)
  }

  static func hasOptionalSegments(_ segments: [PathSegmentPattern]) -> Bool {
    segments.contains { if case .optional = $0 { return true } else { return false } }
  }

  /// Inserts a pattern without optional segments (its one expansion) straight into the builder,
  /// with the same host key and edges as ``expand(_:rule:index:caseSensitive:)`` would give it.
  static func insert(
    _ pattern: UnsafePointer<URLPattern>, rule: Int, index: Int, caseSensitive: Bool, into builder: inout TrieBuilder,
    _ buffer: inout KeyBuffer
  ) {
    var node: Int32
    if buffer.lastHostNode >= 0 && pattern.pointee.port == buffer.lastPort && pattern.pointee.scheme == buffer.lastScheme
      && pattern.pointee.host == buffer.lastHost
    {
      node = buffer.lastHostNode
    } else {
      buffer.key.removeAll(keepingCapacity: true)
      var scheme = pattern.pointee.scheme
      scheme.withUTF8 { buffer.key.append(contentsOf: $0) }
      buffer.key.append(contentsOf: [0x3A, 0x2F, 0x2F])  // "://"
      switch pattern.pointee.host {
      case .exact(var h): h.withUTF8 { buffer.key.append(contentsOf: $0) }
      case .subdomains(var domain):
        buffer.key.append(contentsOf: [0x2A, 0x2E])  // "*."
        domain.withUTF8 { buffer.key.append(contentsOf: $0) }
      }
      if let port = pattern.pointee.port, port != defaultPort(ofScheme: scheme) {
        buffer.key.append(UInt8(ascii: ":"))
        buffer.key.append(contentsOf: String(port).utf8)
      }
      node = buffer.key.withUnsafeBufferPointer { builder.host($0) }
      buffer.lastScheme = scheme
      buffer.lastHost = pattern.pointee.host
      buffer.lastPort = pattern.pointee.port
      buffer.lastHostNode = node
    }
    pattern.pointee.segments.withUnsafeBufferPointer { segments in
      for segment in segments {
        switch segment {
        case .literal(var text):
          if caseSensitive {
            node = text.withUTF8 { builder.child(of: node, literal: $0) }
          } else {
            buffer.literal.removeAll(keepingCapacity: true)
            for b in text.utf8 { buffer.literal.append(asciiLowercased(b)) }
            node = buffer.literal.withUnsafeBufferPointer { builder.child(of: node, literal: $0) }
          }
        default:
          node = builder.child(of: node, dynamic: EdgeKind(segment))
        }
      }
    }
    builder.addTerminal(
      at: node, rule: rule, pattern: index, expansion: -1,
      unconstrained: pattern.pointee.query.isEmpty && pattern.pointee.fragment == nil)
  }
}

@inline(__always)
func asciiLowercased(_ byte: UInt8) -> UInt8 {
  byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}
