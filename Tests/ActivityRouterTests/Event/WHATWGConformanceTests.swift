import Foundation
import Testing

@testable import ActivityRouter

/// The reader against the WHATWG URL conformance data (web-platform-tests `urltestdata.json`).
///
/// Every case the suite marks as failure must be refused. Every case we accept must mean the same
/// in both readings: scheme, host (ASCII-lowercased, IDNA), effective port, decoded path segments,
/// decoded query items and fragment. Inputs that only make sense against a base URL are refused
/// (the reader takes absolute URLs only) and are counted apart.
///
/// The data is looked for in `$URL_TEST_DATA`, then in `../shared/data/urltestdata.json` beside the
/// repository; the test is skipped when it is absent (issue 7 brings a copy into the repository).
@Suite("URL reader against the WHATWG conformance data")
struct WHATWGConformanceTests {
  static let dataURL: URL? = {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["URL_TEST_DATA"] { candidates.append(URL(fileURLWithPath: path)) }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.deletingLastPathComponent().appendingPathComponent("shared/data/urltestdata.json"))
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }()

  /// Known differences (input → reason). Empty: none was found. A new one must be explained here.
  static let knownDifferences: [String: String] = [:]

  @Test("failures are refused; accepted inputs mean the same", .enabled(if: dataURL != nil))
  func conformance() throws {
    let url = try #require(Self.dataURL)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    let entries = try #require(json as? [Any]).compactMap { $0 as? [String: Any] }
    var failures = 0
    var failuresRefused = 0
    var valid = 0
    var accepted = 0
    var agreeing = 0
    for entry in entries {
      guard let input = entry["input"] as? String else { continue }
      let record = try? URLRecord(parsing: input)
      if entry["failure"] as? Bool == true {
        failures += 1
        if record == nil {
          failuresRefused += 1
        } else {
          Issue.record("accepted a WHATWG failure: \(input.debugDescription)")
        }
        continue
      }
      valid += 1
      guard let record else { continue }
      accepted += 1
      let differences = Self.differences(record, entry)
      if differences.isEmpty {
        agreeing += 1
      } else if Self.knownDifferences[input] == nil {
        Issue.record("\(input.debugDescription): \(differences)")
      }
    }
    print(
      "WHATWG urltestdata: \(entries.count) cases; \(failuresRefused) of \(failures) failures refused; "
        + "\(accepted) of \(valid) valid cases accepted, \(agreeing) of them agree")
    #expect(failuresRefused == failures)
    #expect(accepted > 100)
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
      host = IDNA.toASCII(decoded(host) ?? host) ?? "?"
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
