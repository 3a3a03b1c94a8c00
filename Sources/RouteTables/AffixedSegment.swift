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
