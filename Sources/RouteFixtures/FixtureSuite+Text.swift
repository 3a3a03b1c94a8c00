import DecisionRecords
import RouterSupport

extension FixtureSuite {
  /// Styling for the report: none, or ANSI colours on a terminal.
  public struct Style: Sendable {
    public var pass = "", fail = "", expected = "", actual = "", dim = "", reset = ""
    public static let plain = Style()
    public static let ansi = Style(
      pass: "\u{1B}[32m", fail: "\u{1B}[1;31m", expected: "\u{1B}[31m", actual: "\u{1B}[32m",
      dim: "\u{1B}[2m", reset: "\u{1B}[0m")
  }

  /// The report for people: a line per fixture (`✓` or `✗`), each failing step with its event
  /// and an expected/actual diff (`-` expected, `+` actual), then a summary line.
  ///
  /// ```
  /// ✗ Fixtures/Notes/fixtures/tags.fixture.json — Notes: tags
  ///   step 2 "a tag link reaches main" (line 12): notes://tag/work
  ///     - outcome: "deliver"
  ///     + outcome: "drop"
  /// 12 fixtures, 40 steps: 39 passed, 1 failed
  /// ```
  public func textReport(style: Style = .plain, verbose: Bool = false) -> String {
    var out = ""
    for failure in loadFailures {
      out += "\(style.fail)✗\(style.reset) \(failure.file) — cannot be loaded\n"
      let rendered = DiagnosticRenderer(sources: failure.sources).render(failure.diagnostics)
      out += rendered.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(
        separator: "\n")
      out += "\n"
    }
    for (fixture, result) in results {
      let steps = result.steps.count
      if result.passed {
        if verbose {
          out +=
            "\(style.pass)✓\(style.reset) \(fixture.file) — \(fixture.name) \(style.dim)(\(steps) step\(steps == 1 ? "" : "s"))\(style.reset)\n"
        }
        continue
      }
      out += "\(style.fail)✗\(style.reset) \(fixture.file) — \(fixture.name)\n"
      for step in result.steps where !step.passed {
        let label = step.name.map { " \"\($0)\"" } ?? ""
        let line = step.location.map { " (line \($0.line))" } ?? ""
        out += "  step \(step.index + 1)\(label)\(line): \(step.event)\n"
        for d in step.differences {
          out += "    \(style.expected)- \(d.path): \(d.expected?.description ?? "(absent)")\(style.reset)\n"
          out += "    \(style.actual)+ \(d.path): \(d.actual?.description ?? "(absent)")\(style.reset)\n"
        }
      }
    }
    out += summary(style: style) + "\n"
    return out
  }

  /// `N fixtures, M steps: P passed, F failed` (and load failures).
  public func summary(style: Style = .plain) -> String {
    let failedSteps = totalSteps - passedSteps
    var text = "\(results.count + loadFailures.count) fixture\(results.count + loadFailures.count == 1 ? "" : "s"), "
    text += "\(totalSteps) step\(totalSteps == 1 ? "" : "s"): \(passedSteps) passed"
    if failedSteps > 0 { text += ", \(style.fail)\(failedSteps) failed\(style.reset)" }
    if !loadFailures.isEmpty { text += ", \(style.fail)\(loadFailures.count) could not be loaded\(style.reset)" }
    return text
  }
}
