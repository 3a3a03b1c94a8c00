import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport

/// Whether a decision read anything that differs between the URL lines one route pattern takes.
///
/// One per decision, shared by the ``Observed`` values the stages are given: a stage cannot
/// reach what varies from line to line without marking it here, so a stage added later cannot
/// forget to. `LineRouter` reuses a decision's record for later lines of the same pattern only
/// when nothing was marked (docs/architecture.md, "Reuse that cannot be wrong by omission").
///
/// The mark is a flag on the stack of the call that made it (``with(all:_:)``), shared by
/// pointer: no object is allocated for a decision, and copying an ``Observed`` value retains
/// nothing. A `DetailReads` is valid only inside that call; no decision outlives it.
struct DetailReads {
  private let flag: UnsafeMutablePointer<Bool>

  /// Whether anything was read.
  var any: Bool { flag.pointee }

  /// Marks a read.
  func mark() { flag.pointee = true }

  /// Runs `body` with a record of reads, valid for the call; `all` for events whose decision
  /// is never reused (anything but a URL).
  static func with<R>(all: Bool, _ body: (DetailReads) -> R) -> R {
    var flag = all
    return withUnsafeMutablePointer(to: &flag) { body(DetailReads(flag: $0)) }
  }

  private init(flag: UnsafeMutablePointer<Bool>) { self.flag = flag }
}

/// A part of an event that differs between the URL lines of one route pattern: the URL beyond
/// its scheme and host (the path, the query, the fragment, the identifier made of them), the
/// values captured from it and what is rendered from them.
///
/// The stages see it only through ``read()``, which marks the decision as depending on it, or
/// ``forRecord``, which hands it on unread for the record (a reused record is cut exactly at
/// those parts: the input, the parameters and the value) and for explanations (a decision that
/// explains itself is never reused).
///
/// ```swift
/// let value = template.render(parameters.forRecord)   // written into the record: not a read
/// if session.value == value.read() { … }               // a comparison: the decision depends on it
/// ```
struct Observed<Value> {
  private let value: Value
  let reads: DetailReads

  init(_ value: Value, reads: DetailReads) {
    self.value = value
    self.reads = reads
  }

  /// The value, marking the decision as depending on it.
  func read() -> Value {
    reads.mark()
    return value
  }

  /// The value for the record or an explanation, not for deciding.
  var forRecord: Value { value }

  /// Another value made from this one, observed the same way.
  func map<T>(_ transform: (Value) -> T) -> Observed<T> { Observed<T>(transform(value), reads: reads) }
}

extension Observed where Value == URLRecord {
  /// The URL's scheme, lowercased. Not a read: a reused record belongs to one host key of the
  /// trie (`scheme://host[:port]`), the same for every line it is written for.
  var scheme: String { value.normalizedScheme }

  /// The URL's host, normalized (lowercase, IDNA ASCII); not a read, as ``scheme``.
  var host: String? { value.normalizedHost }

  /// Whether the URL has a userinfo (`user[:password]@`, even empty). Not a read: a reused
  /// record is made and written only for URLs the fast path takes, whose bytes start with a
  /// host key of the trie (`scheme://host`), so no URL it is written for has a userinfo.
  var hasUserinfo: Bool { value.ranges.user != nil }

  /// The route that takes the URL and the parameters it captured. Which route takes it is not
  /// a read (records are reused per route pattern); the parameters' values are observed.
  /// In `scratch` when the decision's caller lent one (the same working memory for every line
  /// of a run), else in a scratch of its own.
  func match(_ router: CompiledRouter, scratch: UnsafeMutablePointer<MatchScratch>?) -> ObservedMatch? {
    let found = scratch.map { router.match(value, scratch: &$0.pointee) } ?? router.match(value)
    return found.map { ObservedMatch($0, reads: reads) }
  }
}

extension Observed where Value == EventIdentifier {
  /// Whether a `handlesExternalEvents` set matches (M1–M6, V9); a read only when the set makes
  /// the identifier's text matter (not for `*`, nor for a set of empty strings).
  func satisfies(set: [String], _ policies: ScenePolicies) -> Bool {
    if value.readsText(set: set) { reads.mark() }
    return value.satisfies(set: set, policies)
  }

  /// Whether a predicate holds for the identifier (AMB3); always a read.
  func satisfies(_ predicate: ActivationPredicate, _ policies: ScenePolicies) -> Bool {
    read().satisfies(predicate, policies)
  }
}

/// A route match whose parameters are observed: the route and the pattern are what a reused
/// record is keyed by, the parameters' values vary from line to line.
struct ObservedMatch {
  /// The route's index in the table.
  let route: Int
  /// The parameters captured from the URL.
  let parameters: Observed<JSONObject>
  /// The match as the record writes it.
  let forRecord: RouteMatch

  init(_ match: RouteMatch, reads: DetailReads) {
    route = match.route
    parameters = Observed(match.parameters.object, reads: reads)
    forRecord = match
  }
}
