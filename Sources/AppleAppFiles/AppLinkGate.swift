package import RouteEvents

/// The universal-link gate of one app, compiled once: its `applinks:` entitlement entries with
/// their domains as bytes, and the AASA file of each, compiled for the app (``AASAMatcher``), so
/// that an https URL is checked on its bytes, in place, without allocating (L1, L5–L17).
///
/// ``check(_:)`` answers what `AssociatedDomain.bestMatch(for:among:)`, the
/// lookup of the entry's file and ``AppSiteAssociation/evaluate(_:appID:exclusionsStopLaterEntries:)``
/// answer together, in that order: no entry covers the host, or the covering entry has no file,
/// or its file's decision.
///
/// ```swift
/// let gate = AppLinkGate(associatedDomains: domains, associations: files, appID: "ABCDE12345.com.example.notes")
/// let url = try URLRecord(parsing: "https://notes.example.com/n/42")
/// switch gate.check(url) {
/// case .notCovered: print("opens in the browser (L1)")
/// case .noFile(let entry): print("covered by", gate.entries[entry], "without a file")
/// case .decided(_, let matcher, let decision): print(matcher.verdict(decision, for: url).message)
/// }
/// ```
package final class AppLinkGate: Sendable {
  /// What the gate says about a URL.
  package enum Answer: Sendable {
    /// No `applinks:` entry covers the host (L1).
    case notCovered
    /// The entry at this position of ``entries`` covers it and has no AASA file.
    case noFile(entry: Int)
    /// The entry at this position covers it and its file (compiled: `matcher`) decided.
    case decided(entry: Int, matcher: AASAMatcher, AASADecision)
  }

  /// One `applinks:` entry: its domain in ``domainBytes``, and its file's matcher, if any.
  struct Domain: Sendable {
    var first: Int32
    var count: Int32
    var includesSubdomains: Bool
    var matcher: Int32
    /// Whether the file's domain is this entry's (an exact entry): a host the entry covers is
    /// then the file's, and the file does not compare it again.
    var fileIsForHost = false
  }

  /// The `applinks:` entries, in the entitlement's order.
  package let entries: [AssociatedDomain]
  let domains: [Domain]
  let domainBytes: [UInt8]
  let matchers: [AASAMatcher]
  /// Whether every domain is ASCII (they are normalized: IDNA ASCII), so hosts compare as bytes.
  let domainsAreASCII: Bool

  /// Compiles the gate of an app: its associated domains entitlement, the AASA file of each entry
  /// that has one, the app (`TEAMID.bundle.id`, nil for whichever app a file names) and the
  /// AMB11 policy (whether an exclusion in one `details` entry decides).
  package init(
    associatedDomains: [AssociatedDomain], associations: [AssociatedDomain: AppSiteAssociation], appID: String?,
    exclusionsStopLaterEntries: Bool = true
  ) {
    var domains: [Domain] = []
    var bytes: [UInt8] = []
    var matchers: [AASAMatcher] = []
    let entries = associatedDomains.filter { $0.service == .applinks }
    for entry in entries {
      var matcher: Int32 = -1
      var fileIsForHost = false
      if let association = associations[entry] {
        matcher = Int32(matchers.count)
        matchers.append(
          AASAMatcher(association, appID: appID, exclusionsStopLaterEntries: exclusionsStopLaterEntries))
        fileIsForHost = !entry.includesSubdomains && association.domain == entry.domain
      }
      domains.append(
        Domain(
          first: Int32(bytes.count), count: Int32(entry.domain.utf8.count),
          includesSubdomains: entry.includesSubdomains, matcher: matcher, fileIsForHost: fileIsForHost))
      bytes += entry.domain.utf8
    }
    self.entries = entries
    self.domains = domains
    self.domainBytes = bytes
    self.matchers = matchers
    self.domainsAreASCII = bytes.allSatisfy { $0 < 0x80 }
  }

  /// The gate's answer for `url`.
  package func check(_ url: URLRecord) -> Answer {
    // The URL's bytes are read once, for the host and the file. The record's two fields are
    // taken apart (the record is remade, from them, only on the rare paths): when the record
    // itself was used after the bytes were read, it was copied first.
    let text = url.text
    let ranges = url.ranges
    let (covering, step) = AASAForms.withBytes(of: text) { bytes -> (Int??, AASAMatcher.Step?) in
      let covering = coveringEntry(bytes, ranges)
      guard case .some(.some(let entry)) = covering, domains[entry].matcher >= 0 else { return (covering, nil) }
      let domain = domains[entry]
      return (covering, matchers[Int(domain.matcher)].decide(bytes, ranges, hostIsDomain: domain.fileIsForHost))
    }
    switch (covering, step) {
    case (.some(.some(let entry)), .decided(let decision)?):
      return .decided(entry: entry, matcher: matchers[Int(domains[entry].matcher)], decision)
    case (.some(.none), _):
      return .notCovered
    case (.some(.some(let entry)), nil):
      return .noFile(entry: entry)
    default:
      return checkOnStrings(URLRecord(text: text, ranges: ranges), covering: covering ?? nil, step)
    }
  }

  /// The rare rest of ``check(_:)``: a host (or a domain) that is not plain ASCII, compared in
  /// its normal form as a string (`covering` nil), or a file's step that needs the record.
  @inline(never)
  private func checkOnStrings(_ url: URLRecord, covering: Int?, _ step: AASAMatcher.Step?) -> Answer {
    let entry: Int
    if let covering {
      entry = covering
    } else {
      guard let best = AssociatedDomain.bestMatch(for: url.normalizedHost ?? "", among: entries),
        let covered = entries.firstIndex(of: best)
      else { return .notCovered }
      entry = covered
    }
    let domain = domains[entry]
    guard domain.matcher >= 0 else { return .noFile(entry: entry) }
    let matcher = matchers[Int(domain.matcher)]
    if let step { return .decided(entry: entry, matcher: matcher, matcher.finish(step, url)) }
    return .decided(entry: entry, matcher: matcher, matcher.decide(url, hostIsDomain: domain.fileIsForHost))
  }

  /// The matcher of the file of the entry at `entry`, if it has one.
  package func matcher(_ entry: Int) -> AASAMatcher? {
    let index = domains[entry].matcher
    return index >= 0 ? matchers[Int(index)] : nil
  }

  /// The position of the entry that covers the URL's host: an exact one, else the wildcard with
  /// the longest domain, the first of equals (`AssociatedDomain.bestMatch(for:among:)`); nil
  /// inside when none does, nil when the host (or a domain) is not plain ASCII.
  private func coveringEntry(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URLComponentRanges) -> Int?? {
    guard domainsAreASCII, let host = ranges.host, ranges.hostIsASCII, !ranges.hostIsIPLiteral else { return nil }
    return domainBytes.withUnsafeBufferPointer { domainBytes in
      domains.withUnsafeBufferPointer { domains -> Int? in
        let host = UnsafeBufferPointer(rebasing: bytes[host])
        var wildcard: Int?
        var wildcardLength = -1
        var i = 0
        while i < domains.count {
          let domain = domains[i]
          let name = UnsafeBufferPointer(rebasing: domainBytes[Int(domain.first)..<Int(domain.first &+ domain.count)])
          if !domain.includesSubdomains {
            if AASAForms.equalsLowercased(host, name) { return i }
          } else if host.count > name.count &+ 1 && name.count > wildcardLength
            && host[host.count &- name.count &- 1] == 0x2E
            && AASAForms.equalsLowercased(UnsafeBufferPointer(rebasing: host[(host.count &- name.count)...]), name)
          {
            wildcard = i
            wildcardLength = name.count
          }
          i &+= 1
        }
        return wildcard
      }
    }
  }
}
