import ActivityRouter
import Foundation
import Testing

/// The schema `route-cli schema` prints is the committed file, and it describes the fixtures.
@Suite struct TableSchemaTests {
  @Test func embeddedSchemaIsTheCommittedFile() throws {
    let file = try String(contentsOfFile: FixturePaths.schemas + "/route-table.schema.json", encoding: .utf8)
    #expect(TableSchema.routeTable + "\n" == file, "run scripts/embed-schemas.py")
  }

  @Test func schemaIsJSONAndNamesEveryTopLevelKey() throws {
    let schema = try #require(try JSONSerialization.jsonObject(with: Data(TableSchema.routeTable.utf8)) as? [String: Any])
    let properties = try #require(schema["properties"] as? [String: Any])
    for key in ["app", "platform", "multipleScenes", "scenes", "routes", "options"] {
      #expect(properties[key] != nil, "\(key)")
    }
  }
}
