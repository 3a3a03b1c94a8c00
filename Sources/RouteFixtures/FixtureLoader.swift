import FoundationEssentials
import RouteMatcher
import RouteTables
public import RouterSupport
import SceneDecision

/// Reads fixture files (`*.fixture.json`, `Schemas/fixture.schema.json`), resolving the table
/// and session files relative to the fixture, and reporting every problem with its position.
///
/// ```swift
/// switch FixtureLoader.load(contentsOf: path) {
/// case .success(let fixture): print(fixture.steps.count)
/// case .failure(let problems): print(problems.diagnostics)
/// }
/// ```
public enum FixtureLoader {
  /// Why a fixture could not be loaded: its diagnostics and the sources they point into.
  public struct Failure: Error, Sendable {
    public var diagnostics: [Diagnostic]
    public var sources: [SourceText]
  }

  static let keys = ["name", "cites", "description", "table", "platform", "multipleScenes", "sessions", "steps"]
  static let stepKeys = ["name", "event", "aasa", "policies", "expect", "expectSessions"]

  /// Loads a fixture file.
  public static func load(contentsOf path: String) -> Result<Fixture, Failure> {
    switch BoundedFileReader.read(path, kind: .fixture) {
    case .success(let bytes):
      return load(source: SourceText(file: path, bytes: bytes))
    case .failure(let failure):
      return .failure(Failure(diagnostics: [failure.diagnostic(reading: .fixture, path)], sources: []))
    }
  }

