import RouteEvents
package import RouterSupport

/// What an apple-app-site-association file decides about one URL, without its texts: the
/// reason, and which `details` entry and component decided (their positions in the arrays of
/// ``AppSiteAssociation/details`` and ``AASADetails/components``).
///
/// ``AASAMatcher/decide(_:)`` gives it without allocating; ``AASAMatcher/verdict(_:for:)``
/// turns it into the ``AASAVerdict`` with its message and component text, for explanations.
///
/// ```swift
/// let matcher = AASAMatcher(association, appID: "ABCDE12345.com.example.notes")
/// let decision = matcher.decide(try URLRecord(parsing: "https://notes.example.com/n/42"))
/// decision.outcome       // .opens
/// decision.appleRules    // [L5, L6]
/// ```
package struct AASADecision: Sendable, Hashable {
  /// Why, as a stable code.
  package var reason: AASAVerdict.Reason
  /// The position in `details` of the entry that decided; -1 when none did.
  package var entry: Int32 = -1
  /// The position in that entry's `components` of the component that decided; -1 when none did.
  package var component: Int32 = -1
  /// Whether the deciding component is a legacy `paths` string (L14).
  package var isLegacyPath = false
  /// Whether the file has several `details` entries (L17).
  package var severalEntries = false

  /// The answer.
  package var outcome: AASAVerdict.Outcome {
    switch reason {
    case .componentMatched: .opens
    case .componentExcluded: .excluded
    default: .unclaimed
    }
  }

  /// The rule IDs of `apple-semantics.md` section 10 that decided, in order: those of
  /// ``AASAVerdict/appleRules``, inline.
  package var appleRules: AppleRuleList {
    var rules = AppleRuleList()
    switch reason {
    case .componentMatched, .componentExcluded:
      rules.append(.l5)
      rules.append(reason == .componentExcluded ? .l9 : .l6)
      if isLegacyPath { rules.append(.l14) }
      if severalEntries { rules.append(.l17) }
    case .noComponentMatched:
      rules.append(.l5)
      rules.append(.l6)
    case .appNotListed:
      rules.append(.l3)
      rules.append(.l17)
    case .noAppLinks: rules.append(.l2)
    case .hostMismatch: rules.append(.l16)
    case .notHTTPS:
      rules.append(.l1)
      rules.append(.l16)
    case .domainNotAssociated: rules.append(.l1)
    }
    return rules
  }
}

extension AppSiteAssociation {
  /// The verdict of `decision`, which this file gave about `url` for `appID`: the decision with
  /// its texts (the message, the deciding component's JSON and location, the entry's apps).
  func verdict(_ decision: AASADecision, for url: URLRecord, appID: String?) -> AASAVerdict {
    let rules = Array(decision.appleRules)
    switch decision.reason {
    case .componentMatched, .componentExcluded:
      let entry = details[Int(decision.entry)]
      let component = entry.components[Int(decision.component)]
      let verb =
        component.exclude ? "excludes the URL, so it opens in the browser" : "matches, so the link opens the app"
      return AASAVerdict(
        outcome: decision.outcome, reason: decision.reason, detailsIndex: entry.index,
        appIDs: entry.appIDs.map(\.value), componentIndex: component.index, componentOrigin: component.origin,
        componentText: component.text, componentLocation: component.location, appleRules: rules,
        message: "\(entry.label).\(component.label) \(component.text) \(verb)")
    case .notHTTPS:
      return AASAVerdict(
        outcome: .unclaimed, reason: .notHTTPS, appleRules: rules,
        message: "only https URLs are universal links; '\(url.scheme)' opens as a plain URL")
    case .hostMismatch:
      return AASAVerdict(
        outcome: .unclaimed, reason: .hostMismatch, appleRules: rules,
        message: "the file of '\(domain ?? "")' does not apply to the host '\(url.normalizedHost ?? "")'")
    case .noAppLinks:
      return AASAVerdict(
        outcome: .unclaimed, reason: .noAppLinks, appleRules: rules, message: "the file has no 'applinks'")
    case .appNotListed:
      return AASAVerdict(
        outcome: .unclaimed, reason: .appNotListed, appleRules: rules,
        message: "no 'details' entry names the app '\(appID ?? "")'")
    case .noComponentMatched:
      let whose = appID.map { " for '\($0)'" } ?? ""
      return AASAVerdict(
        outcome: .unclaimed, reason: .noComponentMatched, appleRules: rules,
        message: "no component\(whose) matches the URL, so it opens in the browser")
    case .domainNotAssociated:
      return AASAVerdict(
        outcome: .unclaimed, reason: .domainNotAssociated, appleRules: rules,
        message: "no 'applinks:' entry of the app's associated domains covers '\(url.normalizedHost ?? "")'")
    }
  }
}
