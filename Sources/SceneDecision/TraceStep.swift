public import RouterSupport

/// One step of a decision's explanation: a stage, the candidate it looked at, whether it won,
/// and why, with the Apple rule that applies.
///
/// ```swift
/// TraceStep(stage: .route, subject: "route 'note'", verdict: .chosen,
///           detail: "matches notes://note/{id:uuid}", rule: nil)
/// ```
public struct TraceStep: Sendable, Hashable {
  /// The part of the pipeline a step belongs to.
  public enum Stage: String, Sendable, Hashable, Codable {
    case event, gate, route, session, declaration, handler, action, state
  }

  /// What the step concluded about its subject.
  public enum Verdict: String, Sendable, Hashable, Codable {
    case chosen, rejected, skipped, info
  }

  public var stage: Stage
  /// What was considered: a rule, a session, a declaration.
  public var subject: String
  public var verdict: Verdict
  /// Why, in one sentence.
  public var detail: String
  /// The Apple rule ID that applies, if any.
  public var rule: AppleRuleID?

  /// Creates a step.
  public init(stage: Stage, subject: String, verdict: Verdict, detail: String, rule: AppleRuleID? = nil) {
    self.stage = stage
    self.subject = subject
    self.verdict = verdict
    self.detail = detail
    self.rule = rule
  }
}
