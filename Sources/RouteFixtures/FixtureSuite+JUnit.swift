import RouterSupport

extension FixtureSuite {
  /// JUnit XML, as CI systems read it: a `<testsuite>` per fixture file, a `<testcase>` per
  /// step with its `file`, `line` and `time` (`<failure>` with the diff when it fails), and an
  /// `<error>` case for a fixture that cannot be loaded (an error, not a failure: nothing ran).
  ///
  /// The document validates against the JUnit XSD of Jenkins' xUnit plugin with the `file`
  /// and `line` attributes GitLab reads on a test case (`scripts/validate-reports.py`).
  ///
  /// ```swift
  /// try AtomicFile.write(Array(suite.junitXML().utf8), to: "route-tests.xml")
  /// // <testcase classname="Notes: tags" name="step 2: notes://tag/work"
  /// //           file="Fixtures/Notes/fixtures/tags.fixture.json" line="12" time="0.000041">
  /// ```
  public func junitXML() -> String {
    let tests = totalSteps + loadFailures.count
    let failures = totalSteps - passedSteps
    let total =
      results.reduce(Duration.zero) { $0 + $1.result.duration } + loadFailures.reduce(.zero) { $0 + $1.duration }
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    out +=
      #"<testsuites name="route-cli test" tests="\#(tests)" failures="\#(failures)" errors="\#(loadFailures.count)""#
    out += #" time="\#(Self.seconds(total))">"# + "\n"
    for (fixture, result) in results {
      let failed = result.steps.filter { !$0.passed }.count
      out += #"  <testsuite name="\#(xml(fixture.file))" tests="\#(result.steps.count)" failures="\#(failed)""#
      out += #" errors="0" time="\#(Self.seconds(result.duration))" file="\#(xml(fixture.file))">"# + "\n"
      for step in result.steps {
        let name = "step \(step.index + 1)" + (step.name.map { ": \($0)" } ?? ": \(step.event)")
        out += #"    <testcase classname="\#(xml(fixture.name))" name="\#(xml(name))" file="\#(xml(fixture.file))""#
        if let line = step.location?.line, line > 0 { out += #" line="\#(line)""# }
        out += #" time="\#(Self.seconds(step.duration))""#
        if step.passed {
          out += "/>\n"
        } else {
          let diff = step.differences.map {
            "- \($0.path): \($0.expected?.description ?? "(absent)")\n+ \($0.path): \($0.actual?.description ?? "(absent)")"
          }
          .joined(separator: "\n")
          out += ">\n"
          out += #"      <failure message="\#(xml(step.differences.first?.description ?? "failed"))" type="mismatch">"#
          out += xml(diff) + "</failure>\n"
          out += "    </testcase>\n"
        }
      }
      out += "  </testsuite>\n"
    }
    for failure in loadFailures {
      let time = Self.seconds(failure.duration)
      out += #"  <testsuite name="\#(xml(failure.file))" tests="1" failures="0" errors="1" time="\#(time)""#
      out += #" file="\#(xml(failure.file))">"# + "\n"
      out += #"    <testcase classname="\#(xml(failure.file))" name="load" file="\#(xml(failure.file))""#
      if let line = failure.diagnostics.first?.location?.line, line > 0 { out += #" line="\#(line)""# }
      out += #" time="\#(time)">"# + "\n"
      let text = failure.diagnostics.map(\.description).joined(separator: "\n")
      let first = failure.diagnostics.first.map { ": \($0.message)" } ?? ""
      out += #"      <error message="\#(xml("cannot be loaded" + first))" type="load">"# + xml(text) + "</error>\n"
      out += "    </testcase>\n  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  /// Seconds with six decimals (`0.000041`), the form JUnit's `time` takes.
  package static func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    let micros = max(0, whole) * 1_000_000 + max(0, attoseconds) / 1_000_000_000_000
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  func xml(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\n", "\t": out.unicodeScalars.append(scalar)
      default:
        // XML 1.0 has no other control characters; show them as escapes.
        if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
