import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import RouteEvents
@testable import RouteFixtures
@testable import RouteTables

/// What a user can write or read is documented: every key the table loader accepts is in
/// `docs/table-format.md`, every event kind and event key the reader accepts and every outcome
/// the engine writes is in `docs/output-format.md` (the reasons: `StableCodeTests`), and every
/// key a fixture step accepts is in `docs/testing.md`. The key lists are the ones the readers
/// use, so a key added to a reader without its documentation fails here.
@Suite struct EveryKeyDocumentedTests {
  static func page(_ name: String) throws -> String { try FixturePaths.text(FixturePaths.path("docs/" + name)) }

  @Test func everyTableKeyIsInTheTableFormatPage() throws {
    let page = try Self.page("table-format.md")
    #expect(TableLoader.acceptedKeys.count >= 10)
    for (object, keys) in TableLoader.acceptedKeys {
      #expect(!keys.isEmpty)
      for key in keys {
        #expect(page.contains("`\(key)`"), "docs/table-format.md does not document the \(object) key '\(key)'")
      }
    }
  }

  @Test func everyPolicyValueIsInTheTableFormatPage() throws {
    let page = try Self.page("table-format.md")
    let values: [(String, [String])] = [
      ("unmodifiedScenes", ScenePolicies.UnmodifiedScenes.allCases.map(\.rawValue)),
      ("ties", ScenePolicies.TieBreak.allCases.map(\.rawValue)),
      ("missingIdentifier", ScenePolicies.MissingIdentifier.allCases.map(\.rawValue)),
      ("noMatchingScene", ScenePolicies.NoMatchingScene.allCases.map(\.rawValue)),
      ("urlHandlers", ScenePolicies.URLHandlers.allCases.map(\.rawValue)),
      ("unroutedEvents", ScenePolicies.UnroutedEvents.allCases.map(\.rawValue)),
      ("fileURLGroups", ScenePolicies.FileURLGroups.allCases.map(\.rawValue)),
      ("extraURLs", ScenePolicies.ExtraURLs.allCases.map(\.rawValue)),
      ("restorationBehavior", SceneDeclaration.RestorationBehavior.allCases.map(\.rawValue)),
      ("defaultLaunchBehavior", SceneDeclaration.LaunchBehavior.allCases.map(\.rawValue)),
      ("kind", SceneDeclaration.Kind.allCases.map(\.rawValue)),
    ]
    for (key, names) in values {
      for name in names {
        #expect(page.contains("`\(name)`"), "docs/table-format.md does not document the \(key) value '\(name)'")
      }
    }
  }

  @Test func everyEventKindAndKeyIsInTheOutputFormatPage() throws {
    let page = try Self.page("output-format.md")
    for kind in EventReader.kindKeys {
      #expect(page.contains("| `\(kind)`") || page.contains(", `\(kind)` |"), "docs/output-format.md: event '\(kind)'")
    }
    let keys = [
      "activityType", "targetContentIdentifier", "webpageURL", "userInfo", "title", "universalLink", "handoff", "type",
      "from", "sharingBehavior", "shared", "requestingScene", "collectionJoinBehavior",
      "presentation", "allWindows", "session", "role", "activity", "preferring", "allowing", "value",
      "categoryIdentifier", "actionIdentifier",
    ]
    for key in keys {
      #expect(page.contains("`\(key)`"), "docs/output-format.md does not document the event key '\(key)'")
    }
    for action in Event.SessionAction.Kind.allCases {
      #expect(page.contains("`\(action.rawValue)`"), "docs/output-format.md: session action '\(action.rawValue)'")
    }
    for behavior in Event.CollectionJoinBehavior.allCases {
      #expect(page.contains("`\(behavior.rawValue)`"), "docs/output-format.md: join behavior '\(behavior)'")
    }
    for behavior in Event.SharingBehavior.allCases {
      #expect(page.contains("`\(behavior.rawValue)`"), "docs/output-format.md: sharing behavior '\(behavior)'")
    }
    for presentation in Event.DismissRequest.Presentation.allCases {
      #expect(page.contains("`\(presentation.rawValue)`"), "docs/output-format.md: presentation '\(presentation)'")
    }
  }

  @Test func everyOutcomeIsInTheOutputFormatPage() throws {
    let page = try Self.page("output-format.md")
    for outcome in Decision.Outcome.allCases {
      #expect(page.contains("`\(outcome.rawValue)`"), "docs/output-format.md does not list the outcome '\(outcome)'")
    }
  }

  @Test func everyFixtureKeyIsInTheTestingPage() throws {
    let page = try Self.page("testing.md")
    for key in RouteFixtures.FixtureLoader.keys + RouteFixtures.FixtureLoader.stepKeys {
      #expect(page.contains("`\(key)`") || page.contains("steps[].\(key)"), "docs/testing.md: fixture key '\(key)'")
    }
    for op in ExpectationMatcher.ArrayOperator.allCases {
      #expect(page.contains("\"\(op.rawValue)\""), "docs/testing.md: operator '\(op.rawValue)'")
    }
  }
}
