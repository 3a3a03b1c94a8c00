import AppleAppFiles
package import RouteEvents
package import RouteMatcher
import RouteTables
import RouterSupport

/// Whether a URL is for this app at all, before any scene is chosen: a custom-scheme URL only
/// when the app registers the scheme; an https URL only when the associated domains entitlement
/// covers its host and the host's apple-app-site-association file claims it for the app (L1–L17).
/// Otherwise the link opens in the browser, or nowhere.
package enum LinkGate {
  /// Whether a lowercased scheme is one whose URLs are content the browser runs or shows
  /// (`javascript`, `data`, `blob`), never links to an app: refused before any table is read,
  /// so that no pattern can route them. `file:` is not among them: a file URL opens a document,
  /// which a `DocumentGroup` takes by its content type (S7, W25).
  ///
  /// Compared with each name (a short string is compared by its bits), not hashed into a set.
  package static func isUnroutable(scheme: String) -> Bool {
    scheme == "javascript" || scheme == "data" || scheme == "blob"
  }

  /// Why a URL is not for the app: the `notForApp` decision's reason and message (the message
  /// empty when the decision does not explain itself).
  ///
  /// The gate returns it, not the decision: an optional `Decision` (456 bytes) was returned
  /// through a temporary and copied, on the common path (a URL for the app) too.
  struct Refusal {
    var reason: DecisionReason
    var message: String
  }

  /// Why a URL is not for the app, or nil when it is (or nothing is declared): the caller
  /// makes the `notForApp` decision (``DecisionContext/decision(_:scene:session:receiver:match:action:value:closed:reason:message:)``).
  ///
  /// The scheme and the host decide most of it; the AASA file of the host reads the path too.
  static func check(_ url: ObservedInPlace<URLRecord>, _ ctx: inout DecisionContext) -> Refusal? {
    // `https` first: the scheme of most links, told from the URL's bytes with no string made
    // (the literal `lowercasedScheme` would make for it); no unroutable scheme is `https` or
    // `http`.
    let https = url.isHTTPS
    // Any other scheme is told on its bytes too, in place: its string (about 300 instructions
    // for a custom scheme's) is made only for a trace or a message, or when the bytes cannot be
    // read in place.
    // The registered schemes are compared as the router compiled them (``AppLinkGate/registers(scheme:)``):
    // the array of strings, passed, was retained, and each string's bytes read and checked for
    // ASCII at every line (about 300 instructions a custom-scheme line).
    let kind =
      https
      ? SchemeKind.https
      : schemeKind(url, Unmanaged.passUnretained(ctx.router.appLinks)) { ctx.table.claims.urlSchemes }
    // The claims are read in place, field by field (a copy retained each of their arrays;
    // `AppClaims.declaresDomains`, a property called on the claims, copied them all).
    if kind == .unroutable {
      ctx.step(
        .gate, "scheme '\(url.scheme)'", .rejected,
        "a \(url.scheme): link is run or shown by the browser, never delivered to an app")
      return ctx.refusal(
        .unroutableScheme,
        message: "a \(url.scheme): link is never a deep link: no route of any table takes it")
    }
    if https || kind == .http {
      guard !ctx.table.claims.associatedDomains.isEmpty else { return nil }
      guard https else {
        ctx.step(
          .gate, url.forRecord.text, .rejected,
          "only https links are universal links; an http link opens in the browser",
          rule: .l1)
        return ctx.refusal(.notHTTPS, message: "an http link opens in the browser, not in the app")
      }
      // The gate compiled with the router: the host and the path are read as bytes, in place
      // (a line's bytes, borrowed: the URL's string, made for the gate, cost about 300
      // instructions a line); the host string and the verdict's texts are made only for a trace
      // or a message.
      // The gate is lent to the closure unretained (the router holds it for the decision): a
      // reference the closure captured was retained and released at every https line.
      let gate = Unmanaged.passUnretained(ctx.router.appLinks)
      let decision: AASADecision
      let matcher: AASAMatcher
      switch url.withBytes({ bytes, ranges in gate._withUnsafeGuaranteedRef { $0.check(bytes: bytes, ranges: ranges) } }
      ) {
      case .notCovered:
        ctx.step(
          .gate, "host '\(url.host ?? "")'", .rejected,
          "no applinks: entry of the associated domains entitlement covers it", rule: .l1)
        return ctx.refusal(
          .domainNotAssociated,
          message: "'\(url.host ?? "")' is not an associated domain of the app: the link opens in the browser")
      case .noFile(let entry):
        let covering = ctx.router.appLinks.entries[entry]
        ctx.step(
          .gate, "host '\(url.host ?? "")'", .info,
          "covered by '\(covering)'; no AASA file is given, so it is taken to claim every path", rule: .l1)
        return nil
      case .decided(_, let file, let decided):
        // The file read the path: the decision depends on it.
        url.reads.mark()
        decision = decided
        matcher = file
      }
      if decision.severalEntries { ctx.cite(.amb11) }
      for rule in decision.appleRules { ctx.cite(rule) }
      // Made only for a trace or a message (both only when the decision explains itself).
      func explained() -> String {
        let verdict = matcher.verdict(decision, for: url.forRecord)
        let component =
          verdict.componentText.map { " (component \($0)\(verdict.componentLocation.map { " at \($0)" } ?? ""))" } ?? ""
        return verdict.opens
          ? "the AASA file of '\(url.host ?? "")' claims it for the app\(component)" : verdict.message + component
      }
      if decision.outcome == .opens {
        ctx.step(.gate, url.forRecord.text, .chosen, explained())
        return nil
      }
      ctx.step(.gate, url.forRecord.text, .rejected, explained())
      return ctx.refusal(DecisionReason(decision.reason), message: explained())
    }
    guard ctx.table.claims.declaresSchemes else { return nil }
    if kind == .registered {
      ctx.step(.gate, "scheme '\(url.scheme)'", .chosen, "the app registers it (CFBundleURLTypes)")
      return nil
    }
    ctx.step(
      .gate, "scheme '\(url.scheme)'", .rejected,
      "the app does not register it (CFBundleURLTypes): the system does not open the app", rule: .k16)
    return ctx.refusal(
      .schemeNotRegistered,
      message: "the app does not register the '\(url.scheme)' scheme: the URL opens nowhere in it")
  }

  /// What the gate makes of a URL's scheme (lowercased): one run or shown by the browser
  /// (``isUnroutable(scheme:)``), `https`, `http`, one the app registers, or another.
  enum SchemeKind {
    case unroutable, https, http, registered, other
  }

  /// The kind of the scheme of `url`, which is not `https`, among the app's registered
  /// (lowercased) schemes: told on the scheme's bytes in place, lowercased as they are compared
  /// with the schemes the router compiled (`gate`, ``AppLinkGate/registers(scheme:)``), with no
  /// string made; the scheme's string is made and compared with `registered()` as before when
  /// the bytes cannot be read in place, or a registered scheme is not ASCII (which `==`
  /// compares by canonical equivalence).
  ///
  /// ```swift
  /// schemeKind(url, router.appLinks) { ["notes"] }   // .registered for NOTES://x, .unroutable for data:x
  /// ```
  static func schemeKind(_ url: ObservedInPlace<URLRecord>, _ gate: AppLinkGate, registered: () -> [String])
    -> SchemeKind
  {
    schemeKind(url, Unmanaged.passUnretained(gate), registered: registered)
  }

  /// ``schemeKind(_:_:registered:)`` with the gate lent unretained (`gate`'s owner holds it for
  /// the call): the gate read from the router and passed as a reference was retained and
  /// released at every line of a scheme other than `https`.
  @inline(__always)
  static func schemeKind(
    _ url: ObservedInPlace<URLRecord>, _ unretained: Unmanaged<AppLinkGate>, registered: () -> [String]
  ) -> SchemeKind {
    if let kind = url.withSchemeBytes({ bytes in
      unretained._withUnsafeGuaranteedRef { schemeKind(ofLowercased: bytes, $0) }
    }),
      let kind
    {
      return kind
    }
    let scheme = url.scheme
    if isUnroutable(scheme: scheme) { return .unroutable }
    if scheme == "http" { return .http }
    return registered().contains(scheme) ? .registered : .other
  }

  /// ``schemeKind(_:_:registered:)`` among `registered` (lowercased), compiled for the call.
  ///
  /// ```swift
  /// schemeKind(url, ["notes"])   // .registered for NOTES://x, .unroutable for data:x
  /// ```
  static func schemeKind(_ url: ObservedInPlace<URLRecord>, _ registered: [String]) -> SchemeKind {
    let gate = AppLinkGate(associatedDomains: [], associations: [:], appID: nil, urlSchemes: registered)
    return schemeKind(url, gate) { registered }
  }

  /// ``schemeKind(_:_:registered:)`` on the scheme's bytes as written; nil when a registered
  /// scheme is not ASCII.
  private static func schemeKind(ofLowercased scheme: UnsafeBufferPointer<UInt8>, _ gate: AppLinkGate)
    -> SchemeKind?
  {
    let count = scheme.count
    if count == 4, let p = scheme.baseAddress {
      // Setting 0x20 in each byte lowercases a letter and maps no other byte to one: the word
      // equals a lowercase name of letters exactly when the scheme is that name in any case.
      let word = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)) | 0x2020_2020
      if word == packed("data") || word == packed("blob") { return .unroutable }
      if word == packed("http") { return .http }
    } else if count == 10, equalsLowercased(scheme, "javascript") {
      return .unroutable
    }
    return gate.registers(scheme: scheme).map { $0 ? .registered : .other }
  }

  /// The four bytes of `name` as a little-endian word (first byte lowest), as a scheme's bytes
  /// are loaded.
  @inline(__always)
  private static func packed(_ name: StaticString) -> UInt32 {
    let n = name.utf8Start
    return UInt32(n[0]) | UInt32(n[1]) &<< 8 | UInt32(n[2]) &<< 16 | UInt32(n[3]) &<< 24
  }

  /// Whether the bytes, ASCII letters lowercased, are `name` (lowercase ASCII).
  @inline(__always)
  private static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    guard bytes.count == name.utf8CodeUnitCount else { return false }
    let n = name.utf8Start
    var i = 0
    while i < bytes.count {
      if TextFolding.lower(bytes[i]) != n[i] { return false }
      i &+= 1
    }
    return true
  }
}