  /// Loads a fixture from text; relative paths resolve against the directory of `source.file`.
  public static func load(source: SourceText) -> Result<Fixture, Failure> {
    let root: JSONNode
    do {
      root = try JSONParser.parse(source.bytes)
    } catch {
      guard !ForeignFile.isForeign(source.bytes, as: .fixture) else {
        let d = ForeignFile.diagnostic(error.code, file: source.file, kind: .fixture, bytes: source.bytes)
        return .failure(Failure(diagnostics: [d], sources: []))
      }
      return .failure(Failure(diagnostics: [error.diagnostic(in: source.lines)], sources: [source]))
    }
    var reader = JSONFieldReader(source: source)
    var sources = [source]
    let what = "a fixture"
    // A route table given where a fixture is expected: say so once, not a key at a time.
    if case .object(let members) = root.kind, members.contains(where: { $0.key == "routes" }),
      !members.contains(where: { $0.key == "steps" })
    {
      reader.error(
        .wrongType,
        "this is a route table, not a fixture: check it with 'route-cli check \(source.file)'; a fixture names it in 'table' and lists 'steps' (docs/testing.md)",
        at: root.start)
      return .failure(Failure(diagnostics: reader.diagnostics, sources: sources))
    }
    guard let f = reader.object(root, what: what, keys: keys) else {
      return .failure(Failure(diagnostics: reader.diagnostics, sources: sources))
    }
    let directory = source.file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
      separator: "/")
    func resolve(_ path: String) -> String {
      FilePaths.normalize(path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path)
    }
    // The table: a path or an inline object.
    var table: RouteTable?
    var tablePath: String?
    if let member = f["table"] {
      switch member.value.kind {
      case .string(let path):
        tablePath = resolve(path)
        let loaded = TableLoader.load(contentsOf: resolve(path))
        sources.append(loaded.source)
        // A table that cannot be read at all is reported where the fixture names it.
        reader.diagnostics += loaded.diagnostics.map { d in
          guard d.location == nil else { return d }
          var placed = d
          placed.location = reader.location(member.value.start)
          return placed
        }
        table = loaded.table
      case .object:
        var tableReader = JSONFieldReader(source: source)
        table = TableLoader.readTable(member.value, &tableReader)
        reader.diagnostics += tableReader.diagnostics
      default:
        reader.error(.wrongType, "'table' must be a path or an inline table object", at: member.value.start)
      }
    } else {
      reader.missing("table", in: root, what: what)
    }
    if var t = table {
      if let p = reader.choice(f["platform"], Platform.self) { t.platform = p }
      if let m = reader.bool(f["multipleScenes"]) { t.multipleScenes = m }
      table = t
    }
    let name =
      reader.string(f["name"], in: root, what: what)
      ?? String(source.file.split(separator: "/").last ?? Substring(source.file))
    let cites = reader.strings(f["cites"])?.map(\.0) ?? []
    _ = reader.string(f["description"], in: root, what: what)
    // Compile before reading sessions, which refer to the table's scenes.
    var router: CompiledRouter?
    if let table, !reader.diagnostics.hasErrors {
      let compiled = RouteCompiler.compile(table)
      reader.diagnostics += compiled.diagnostics.filter { $0.severity == .error }
      router = compiled.router
    }
    var state = SessionState()
    if let member = f["sessions"], let table {
      state = readSessions(member, table: table, resolve: resolve, &reader, &sources)
    }
    let steps = readSteps(
      f["steps"], root: root, table: router?.table, source: source, resolve: resolve, &reader, &sources)
    guard let router, !reader.diagnostics.hasErrors else {
      return .failure(Failure(diagnostics: reader.diagnostics, sources: sources))
    }
    return .success(
      Fixture(
        name: name, cites: cites, file: source.file, router: router, tablePath: tablePath,
        initialState: state, steps: steps, source: source))
  }

  static func readSessions(
    _ member: JSONMember, table: RouteTable, resolve: (String) -> String, _ reader: inout JSONFieldReader,
    _ sources: inout [SourceText]
  ) -> SessionState {
    switch member.value.kind {
    case .string(let path):
      let data: [UInt8]
      switch BoundedFileReader.read(resolve(path), kind: .sessions) {
      case .success(let bytes): data = bytes
      case .failure(let failure):
        reader.error(
          failure.code(reading: .sessions), failure.message(reading: .sessions, path), at: member.value.start)
        return SessionState()
      }
      let source = SourceText(file: resolve(path), bytes: data)
      sources.append(source)
      let (state, diagnostics) = SessionState.load(source: source, table: table)
      reader.diagnostics += diagnostics.map { d in
        guard d.location == nil else { return d }
        var placed = d
        placed.location = reader.location(member.value.start)
        return placed
      }
      return state ?? SessionState()
    case .array(let items):
      var sessions: [Session] = []
      for (i, item) in items.enumerated() {
        if let s = SessionState.readSession(item, position: i, table: table, &reader) { sessions.append(s) }
      }
      return SessionState(sessions: sessions)
    case .object:
      return SessionState.read(member.value, table: table, &reader)
    default:
      reader.error(
        .wrongType, "'sessions' must be a path, an array of sessions or a state object", at: member.value.start)
      return SessionState()
    }
  }

  static func readSteps(
    _ member: JSONMember?, root: JSONNode, table: RouteTable?, source: SourceText, resolve: (String) -> String,
    _ reader: inout JSONFieldReader, _ sources: inout [SourceText]
  ) -> [Fixture.Step] {
    guard let member else {
      reader.missing("steps", in: root, what: "a fixture")
      return []
    }
    guard case .array(let items) = member.value.kind else {
      reader.error(.wrongType, "'steps' must be an array", at: member.value.start)
      return []
    }
    var steps: [Fixture.Step] = []
    for item in items {
      let what = "a step"
      guard let f = reader.object(item, what: what, keys: stepKeys) else { continue }
      if let question = f["aasa"] {
        if let event = f["event"] {
          reader.error(.invalidValue, "a step has an 'event' or an 'aasa' question, not both", at: event.keyStart)
        }
        if let policies = f["policies"] {
          reader.error(.invalidValue, "'policies' do not apply to an 'aasa' question", at: policies.keyStart)
        }
        guard let aasa = readAASAQuestion(question, in: source, resolve: resolve, &reader, &sources) else { continue }
        var step = Fixture.Step(
          name: reader.string(f["name"], in: item, what: what), event: aasa.url,
          expect: f["expect"]?.value.value, expectSessions: f["expectSessions"]?.value.value)
        step.aasa = aasa
        step.location = reader.location(item.start)
        step.expectRange = f["expect"].map { $0.value.start..<$0.value.end }
        step.expectSessionsRange = f["expectSessions"].map { $0.value.start..<$0.value.end }
        steps.append(step)
        continue
      }
      guard let event = f["event"] else {
        reader.missing("event", in: item, what: what)
        continue
      }
      var line: String
      switch event.value.kind {
      case .string(let s): line = s
      case .object:
        var out: [UInt8] = []
        JSONWriter.append(event.value.value, to: &out)
        line = String(decoding: out, as: UTF8.self)
      default:
        reader.error(.wrongType, "'event' must be a URL string or a JSON event object", at: event.value.start)
        continue
      }
      var step = Fixture.Step(
        name: reader.string(f["name"], in: item, what: what), event: line,
        expect: f["expect"]?.value.value, expectSessions: f["expectSessions"]?.value.value)
      if let policies = f["policies"], var t = table {
        // The table's policies with this step's on top, for this step only.
        let errors = reader.diagnostics.count
        t.policies = TableLoader.readPolicies(policies, &reader, base: t.policies)
        if !reader.diagnostics[errors...].contains(where: { $0.severity == .error }) {
          let compiled = RouteCompiler.compile(t)
          reader.diagnostics += compiled.diagnostics.filter { $0.severity == .error }
          step.router = compiled.router
        }
      }
      step.location = reader.location(item.start)
      step.expectRange = f["expect"].map { $0.value.start..<$0.value.end }
      step.expectSessionsRange = f["expectSessions"].map { $0.value.start..<$0.value.end }
      steps.append(step)
    }
    return steps
  }
}
