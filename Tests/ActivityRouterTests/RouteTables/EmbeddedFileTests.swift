import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// A table may embed the files it names (`{"file", "contents"}` / `{"file", "base64"}`) instead of
/// giving paths: the same claims, from a table anywhere; each mistake positioned.
@Suite struct EmbeddedFileTests {
  static let apps = FixturePaths.fixtures + "/Apps"

  static func table(_ body: String, file: String = "/nowhere/bundle.routes.json") -> LoadedTable {
    TableLoader.load(
      source: SourceText(
        file: file,
        text: """
          {
            "app": "Notes", "platform": "iPadOS", "appID": "ABCDE12345.com.example.notes",
            "scenes": [{ "id": "main" }], "routes": [],
            \(body)
          }
          """))
  }

  /// A JSON string literal of `text`.
  static func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    JSONWriter.appendString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  static func contents(_ path: String) throws -> String {
    try String(contentsOfFile: apps + "/" + path, encoding: .utf8)
  }

  @Test func embeddedFilesSayWhatTheirPathsSay() throws {
    let byPath = Self.table(
      """
      "infoPlist": "../Apps/Notes/Info.plist",
      "associatedDomains": { "applinks:notes.example.com": "../Apps/Notes/apple-app-site-association" }
      """, file: FixturePaths.fixtures + "/Notes/test.routes.json")
    let embedded = Self.table(
      """
      "infoPlist": { "file": "Info.plist", "contents": \(Self.quoted(try Self.contents("Notes/Info.plist"))) },
      "associatedDomains": { "applinks:notes.example.com": { "file": "apple-app-site-association",
        "contents": \(Self.quoted(try Self.contents("Notes/apple-app-site-association"))) } }
      """)
    #expect(byPath.diagnostics.isEmpty && embedded.diagnostics.isEmpty, "\(byPath.diagnostics) \(embedded.diagnostics)")
    let a = try #require(byPath.table?.claims)
    let b = try #require(embedded.table?.claims)
    #expect(a.urlSchemes == b.urlSchemes && !a.urlSchemes.isEmpty)
    #expect(a.activityTypes == b.activityTypes)
    #expect(a.associations.count == 1 && b.associations.count == 1)
    let url = try URLRecord(parsing: "https://notes.example.com/n/42/export")
    #expect(
      a.associations.values.first?.evaluate(url, appID: a.appID).reason
        == b.associations.values.first?.evaluate(url, appID: b.appID).reason)
    #expect(byPath.table?.multipleScenes == embedded.table?.multipleScenes)
  }

  @Test func aBinaryPlistIsEmbeddedAsBase64() throws {
    let xml = try Data(contentsOf: URL(fileURLWithPath: Self.apps + "/Notes/Info.plist"))
    let plist = try PropertyListSerialization.propertyList(from: xml, format: nil)
    let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    let loaded = Self.table(
      #""infoPlist": { "file": "Info.plist", "base64": "\#(binary.base64EncodedString())" }"#)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    #expect(loaded.table?.claims.urlSchemes.contains("notes") == true)
  }

  @Test(arguments: [
    (#""infoPlist": { "file": "Info.plist" }"#, "4:16", "in 'contents' or its bytes in 'base64', one of the two"),
    (#""infoPlist": { "file": "I", "contents": "x", "base64": "eA==" }"#, "4:16", "one of the two"),
    (#""infoPlist": { "file": "I", "base64": "not base64!" }"#, "4:41", "base64 (RFC 4648)"),
    (#""infoPlist": { "contents": "x" }"#, "4:16", "needs a 'file' key"),
    (#""infoPlist": { "file": "I", "contents": 3 }"#, "4:43", "the file's text, a string"),
    (#""infoPlist": { "file": "I", "contents": "x", "path": "y" }"#, "4:48", "unknown key 'path'"),
    (#""infoPlist": 7"#, "4:16", "must be a path or an embedded file"),
  ])
  func mistakesArePositioned(body: String, position: String, message: String) throws {
    let loaded = Self.table(body)
    let error = try #require(loaded.diagnostics.first { $0.severity == .error })
    #expect(error.message.contains(message), "\(error)")
    #expect(error.location.map { "\($0.line):\($0.column)" } == position, "\(error)")
    #expect(error.location?.file == "/nowhere/bundle.routes.json")
  }

  @Test func anEmbeddedFileHasTheLimitOfItsKind() {
    let big = String(repeating: " ", count: 128 << 10) + "{}"
    let loaded = Self.table(#""associatedDomains": { "applinks:x.example": { "file": "a", "contents": "\#(big)" } }"#)
    #expect(
      loaded.diagnostics.contains { $0.message.contains("may have 131072") }, "\(loaded.diagnostics.map(\.message))")
  }

  @Test func diagnosticsInsideAnEmbeddedFileNameItWithItsOwnLines() throws {
    let aasa = "{\n  \"applinks\": {\n    \"details\": [ { \"appID\": 5 } ]\n  }\n}"
    let loaded = Self.table(
      #""associatedDomains": { "applinks:x.example": { "file": "aasa.json", "contents": \#(Self.quoted(aasa)) } }"#)
    let d = try #require(loaded.diagnostics.first { $0.severity == .error })
    #expect(d.location?.file == "aasa.json (embedded in /nowhere/bundle.routes.json)")
    #expect(d.location?.line == 3)
  }
}
