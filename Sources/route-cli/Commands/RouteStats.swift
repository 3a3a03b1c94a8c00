import ActivityRouter

/// `route-cli route TABLE --stats`: counts instead of records, for traffic too large to read
/// line by line.
///
/// Each line is read exactly as `route` reads it (the same errors for the same lines), then
/// matched against the table: URLs with the allocation-free matcher and one reused scratch,
/// activities by type. No scene is selected (that depends on the open windows, not on the
/// line), so the summary is about routes: how many lines each rule takes, how many no rule
/// takes, and the errors by code. The counts are in table order; `--json` writes one object.
struct RouteStats: ~Copyable {
  let router: CompiledRouter
  private var scratch = MatchScratch()
  private(set) var lines = 0
  private(set) var kinds: [String: Int] = [:]
  private(set) var errors: [String: Int] = [:]
  /// Lines taken by each rule, by rule index.
  private(set) var byRule: [Int]
  private(set) var unmatched = 0
  /// URL lines counted by the matcher alone (added to the `url` kind at the end).
  private var urlLines = 0

  init(router: CompiledRouter) {
    self.router = router
    byRule = [Int](repeating: 0, count: router.table.rules.count)
  }

  /// Counts one input line.
  mutating func count(bytes: UnsafeBufferPointer<UInt8>) {
    lines += 1
    let ascii = DecisionRecord.isASCII(bytes)
    // The common line, a plain ASCII URL that a rule takes: the matcher alone. It accepts only
    // what the reader accepts (it parses with the same reader when it is not sure, and the
    // tests hold its fast path to that), so the count is the one `route` gives.
    if ascii, bytes.first != UInt8(ascii: "{"), let rule = router.matchRule(utf8: bytes, scratch: &scratch) {
      urlLines += 1
      byRule[rule] += 1
      return
    }
    if !ascii, DecisionRecord.invalidUTF8Offset(bytes) != nil {
      errors[DiagnosticCode.invalidUTF8.description, default: 0] += 1
      return
    }
    switch EventReader.read(utf8: bytes) {
    case .failure(let error):
      errors[error.code.description, default: 0] += 1
    case .success(let event):
      kinds[event.kindName, default: 0] += 1
      let rule: Int?
      switch event.kind {
      case .url(let url): rule = router.matchRule(url: url.text, scratch: &scratch)
      case .activity(let activity) where activity.activityType == UserActivity.browsingWeb:
        // A universal link routes by its webpageURL (E4), as `route` does.
        rule = activity.webpageURL.flatMap { router.matchRule(url: $0, scratch: &scratch) }
      case .activity(let activity):
        rule = router.match(activityType: activity.activityType, userInfo: activity.userInfo)?.rule
      default: rule = nil
      }
      if let rule { byRule[rule] += 1 } else { unmatched += 1 }
    }
  }

  /// Counts a line over the length limit.
  mutating func countTooLong() {
    lines += 1
    errors[DiagnosticCode.lineTooLong.description, default: 0] += 1
  }

  /// The events by kind, the matcher's URL lines included.
  private var allKinds: [String: Int] {
    var all = kinds
    if urlLines > 0 { all["url", default: 0] += urlLines }
    return all
  }

  /// The summary as text: totals, then one line per rule that took lines, most first.
  var text: String {
    let kinds = self.allKinds
    var out = "\(lines) lines: \(kinds.values.reduce(0, +)) events, \(errors.values.reduce(0, +)) errors\n"
    for (kind, n) in kinds.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) { out += "  \(kind): \(n)\n" }
    for (code, n) in errors.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) { out += "  error \(code): \(n)\n" }
    let matched = byRule.reduce(0, +)
    out += "routes: \(matched) matched, \(unmatched) no route\n"
    let rules = router.table.rules
    for index in byRule.indices.sorted(by: { (byRule[$0], $1) > (byRule[$1], $0) }) where byRule[index] > 0 {
      out += "  \(rules[index].name): \(byRule[index])\n"
    }
    return out
  }

  /// The summary as one JSON object (docs/output-format.md).
  var json: String {
    let kinds = self.allKinds
    var object = JSONObject()
    object["lines"] = .number(JSONNumber(lines))
    object["events"] = .object(
      JSONObject(kinds.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number(JSONNumber($0.value))) }))
    object["errors"] = .object(
      JSONObject(errors.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.number(JSONNumber($0.value))) }))
    object["matched"] = .number(JSONNumber(byRule.reduce(0, +)))
    object["noRoute"] = .number(JSONNumber(unmatched))
    let rules = router.table.rules
    object["rules"] = .object(
      JSONObject(
        byRule.indices.filter { byRule[$0] > 0 }.map { (rules[$0].name, JSONValue.number(JSONNumber(byRule[$0]))) }))
    var out: [UInt8] = []
    JSONWriter.append(.object(object), to: &out)
    return String(decoding: out, as: UTF8.self) + "\n"
  }
}
