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

@inline(__always)
func asciiLowercased(_ byte: UInt8) -> UInt8 {
  byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}
