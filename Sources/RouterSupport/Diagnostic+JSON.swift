extension Diagnostic {
  /// The diagnostic as JSON: `{code, severity, message, location: {file, line, column}, notes}`.
  ///
  /// ```swift
  /// JSONWriter.appendPretty(diagnostic.json, to: &out)
  /// ```
  public var json: JSONValue {
    var object = JSONObject()
    object["code"] = .string(code.rawValue)
    object["severity"] = .string(severity.rawValue)
    object["message"] = .string(message)
    if let location { object["location"] = Diagnostic.json(location) }
    object["notes"] = .array(
      notes.map { note in
        var n = JSONObject()
        n["message"] = .string(note.message)
        if let location = note.location { n["location"] = Diagnostic.json(location) }
        return .object(n)
      })
    return .object(object)
  }

  static func json(_ location: SourceLocation) -> JSONValue {
    .object([
      "file": .string(location.file), "line": .number(JSONNumber(location.line)),
      "column": .number(JSONNumber(location.column)),
    ])
  }
}
