package import RouterSupport

/// Diagnostics as a SARIF 2.1.0 log (`route-cli check --format sarif`), the format GitHub code
/// scanning and other analysis viewers read: one run of `route-cli`, a rule per diagnostic code,
/// a result per diagnostic with its file, line and column, and its notes as related locations.
///
/// Columns are counted in Unicode code points (`columnKind`), converted from the UTF-8 byte
/// columns of ``SourceLocation`` with the source line when the text is at hand. A location with
/// no position (line 0, a binary file) names the file without a region.
///
/// ```swift
/// let log = SARIFLog.document(diagnostics, sources: [source], toolVersion: "0.2.0")
/// JSONWriter.appendPretty(log, to: &out)
/// // {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "route-cli", "rules": [{"id": "duplicate-route"}]}},
/// //   "results": [{"ruleId": "duplicate-route", "level": "error", "locations": [{"physicalLocation": …}]}]}]}
/// ```
package enum SARIFLog {
  /// The schema a SARIF 2.1.0 log names.
  package static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The log of `diagnostics`; `sources` give the lines that columns are counted on.
  package static func document(_ diagnostics: [Diagnostic], sources: [SourceText], toolVersion: String) -> JSONValue {
    var textOf: [String: SourceText] = [:]
    for source in sources where textOf[source.file] == nil { textOf[source.file] = source }
    var ruleIndex: [String: Int] = [:]
    var rules: [JSONValue] = []
    for d in diagnostics where ruleIndex[d.code.rawValue] == nil {
      ruleIndex[d.code.rawValue] = rules.count
      rules.append(.object(["id": .string(d.code.rawValue)]))
    }
    let results: [JSONValue] = diagnostics.map { d in
      var result = JSONObject()
      result["ruleId"] = .string(d.code.rawValue)
      result["ruleIndex"] = .number(JSONNumber(ruleIndex[d.code.rawValue] ?? 0))
      result["level"] = .string(d.severity.rawValue)
      result["message"] = ["text": .string(d.message)]
      if let location = d.location {
        result["locations"] = [.object(["physicalLocation": physicalLocation(location, textOf[location.file])])]
      }
      let related: [JSONValue] = d.notes.enumerated().map { index, note in
        var object = JSONObject()
        object["id"] = .number(JSONNumber(index))
        if let location = note.location {
          object["physicalLocation"] = physicalLocation(location, textOf[location.file])
        }
        object["message"] = ["text": .string(note.message)]
        return .object(object)
      }
      if !related.isEmpty { result["relatedLocations"] = .array(related) }
      return .object(result)
    }
    var driver = JSONObject()
    driver["name"] = "route-cli"
    driver["version"] = .string(toolVersion)
    driver["rules"] = .array(rules)
    var run = JSONObject()
    run["tool"] = ["driver": .object(driver)]
    run["columnKind"] = "unicodeCodePoints"
    run["results"] = .array(results)
    return .object(["$schema": .string(schema), "version": "2.1.0", "runs": [.object(run)]])
  }

  static func physicalLocation(_ location: SourceLocation, _ source: SourceText?) -> JSONValue {
    var physical = JSONObject()
    physical["artifactLocation"] = ["uri": .string(uriReference(location.file))]
    if location.line > 0 {
      var column = location.column
      if let source {
        // The byte column to code points: the scalars of the line before it, plus one.
        let prefix = Array(source.line(location.line).utf8.prefix(max(0, location.column - 1)))
        column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
      }
      physical["region"] = [
        "startLine": .number(JSONNumber(location.line)), "startColumn": .number(JSONNumber(max(1, column))),
      ]
    }
    return .object(physical)
  }

  /// A path as a relative URI reference: every byte but the unreserved ones and `/` percent-encoded.
  ///
  /// ```swift
  /// SARIFLog.uriReference("Routes/My App.routes.json")   // "Routes/My%20App.routes.json"
  /// ```
  package static func uriReference(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.append(byte)
      default:
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
