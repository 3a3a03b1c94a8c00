import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import DecisionRecords
@testable import RouteEvents
@testable import RouteMatcher

/// The reader against the WHATWG URL conformance data (web-platform-tests `urltestdata.json`, the
/// repository's copy in `Tests/Data/`, with its source and licence in `Tests/Data/README.md`).
///
/// - Every case the suite marks as failure must be refused.
/// - Every valid case we accept must mean the same in both readings: scheme, host
///   (ASCII-lowercased, IDNA), effective port, decoded path segments, decoded query items and
///   fragment.
/// - Every valid case on which we differ (refused, or accepted with another meaning) must be in
///   `Tests/Data/urltestdata-known-differences.json` with its reason, and every entry there must
///   still be a difference: the list is exact.
///
/// `UPDATE_KNOWN_DIFFERENCES=1 swift test --filter WHATWGConformanceTests` rewrites the list
/// (keeping the explanations of the reasons, which are written by hand).
@Suite("URL reader against the WHATWG conformance data")
struct WHATWGConformanceTests {
  static let dataDirectory = FixturePaths.packageRoot + "/Tests/Data"
  static let dataPath = dataDirectory + "/urltestdata.json"
  static let differencesPath = dataDirectory + "/urltestdata-known-differences.json"

  /// The agreement measured when the list was last regenerated (Swift 6.3.1, Linux): valid cases
  /// accepted with the same meaning. The test fails if it ever drops.
  static let measuredAgreement = 271

  /// One valid case on which the reader and WHATWG differ.
  struct Difference: Hashable, CustomStringConvertible {
    var index: Int
    var input: String
    var base: String?
    /// `refused` (with the reader's `code/reason`) or `meaning` (accepted, read differently).
    var outcome: String
    var reason: String

    var description: String {
      "#\(index) \(input.debugDescription) (base \(base?.debugDescription ?? "none")): \(outcome) \(reason)"
    }

    var json: [String: Any] {
      ["index": index, "input": input, "base": base ?? NSNull(), "outcome": outcome, "reason": reason]
    }

    init(index: Int, input: String, base: String?, outcome: String, reason: String) {
      self.index = index
      self.input = input
      self.base = base
      self.outcome = outcome
      self.reason = reason
    }

    init?(json: [String: Any]) {
      guard let index = json["index"] as? Int, let input = json["input"] as? String,
        let outcome = json["outcome"] as? String, let reason = json["reason"] as? String
      else { return nil }
      self.init(index: index, input: input, base: json["base"] as? String, outcome: outcome, reason: reason)
    }
  }

  /// What one pass over the data found.
  struct Tally {
    var cases = 0
    var failures = 0
    var failuresRefused = 0
    var valid = 0
    var accepted = 0
    var agreeing = 0
    var differences: [Difference] = []
    var acceptedFailures: [String] = []
  }

  static func run() throws -> Tally {
    let data = try #require(FileManager.default.contents(atPath: dataPath), "cannot read \(dataPath)")
    let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
    var tally = Tally()
    for (index, item) in entries.enumerated() {
      guard let entry = item as? [String: Any], let input = entry["input"] as? String else { continue }
      tally.cases += 1
      let base = entry["base"] as? String
      let result: Result<URLRecord, URLReadError>
      do { result = .success(try URLRecord(parsing: input)) } catch { result = .failure(error) }
      if entry["failure"] as? Bool == true {
        tally.failures += 1
        switch result {
        case .success: tally.acceptedFailures.append("#\(index) \(input.debugDescription)")
        case .failure: tally.failuresRefused += 1
        }
        continue
      }
      tally.valid += 1
      switch result {
      case .failure(let error):
        tally.differences.append(
          Difference(
            index: index, input: input, base: base, outcome: "refused", reason: "\(error.code)/\(error.reason)"))
      case .success(let record):
        tally.accepted += 1
        let differences = Self.differences(record, entry)
        if differences.isEmpty {
          tally.agreeing += 1
        } else {
          tally.differences.append(
            Difference(
              index: index, input: input, base: base, outcome: "meaning", reason: differences.joined(separator: "; ")))
        }
      }
    }
    return tally
  }

