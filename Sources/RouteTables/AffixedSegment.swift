public import RouterSupport

/// A path segment made of literal text and captures, such as `{name}.json`, `@{account}`,
/// `item-{id:int}`, `{slug}-{id:int}` or `v{major:int}.{minor:int}`: at least one literal part and
/// one capture, and never two captures side by side.
///
/// ```swift
/// // "v{major:int}.{minor:int}"
/// AffixedSegment(parts: [.literal("v"), .capture(.init(name: "major", type: .int)), .literal("."),
///                        .capture(.init(name: "minor", type: .int))])
/// ```
///
/// Matching reads the decoded segment: the leading literal must start it, the trailing literal end
/// it, and each literal between two captures is found so that a text capture takes as much as it
/// can and a typed one (`int`, `uuid`) as little as it can, with every capture non-empty
/// (`{slug}-{id:int}` reads `my-post-42` as `my-post` and `42`; `{id:int}-{slug}` reads
/// `42-my-post` as `42` and `my-post`). There is one way to split a segment, so a capture that
/// then does not fit its type means the segment does not match this pattern.
public struct AffixedSegment: Sendable, Hashable {
  /// A part of the segment.
  public enum Part: Sendable, Hashable {
    /// Text the decoded segment must hold there.
    case literal(String)
    /// A capture of one or more characters.
    case capture(Parameter)
  }

  /// The parts, in order: literals and captures alternate.
  public var parts: [Part]

  /// Creates a segment from its parts.
  public init(parts: [Part]) {
    self.parts = parts
  }

  /// The captured parameters, in order.
  public var parameters: [Parameter] {
    parts.compactMap { if case .capture(let p) = $0 { return p } else { return nil } }
  }

  /// The number of bytes of literal text (the first key of precedence among affixed segments).
  public var literalLength: Int {
    parts.reduce(0) { total, part in
      if case .literal(let text) = part { return total + text.utf8.count }
      return total
    }
  }
}

extension AffixedSegment {
  /// Splits decoded text by the rule of affixed segments (a text capture takes as much as it can,
  /// a typed one as little, every capture at least one byte, every literal still fitting; literals
  /// compare exactly) and calls `capture` with each capture's index and byte range, in order;
  /// false when the text does not fit (then `capture` may have been called for some). Allocates
  /// nothing: the matcher uses it on query values (`?id=item-{id:int}`).
  ///
  /// ```swift
  /// // "{slug}-{id:int}" on "my-post-42": capture(0, 0..<7), capture(1, 8..<10)
  /// ```
  public func split(_ d: UnsafeBufferPointer<UInt8>, capture: (Int, Range<Int>) -> Void) -> Bool {
    let n = d.count
    let count = parts.count
    func literal(_ part: Int) -> String.UTF8View? {
      if case .literal(let text) = parts[part] { return text.utf8 }
      return nil
    }
    func type(_ part: Int) -> ParameterType {
      if case .capture(let p) = parts[part] { return p.type }
      return .string
    }
    func equal(_ part: Int, at position: Int) -> Bool {
      guard let text = literal(part) else { return false }
      guard position >= 0 && position + text.count <= n else { return false }
      var i = position
      for b in text {
        if d[i] != b { return false }
        i += 1
      }
      return true
    }
    guard count > 0 else { return n == 0 }
    var lo = 0
    var hi = n
    var first = 0
    var last = count
    if let text = literal(0) {
      guard equal(0, at: 0) else { return false }
      lo = text.count
      first = 1
    }
    if count - 1 > first, let text = literal(count - 1) {
      guard equal(count - 1, at: n - text.count) else { return false }
      hi = n - text.count
      last = count - 1
    }
    guard first < last else { return lo == hi }  // literals only
    guard hi > lo else { return false }
    let inner = (last - first - 1) / 2
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(inner, 1)) { latest -> Bool in
      var limit = hi
      var k = inner - 1
      while k >= 0 {
        let part = first + 1 + 2 * k
        var p = limit - 1 - (literal(part)?.count ?? 0)
        while p > lo && !equal(part, at: p) { p -= 1 }
        guard p > lo else { return false }
        latest[k] = p
        limit = p
        k -= 1
      }
      var cursor = lo
      var index = 0
      func record(_ a: Int, _ b: Int, _ t: ParameterType) -> Bool {
        guard t.accepts(UnsafeBufferPointer(rebasing: d[a..<b])) else { return false }
        capture(index, a..<b)
        index += 1
        return true
      }
      for k in 0..<inner {
        let part = first + 1 + 2 * k
        let t = type(part - 1)
        var p = latest[k]
        if t != .string {
          p = cursor + 1
          while !equal(part, at: p) { p += 1 }  // stops at latest[k] at the latest
        }
        guard record(cursor, p, t) else { return false }
        cursor = p + (literal(part)?.count ?? 0)
      }
      return record(cursor, hi, type(last - 1))
    }
  }

  /// The typed values of the captures of a decoded text that fits, in order, or nil.
  ///
  /// ```swift
  /// // "v{major:int}.{minor:int}" on "v2.10": [("major", 2), ("minor", 10)]
  /// ```
  public func values(of text: String) -> [(name: String, value: JSONValue)]? {
    let bytes = Array(text.utf8)
    let captured = parameters
    var out: [(name: String, value: JSONValue)] = []
    let ok = bytes.withUnsafeBufferPointer { d in
      split(d) { k, range in
        let p = captured[k]
        out.append((p.name, p.type.value(of: String(decoding: d[range], as: UTF8.self))))
      }
    }
    return ok ? out : nil
  }
}
