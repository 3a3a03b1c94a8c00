import DecisionRecords
import RouterSupport

extension FixtureSuite {
  /// One self-contained HTML page (`route-cli test --html report.html`): the summary, coverage
  /// by route, scene and Apple rule, every fixture with its steps, and each failing step with
  /// its expected/actual diff. The page loads nothing: its style and its one script (the
  /// "only failures" switch) are inline, so it opens from a CI artifact as it is.
  ///
  /// ```swift
  /// let page = suite.htmlReport(coverage: FixtureCoverage(suite))
  /// try AtomicFile.write(Array(page.utf8), to: "report.html")
  /// ```
  public func htmlReport(coverage: FixtureCoverage) -> String {
    var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<title>route-cli test: \(xml(summary()))</title>\n"
    out += "<style>\n\(Self.pageStyle)</style>\n</head>\n"
    out += "<body class=\"\(passed ? "passed" : "failed")\" data-failed-steps=\"\(totalSteps - passedSteps)\">\n"
    out += "<header>\n<h1>route-cli test</h1>\n"
    out += "<p id=\"summary\" class=\"\(passed ? "pass" : "fail")\">\(xml(summary()))</p>\n"
    out += "<label><input type=\"checkbox\" id=\"only-failures\"> Only failures</label>\n</header>\n"
    out += coverageSection(coverage)
    if !loadFailures.isEmpty {
      out += "<section id=\"load-failures\">\n<h2>Fixtures that cannot be loaded (\(loadFailures.count))</h2>\n"
      for failure in loadFailures {
        out += "<div class=\"fixture failed load\">\n<h3><span class=\"mark\">✗</span> \(xml(failure.file))</h3>\n"
        let rendered = DiagnosticRenderer(sources: failure.sources).render(failure.diagnostics)
        out += "<pre class=\"diagnostics\">\(xml(rendered))</pre>\n</div>\n"
      }
      out += "</section>\n"
    }
    out += "<section id=\"fixtures\">\n<h2>Fixtures (\(results.count))</h2>\n"
    for (number, (fixture, result)) in results.enumerated() {
      out += fixtureSection(fixture, result, number: number + 1)
    }
    out += "</section>\n"
    out += "<script>\n\(Self.pageScript)</script>\n</body>\n</html>\n"
    return out
  }

  private func fixtureSection(_ fixture: Fixture, _ result: FixtureRunner.Result, number: Int) -> String {
    let state = result.passed ? "passed" : "failed"
    let steps = result.steps.count
    var out = "<details class=\"fixture \(state)\" id=\"fixture-\(number)\"\(result.passed ? "" : " open")>\n"
    out += "<summary><span class=\"mark\">\(result.passed ? "✓" : "✗")</span> \(xml(fixture.file)) — "
    out += "\(xml(fixture.name)) <span class=\"dim\">(\(steps) step\(steps == 1 ? "" : "s"))</span></summary>\n"
    var facts: [String] = []
    if let table = fixture.tablePath { facts.append("table <code>\(xml(table))</code>") }
    if !fixture.cites.isEmpty {
      facts.append("cites \(fixture.cites.map { "<code>\(xml($0))</code>" }.joined(separator: " "))")
    }
    if !facts.isEmpty { out += "<p class=\"facts\">\(facts.joined(separator: "; "))</p>\n" }
    out +=
      "<table class=\"steps\">\n<thead><tr><th>#</th><th>line</th><th>step</th><th>result</th></tr></thead>\n<tbody>\n"
    for step in result.steps {
      let id = "fixture-\(number)-step-\(step.index + 1)"
      out += "<tr class=\"step \(step.passed ? "passed" : "failed")\" id=\"\(id)\">"
      out += "<td>\(step.index + 1)</td><td>\(step.location.map { String($0.line) } ?? "")</td><td>"
      if let name = step.name { out += "<div class=\"name\">\(xml(name))</div>" }
      out += "<code class=\"event\">\(xml(step.event))</code>"
      if !step.passed {
        out += "<pre class=\"diff\">"
        for d in step.differences {
          out += "<del>- \(xml(d.path)): \(xml(d.expected?.description ?? "(absent)"))</del>\n"
          out += "<ins>+ \(xml(d.path)): \(xml(d.actual?.description ?? "(absent)"))</ins>\n"
        }
        out += "</pre>"
      }
      out += "</td><td class=\"result\">\(step.passed ? (step.checked ? "passed" : "not checked") : "failed")"
      if case .object(let record) = step.actual, case .string(let outcome)? = record["outcome"] {
        out += "<div class=\"dim\">\(xml(outcome))</div>"
      }
      out += "</td></tr>\n"
    }
    out += "</tbody>\n</table>\n</details>\n"
    return out
  }

