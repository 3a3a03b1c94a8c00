import RouteEvents
public import RouteMatcher
import RouteTables
import RouterSupport
import SceneDecision

/// Counts instead of records, for traffic too large to read line by line (`route-cli route
/// TABLE --stats`): how many lines each route takes, how many no route takes, the events by
/// kind and the errors by code. ``LineRouter/count(utf8:)`` fills it in.
///
/// Each line is read exactly as a record's line is (the same errors for the same lines), then
/// matched against the table: URLs with the allocation-free matcher, activities by type. A link
/// the app's gate keeps out (a scheme it does not register, a host its associated domains or
/// AASA files do not claim) is counted as not for the app, as its record says, not for a route.
/// No scene is selected (that depends on the open windows, not on the line), so the summary is
/// about routes. The counts are in table order.
///
/// ```swift
/// var lines = LineRouter(router: router)
/// for line in input { line.withUTF8 { lines.count(utf8: $0) } }
/// print(lines.summary.text)   // "5 lines: 4 events, 1 errors\n  url: 4\n …"
/// ```
public struct RouteSummary: Sendable {
  /// The lines counted.
  public internal(set) var lines = 0
  /// Events by kind (`url`, `activity`, …).
  public var events: [String: Int] {
    var all = kinds
    if urlLines > 0 { all["url", default: 0] += urlLines }
    return all
  }
  /// Errors by code (`invalid-url`, `invalid-utf8`, …).
  public internal(set) var errors: [String: Int] = [:]
  /// Lines taken by each route, by its index in the table.
  public internal(set) var linesByRoute: [Int]
  /// Events no route takes.
  public internal(set) var unmatched = 0
  /// Links the app's gate keeps out (records with the outcome `notForApp`), by reason.
  public internal(set) var notForApp: [String: Int] = [:]

  let routeNames: [String]
  /// Whether the table declares schemes or associated domains, so that the gate reads each link.
  private let gated: Bool
  /// Whether the table refuses URLs with a userinfo (`credentials: refuse`, the default).
  private let refusesCredentials: Bool
  var kinds: [String: Int] = [:]
  /// URL lines counted by the matcher alone (added to the `url` kind).
  private var urlLines = 0

  /// An empty summary of `router`'s routes.
  public init(router: CompiledRouter) {
    routeNames = router.table.routes.map(\.name)
    // The gate reads each link when the table declares schemes or domains, or routes a scheme
    // the gate always refuses (the matcher alone would count its links for the route).
    gated =
      router.table.claims.declaresSchemes || router.table.claims.declaresDomains
      || router.table.routes.contains { route in
        route.urlPatterns.contains { LinkGate.isUnroutable(scheme: $0.scheme.lowercased()) }
      }
    refusesCredentials = router.table.policies.credentials == .refuse
    linesByRoute = [Int](repeating: 0, count: routeNames.count)
  }

  /// Counts one input line.
  mutating func count(_ bytes: UnsafeBufferPointer<UInt8>, router: CompiledRouter, scratch: inout MatchScratch) {
    lines += 1
    let ascii = UTF8Bytes.isASCII(bytes)
    // The common line, a plain ASCII URL that a route takes: the matcher alone. It accepts only
    // what the reader accepts (it parses with the same reader when it is not sure, and the
    // tests hold its fast path to that), so the count is the one `route` gives.
    // A URL with a userinfo that the table refuses (`credentials`) is counted as its record is.
    if !gated, ascii, bytes.first != UInt8(ascii: "{"), let rule = router.matchRoute(utf8: bytes, scratch: &scratch),
      !refusesCredentials || !bytes.contains(UInt8(ascii: "@"))
    {
      urlLines += 1
      linesByRoute[rule] += 1
      return
    }
    if !ascii, UTF8Bytes.firstInvalidOffset(bytes) != nil {
      errors[DiagnosticCode.invalidUTF8.description, default: 0] += 1
      return
    }
    switch EventReader.read(utf8: bytes) {
    case .failure(let error):
      errors[error.code.description, default: 0] += 1
    case .success(let event):
      kinds[event.kindName, default: 0] += 1
      let rule: Int?
      if let url = ExternalEvents.url(of: event) {
        // A URL, or a universal link by its webpageURL (E4), as a decision routes it: first the gate.
        if let refusal = LinkGate.refusal(of: url, router: router) {
          notForApp[refusal.description, default: 0] += 1
          return
        }
        rule = refusesCredentials && url.ranges.user != nil ? nil : router.matchRoute(url: url.text, scratch: &scratch)
      } else if case .activity(let activity) = event.kind {
        rule = router.match(activityType: activity.activityType, userInfo: activity.userInfo)?.route
      } else {
        rule = nil
      }
      if let rule { linesByRoute[rule] += 1 } else { unmatched += 1 }
    }
  }

  /// Counts a line over the length limit.
  mutating func countTooLong() {
    lines += 1
    errors[DiagnosticCode.lineTooLong.description, default: 0] += 1
  }

  /// The summary as text: totals, then one line per route that took lines, most first.
  ///
  /// ```
  /// 5 lines: 4 events, 1 errors
  ///   url: 4
  ///   error invalid-url: 1
  /// routes: 3 matched, 1 no route
  ///   tag: 2
  ///   search: 1
  /// ```
  public var text: String {
    let kinds = events
    var out = "\(lines) lines: \(kinds.values.reduce(0, +)) events, \(errors.values.reduce(0, +)) errors\n"
    for (kind, n) in kinds.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) { out += "  \(kind): \(n)\n" }
    for (code, n) in errors.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) { out += "  error \(code): \(n)\n" }
    let matched = linesByRoute.reduce(0, +)
    let kept = notForApp.values.reduce(0, +)
    out += "routes: \(matched) matched, \(unmatched) no route\(kept > 0 ? ", \(kept) not for the app" : "")\n"
    for index in linesByRoute.indices.sorted(by: { (linesByRoute[$0], $1) > (linesByRoute[$1], $0) })
    where linesByRoute[index] > 0 {
      out += "  \(routeNames[index]): \(linesByRoute[index])\n"
    }
    for (reason, n) in notForApp.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
      out += "  not for the app, \(reason): \(n)\n"
    }
    return out
  }

  /// The summary as one JSON object and a newline (docs/output-format.md): `lines`, `events`,
  /// `errors`, `matched`, `noRoute`, `notForApp` (by reason), and `rules` (lines per route name,
  /// in table order).
  public var json: String {
    var object = JSONObject()
    object["lines"] = .number(JSONNumber(lines))
    object["events"] = .object(
      JSONObject(events.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number(JSONNumber($0.value))) }))
    object["errors"] = .object(
      JSONObject(errors.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number(JSONNumber($0.value))) }))
    object["matched"] = .number(JSONNumber(linesByRoute.reduce(0, +)))
    object["noRoute"] = .number(JSONNumber(unmatched))
    object["notForApp"] = .object(
      JSONObject(notForApp.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number(JSONNumber($0.value))) }))
    object["rules"] = .object(
      JSONObject(
        linesByRoute.indices.filter { linesByRoute[$0] > 0 }.map {
          (routeNames[$0], JSONValue.number(JSONNumber(linesByRoute[$0])))
        }))
    var out: [UInt8] = []
    JSONWriter.append(.object(object), to: &out)
    return String(decoding: out, as: UTF8.self) + "\n"
  }
}
