import ActivityRouter

/// `route-bench scenes --sessions N`: the scene-selection step with N open sessions.
///
/// TODO(issue 6, item 4): the session-state API (open scenes and their presented values, which
/// the scene-selection step reads) is being written in `Decision/` and does not exist yet on
/// this branch. When it lands, build N open sessions of one window group here, route a fixed
/// event list through the decision step with that state, and print events, sessions,
/// ns_per_decision and decisions_per_s like `route-bench match` does.
enum SceneBenchmark {
  static func run(_ options: Options) throws -> Int32 {
    let sessions = try options.int("sessions") ?? 1
    printError("route-bench scenes: not available yet (sessions \(sessions)): the session-state API in Decision/ is still being written; see the TODO in SceneBenchmark.swift")
    return 3
  }
}
