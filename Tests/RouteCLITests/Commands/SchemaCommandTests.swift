import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli schema` prints the repository's JSON Schema, byte for byte.
@Suite struct SchemaCommandTests {
  @Test func printsExactlyTheSchemaFile() throws {
    let file = try FixturePaths.text(FixturePaths.schema)
    let run = runRouteCLI(["schema"])
    #expect(run.status == .success)
    #expect(run.stderr == "")
    #expect(run.stdout == file)
  }

  @Test func theOutputIsAJSONSchemaDocument() throws {
    let run = runRouteCLI(["schema"])
    let schema = try parseJSONObject(run.stdout)
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    let required = try #require(schema["required"] as? [String])
    #expect(Set(required).isSuperset(of: ["app", "platform", "scenes", "routes"]))
  }

  @Test func theNotesTablePointsAtTheSchema() throws {
    let table = try parseJSONObject(try FixturePaths.text(FixturePaths.notesTable))
    let reference = try #require(table["$schema"] as? String)
    let resolved = URL(fileURLWithPath: FixturePaths.notesTable).deletingLastPathComponent()
      .appendingPathComponent(reference).standardizedFileURL.path
    #expect(resolved == URL(fileURLWithPath: FixturePaths.schema).standardizedFileURL.path)
  }

  @Test func anExtraArgumentIsAUsageError() {
    let run = runRouteCLI(["schema", "fixture", "extra"])
    #expect(run.status == .usageError)
    #expect(run.stdout == "")
    #expect(
      run.stderr == """
        Error: Unexpected argument 'extra'
        Usage: route-cli schema [<format>]
          See 'route-cli schema --help' for more information.

        """)
  }
}
