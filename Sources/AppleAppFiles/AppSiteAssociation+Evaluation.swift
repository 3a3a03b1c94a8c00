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
    // Compiled for this call: a caller that asks about many URLs keeps an `AASAMatcher`.
    let matcher = AASAMatcher(self, appID: appID, exclusionsStopLaterEntries: exclusionsStopLaterEntries)
    return verdict(matcher.decide(url), for: url, appID: appID)
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
}
