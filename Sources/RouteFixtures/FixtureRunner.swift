import DecisionRecords
import RouteEvents
public import RouterSupport
import SceneDecision

/// Runs fixtures: each step's event is decided against the current sessions, its record compared
/// with the expectation, and the decision applied before the next step.
///
/// ```swift
/// let result = FixtureRunner.run(fixture)
/// for step in result.steps where !step.passed { print(step.differences) }
/// ```
public enum FixtureRunner {
  /// The result of one step.
  public struct StepResult: Sendable {
    public var index: Int
    public var name: String?
    public var event: String
    /// The actual record, as its NDJSON object.
    public var actual: JSONValue
    public var differences: [ExpectationMatcher.Difference]
    /// The open sessions after the step.
    public var sessionsAfter: JSONValue
    public var location: SourceLocation?
    /// Whether the step had anything to check.
    public var checked: Bool
    /// How long the step took to decide and compare, for the `time` of a JUnit report.
    public var duration: Duration = .zero
    public var passed: Bool { differences.isEmpty }
  }

  /// The result of one fixture.
  public struct Result: Sendable {
    public var fixture: String
    public var file: String
    public var cites: [String]
    public var steps: [StepResult]
    /// How long reading, loading and compiling the fixture and its table took (set by ``FixtureSuite``).
    public var loading: Duration = .zero
    public var passed: Bool { steps.allSatisfy(\.passed) }
    /// Loading and every step.
    public var duration: Duration { steps.reduce(loading) { $0 + $1.duration } }
  }

  /// Runs every step of a fixture: a stateful run of its events through a ``LineRouter``, each
  /// record compared with the step's expectation.
  public static func run(_ fixture: Fixture) -> Result {
    // Decisions explain themselves, so that an expectation may pin their `message`.
    var lines = LineRouter(
      router: fixture.router, sessions: fixture.initialState,
      options: .init(format: .json, explains: true, stateful: true))
    var results: [StepResult] = []
    let clock = ContinuousClock()
    for (index, step) in fixture.steps.enumerated() {
      let start = clock.now
      var bytes: [UInt8] = []
      if let question = step.aasa {
        // A question to an AASA file: its answer is the record, and the sessions stay.
        JSONWriter.append(question.answer(), to: &bytes)
      } else if let router = step.router {
        // A step that overrides the policies: decided by the same table with its policies, from
        // the same sessions; the run goes on from the sessions it leaves.
        var once = LineRouter(router: router, sessions: lines.sessions, options: lines.options)
        once.route(line: index + 1, text: step.event, into: &bytes)
        lines = LineRouter(router: fixture.router, sessions: once.sessions, options: lines.options)
      } else {
        lines.route(line: index + 1, text: step.event, into: &bytes)
      }
      var actual = (try? JSONParser.parse(bytes))?.value ?? .null
      // The trace is for reading a decision, not a field fixtures pin (`route-cli test --explain`
      // is not a thing): the record is compared without it.
      if case .object(var record) = actual {
        record["trace"] = nil
        actual = .object(record)
      }
      let sessions = lines.sessions.json["sessions"] ?? .array([])
      var differences: [ExpectationMatcher.Difference] = []
      if let expect = step.expect { differences += ExpectationMatcher.compare(expected: expect, actual: actual) }
      if let expected = step.expectSessions {
        differences += ExpectationMatcher.compare(expected: expected, actual: sessions, path: "sessions")
      }
      results.append(
        StepResult(
          index: index, name: step.name, event: step.event, actual: actual, differences: differences,
          sessionsAfter: sessions, location: step.location,
          checked: step.expect != nil || step.expectSessions != nil, duration: clock.now - start))
    }
    return Result(fixture: fixture.name, file: fixture.file, cites: fixture.cites, steps: results)
  }
}
