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

/// A value rendered from what differs between the URL lines of one route pattern (a route's
/// value template and the captured parameters), or none, observed as ``Observed`` observes a
/// value: ``read()`` marks the decision as depending on it when there is one, ``forRecord``
/// does not. A concrete type: an optional ``Observed`` of a `JSONValue`, a generic struct's
/// optional, was destroyed through the runtime's value witnesses.
///
/// ```swift
/// let value = ObservedValue(template.render(parameters), reads: reads)
/// let request = Event.WindowRequest(id: id, value: value.read(), type: nil, from: nil)   // a read
/// ```
struct ObservedValue {
  private let value: JSONValue?
  private let reads: DetailReads

  init(_ value: JSONValue?, reads: DetailReads) {
    self.value = value
    self.reads = reads
  }

  /// The value, marking the decision as depending on it when there is one.
  func read() -> JSONValue? {
    guard let value else { return nil }
    reads.mark()
    return value
  }

  /// The value for the record or an explanation, not for deciding.
  var forRecord: JSONValue? { value }
}

/// A route match whose parameters are observed: the route and the pattern are what a reused
/// record is keyed by, the parameters' values vary from line to line.
///
/// The parameters are read from the match as the matcher made them (kept in place, most of
/// them): a template renders from them without an object of them being made.
struct ObservedMatch {
  /// The route's index in the table.
  let route: Int
  /// The match as the record writes it.
  let forRecord: RouteMatch
  private let reads: DetailReads

  init(_ match: RouteMatch, reads: DetailReads) {
    route = match.route
    forRecord = match
    self.reads = reads
  }

  /// The parameters captured from the URL.
  var parameters: Observed<RouteParameters> { Observed(forRecord.parameters, reads: reads) }

  /// Marks the decision as depending on the captured values, as reading ``parameters`` does,
  /// for a caller that keeps them for the record without reading them (no copy made).
  func markParametersRead() { reads.mark() }
}
