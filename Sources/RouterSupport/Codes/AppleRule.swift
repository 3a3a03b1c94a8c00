/// One rule of Apple's routing behaviour: its ID in `apple-semantics.md` and `docs/semantics.md`,
/// what it says, and whether the engine models it.
///
/// ```swift
/// AppleRule.named("S3")?.summary   // "Else a new instance of the first declaration whose matching set matches"
/// ```
public struct AppleRule: Sendable, Hashable {
  public var id: AppleRuleID
  public var summary: String
  /// Whether the engine decides by it (else `docs/semantics.md` says why not).
  public var modelled: Bool

  /// The rule of an ID.
  public init(_ id: AppleRuleID) {
    self.id = id
    summary = id.summary
    modelled = id.isModelled
  }

  /// The rule with this ID, or nil for an ID that is not one.
  public static func named(_ id: String) -> AppleRule? {
    AppleRuleID(rawValue: id).map(AppleRule.init)
  }

  /// Every rule, in the order of `apple-semantics.md`: sections 1–9, the universal-link rules
  /// of section 10, and the register of ambiguities.
  public static let catalog: [AppleRule] = AppleRuleID.allCases.map(AppleRule.init)
}

extension AppleRuleID {
  /// Whether it is a universal-link rule (L1–L18, apple-semantics.md section 10): shown by the
  /// AASA case files of `Fixtures/Apps/aasa-cases/` rather than by route fixtures.
  public var isUniversalLinkRule: Bool { rawValue.hasPrefix("L") }
}
