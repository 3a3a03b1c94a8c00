import ActivityRouter

/// `route-bench scenes --sessions N`: the scene-selection step with N open sessions.
///
/// Opens N note-editor windows of the Notes app (by routing N note links one after another, so
/// the sessions are the ones the engine itself creates), then decides a fixed mix of events
/// against that state without applying them: links to notes that are open (an existing window
/// comes to the front), to notes that are not (a new window), tag and search links (the main
/// window), a Handoff activity and an unknown link. Decisions are made without explanations, the
/// bulk-routing form. Prints one JSON line: sessions, decisions, ns_per_decision, decisions_per_s
/// and a checksum of the outcomes (so that the work cannot be optimized away, and runs compare).
enum SceneBenchmark {
  static func run(_ options: Options) throws -> Int32 {
    let sessionCount = try options.int("sessions") ?? 1
    let decisions = try options.int("events") ?? 200_000
    let tablePath = options.string("table") ?? "Fixtures/Notes/Notes.routes.json"

    let router = try loadRouter(tablePath)

    // N open note editors (plus the main window the first link launches).
    var state = SessionState()
    for i in 0..<sessionCount {
      let decision = DecisionEngine.decide(
        try event("notes://note/\(noteID(i))"), router: router, state: state, explains: false)
      state = state.applying(decision)
    }
    let open = state.sessions.count

    var mix: [Event] = []
    for i in 0..<8 {
      mix.append(try event("notes://note/\(noteID(i * 7919 % max(sessionCount, 1)))"))  // open
      mix.append(try event("https://notes.example.com/n/\(noteID(1_000_000 + i))"))  // not open
    }
    mix.append(try event("notes://tag/work"))
    mix.append(try event("notes://search?q=meeting%20notes"))
    mix.append(
      try event(#"{"activity": {"activityType": "com.example.notes.edit", "userInfo": {"noteID": "\#(noteID(0))"}}}"#))
    mix.append(try event("notes://unknown/path"))

    var checksum = 0
    // Warm up once, then time.
    for e in mix { checksum &+= outcomeCode(DecisionEngine.decide(e, router: router, state: state, explains: false)) }
    checksum = 0
    let start = nanoseconds()
    checksum = decideMix(mix, decisions, router, state)
    let elapsed = Double(nanoseconds() - start)

    var line = JSONLine()
    line.add("sessions", open)
    line.add("decisions", decisions)
    line.add("events_in_mix", mix.count)
    line.add("ns_per_decision", elapsed / Double(max(decisions, 1)), digits: 0)
    line.add("decisions_per_s", Int(Double(decisions) / (elapsed / 1e9)))
    line.add("checksum", checksum)
    print(line.text)
    return 0
  }

  /// `count` decisions of the events of `mix` in turn against `state`: the loop callgrind
  /// counts (scripts/bench-engine.sh).
  @inline(never)
  static func decideMix(_ mix: [Event], _ count: Int, _ router: CompiledRouter, _ state: SessionState) -> Int {
    var checksum = 0
    var k = 0
    for _ in 0..<count {
      let decision = DecisionEngine.decide(mix[k], router: router, state: state, explains: false)
      checksum &+= outcomeCode(decision) &* (k &+ 1)
      k &+= 1
      if k == mix.count { k = 0 }
    }
    return checksum
  }

  static func event(_ line: String) throws -> Event {
    switch EventReader.read(line: line) {
    case .success(let event): return event
    case .failure(let error): throw BenchError("bad event '\(line)': \(error)")
    }
  }

  /// A distinct UUID per index.
  static func noteID(_ i: Int) -> String {
    let hex = String(i, radix: 16)
    let tail = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    return "6F0E4F5A-6A57-4B55-9B0A-" + tail.uppercased()
  }

  static func outcomeCode(_ decision: Decision) -> Int {
    (Decision.Outcome.allCases.firstIndex(of: decision.outcome) ?? 0) &+ 1 &+ (decision.session?.utf8.count ?? 0)
  }
}
