import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import SceneDecision

/// The engine sees what differs between the URL lines of one route pattern only as observed
/// values, which mark the decision's reads by themselves; what a record reuse may rely on.
@Suite struct ObservedReadsTests {
  static let table = """
    {
      "app": "Reads", "platform": "iPadOS", "multipleScenes": true,
      "scenes": [
        { "id": "main" },
        { "id": "detail", "presents": "ID" }
      ],
      "routes": [
        { "name": "item", "url": "reads://items/{id}", "deliver": { "scene": "main", "value": "{id}" } },
        { "name": "open", "url": "reads://open/{id}", "openWindow": { "id": "detail", "value": "{id}" } }
      ]
    }
    """

  /// The same table, where 'detail' also has a matching set (S3 evaluates it against the identifier).
  static let matchingTable = table.replacingOccurrences(
    of: #"{ "id": "detail", "presents": "ID" }"#, with: #"{ "id": "detail", "presents": "ID", "matching": ["detail"] }"#
  )

  /// Whether deciding `url` (against no open window) reads what differs between lines.
  static func decides(_ url: String, in table: String = table) throws -> Bool {
    let router = try TestTables.router(table)
    let state = SessionState()
    let event = try EventReader.read(line: url).get()
    var reads = false
    _ = DecisionEngine.decide(event, router: router, state: state, explains: false, readsEventDetails: &reads)
    return reads
  }

  @Test func aReadMarksAndWritingForTheRecordDoesNot() {
    DetailReads.with(all: false) { reads in
      let value = Observed("x", reads: reads)
      _ = value.forRecord
      _ = value.map { $0 + "y" }.forRecord
      #expect(!reads.any)
      _ = value.map { $0 + "y" }.read()
      #expect(reads.any)
    }
    #expect(DetailReads.with(all: true) { $0.any })
  }

  @Test func setsThatDoNotLookAtTheTextAreNotReads() throws {
    let text = EventIdentifier(text: "reads://items/1", rule: .e1, source: "the URL's absoluteString")
    DetailReads.with(all: false) { reads in
      withUnsafePointer(to: text) { text in
        let identifier = ObservedInPlace(text, reads: reads)
        #expect(identifier.satisfies(set: ["*"], ScenePolicies()))
        #expect(!identifier.satisfies(set: ["", ""], ScenePolicies()))
        #expect(!reads.any)
        _ = identifier.forRecord
        #expect(!reads.any)
        #expect(identifier.satisfies(set: ["items"], ScenePolicies()))
        #expect(reads.any)
      }
    }
  }

  @Test func aURLDeliveredToTheFirstSceneReadsNothingOfTheURL() throws {
    #expect(try !Self.decides("reads://items/1"))
  }

  @Test func aMatchingSetThatReadsTheIdentifierIsARead() throws {
    // The 'detail' declaration's matching set is evaluated against the identifier (S3).
    #expect(try Self.decides("reads://items/1", in: Self.matchingTable))
    #expect(Self.matchingTable != Self.table)
  }

  @Test func openWindowComparesTheValueWithTheWindowsAndSoReadsIt() throws {
    #expect(try Self.decides("reads://open/1"))
  }

  @Test func eventsThatAreNotURLsAlwaysCountAsReads() throws {
    #expect(try Self.decides(#"{"openWindow":{"id":"detail","value":"1"}}"#))
  }
}
