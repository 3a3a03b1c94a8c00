import RouterSupport

/// The key a route's host is found by: `scheme://host[:port]`, the scheme and an ASCII host in
/// lowercase, an IPv6 literal in its compressed form, an internationalized host in its `xn--`
/// form, the port left out when it is the scheme's default; `scheme://*.domain[:port]` for a
/// subdomain pattern. The compiler makes it from a pattern, the matcher from a URL the reader
/// has read, with the same rules: they are here once.
///
/// ```swift
/// HostKey.make(scheme: "https", host: "example.com", port: 443)   // "https://example.com"
/// HostKey.make(scheme: "myapp", host: "*.example.com", port: 8080) // "myapp://*.example.com:8080"
/// ```
package enum HostKey {
  /// The longest key the matcher builds from a URL; a longer one matches no route.
  package static let limit = 1024

  /// The port a scheme uses when a URL names none (only these schemes have one).
  package static func defaultPort(ofScheme scheme: String) -> Int? {
    switch scheme {
    case "http", "ws": return 80
    case "https", "wss": return 443
    case "ftp": return 21
    default: return nil
    }
  }

  /// The key of a pattern: its scheme and host as the table loader normalized them (lowercase,
  /// IDNA ASCII; `*.` before the domain of a subdomain pattern) and its port.
  package static func make(scheme: String, host: String, port: Int?) -> [UInt8] {
    var key: [UInt8] = []
    append(scheme: scheme, host: host, port: port, to: &key)
    return key
  }

  /// The key of the patterns without an authority: the scheme and `:` (no `//`, so it never
  /// equals the key of a `scheme://` pattern).
  package static func makeWithoutAuthority(scheme: String) -> [UInt8] {
    Array(scheme.utf8) + [UInt8(ascii: ":")]
  }

  /// Appends the key of a pattern to `key`.
  package static func append(scheme: String, host: String, port: Int?, to key: inout [UInt8]) {
    key.append(contentsOf: scheme.utf8)
    key.append(contentsOf: [0x3A, 0x2F, 0x2F])  // "://"
    key.append(contentsOf: host.utf8)
    appendPort(port, scheme: scheme) { key.append($0) }
  }

  /// `:port` when `port` is not the scheme's default, one byte at a time.
  @inline(__always)
  package static func appendPort(_ port: Int?, scheme: String, _ put: (UInt8) -> Void) {
    guard let port, port != defaultPort(ofScheme: scheme) else { return }
    put(UInt8(ascii: ":"))
    for digit in String(port).utf8 { put(digit) }
  }

  /// Writes the key of a URL the reader has read (`url`, ranges into `input`), with `*.` and the
  /// host from `wildcardFrom` on when given, into `out` (at least ``limit`` + 16 bytes); returns
  /// its length, or 0 when it is longer than ``limit``.
  package static func write(
    _ input: UnsafeBufferPointer<UInt8>, _ url: URLComponentRanges, host: Range<Int>, wildcardFrom: Int?,
    into out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var n = 0
    for i in url.scheme {
      guard n < limit else { return 0 }
      out[n] = ASCIIBytes.lowercased(input[i])
      n &+= 1
    }
    out[n] = UInt8(ascii: ":")
    out[n + 1] = UInt8(ascii: "/")
    out[n + 2] = UInt8(ascii: "/")
    n &+= 3
    var from = host.lowerBound
    if let w = wildcardFrom {
      out[n] = UInt8(ascii: "*")
      out[n + 1] = UInt8(ascii: ".")
      n &+= 2
      from = w
    }
    if url.hostIsASCII && !url.hostIsIPLiteral {
      for i in from..<host.upperBound {
        guard n < limit else { return 0 }
        out[n] = ASCIIBytes.lowercased(input[i])
        n &+= 1
      }
    } else {
      guard let normal = rareHostForm(input, from..<host.upperBound, isIPLiteral: url.hostIsIPLiteral) else { return 0 }
      for byte in normal.utf8 {
        guard n < limit else { return 0 }
        out[n] = byte
        n &+= 1
      }
    }
    if url.port != nil {
      let scheme = String(decoding: UnsafeBufferPointer(rebasing: input[url.scheme]), as: UTF8.self).lowercased()
      appendPort(url.port, scheme: scheme) { byte in
        out[n] = byte
        n &+= 1
      }
    }
    return n
  }

  /// The normal form of a host that is not plain ASCII: an IPv6 literal compressed, an
  /// internationalized name in its `xn--` form; nil when it has none (the reader refuses such
  /// hosts, so only bytes it has not read can give nil).
  package static func rareHostForm(_ input: UnsafeBufferPointer<UInt8>, _ host: Range<Int>, isIPLiteral: Bool)
    -> String?
  {
    if isIPLiteral { return IPv6Address.parse(input, host)?.description }
    return IDNA.toASCII(String(decoding: UnsafeBufferPointer(rebasing: input[host]), as: UTF8.self))
  }
}
