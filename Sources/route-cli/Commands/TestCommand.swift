import ActivityRouter
import CommandSupport
import Foundation
import RouterSupport

/// `route-cli test PATH...`: run fixture files and report, with diffs, JUnit and coverage.
struct TestCommand: Command {
  static let configuration = CommandConfiguration(
    name: "test",
    abstract: "Run route regression fixtures.",
    discussion: """
      Runs every *.fixture.json under the paths (directories are searched recursively; \
      docs/testing.md). Steps are stateful. Each failing step is shown with its event and an \
      expected (-) / actual (+) diff. The exit status is 0 only when every fixture loads and \
      passes (and coverage is at least --min-coverage). --junit writes JUnit XML and --html one \
      self-contained page with every step, the diffs and the coverage; --format github also prints \
      a GitHub Actions annotation for each failing step (docs/ci.md).
      """)

  static let options: [OptionSpec] = [
    .argument("path", help: "Fixture files or directories.", arity: .oneOrMore),
    .flag("update", help: "Rewrite the expectations of failing steps from the actual decisions."),
    .option("junit", valueName: "file", help: "Also write JUnit XML for CI systems."),
    .option(
      "html", valueName: "file", help: "Also write one self-contained HTML page with every step and the coverage."),
    .option(
      "format", valueName: "format",
      help:
        "text (the report; the default), json (one document), github (the report and annotations), "
        + "xcode (each failing step as file:line:col: error:, for Xcode and SwiftPM).",
      values: Self.formats.map(\.rawValue)),
    .flag("json", help: "The same as --format json."),
    .flag("coverage", help: "Report the routes, scenes and Apple rules no fixture exercised."),
    .option(
      "min-coverage", valueName: "percent", help: "Fail when routes and scenes exercised are below this percent."),
    .flag("verbose", help: "List passing fixtures too."),
    .color,
  ]

  var paths: [String]
  var update: Bool
  var junit: String?
  var html: String?
  var format: ReportFormat
  var coverage: Bool
  var minCoverage: Double?
  var verbose: Bool
  var color: ColorChoice

  init(_ parsed: ParsedArguments) throws(UsageError) {
    paths = parsed.values("path")
    update = parsed.flag("update")
    junit = parsed.value("junit")
    html = parsed.value("html")
    format = try ReportFormat.parse(parsed, allowed: Self.formats)
    coverage = parsed.flag("coverage")
    minCoverage = try parsed.converted("min-coverage", reason: "expected a number from 0 to 100") {
      Double($0).flatMap { (0...100).contains($0) ? $0 : nil }
    }
    verbose = parsed.flag("verbose")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
  }

  static let formats: [ReportFormat] = [.text, .json, .github, .xcode]

  func run(_ context: CommandContext) -> ExitStatus {
    let json = format == .json
    let files = FixtureSuite.files(in: paths.map(context.resolve))
    if files.isEmpty {
      context.stderr.write("error: no *.fixture.json under \(paths.joined(separator: ", "))\n")
      return .failure
    }
    // Progress only when stderr is a terminal: never in pipes or CI logs. Each update is handed
    // to the terminal at once (stderr is buffered), and the line is cleared, and that handed
    // over, before the summary is written to stdout.
    let progress = context.stderrIsTerminal && !json
    let suite = FixtureSuite.run(
      files: files, displayName: { display($0, context) },
      progress: { done, total in
        guard progress else { return }
        context.stderr.write("\r\u{1B}[2KRunning fixtures: \(done)/\(total)")
        context.stderr.flush()
      })
    if progress {
      context.stderr.write("\r\u{1B}[2K")
      context.stderr.flush()
    }
    let covered = coverage || minCoverage != nil || html != nil ? FixtureCoverage(suite) : nil
    var status: ExitStatus = suite.passed ? .success : .failure
    if json {
      var out: [UInt8] = []
      JSONWriter.appendPretty(suite.json(coverage: covered), to: &out)
      out.append(UInt8(ascii: "\n"))
      context.stdout.write(out)
    } else if format == .xcode {
      context.stdout.write(Self.compilerDiagnostics(suite, path: context.resolve) + suite.summary() + "\n")
    } else {
      if format == .github { context.stdout.write(Self.annotations(suite, display: { display($0, context) })) }
      let style: FixtureSuite.Style = context.usesColor(color, on: .stdout) ? .ansi : .plain
      context.stdout.write(suite.textReport(style: style, verbose: verbose))
      if let covered, coverage { context.stdout.write(Self.coverageReport(covered)) }
    }
    if let minCoverage, let covered, covered.percent < minCoverage {
      context.stderr.write(
        "error: routes and scenes exercised: \(Self.percent(covered.percent)), below --min-coverage \(Self.percent(minCoverage))\n"
      )
      status = .failure
    }
    // Each report is written whole or not at all (AtomicFile); one that cannot be written fails the run.
    var reportFailed = false
    let reports: [(kind: String, path: String?, text: () -> String)] = [
      ("JUnit report", junit, { suite.junitXML() }),
      ("HTML report", html, { suite.htmlReport(coverage: covered ?? FixtureCoverage(suite)) }),
    ]
    for report in reports {
      guard let path = report.path else { continue }
      do {
        try AtomicFile.write(Array(report.text().utf8), to: context.resolve(path))
      } catch {
        context.stderr.write("error: cannot write the \(report.kind) '\(path)': \(error)\n")
        status = .failure
        reportFailed = true
      }
    }
    if update {
      status = updateFixtures(suite, context)
      if reportFailed { status = .failure }
    }
    return status
  }

