import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// The expectation forms of a fixture step: `{"contains": …}` and `{"set": …}` against arrays,
/// sessions compared by id in any order, and per-step `policies`.
@Suite struct FixtureExpectationTests {
  static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)).value }

  static func differences(_ expected: String, _ actual: String) throws -> [ExpectationMatcher.Difference] {
    ExpectationMatcher.compare(expected: try json(expected), actual: try json(actual))
  }

  @Test(
    "contains: the listed elements in any order, others allowed",
    arguments: [
      (#"{"appleRules": {"contains": ["D4"]}}"#, true),
      (#"{"appleRules": {"contains": ["D4", "E1"]}}"#, true),
      (#"{"appleRules": {"contains": []}}"#, true),
      (#"{"appleRules": {"contains": ["D4", "K2"]}}"#, false),
      (#"{"appleRules": {"set": ["D4", "S3", "E1"]}}"#, true),
      (#"{"appleRules": {"set": ["D4", "E1"]}}"#, false),
      (#"{"appleRules": {"set": ["D4", "S3", "E1", "K2"]}}"#, false),
      (#"{"appleRules": ["D4", "S3", "E1"]}"#, false),
      (#"{"appleRules": ["E1", "S3", "D4"]}"#, true),
      (#"{"missing": {"contains": ["x"]}}"#, false),
    ])
  func arrayOperators(_ expected: String, _ passes: Bool) throws {
    let actual = #"{"outcome": "open", "appleRules": ["E1", "S3", "D4"]}"#
    #expect(try Self.differences(expected, actual).isEmpty == passes)
  }

  @Test func anObjectWithAContainsKeyIsComparedAsAnObject() throws {
    #expect(try Self.differences(#"{"v": {"contains": [1]}}"#, #"{"v": {"contains": [1], "x": 2}}"#).isEmpty)
    #expect(!(try Self.differences(#"{"v": {"contains": [1]}}"#, #"{"v": {"contains": [2]}}"#).isEmpty))
  }

  @Test func sessionsCompareByIDInAnyOrderOnTheFieldsWritten() throws {
    let actual =
      #"[{"id": "s1", "scene": "main", "state": "background"}, {"id": "s2", "scene": "editor", "state": "foregroundActive"}]"#
    let reordered = #"[{"id": "s2", "state": "foregroundActive"}, {"id": "s1"}]"#
    #expect(try Self.differences(reordered, actual).isEmpty)
    let wrong = try Self.differences(#"[{"id": "s2", "state": "background"}, {"id": "s1"}]"#, actual)
    #expect(wrong.map(\.path) == ["[id=s2].state"])
    let missing = try Self.differences(#"[{"id": "s1"}]"#, actual)
    #expect(missing.map(\.path) == ["[id=s2]"])
    #expect(missing.first?.expected == nil)
    let extra = try Self.differences(#"[{"id": "s1"}, {"id": "s2"}, {"id": "s3"}]"#, actual)
    #expect(extra.map(\.path) == ["[id=s3]"])
    #expect(extra.first?.actual == nil)
    #expect(try Self.differences(#"{"contains": [{"id": "s2", "scene": "editor"}]}"#, actual).isEmpty)
    #expect(!(try Self.differences(#"{"contains": [{"id": "s3"}]}"#, actual).isEmpty))
    // Without ids, still by position.
    #expect(!(try Self.differences(#"[{"scene": "editor"}, {"scene": "main"}]"#, actual).isEmpty))
  }

  static let fixtureText = #"""
    { "name": "per-step policies",
      "table": { "app": "P", "platform": "iPadOS", "multipleScenes": true,
                 "policies": { "unroutedEvents": "deliver" },
                 "scenes": [ { "id": "main" } ], "routes": [] },
      "sessions": [ { "id": "s1", "scene": "main" } ],
      "steps": [
        { "event": "myapp://a", "expect": { "outcome": "deliver", "session": "s1" } },
        { "event": "myapp://b", "policies": { "unmodifiedScenes": "notCandidate" },
          "expect": { "outcome": "open", "session": "s2" },
          "expectSessions": [ { "id": "s2", "state": "foregroundActive" }, { "id": "s1", "state": "foregroundInactive" } ] },
        { "event": "myapp://c", "expect": { "outcome": "deliver", "session": "s2" } },
        { "event": "myapp://d", "policies": { "unroutedEvents": "drop" },
          "expect": { "outcome": "drop", "reason": "no-route" } }
      ] }
    """#

  @Test func perStepPoliciesApplyToThatStepOnlyAndTheStateGoesOn() throws {
    let fixture = try FixtureLoader.load(source: SourceText(file: "inline.fixture.json", text: Self.fixtureText)).get()
    #expect(fixture.steps.map { $0.router != nil } == [false, true, false, true])
    let result = FixtureRunner.run(fixture)
    for step in result.steps { #expect(step.differences.isEmpty, "step \(step.index + 1): \(step.differences)") }
  }

  @Test func aBadStepPolicyIsALoadErrorThatSaysWhere() throws {
    let text = Self.fixtureText.replacingOccurrences(of: #""notCandidate""#, with: #""never""#)
    guard case .failure(let failure) = FixtureLoader.load(source: SourceText(file: "inline.fixture.json", text: text))
    else {
      Issue.record("a bad policy value loaded")
      return
    }
    #expect(failure.diagnostics.contains { $0.code == .invalidValue && $0.location?.line == 8 })
  }

  @Test func updateKeepsTheOperatorsAndTheIDs() throws {
    let text = #"""
      { "table": { "app": "P", "platform": "iPadOS", "multipleScenes": true,
                   "policies": { "unroutedEvents": "deliver" }, "scenes": [ { "id": "main" } ], "routes": [] },
        "sessions": [ { "id": "s1", "scene": "main" } ],
        "steps": [ { "event": "myapp://a", "expect": { "appleRules": { "contains": ["K2"] } },
                     "expectSessions": [ { "id": "s1", "state": "background" } ] } ] }
      """#
    let fixture = try FixtureLoader.load(source: SourceText(file: "inline.fixture.json", text: text)).get()
    let result = FixtureRunner.run(fixture)
    #expect(!result.passed)
    let updated = try #require(FixtureUpdater.updatedText(fixture, result))
    let again = try FixtureLoader.load(source: SourceText(file: "inline.fixture.json", text: updated.text)).get()
    #expect(FixtureRunner.run(again).passed)
    #expect(updated.text.contains(#""appleRules": { "contains": ["#))
    #expect(updated.text.contains(#"[{ "id": "s1", "state": "foregroundActive" }]"#))
  }
}
