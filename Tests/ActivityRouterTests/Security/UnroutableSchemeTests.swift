import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// `javascript:`, `data:` and `blob:` links are never deep links: whatever the table declares
/// (registered schemes or none), they are `notForApp` with the reason `unroutable-scheme`, not
/// `no-route` or `scheme-not-registered`. `file:` URLs still open documents (S7, W25).
@Suite struct UnroutableSchemeTests {
  static let links = [
    "javascript:alert(1)", "JavaScript:alert(document.domain)", "data:text/html,<script>x</script>",
    "data:,hello", "blob:https://notes.example.com/6f0e4f5a", "BLOB:null/1",
  ]

  static func routers() throws -> [(String, CompiledRouter)] {
    let notes = TableLoader.load(contentsOf: FixturePaths.notesTable)
    let notesTable = try #require(notes.table)
    let notesRouter = try #require(RouteCompiler.compile(notesTable).router)
    // No schemes declared: the gate lets every other scheme through to the routes.
    let bare = try TestTables.router([("everything", "notes://x/{rest*}"), ("list", "notes://notes")])
    return [("Notes", notesRouter), ("bare", bare)]
  }

  @Test(arguments: links)
  func aContentOrFileLinkIsNeverRouted(link: String) throws {
    for (name, router) in try Self.routers() {
      let event = try EventReader.read(line: link).get()
      let decision = DecisionEngine.decide(event, router: router)
      #expect(decision.outcome == .notForApp, "\(name): \(link): \(decision.outcome)")
      #expect(decision.reason == .unroutableScheme, "\(name): \(link): \(String(describing: decision.reason))")
      #expect(decision.match == nil)
    }
  }

  /// The gate's refusal carries its message only when the decision explains itself; the other
  /// fields are the same either way.
  @Test func theRefusalExplainsItselfOnlyWhenAsked() throws {
    let router = try Self.routers()[0].1
    for link in ["javascript:alert(1)", "mailto:a@example.com"] {
      let event = try EventReader.read(line: link).get()
      let explained = DecisionEngine.decide(event, router: router)
      let bare = DecisionEngine.decide(event, router: router, explains: false)
      #expect(explained.outcome == .notForApp && bare.outcome == .notForApp)
      #expect(explained.reason == bare.reason)
      #expect(!explained.message.isEmpty, "\(link)")
      #expect(bare.message.isEmpty, "\(link): \(bare.message)")
    }
  }

  @Test func otherSchemesAreDecidedAsBefore() throws {
    let routers = try Self.routers()
    let mail = DecisionEngine.decide(try EventReader.read(line: "mailto:a@example.com").get(), router: routers[0].1)
    #expect(mail.reason == .schemeNotRegistered)
    let file = DecisionEngine.decide(try EventReader.read(line: "file:///Users/me/a.txt").get(), router: routers[1].1)
    #expect(file.reason != .unroutableScheme)
  }
}