extension LinkGate {
  /// Why the gate keeps `url` from the app (`notForApp`), or nil when it lets it in: the gate alone,
  /// exactly as a decision applies it, for counts that must agree with the records
  /// (`route --stats`).
  ///
  /// ```swift
  /// LinkGate.refusal(of: url, router: router)   // .schemeNotRegistered for other-app://x
  /// ```
  package static func refusal(of url: URLRecord, router: CompiledRouter) -> DecisionReason? {
    let claims = router.table.claims
    guard claims.declaresSchemes || claims.declaresDomains || isUnroutable(scheme: url.normalizedScheme) else {
      return nil
    }
    return DetailReads.with(all: true) { reads in
      withUnsafePointer(to: router) { router in
        withUnsafePointer(to: SessionState()) { state in
          var ctx = DecisionContext(router: router, state: state, explains: false, reads: reads)
          return withUnsafePointer(to: url) { check(ObservedInPlace($0, reads: reads), &ctx)?.reason }
        }
      }
    }
  }
}

extension DecisionContext {
  /// The gate's refusal for `reason`, its message made only when the decision explains itself
  /// (as ``decision(_:scene:session:receiver:match:action:value:closed:reason:message:)`` makes it).
  fileprivate func refusal(_ reason: DecisionReason, message: @autoclosure () -> String) -> LinkGate.Refusal {
    LinkGate.Refusal(reason: reason, message: explains ? message() : "")
  }
}
