/// The Apple rules a decision cites, in the order they applied, each once.
///
/// A collection of ``AppleRuleID`` that holds up to sixteen rules in two words of its own (a
/// decision cites six to ten), so citing a rule allocates nothing and `contains` tests eight
/// rules at a time; a longer list keeps the rest in an array. Equal lists hold the same rules in
/// the same order, however they are stored.
///
/// ```swift
/// var rules: AppleRuleList = [.e1, .v3]
/// rules.cite(.s4)          // appended
/// rules.cite(.v3)          // already cited: unchanged
/// rules == [.e1, .v3, .s4] // true
/// rules.map(\.rawValue)    // ["E1", "V3", "S4"]
/// ```
public struct AppleRuleList: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// The first sixteen rules: byte `i` of the two words is rule `i`'s code (its case's position
  /// in ``AppleRuleID`` plus one, so that an unused byte, zero, is no rule).
  @usableFromInline var low: UInt64 = 0
  @usableFromInline var high: UInt64 = 0
  /// How many rules the list holds.
  @usableFromInline var length = 0
  /// The rules after the first sixteen, when there are more.
  @usableFromInline var rest: [AppleRuleID] = []

  /// An empty list.
  public init() {}

  /// A list of `rules` in order (repeats kept, as an array keeps them).
  public init(_ rules: some Sequence<AppleRuleID>) {
    for rule in rules { append(rule) }
  }

  public init(arrayLiteral rules: AppleRuleID...) {
    self.init(rules)
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { length }
  @inlinable public var count: Int { length }

  @inlinable public subscript(position: Int) -> AppleRuleID {
    precondition(position >= 0 && position < length, "AppleRuleList index out of range")
    if position >= 16 { return rest[position &- 16] }
    let word = position < 8 ? low : high
    return Self.rule(UInt8(truncatingIfNeeded: word &>> UInt64((position & 7) &* 8)))
  }

  /// The first sixteen rules' codes, a byte each in order (the first in `low`'s lowest byte,
  /// zero past the last): a rule's code is its case's byte plus one. For a writer that reads
  /// the list a byte at a time without indexing it.
  ///
  /// ```swift
  /// let list: AppleRuleList = [.e1, .v3]
  /// list.codeWords.low & 0xFF   // the code of .e1
  /// ```
  @inlinable package var codeWords: (low: UInt64, high: UInt64) { (low, high) }

  /// Appends `rule`, even when the list holds it already.
  @inlinable public mutating func append(_ rule: AppleRuleID) {
    if length >= 16 {
      appendToRest(rule)
      return
    }
    let byte = UInt64(Self.code(rule)) &<< UInt64((length & 7) &* 8)
    if length < 8 { low |= byte } else { high |= byte }
    length &+= 1
  }

  /// Appends `rule` unless the list holds it: what citing a rule does (once, in order).
  @inlinable public mutating func cite(_ rule: AppleRuleID) {
    if !contains(rule) { append(rule) }
  }

  /// Whether the list holds `rule`: the inline codes tested eight at a time (a word holds the
  /// code where its byte and the code's, XORed, give a zero byte).
  @inlinable public func contains(_ rule: AppleRuleID) -> Bool {
    let pattern = UInt64(Self.code(rule)) &* 0x0101_0101_0101_0101
    if Self.hasZeroByte(low ^ pattern) || Self.hasZeroByte(high ^ pattern) { return true }
    return length > 16 && rest.contains(rule)
  }

  public var description: String { "[" + map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]" }

  public static func == (a: AppleRuleList, b: AppleRuleList) -> Bool {
    a.length == b.length && a.low == b.low && a.high == b.high && a.rest == b.rest
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(length)
    hasher.combine(low)
    hasher.combine(high)
    hasher.combine(rest)
  }

  @usableFromInline mutating func appendToRest(_ rule: AppleRuleID) {
    rest.append(rule)
    length &+= 1
  }

  /// Whether a byte of `word` is zero (exact: no false positives).
  @inlinable static func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
  }

  /// A rule's code: its case's position among ``AppleRuleID``'s cases (the one byte a case
  /// without a payload is stored as) plus one.
  @inlinable static func code(_ rule: AppleRuleID) -> UInt8 {
    unsafeBitCast(rule, to: UInt8.self) &+ 1
  }

  /// The rule of a code `code(_:)` gave.
  @inlinable static func rule(_ code: UInt8) -> AppleRuleID {
    unsafeBitCast(code &- 1, to: AppleRuleID.self)
  }

  /// ``AppleRuleID`` is stored in one byte, its cases numbered from zero in declaration order,
  /// fewer than 255 of them: what `code(_:)` and `rule(_:)` rely on (held by
  /// `AppleRuleListTests` for every case).
  static var codesAreCasePositions: Bool {
    MemoryLayout<AppleRuleID>.size == 1 && AppleRuleID.allCases.count < 255
      && AppleRuleID.allCases.enumerated().allSatisfy {
        code($0.element) == UInt8($0.offset + 1) && rule(UInt8($0.offset + 1)) == $0.element
      }
  }
}
