import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// The two readings a host must agree with, as the router's tests compute them.
///
/// - WHATWG (what a browser sends): recorded from Node's `URL` class (which is ada) by
///   `scripts/whatwg-hosts.sh` into `Tests/Data/whatwg-hosts.json`, so the tests never need Node.
/// - Foundation (what the app on device receives): `URL(string:)`, run live.
enum SecurityOracles {
  /// WHATWG's reading of one input: nil when WHATWG refuses it.
  struct WHATWGReading: Sendable, Hashable {
    var scheme: String
    /// `hostname` with IPv6 brackets removed; for a custom scheme, its opaque host decoded and
    /// put through WHATWG's domain-to-ASCII (what it would be as a special scheme's host), or the
    /// opaque host lowercased when that fails.
    var host: String
    /// The port, empty when absent or the scheme's default.
    var port: String
  }

  static let oraclePath = FixturePaths.packageRoot + "/Tests/Data/whatwg-hosts.json"

  /// The recorded WHATWG readings by input; `.some(nil)` when WHATWG refuses the input.
  static let whatwg: Result<[String: WHATWGReading?], OracleError> = {
    guard let data = FileManager.default.contents(atPath: oraclePath) else {
      return .failure(OracleError(description: "cannot read \(oraclePath)"))
    }
    guard let document = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let cases = document["cases"] as? [String: Any]
    else { return .failure(OracleError(description: "\(oraclePath) is not an object with 'cases'")) }
    var readings: [String: WHATWGReading?] = [:]
    for (input, value) in cases {
      guard let fields = value as? [String: Any] else {
        readings[input] = .some(nil)
        continue
      }
      readings[input] = WHATWGReading(
        scheme: fields["scheme"] as? String ?? "", host: fields["asciiHost"] as? String ?? "",
        port: fields["port"] as? String ?? "")
    }
    return .success(readings)
  }()

  struct OracleError: Error, CustomStringConvertible {
    var description: String
  }

  /// WHATWG's reading of `input`, failing the test when the oracle file does not have it.
  static func whatwgReading(_ input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> WHATWGReading?
  {
    let readings = try whatwg.get()
    guard let reading = readings[input] else {
      Issue.record(
        "\(input.debugDescription) is not in Tests/Data/whatwg-hosts.json: run scripts/whatwg-hosts.sh",
        sourceLocation: sourceLocation)
      throw OracleError(description: "missing oracle entry")
    }
    return reading
  }

  /// Foundation's host for `input` in the router's comparison form, `.none` when Foundation refuses
  /// the input, `.some(nil)` when it has no host.
  ///
  /// Foundation writes a non-ASCII host in its IDNA ASCII form in `absoluteString`, so the host is
  /// read back from there (not through the project's own IDNA code); ASCII is lowercased, and an
  /// IPv6 literal is put in its compressed form.
  static func foundationHost(_ input: String) -> String?? {
    guard let url = URL(string: input) else { return .none }
    guard let again = URL(string: url.absoluteString), let host = again.host(percentEncoded: true) else {
      return .some(nil)
    }
    if host.contains(":") {
      var bytes = Array(host.utf8)
      return bytes.withUnsafeMutableBufferPointer { buffer in
        IPv6Address.parse(UnsafeBufferPointer(buffer), 0..<buffer.count)?.description ?? host.lowercased()
      }
    }
    return String(decoding: host.utf8.map(URLSyntax.lowercasedASCII), as: UTF8.self)
  }

  /// Foundation's port for `input` (nil when absent), or nil when Foundation refuses it.
  static func foundationPort(_ input: String) -> Int? {
    URL(string: input)?.port
  }

  /// The effective port as WHATWG prints it: empty for none or the scheme's default.
  static func effectivePort(scheme: String, port: Int?) -> String {
    guard let port else { return "" }
    let defaults = ["http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21]
    return defaults[scheme] == port ? "" : String(port)
  }

  /// Every way the router's reading of an accepted `record` differs from WHATWG's and Foundation's
  /// readings of `input`: host and effective port. Empty when all three agree.
  static func hostDisagreements(_ input: String, _ record: URLRecord) throws -> [String] {
    var out: [String] = []
    let ours = record.normalizedHost
    switch try whatwgReading(input) {
    case nil:
      out.append("WHATWG refuses it, the router accepts it")
    case let reading?:
      if reading.host != (ours ?? "") {
        out.append("WHATWG host \(reading.host.debugDescription), ours \(String(describing: ours))")
      }
      let port = effectivePort(scheme: record.normalizedScheme, port: record.port)
      if reading.port != port {
        out.append("WHATWG port \(reading.port.debugDescription), ours \(port.debugDescription)")
      }
    }
    switch foundationHost(input) {
    case .none:
      out.append("Foundation refuses it, the router accepts it")
    case .some(let host):
      if host != ours { out.append("Foundation host \(String(describing: host)), ours \(String(describing: ours))") }
      if foundationPort(input) != record.port {
        out.append(
          "Foundation port \(String(describing: foundationPort(input))), ours \(String(describing: record.port))")
      }
    }
    return out
  }
}
