package import ActivityRouter

extension LineRouter {
  /// Decides one line given as text, appends its record to `out`, and applies its decision: in
  /// one step (`route(line:text:into:)`), or `holding` it back first and then applying it
  /// (`routeHoldingDecision` and `applyHeldDecision`, as `route-cli route --state` does once a
  /// record is written). Tests run both ways to hold the two to the same records and sessions.
  ///
  /// ```swift
  /// lines.route(line: 1, text: "notes://tag/a", into: &out, holding: true)
  /// ```
  package mutating func route(line: Int, text: String, into out: inout [UInt8], holding: Bool) {
    guard holding else { return route(line: line, text: text, into: &out) }
    var text = text
    text.withUTF8 { routeHoldingDecision(line: line, utf8: $0, into: &out) }
    applyHeldDecision()
  }
}
