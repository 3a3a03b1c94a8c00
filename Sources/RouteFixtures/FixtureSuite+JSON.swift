public import RouterSupport

extension FixtureSuite {
  /// The results as one JSON document (`route-cli test --json`), schema version 1.
  ///
  /// ```json
  /// {"schemaVersion": 1, "command": "test", "passed": false, "summary": {"fixtures": 12, "steps": 40, …},
  ///  "fixtures": [{"file": …, "name": …, "passed": false, "steps": [{"index": 2, "event": …, "passed": false,
  ///                "differences": [{"path": "outcome", "expected": "deliver", "actual": "drop"}]}]}]}
  /// ```
  public func json(coverage: FixtureCoverage? = nil) -> JSONValue {
    var root = JSONObject()
    root["schemaVersion"] = 1
    root["command"] = "test"
    root["passed"] = .bool(passed)
    var summary = JSONObject()
    summary["fixtures"] = .number(JSONNumber(results.count + loadFailures.count))
    summary["steps"] = .number(JSONNumber(totalSteps))
    summary["passedSteps"] = .number(JSONNumber(passedSteps))
    summary["failedSteps"] = .number(JSONNumber(totalSteps - passedSteps))
    summary["loadFailures"] = .number(JSONNumber(loadFailures.count))
    root["summary"] = .object(summary)
    root["fixtures"] = .array(
      results.map { fixture, result in
        var f = JSONObject()
        f["file"] = .string(fixture.file)
        f["name"] = .string(fixture.name)
        f["cites"] = .array(fixture.cites.map { .string($0) })
        f["passed"] = .bool(result.passed)
        f["steps"] = .array(
          result.steps.map { step in
            var s = JSONObject()
            s["index"] = .number(JSONNumber(step.index + 1))
            if let name = step.name { s["name"] = .string(name) }
            s["event"] = .string(step.event)
            s["passed"] = .bool(step.passed)
            if !step.passed {
              s["differences"] = .array(
                step.differences.map { d in
                  var o = JSONObject()
                  o["path"] = .string(d.path)
                  o["expected"] = d.expected ?? .null
                  o["actual"] = d.actual ?? .null
                  return .object(o)
                })
            }
            return .object(s)
          })
        return .object(f)
      })
    root["loadFailures"] = .array(
      loadFailures.map { failure in
        .object(["file": .string(failure.file), "diagnostics": .array(failure.diagnostics.map(\.json))])
      })
    if let coverage {
      var c = JSONObject()
      c["percent"] = .number(JSONNumber((coverage.percent * 10).rounded() / 10) ?? JSONNumber(0))
      c["uncoveredRoutes"] = .array(coverage.uncoveredRoutes.map { .string($0) })
      c["uncoveredDeclarations"] = .array(coverage.uncoveredDeclarations.map { .string($0) })
      c["appleRulePercent"] = .number(JSONNumber((coverage.appleRulePercent * 10).rounded() / 10) ?? JSONNumber(0))
      c["uncoveredAppleRules"] = .array(coverage.uncoveredAppleRules.map { .string($0) })
      root["coverage"] = .object(c)
    }
    return .object(root)
  }
}
