public import RouteMatcher
public import RouterSupport
public import SceneDecision

/// A route regression fixture: a table, the sessions open at the start, and a sequence of
/// events, each with the decision it must get. Steps are stateful: each decision is applied
/// before the next step.
///
/// ```json
/// { "name": "a note link opens an editor", "cites": ["S4", "W8"],
///   "table": "../Notes/Notes.routes.json",
///   "steps": [ { "event": "notes://note/6F0E…", "expect": { "outcome": "open", "scene": "note-editor" } } ] }
/// ```
/// ```swift
/// let fixture = try FixtureLoader.load(contentsOf: "Fixtures/Notes/cold-launch.fixture.json").get()
/// let result = FixtureRunner.run(fixture)
/// result.passed   // true
/// ```
public struct Fixture: Sendable {
  /// One event and what its decision must be.
  public struct Step: Sendable {
    /// An optional label for reports.
    public var name: String?
    /// The event line, as `route-cli route` reads it (a URL, or a JSON event).
    public var event: String
    /// The expected record, compared on the fields it writes (see ``ExpectationMatcher``);
    /// nil when the step only moves the state along.
    public var expect: JSONValue?
    /// The expected open sessions after the step, compared by session id on the fields written
    /// (or with `{"contains": [...]}`).
    public var expectSessions: JSONValue?
    /// A question to an AASA file in place of an event (``AASAQuestion``); the sessions stay as they are.
    public var aasa: AASAQuestion?
    /// The router for this step alone when it overrides the table's `policies` (the same table
    /// with those policies, compiled); nil for the fixture's router.
    public var router: CompiledRouter?
    /// Where the step is written.
    public var location: SourceLocation?
    /// The byte ranges of its `expect` and `expectSessions` values, for `--update`.
    public var expectRange: Range<Int>?
    public var expectSessionsRange: Range<Int>?

    /// Creates a step.
    public init(name: String? = nil, event: String, expect: JSONValue? = nil, expectSessions: JSONValue? = nil) {
      self.name = name
      self.event = event
      self.expect = expect
      self.expectSessions = expectSessions
    }
  }

  /// The fixture's name (the file name when none is given).
  public var name: String
  /// The Apple rule IDs the fixture demonstrates.
  public var cites: [String]
  /// The path of the fixture file.
  public var file: String
  /// The compiled table the steps run against.
  public var router: CompiledRouter
  /// The path of the table file, or nil for an inline table.
  public var tablePath: String?
  public var initialState: SessionState
  public var steps: [Step]
  /// The source text, for `--update` and diagnostics.
  public var source: SourceText?

  /// Creates a fixture.
  public init(
    name: String, cites: [String] = [], file: String, router: CompiledRouter, tablePath: String? = nil,
    initialState: SessionState = SessionState(), steps: [Step], source: SourceText? = nil
  ) {
    self.name = name
    self.cites = cites
    self.file = file
    self.router = router
    self.tablePath = tablePath
    self.initialState = initialState
    self.steps = steps
    self.source = source
  }
}