  /// The checked-in list and the explanations of its reasons.
  static func knownDifferences() throws -> (list: [Difference], reasons: [String: String], document: [String: Any]) {
    let data = try #require(FileManager.default.contents(atPath: differencesPath), "cannot read \(differencesPath)")
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let items = try #require(document["differences"] as? [[String: Any]])
    let list = try items.map { try #require(Difference(json: $0), "malformed entry \($0)") }
    let reasons = try #require(document["reasons"] as? [String: String])
    return (list, reasons, document)
  }

  @Test("every failure is refused; accepted inputs mean the same; the differences are exactly the listed ones")
  func conformance() throws {
    let tally = try Self.run()
    print(
      "WHATWG urltestdata: \(tally.cases) cases; \(tally.failuresRefused) of \(tally.failures) failures refused; "
        + "\(tally.accepted) of \(tally.valid) valid cases accepted, \(tally.agreeing) of them agree "
        + "(\(tally.valid - tally.accepted) refused, listed with their reasons)")
    #expect(tally.acceptedFailures.isEmpty, "accepted WHATWG failures: \(tally.acceptedFailures)")
    #expect(tally.failuresRefused == tally.failures)
    #expect(tally.cases == 891, "the data file changed: update Tests/Data/README.md")

    if ProcessInfo.processInfo.environment["UPDATE_KNOWN_DIFFERENCES"] == "1" {
      try Self.write(tally.differences)
    }
    let known = try Self.knownDifferences()
    let actual = Set(tally.differences)
    let listed = Set(known.list)
    let new = actual.subtracting(listed).sorted { $0.index < $1.index }
    let stale = listed.subtracting(actual).sorted { $0.index < $1.index }
    #expect(new.isEmpty, "differences not in the list (explain them, or fix the reader): \(new)")
    #expect(stale.isEmpty, "listed differences that no longer occur (remove them): \(stale)")
    #expect(known.list.count == listed.count, "the list has duplicate entries")
    let unexplained = Set(known.list.map(Self.reasonKey)).subtracting(known.reasons.keys).sorted()
    #expect(unexplained.isEmpty, "reasons without an explanation under 'reasons': \(unexplained)")
    let unused = Set(known.reasons.keys).subtracting(known.list.map(Self.reasonKey)).sorted()
    #expect(unused.isEmpty, "explanations of reasons that no difference has: \(unused)")

    #expect(tally.agreeing >= Self.measuredAgreement, "agreement dropped below the measured \(Self.measuredAgreement)")
    #expect(tally.agreeing == tally.accepted, "an accepted case means something else than in WHATWG")
  }

  /// The key under which a difference's reason is explained: the refusal `code/reason`, or `meaning`.
  static func reasonKey(_ difference: Difference) -> String {
    difference.outcome == "refused" ? difference.reason : "meaning"
  }

  /// Rewrites the list, keeping the explanations.
  static func write(_ differences: [Difference]) throws {
    var document = (try? knownDifferences().document) ?? [:]
    if document["reasons"] == nil { document["reasons"] = [String: String]() }
    document["comment"] =
      "Valid cases of Tests/Data/urltestdata.json on which the URL reader differs from WHATWG, by index in that file. "
      + "Checked by WHATWGConformanceTests; see Tests/Data/README.md."
    document["differences"] = differences.sorted { $0.index < $1.index }.map(\.json)
    let data = try JSONSerialization.data(
      withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: differencesPath))
  }

  /// Where the WHATWG reading (`entry`) and ours differ, in meaning.
  static func differences(_ record: URLRecord, _ entry: [String: Any]) -> [String] {
    var out: [String] = []
    let field = { (name: String) in entry[name] as? String ?? "" }
    let scheme = String(field("protocol").dropLast())
    if scheme != record.normalizedScheme { out.append("scheme \(scheme)") }
    let special = ["http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21", "file": ""]
    var host = field("hostname")
    if host.hasPrefix("[") { host = String(host.dropFirst().dropLast()) }
    if special[scheme] == nil && !host.isEmpty && !field("hostname").hasPrefix("[") {
      // WHATWG keeps the host of a custom scheme opaque (percent-encoded, case kept). A host
      // written with escapes stays opaque in Foundation too (`absoluteString`), and the router
      // compares it as written, ASCII-lowercased; any other is compared after decoding, IDNA and
      // ASCII lowercasing, as Foundation delivers it.
      let writtenEncoded = host.contains("%") && field("input").contains(host)
      host =
        writtenEncoded
        ? String(decoding: host.utf8.map(URLSyntax.lowercasedASCII), as: UTF8.self)
        : IDNA.toASCII(decoded(host) ?? host) ?? "?"
    }
    if host != (record.normalizedHost ?? "") { out.append("host \(host) vs \(record.normalizedHost ?? "nil")") }
    var port = record.port.map(String.init) ?? ""
    if special[scheme] == port { port = "" }
    if field("port") != port { out.append("port \(field("port")) vs \(port)") }
    let pathname = Array(field("pathname").utf8)
    let segments = pathname.withUnsafeBufferPointer { bytes -> [String]? in
      guard let s = try? PathSegments(bytes, path: 0..<bytes.count) else { return nil }
      return s.ranges.map { decoded(String(decoding: bytes[$0], as: UTF8.self)) ?? "?" }
    }
    if segments != record.pathSegments { out.append("path \(field("pathname")) vs \(record.pathSegments)") }
    let search = String(field("search").dropFirst())
    let items = search.split(separator: "&", omittingEmptySubsequences: true).map { piece -> String in
      let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return parts.map { decoded(String($0)) ?? "?" }.joined(separator: "=")
    }
    let ours = record.queryItems.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }
    if items != ours { out.append("query \(search) vs \(ours)") }
    let hash = decoded(String(field("hash").dropFirst())) ?? "?"
    if hash != (record.decodedFragment ?? "") { out.append("fragment \(hash)") }
    return out
  }

  static func decoded(_ s: String) -> String? { PercentDecoding.decode(Substring(s)) }
}