  private func coverageSection(_ c: FixtureCoverage) -> String {
    var out = "<section id=\"coverage\">\n<h2>Coverage</h2>\n"
    out += "<p>Routes and scenes exercised: <strong>\(Self.percent(c.percent))</strong>; "
    out += "Apple rules cited: <strong>\(Self.percent(c.appleRulePercent))</strong></p>\n"
    for table in c.tables {
      out += "<h3>\(xml(table.file))</h3>\n<div class=\"columns\">\n"
      out += coverageList("Routes", table.routes, covered: table.coveredRoutes)
      out += coverageList("Scenes", table.declarations, covered: table.coveredDeclarations)
      out += "</div>\n"
    }
    let rules = FixtureCoverage.fixtureRules
    out += "<h3>Apple rules</h3>\n<ul class=\"rules\">\n"
    for id in rules {
      let covered = c.appleRules.contains(id)
      let summary = AppleRule.named(id)?.summary ?? ""
      out += "<li class=\"\(covered ? "covered" : "uncovered")\" title=\"\(xml(summary))\">"
      out += "<span class=\"mark\">\(covered ? "✓" : "✗")</span> <code>\(xml(id))</code> \(xml(summary))</li>\n"
    }
    out += "</ul>\n</section>\n"
    return out
  }

  private func coverageList(_ title: String, _ names: [String], covered: Set<String>) -> String {
    var out = "<div><h4>\(title) (\(names.filter(covered.contains).count) of \(names.count))</h4>\n<ul>\n"
    for name in names {
      let hit = covered.contains(name)
      out += "<li class=\"\(hit ? "covered" : "uncovered")\"><span class=\"mark\">\(hit ? "✓" : "✗")</span> "
      out += "<code>\(xml(name))</code></li>\n"
    }
    return out + "</ul>\n</div>\n"
  }

  /// One decimal: `97.5%`.
  static func percent(_ value: Double) -> String {
    "\(Double(Int((value * 10).rounded())) / 10)%"
  }

  static let pageStyle = """
    body { font: 14px/1.45 -apple-system, system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 1em; color: #1d1d1f; }
    h1 { margin: 0 0 .2em; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; }
    .pass, .passed > summary .mark, .covered .mark { color: #1a7f37; }
    .fail, .failed > summary .mark, .fixture.failed .mark, .uncovered .mark { color: #cf222e; }
    #summary { font-size: 1.2em; font-weight: 600; }
    .dim { color: #6e7781; } code { font: 12px ui-monospace, Menlo, monospace; }
    details.fixture { border: 1px solid #ddd; border-radius: 6px; margin: .5em 0; padding: .3em .8em; }
    details.fixture.failed { border-color: #cf222e; }
    summary { cursor: pointer; font-weight: 600; }
    table.steps { border-collapse: collapse; width: 100%; margin: .5em 0; }
    table.steps td, table.steps th { border-top: 1px solid #eee; padding: .25em .5em; text-align: left; vertical-align: top; }
    tr.step.failed { background: #fff5f5; }
    pre { background: #f6f8fa; padding: .5em; overflow-x: auto; margin: .3em 0; }
    del { color: #cf222e; text-decoration: none; } ins { color: #1a7f37; text-decoration: none; }
    .columns { display: flex; gap: 2em; flex-wrap: wrap; } .columns ul, ul.rules { list-style: none; padding: 0; }
    body.only-failures .passed:not(body) { display: none; }

    """

  static let pageScript = """
    (function () {
      var box = document.getElementById("only-failures");
      box.addEventListener("change", function () {
        document.body.classList.toggle("only-failures", box.checked);
      });
      var failed = document.querySelectorAll("tr.step.failed").length;
      if (String(failed) !== document.body.dataset.failedSteps) {
        throw new Error("the page shows " + failed + " failing steps, the run had " + document.body.dataset.failedSteps);
      }
      document.body.dataset.ready = "true";
    })();

    """
}
