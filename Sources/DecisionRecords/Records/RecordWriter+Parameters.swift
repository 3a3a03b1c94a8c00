import RouteMatcher

extension RecordWriter {
  /// A match's parameters as a JSON object, compact and in order: what
  /// `object(parameters.object)` writes, without making the object (a UUID's text, for one).
  ///
  /// ```swift
  /// w.literal(#","params":"#)
  /// w.parameters(match.parameters)
  /// ```
  mutating func parameters(_ parameters: RouteParameters) {
    byte(UInt8(ascii: "{"))
    var first = true
    for parameter in parameters {
      if !first { byte(UInt8(ascii: ",")) }
      first = false
      string(parameter.key)
      byte(UInt8(ascii: ":"))
      json(parameter.value)
    }
    byte(UInt8(ascii: "}"))
  }
}
