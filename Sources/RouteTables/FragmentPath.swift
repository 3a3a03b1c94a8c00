import RouteEvents
public import RouterSupport

/// A fragment matched with the path language, as single-page web apps and chat links write it:
/// `#/room/{id}`, `#!/item/{id:int}`, `#/docs/{page*}`.
///
/// ```swift
/// // "https://chat.example.com/#/room/{id}"
/// FragmentPath(prefix: "/", segments: [.literal("room"), .parameter(.init(name: "id"))])
/// ```
///
/// The fragment must start with the prefix (`/` or `!/`); the rest, up to a `?` (the query of
/// the page's own router, ignored), is split on `/` as written and each segment percent-decoded
/// once; a trailing `/` is ignored. Literal segments compare exactly, a parameter takes one
/// non-empty segment of its type, a final catch-all one or more segments (joined with `/`).
public struct FragmentPath: Sendable, Hashable {
  /// `/` (`#/room/1`) or `!/` (`#!/room/1`, the "hashbang").
  public var prefix: String
  /// Literal segments, parameters, and a catch-all last.
  public var segments: [PathSegmentPattern]

  /// Creates a fragment path.
  public init(prefix: String, segments: [PathSegmentPattern]) {
    self.prefix = prefix
    self.segments = segments
  }

  /// The parameters, in order.
  public var parameters: [Parameter] {
    segments.compactMap {
      switch $0 {
      case .parameter(let p): return p
      case .catchAll(let name): return Parameter(name: name)
      default: return nil
      }
    }
  }

  /// Whether the raw (still encoded) fragment matches, decoding into `buffer` (at least as long
  /// as the fragment); allocates nothing.
  public func matches(_ raw: UnsafeBufferPointer<UInt8>, buffer: UnsafeMutableBufferPointer<UInt8>) -> Bool {
    walk(raw, buffer: buffer, collect: false) { _, _ in }
  }

  /// The captured values of a raw fragment that matches, or nil.
  public func values(_ raw: UnsafeBufferPointer<UInt8>) -> [(name: String, value: JSONValue)]? {
    var buffer = [UInt8](repeating: 0, count: raw.count)
    var found: [(name: String, value: JSONValue)] = []
    let ok = buffer.withUnsafeMutableBufferPointer { buffer in
      walk(raw, buffer: buffer, collect: true) { p, value in found.append((p.name, p.type.value(of: value))) }
    }
    return ok ? found : nil
  }

  /// Walks the segments; with `collect`, calls `capture` with each parameter and its decoded
  /// text (without, it allocates nothing).
  private func walk(
    _ raw: UnsafeBufferPointer<UInt8>, buffer: UnsafeMutableBufferPointer<UInt8>, collect: Bool,
    capture: (Parameter, String) -> Void
  ) -> Bool {
    let prefixBytes = prefix.utf8
    guard raw.count >= prefixBytes.count, zip(raw, prefixBytes).allSatisfy({ $0 == $1 }) else { return false }
    var end = raw.count
    if let q = raw.firstIndex(of: UInt8(ascii: "?")) { end = q }
    if end > prefixBytes.count && raw[end - 1] == UInt8(ascii: "/") { end -= 1 }  // a trailing '/'
    // The segments' ranges, one at a time.
    var start = prefixBytes.count
    var k = 0
    while k < segments.count {
      if start >= end { return false }  // a segment is needed, and none (or an empty one) is left
      var stop = start
      while stop < end && raw[stop] != UInt8(ascii: "/") { stop += 1 }
      switch segments[k] {
      case .catchAll(let name):
        // The rest, segment by segment, each non-empty and decodable.
        var parts: [String] = []
        var s = start
        while s <= end {
          var t = s
          while t < end && raw[t] != UInt8(ascii: "/") { t += 1 }
          guard t > s, let n = PercentDecoding.decode(UnsafeBufferPointer(rebasing: raw[s..<t]), into: buffer),
            !buffer[0..<n].contains(UInt8(ascii: "/"))
          else { return false }
          if collect { parts.append(String(decoding: buffer[0..<n], as: UTF8.self)) }
          s = t + 1
        }
        if collect { capture(Parameter(name: name), parts.joined(separator: "/")) }
        return true
      case .literal(let literal):
        guard stop > start,
          let n = PercentDecoding.decode(UnsafeBufferPointer(rebasing: raw[start..<stop]), into: buffer),
          n == literal.utf8.count, zip(buffer[0..<n], literal.utf8).allSatisfy({ $0 == $1 })
        else { return false }
      case .parameter(let p):
        guard stop > start,
          let n = PercentDecoding.decode(UnsafeBufferPointer(rebasing: raw[start..<stop]), into: buffer),
          p.type.accepts(UnsafeBufferPointer(rebasing: buffer[0..<n]))
        else { return false }
        if collect { capture(p, String(decoding: buffer[0..<n], as: UTF8.self)) }
      default:
        return false
      }
      start = stop + 1
      k += 1
    }
    return start >= end  // every segment used, and no text left
  }
}
