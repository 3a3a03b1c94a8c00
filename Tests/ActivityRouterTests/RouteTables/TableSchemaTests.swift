import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// The schema `route-cli schema` prints is the committed file, and it describes the fixtures.
@Suite struct TableSchemaTests {
  @Test(arguments: [
    ("route-table.schema.json", TableSchema.routeTable), ("fixture.schema.json", TableSchema.fixture),
    ("sessions.schema.json", TableSchema.sessions),
  ])
  func embeddedSchemaIsTheCommittedFile(_ name: String, _ embedded: String) throws {
    let file = try String(contentsOfFile: FixturePaths.schemas + "/" + name, encoding: .utf8)
    #expect(embedded + "\n" == file, "run scripts/embed-schemas.py")
    #expect(try JSONSerialization.jsonObject(with: Data(embedded.utf8)) is [String: Any])
  }

  @Test func schemaIsJSONAndNamesEveryTopLevelKey() throws {
    let schema = try #require(
      try JSONSerialization.jsonObject(with: Data(TableSchema.routeTable.utf8)) as? [String: Any])
    let properties = try #require(schema["properties"] as? [String: Any])
    for key in [
      "app", "platform", "multipleScenes", "lifecycle", "scenes", "routes", "options", "policies",
      "configurationForConnecting",
    ] {
      #expect(properties[key] != nil, "\(key)")
    }
  }
}
