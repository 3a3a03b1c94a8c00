public import AppleAppFiles
import RouteEvents
import RouteTables
public import RouterSupport

/// A fixture step that asks an apple-app-site-association file about a URL instead of deciding
/// an event: "which app of this file opens this URL?" (or, with an app ID, "does it open this
/// app?"), whatever app the fixture's table is for. The answer is the object `route-cli aasa
/// --json` writes for the URL (without its `line`), from the same matcher (L5–L17).
///
/// ```swift
/// // { "aasa": { "file": "../apple-app-site-association", "url": "https://example.com/shop/1" },
/// //   "expect": { "outcome": "opens", "appIDs": ["ABCDE12345.com.example.shop"] } }
/// question.answer()["appIDs"]   // ["ABCDE12345.com.example.shop"]
/// ```
public struct AASAQuestion: Sendable {
  /// The file asked.
  public var association: AppSiteAssociation
  /// The URL, as the step writes it.
  public var url: String
  /// The app asked about, or nil for "any app of the file".
  public var appID: String?

  /// Creates a question.
  public init(association: AppSiteAssociation, url: String, appID: String? = nil) {
    self.association = association
    self.url = url
    self.appID = appID
  }

  /// The answer as a record: `url`, then the verdict's fields (`outcome`, `opens`, `reason`,
  /// `details`, `component`, `pattern`, `appIDs`, `appleRules`, `message`, …), or an `error`
  /// for a URL that is not one.
  public func answer() -> JSONValue {
    var object: JSONObject = ["url": .string(url)]
    do {
      let record = try URLRecord(parsing: url)
      object.members += association.evaluate(record, appID: appID).json.members
    } catch {
      object["outcome"] = "error"
      object["error"] = [
        "code": .string(error.code.rawValue), "reason": .string(error.reason.rawValue),
        "column": .number(JSONNumber(error.offset + 1)), "message": .string(error.message),
      ]
    }
    return .object(object)
  }
}

extension FixtureLoader {
  static let aasaKeys = ["file", "url", "appID", "domain"]

  /// `{"file": PATH or an inline AASA object, "url": URL, "appID": ID, "domain": HOST}`.
  static func readAASAQuestion(
    _ member: JSONMember, in source: SourceText, resolve: (String) -> String, _ reader: inout JSONFieldReader,
    _ sources: inout [SourceText]
  ) -> AASAQuestion? {
    let what = "an 'aasa' question"
    guard let f = reader.object(member.value, what: what, keys: aasaKeys) else { return nil }
    guard let url = reader.string(f["url"], required: "url", in: member.value, what: what) else { return nil }
    let domain = reader.string(f["domain"], in: member.value, what: what).map {
      AppSiteAssociation.normalizedDomain($0) ?? $0
    }
    let appID = reader.string(f["appID"], in: member.value, what: what)
    guard let file = f["file"] else {
      reader.missing("file", in: member.value, what: what)
      return nil
    }
    let loaded: LoadedAppSiteAssociation
    switch file.value.kind {
    case .string(let path):
      loaded = AppSiteAssociation.load(path: resolve(path), domain: domain, displayName: resolve(path))
      sources.append(loaded.source)
    case .object:
      // Inline: the fixture's bytes with everything outside the object blanked (newlines kept),
      // so that the file's diagnostics point into the fixture at the right line and column.
      var bytes = source.bytes
      for i in bytes.indices where !(file.value.start..<file.value.end).contains(i) && bytes[i] != UInt8(ascii: "\n") {
        bytes[i] = UInt8(ascii: " ")
      }
      loaded = AppSiteAssociation.parse(source: SourceText(file: source.file, bytes: bytes), domain: domain)
    default:
      reader.error(
        .wrongType, "'file' must be a path or an inline apple-app-site-association object", at: file.value.start)
      return nil
    }
    // A file that cannot be read at all is reported where the step names it.
    for d in loaded.diagnostics where d.severity == .error {
      var placed = d
      if placed.location == nil { placed.location = reader.location(file.value.start) }
      reader.diagnostics.append(placed)
    }
    guard let association = loaded.association else { return nil }
    return AASAQuestion(association: association, url: url, appID: appID)
  }
}