  /// Each diagnostic of a fixture that cannot be loaded, and each failing step, as a compiler
  /// diagnostic at an absolute path: `/p/tags.fixture.json:12:5: error: step 2 "a tag": notes://tag/work:
  /// outcome: expected "deliver", got "drop"`, then the diff, indented.
  static func compilerDiagnostics(_ suite: FixtureSuite, path: (String) -> String) -> String {
    var out = ""
    for failure in suite.loadFailures {
      out += DiagnosticRenderer(sources: failure.sources).render(
        failure.diagnostics.map { d in
          var d = d
          if d.location == nil { d.location = SourceLocation(file: path(failure.file), line: 0, column: 0, offset: 0) }
          return d
        })
    }
    for (fixture, result) in suite.results {
      for step in result.steps where !step.passed {
        let place = step.location.map { "\($0.line):\($0.column):" } ?? ""
        let label = step.name.map { " \"\($0)\"" } ?? ""
        let first = step.differences.first.map { ": \($0.description)" } ?? ""
        out += "\(path(fixture.file)):\(place) error: step \(step.index + 1)\(label): \(step.event)\(first)\n"
        for d in step.differences {
          out += "    - \(d.path): \(d.expected?.description ?? "(absent)")\n"
          out += "    + \(d.path): \(d.actual?.description ?? "(absent)")\n"
        }
      }
    }
    return out
  }

  /// A GitHub Actions annotation for each failing step (at its line in the fixture) and each
  /// diagnostic of a fixture that cannot be loaded.
  static func annotations(_ suite: FixtureSuite, display: (String) -> String) -> String {
    var out = ""
    for failure in suite.loadFailures {
      for d in failure.diagnostics {
        var annotation = GitHubAnnotation(d)
        annotation.file = annotation.file.map(display) ?? failure.file
        out += annotation.command + "\n"
      }
    }
    for (fixture, result) in suite.results {
      for step in result.steps where !step.passed {
        let diff = step.differences.map {
          "- \($0.path): \($0.expected?.description ?? "(absent)")\n+ \($0.path): \($0.actual?.description ?? "(absent)")"
        }
        let label = step.name.map { " \"\($0)\"" } ?? ""
        let annotation = GitHubAnnotation(
          .error, file: fixture.file, line: step.location?.line, column: step.location?.column,
          title: "\(fixture.name): step \(step.index + 1)",
          message: "step \(step.index + 1)\(label): \(step.event)\n" + diff.joined(separator: "\n"))
        out += annotation.command + "\n"
      }
    }
    return out
  }

  /// Rewrites failing fixtures and says what changed; the run then counts as passed.
  private func updateFixtures(_ suite: FixtureSuite, _ context: CommandContext) -> ExitStatus {
    var updated = 0
    for (fixture, result) in suite.results where !result.passed {
      do {
        let changes = try FixtureUpdater.write(fixture, result, to: context.resolve(fixture.file))
        guard !changes.isEmpty else { continue }
        updated += 1
        context.stderr.write("updated \(fixture.file):\n" + changes.map { "  \($0)\n" }.joined())
      } catch {
        context.stderr.write("error: cannot update '\(fixture.file)': \(error)\n")
        return .failure
      }
    }
    context.stderr.write("\(updated) fixture\(updated == 1 ? "" : "s") updated\n")
    return suite.loadFailures.isEmpty ? .success : .failure
  }

  static func coverageReport(_ c: FixtureCoverage) -> String {
    var out = "\nCoverage: routes and scenes \(percent(c.percent)), Apple rules \(percent(c.appleRulePercent))\n"
    for (title, items) in [
      ("routes not exercised", c.uncoveredRoutes), ("scenes not reached", c.uncoveredDeclarations),
    ]
    where !items.isEmpty {
      out += "  \(title) (\(items.count)):\n" + items.map { "    \($0)\n" }.joined()
    }
    let rules = c.uncoveredAppleRules
    if !rules.isEmpty {
      out += "  Apple rules no step cited (\(rules.count)):\n"
      var line = "   "
      for id in rules {
        if line.count + id.count + 1 > 80 {
          out += line + "\n"
          line = "   "
        }
        line += " " + id
      }
      out += line + "\n"
    }
    return out
  }

  /// One decimal: `97.5%`.
  static func percent(_ value: Double) -> String {
    "\(Double(Int((value * 10).rounded())) / 10)%"
  }

  /// A path as the user would write it: relative to the current directory when inside it.
  private func display(_ path: String, _ context: CommandContext) -> String {
    let prefix = context.currentDirectory.hasSuffix("/") ? context.currentDirectory : context.currentDirectory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
