package import RouteEvents

/// The universal-link gate of one app, compiled once: its `applinks:` entitlement entries with
/// their domains as bytes, and the AASA file of each, compiled for the app (``AASAMatcher``), so
/// that an https URL is checked on its bytes, in place, without allocating (L1, L5–L17).
///
/// ``check(_:)`` (and ``check(bytes:ranges:)``, on a URL's bytes in place) answers what `AssociatedDomain.bestMatch(for:among:)`, the
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
  /// The app's registered URL schemes (`CFBundleURLTypes`, lowercased), each as its length and
  /// its bytes; nil when one is not ASCII (the caller compares the scheme's string with them).
  let schemeBytes: [UInt8]?
  /// The registered schemes of 1 to 7 bytes (of ``schemeBytes``), one word each
  /// (``schemeWord(_:)``): a URL's scheme of 7 bytes or fewer is told by one word compare with
  /// each, in ``registers(scheme:)``; a longer one byte by byte.
  let shortSchemes: [UInt64]

  /// Compiles the gate of an app: its associated domains entitlement, the AASA file of each entry
  /// that has one, the app (`TEAMID.bundle.id`, nil for whichever app a file names) and the
  /// AMB11 policy (whether an exclusion in one `details` entry decides); and the app's registered
  /// URL schemes (lowercased), which ``registers(scheme:)`` tells on a URL's bytes.
  package init(
    associatedDomains: [AssociatedDomain], associations: [AssociatedDomain: AppSiteAssociation], appID: String?,
    exclusionsStopLaterEntries: Bool = true, urlSchemes: [String] = []
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
    var schemes: [UInt8]? = []
    for scheme in urlSchemes {
      guard scheme.utf8.allSatisfy({ $0 < 0x80 }), scheme.utf8.count < 256 else {
        schemes = nil
        break
      }
      schemes?.append(UInt8(scheme.utf8.count))
      schemes? += scheme.utf8
    }
    self.schemeBytes = schemes
    var short: [UInt64] = []
    for scheme in urlSchemes where scheme.utf8.count &- 1 < 7 {
      short.append(Array(scheme.utf8).withUnsafeBufferPointer { AppLinkGate.schemeWord($0) })
    }
    self.shortSchemes = short
  }

  /// A scheme of 1 to 7 bytes as one word: its bytes, the first in the lowest byte, zeros after
  /// the last, and its length in the top byte (so that `ab` and `ab\0` differ). Loaded as two
  /// overlapping 32-bit words when it has four bytes or more: no byte past it is read.
  ///
  /// ```swift
  /// AppLinkGate.schemeWord(bytes("notes"))   // 0x0500_0073_6574_6F6E
  /// ```
  @inline(__always)
  static func schemeWord(_ scheme: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let n = scheme.count
    var word: UInt64 = 0
    if n >= 4, let base = scheme.baseAddress {
      let raw = UnsafeRawPointer(base)
      word =
        UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
        | UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)))
        &<< UInt64((n &- 4) &* 8)
    } else {
      var i = 0
      while i < n {
        word |= UInt64(scheme[i]) &<< UInt64(i &* 8)
        i &+= 1
      }
    }
    return word | UInt64(truncatingIfNeeded: n) &<< 56
  }

  /// Whether a URL's scheme, its bytes as written (ASCII), is one the app registers, compared
  /// with ASCII letters lowercased (the registered schemes are lowercase): what
  /// `urlSchemes.contains(scheme.lowercased())` answers, with no string made; nil when a
  /// registered scheme is not ASCII (`==` on strings compares by canonical equivalence, which
  /// bytes cannot tell: the caller compares strings).
  ///
  /// ```swift
  /// gate.registers(scheme: bytes("NOTES"))   // true when the app registers "notes"
  /// ```
  package func registers(scheme: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard let schemeBytes else { return nil }
    let count = scheme.count
    if count &- 1 < 7 {
      // One word, its ASCII capitals lowercased (the length byte, 1 to 7, is none), compared
      // with each short registered scheme: a registered scheme of another length never equals it.
      let word = AASAForms.lowercased(AppLinkGate.schemeWord(scheme))
      return shortSchemes.withUnsafeBufferPointer { short in
        var k = 0
        while k < short.count {
          if short[k] == word { return true }
          k &+= 1
        }
        return false
      }
    }
    return schemeBytes.withUnsafeBufferPointer { names in
      var k = 0
      while k < names.count {
        let length = Int(names[k])
        k &+= 1
        if length == count {
          var i = 0
          while i < count && scheme[i] | (scheme[i] &- 0x41 < 26 ? 0x20 : 0) == names[k &+ i] { i &+= 1 }
          if i == count { return true }
        }
        k &+= length
      }
      return false
    }
  }

  /// The gate's answer for `url`.
  package func check(_ url: URLRecord) -> Answer {
    // The ranges are copied out (plain values): a closure that captured the record copied it.
    let ranges = url.ranges
    return url.withBytes { check(bytes: $0, ranges: ranges) }
  }

  /// The gate's answer for the URL whose UTF-8 bytes are `bytes`, read in `ranges`: what
  /// ``check(_:)`` answers for the record of those bytes and ranges, told on the bytes in place
  /// (a line's bytes, borrowed), with no string made; the URL's text is made only on the rare
  /// paths (a host or a domain that is not plain ASCII, or a file's step that needs the record).
  ///
  /// ```swift
  /// line.withUnsafeBufferPointer { gate.check(bytes: $0, ranges: ranges) }   // as gate.check(url)
  /// ```
  package func check(bytes: UnsafeBufferPointer<UInt8>, ranges: URLComponentRanges) -> Answer {
    let covering = coveringEntry(bytes, ranges)
    var step: AASAMatcher.Step?
    if case .some(.some(let entry)) = covering {
      let domain = domains[entry]
      if domain.matcher >= 0 {
        step = matchers[Int(domain.matcher)].decide(bytes, ranges, hostIsDomain: domain.fileIsForHost)
      }
    }
    switch (covering, step) {
    case (.some(.some(let entry)), .decided(let decision)?):
      return .decided(entry: entry, matcher: matchers[Int(domains[entry].matcher)], decision)
    case (.some(.none), _):
      return .notCovered
    case (.some(.some(let entry)), nil):
      return .noFile(entry: entry)
    default:
      return checkOnStrings(
        URLRecord(text: String(decoding: bytes, as: UTF8.self), ranges: ranges), covering: covering ?? nil, step)
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
