public import RouterSupport

extension AASAVerdict {
  /// The verdict as the JSON object `route-cli aasa --json` writes (after its `line` and `url`):
  /// `outcome`, `opens`, `excluded`, `reason`, then `details`, `component`, `componentKind`,
  /// `pattern` and `location` when a component decided, then `appIDs`, `appleRules`, `message`.
  /// Fields are only added, never renamed (`docs/universal-links.md`).
  ///
  /// ```swift
  /// print(verdict.json)
  /// // {"outcome":"opens","opens":true,"excluded":false,"reason":"component-matched","details":0,
  /// //  "component":1,"componentKind":"components","pattern":"{\"/\":\"/buy/*\"}",
  /// //  "location":{"file":"aasa.json","line":9,"column":11},"appIDs":["ABCDE12345.com.example.app"],
  /// //  "appleRules":["L5","L6"],"message":"…"}
  /// ```
  public var json: JSONObject {
    var object = JSONObject()
    object["outcome"] = .string(outcome.rawValue)
    object["opens"] = .bool(opens)
    object["excluded"] = .bool(isExcluded)
    object["reason"] = .string(reason.rawValue)
    if let detailsIndex { object["details"] = .number(JSONNumber(detailsIndex)) }
    if let componentIndex { object["component"] = .number(JSONNumber(componentIndex)) }
    if let componentOrigin { object["componentKind"] = .string(componentOrigin.rawValue) }
    if let componentText { object["pattern"] = .string(componentText) }
    if let location = componentLocation, !location.isFileOnly {
      object["location"] = [
        "file": .string(location.file), "line": .number(JSONNumber(location.line)),
        "column": .number(JSONNumber(location.column)),
      ]
    }
    object["appIDs"] = .array(appIDs.map { .string($0) })
    object["appleRules"] = .array(appleRules.map { .string($0.rawValue) })
    object["message"] = .string(message)
    return object
  }
}
