import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport

/// An ``Observed`` value read in place: the event's URL and its identifier, which the stages
/// pass from one to the next and which are large (a `URLRecord` is its text and a dozen
/// component ranges, about 230 bytes).
///
/// It holds a pointer to the value, which its maker keeps alive for the decision (the
/// engine's own locals, inside `withUnsafePointer`), so passing it on, or keeping it in a
/// selector, copies two words and retains nothing; a copy of the value itself was a `memcpy`
/// and a retain each time (issue 17: about 150 `memcpy` calls a full decision).
///
/// ```swift
/// withUnsafePointer(to: record) { url in
///   let observed = ObservedInPlace(url, reads: ctx.reads)
///   if observed.scheme == "https" { … }          // not a read: a reused record has one host key
///   let components = observed.read().path        // a read: the decision depends on the path
/// }
/// ```
struct ObservedInPlace<Value> {
  private let base: UnsafePointer<Value>
  let reads: DetailReads

  /// Observes the value at `base`, which must stay valid while this is used.
  init(_ base: UnsafePointer<Value>, reads: DetailReads) {
    self.base = base
    self.reads = reads
  }

  /// The value, marking the decision as depending on it.
  func read() -> Value {
    reads.mark()
    return base.pointee
  }

  /// The value for the record or an explanation, not for deciding; read in place.
  var forRecord: Value { _read { yield base.pointee } }
}

extension ObservedInPlace where Value == URLRecord {
  /// The URL's scheme, lowercased. Not a read: a reused record belongs to one host key of the
  /// trie (`scheme://host[:port]`), the same for every line it is written for.
  var scheme: String { URLRecord.lowercasedScheme(at: base) }

  /// `body` of the URL's scheme bytes as written (ASCII: the reader refuses any other byte in a
  /// scheme), read in place with no string made: the bytes the record borrows, or its text's;
  /// nil when a text's bytes cannot be read in place (the caller makes ``scheme``). Not a read,
  /// as ``scheme``.
  func withSchemeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    let range = base.pointee.ranges.scheme
    if let bytes = URLRecord.borrowedBytes(at: base) { return body(UnsafeBufferPointer(rebasing: bytes[range])) }
    return base.pointee.owned.utf8.withContiguousStorageIfAvailable { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// `body` of the URL's UTF-8 bytes and its component ranges, read in place (the bytes the
  /// record borrows, or its text's), with no string made. Not a read, as ``scheme``: the caller
  /// marks what its use of the bytes decides (the link gate, when an AASA file reads the path).
  ///
  /// ```swift
  /// url.withBytes { gate.check(bytes: $0, ranges: $1) }   // gate.check(url.forRecord), in place
  /// ```
  func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>, URLComponentRanges) -> R) -> R {
    let ranges = base.pointee.ranges
    return URLRecord.withBytes(at: base) { body($0, ranges) }
  }

  /// Whether the URL's scheme is `https` (in any case), with no string made; not a read, as
  /// ``scheme``.
  var isHTTPS: Bool { URLRecord.isHTTPS(at: base) }

  /// The URL's host, normalized (lowercase, IDNA ASCII); not a read, as ``scheme``.
  var host: String? { base.pointee.normalizedHost }

  /// The answer of the compiled matching set at `scene` of `sets` for the URL's
  /// `absoluteString`, told on its bytes in place
  /// (``CompiledMatchingSets/answer(sceneAt:url:of:)``); nil when it cannot be told so. Not a
  /// read: the caller marks what the answer decides.
  func matchingAnswer(sceneAt scene: Int, of sets: UnsafePointer<CompiledMatchingSets>) -> Bool? {
    CompiledMatchingSets.answer(sceneAt: scene, url: base, of: sets)
  }

  /// Whether the URL has a userinfo (`user[:password]@`, even empty). Not a read: a reused
  /// record is made and written only for URLs the fast path takes, whose bytes start with a
  /// host key of the trie (`scheme://host`), so no URL it is written for has a userinfo.
  var hasUserinfo: Bool { base.pointee.ranges.user != nil }

  /// The route that takes the URL and the parameters it captured. Which route takes it is not
  /// a read (records are reused per route pattern); the parameters' values are observed.
  /// In `scratch` when the decision's caller lent one (the same working memory for every line
  /// of a run), else in a scratch of its own.
  func match(_ router: CompiledRouter, scratch: UnsafeMutablePointer<MatchScratch>?) -> ObservedMatch? {
    let found = scratch.map { router.match(base, scratch: &$0.pointee) } ?? router.match(base.pointee)
    return found.map { ObservedMatch($0, reads: reads) }
  }
}

extension ObservedInPlace where Value == EventIdentifier {
  /// Whether a `handlesExternalEvents` set matches (M1–M6, V9); a read only when the set makes
  /// the identifier's text matter (not for `*`, nor for a set of empty strings).
  func satisfies(set: [String], _ policies: ScenePolicies) -> Bool {
    if EventIdentifier.readsText(set: set) { reads.mark() }
    // The identifier's fields are read in place; the text is made only when the set reads it.
    return EventIdentifier.satisfies(set: set, hasText: base.pointee.hasText, policies) {
      EventIdentifier.text(at: base)
    }
  }

  /// ``satisfies(set:_:)`` for a caller that tests several sets: the text, when a set reads
  /// it, is made once and kept in `text` for the next (a URL's `absoluteString` is made at
  /// every read of ``EventIdentifier/text``; made up front, it was made for sets of `*` too).
  func satisfies(set: [String], _ policies: ScenePolicies, text: inout String??) -> Bool {
    if EventIdentifier.readsText(set: set) { reads.mark() }
    return EventIdentifier.satisfies(set: set, hasText: base.pointee.hasText, policies) {
      if let made = text { return made }
      let made = EventIdentifier.text(at: base)
      text = .some(made)
      return made
    }
  }

  /// Whether a predicate holds for the identifier (AMB3); always a read.
  func satisfies(_ predicate: ActivationPredicate, _ policies: ScenePolicies) -> Bool {
    reads.mark()
    // The identifier's fields are read in place (the method called on it copied it first).
    if !base.pointee.hasText && policies.missingIdentifier == .matchesNothing { return false }
    return EventIdentifier.evaluate(predicate, at: base)
  }

  /// Whether the matching predicate of the table's declaration at `scene` holds, for an
  /// identifier that is `url`'s `absoluteString` (`url` nil when it is not known to be), told
  /// on the URL's bytes with the router's compiled sets (`CompiledMatchingSets`); nil when they
  /// cannot tell (the caller tests the predicate with ``satisfies(_:_:)``). A read when it tells.
  func compiledAnswer(matchingOf scene: Int, in table: TableView, url: ObservedInPlace<URLRecord>?) -> Bool? {
    // An identifier not resolved is a URL's (its text made from the URL when read), and has a
    // text: the missing-identifier policy does not apply.
    guard let url, !base.pointee.isResolved, let answer = table.matchingAnswer(sceneAt: scene, url: url) else {
      return nil
    }
    reads.mark()
    return answer
  }

  /// Runs `body` with the identifier whose text is made (once, for the stages that may read it
  /// several times: ``EventIdentifier/resolved()``), observed the same way.
  func resolved<R>(_ body: (ObservedInPlace<EventIdentifier>) -> R) -> R {
    withUnsafePointer(to: base.pointee.resolved()) { body(ObservedInPlace($0, reads: reads)) }
  }
}
