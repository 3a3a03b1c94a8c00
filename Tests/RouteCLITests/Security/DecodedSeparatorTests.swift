import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// A path value whose raw text held `%2F` or `%5C` is flagged (docs/security.md, "Decoded
/// separators"): `RouteMatch.decodedSeparators`, `"decodedSeparators"` in NDJSON and in text;
/// records of other values are unchanged.
@Suite struct DecodedSeparatorTests {
  static func router() throws -> CompiledRouter {
    try TestTables.router([
      ("tag", "notes://tag/{name}"), ("file", "notes://files/{rest*}"), ("search", "notes://search?q={query}"),
    ])
  }

  @Test(arguments: [
    ("notes://tag/a%2Fb", ["name"]), ("notes://tag/a%2fb", ["name"]), ("notes://tag/a%5Cb", ["name"]),
    ("notes://tag/..%5c..%5cetc", ["name"]), ("notes://tag/a%252Fb", []), ("notes://tag/a%20b", []),
    ("notes://tag/ab", []), ("notes://tag/a%25", []), ("notes://files/a/b/c", []),
    ("notes://search?q=a%2Fb", []),
  ])
  func theMatchNamesTheValuesThatDecodedToASeparator(_ url: String, _ names: [String]) throws {
    let match = try #require(try Self.router().match(url: url).get(), "\(url)")
    #expect(match.decodedSeparators == names, "\(url)")
  }

  @Test func theRecordSaysSoAndOtherRecordsAreUnchanged() throws {
    let directory = try TemporaryDirectory()
    let table = try directory.write(
      "t.json", TestTables.json(routes: [TestTables.route("tag", "notes://tag/{name}")]))
    let lines = ["notes://tag/plain", "notes://tag/a%2F..%2Fadmin", "notes://tag/plain2"]
    let json = runRouteCLI(["route", table, "--json"], stdin: lines.joined(separator: "\n") + "\n")
    let records = json.stdoutLines
    try #require(records.count == 3)
    #expect(records[1].contains(#""params":{"name":"a/../admin"},"decodedSeparators":["name"],"#), "\(records[1])")
    #expect(!records[0].contains("decodedSeparators") && !records[2].contains("decodedSeparators"))
    #expect(
      records[0]
        == #"{"line":1,"input":"notes://tag/plain","event":"url","outcome":"open","scene":"main","session":"s1","receiver":{"scene":"main","session":"s1","new":true},"rule":"tag","params":{"name":"plain"},"action":"deliver","appleRules":["E1","V3","S4","D1","D4","D6"]}"#,
      "\(records[0])")
    let text = runRouteCLI(["route", table], stdin: lines.joined(separator: "\n") + "\n").stdoutLines
    try #require(text.count == 3)
    #expect(text[1].contains(#"{"name":"a/../admin"} decodedSeparators ["name"]"#), "\(text[1])")
    #expect(!text[0].contains("decodedSeparators"))
  }
}
