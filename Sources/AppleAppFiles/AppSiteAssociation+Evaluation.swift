public import RouteEvents
import RouterSupport

extension AppSiteAssociation {
  /// What this file says about `url` for the app `appID` (or, with nil, for whichever app it names).
  ///
  /// The procedure (L16, L17, L5, L9):
  /// 1. The URL must be `https` and its host must be the file's ``domain`` (when one is set).
  /// 2. The `details` entries are walked in document order; with an app ID, only entries that name it.
  /// 3. In an entry, the first component that matches decides: `exclude` → excluded, else opens.
  /// 4. With an app ID, the first entry that decides wins. With nil, an exclusion only covers its
  ///    own entry's apps: the walk goes on, and the first entry that opens wins; if none opens,
  ///    the first exclusion is the answer.
  ///
  /// Cost: O(components × URL length × pattern length) at worst; no backtracking blow-up.
  ///
  /// ```swift
  /// let verdict = aasa.evaluate(try URLRecord(parsing: "https://example.com/buy/42"), appID: nil)
  /// verdict.outcome   // .opens
  /// verdict.appIDs    // the apps of the entry that opened it
  /// ```
  /// - Parameters:
  ///   - url: the URL to ask about.
  ///   - appID: the app (`TEAMID.bundle.id`), or nil for whichever app the file names.
  ///   - exclusionsStopLaterEntries: with an app ID, whether an exclusion in one entry
  ///     decides (the AMB11 default, `firstDecision`), or later entries may still open the URL.
  public func evaluate(_ url: URLRecord, appID: String?, exclusionsStopLaterEntries: Bool = true) -> AASAVerdict {
    guard url.normalizedScheme == "https" else {
      return AASAVerdict(
        outcome: .unclaimed, reason: .notHTTPS, appleRules: [.l1, .l16],
        message: "only https URLs are universal links; '\(url.scheme)' opens as a plain URL")
    }
    if let domain, url.normalizedHost != domain {
      return AASAVerdict(
        outcome: .unclaimed, reason: .hostMismatch, appleRules: [.l16],
        message: "the file of '\(domain)' does not apply to the host '\(url.normalizedHost ?? "")'")
    }
    guard hasAppLinks else {
      return AASAVerdict(
        outcome: .unclaimed, reason: .noAppLinks, appleRules: [.l2], message: "the file has no 'applinks'")
    }
    let input = AASAMatchInput(url)
    var firstExclusion: AASAVerdict?
    var listed = false
    for entry in details {
      if let appID, !entry.lists(appID: appID) { continue }
      listed = true
      guard let component = entry.components.first(where: { $0.matches(input) }) else { continue }
      let verdict = decided(entry, component)
      if verdict.opens || (appID != nil && exclusionsStopLaterEntries) { return verdict }
      if firstExclusion == nil { firstExclusion = verdict }
    }
    if let firstExclusion { return firstExclusion }
    if let appID, !listed {
      return AASAVerdict(
        outcome: .unclaimed, reason: .appNotListed, appleRules: [.l3, .l17],
        message: "no 'details' entry names the app '\(appID)'")
    }
    let whose = appID.map { " for '\($0)'" } ?? ""
    return AASAVerdict(
      outcome: .unclaimed, reason: .noComponentMatched, appleRules: [.l5, .l6],
      message: "no component\(whose) matches the URL, so it opens in the browser")
  }

  /// The same, after checking that the app's associated domains entitlement covers the URL's host
  /// (L1): a host that no `applinks:` entry covers is never a universal link for the app.
  ///
  /// ```swift
  /// let domains = [AssociatedDomain.parse("applinks:example.com")].compactMap { try? $0.get() }
  /// aasa.evaluate(url, appID: "ABCDE12345.com.example.app", associatedDomains: domains)
  /// ```
  public func evaluate(_ url: URLRecord, appID: String?, associatedDomains: [AssociatedDomain]) -> AASAVerdict {
    if url.normalizedScheme == "https",
      AssociatedDomain.bestMatch(for: url.normalizedHost ?? "", among: associatedDomains) == nil
    {
      return AASAVerdict(
        outcome: .unclaimed, reason: .domainNotAssociated, appleRules: [.l1],
        message: "no 'applinks:' entry of the app's associated domains covers '\(url.normalizedHost ?? "")'")
    }
    return evaluate(url, appID: appID)
  }

  /// The verdict of the component that decided, in its entry.
  private func decided(_ entry: AASADetails, _ component: AASAComponent) -> AASAVerdict {
    var rules: [AppleRuleID] = component.exclude ? [.l5, .l9] : [.l5, .l6]
    if component.origin == .paths { rules.append(.l14) }
    if details.count > 1 { rules.append(.l17) }
    let verb = component.exclude ? "excludes the URL, so it opens in the browser" : "matches, so the link opens the app"
    return AASAVerdict(
      outcome: component.exclude ? .excluded : .opens,
      reason: component.exclude ? .componentExcluded : .componentMatched,
      detailsIndex: entry.index, appIDs: entry.appIDs.map(\.value), componentIndex: component.index,
      componentOrigin: component.origin, componentText: component.text, componentLocation: component.location,
      appleRules: rules,
      message: "\(entry.label).\(component.label) \(component.text) \(verb)")
  }
}
