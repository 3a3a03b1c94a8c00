import RouterSupport

extension FixtureSuite {
  /// JUnit XML, as CI systems read it: a `<testsuite>` per fixture file, a `<testcase>` per
  /// step (`<failure>` with the diff when it fails), and a failing case for a fixture that
  /// cannot be loaded.
  ///
  /// ```swift
  /// try suite.junitXML().write(toFile: "route-tests.xml", atomically: true, encoding: .utf8)
  /// ```
  public func junitXML() -> String {
    let tests = totalSteps + loadFailures.count
    let failures = totalSteps - passedSteps + loadFailures.count
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    out += #"<testsuites name="route-cli test" tests="\#(tests)" failures="\#(failures)" errors="0">"# + "\n"
    for (fixture, result) in results {
      let failed = result.steps.filter { !$0.passed }.count
      out +=
        #"  <testsuite name="\#(xml(fixture.file))" tests="\#(result.steps.count)" failures="\#(failed)" errors="0">"#
        + "\n"
      for step in result.steps {
        let name = "step \(step.index + 1)" + (step.name.map { ": \($0)" } ?? ": \(step.event)")
        out += #"    <testcase classname="\#(xml(fixture.name))" name="\#(xml(name))""#
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
      out += #"  <testsuite name="\#(xml(failure.file))" tests="1" failures="1" errors="0">"# + "\n"
      out += #"    <testcase classname="\#(xml(failure.file))" name="load">"# + "\n"
      let text = failure.diagnostics.map(\.description).joined(separator: "\n")
      out += #"      <failure message="cannot be loaded" type="load">"# + xml(text) + "</failure>\n"
      out += "    </testcase>\n  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  private func xml(_ s: String) -> String {
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
