import RouterSupport
import SceneDecision

extension DecisionRecord {
  /// `,"extraURLs":[{"url":"…","outcome":"drop","reason":"extra-url-needs-app-delegate"},…]`:
  /// the fates of the URLs after the first of one open request (MAC4), in the request's order.
  /// Written in the one record of the request's line: one line in, one record out. Called only
  /// when there are some (out of line: a record of one URL does not pay for it).
  @inline(never)
  static func appendExtraURLs(_ fates: [ExtraURL], to w: inout RecordWriter) {
    w.literal(#","extraURLs":["#)
    for (i, fate) in fates.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.literal(#"{"url":"#)
      w.string(fate.url)
      w.literal(#","outcome":"#)
      w.string(fate.outcome.rawValue)
      if let session = fate.session { w.field(#","session":"#, session) }
      if let handler = fate.handler { w.field(#","handler":"#, handler.rawValue) }
      if let reason = fate.reason { w.field(#","reason":"#, reason.rawValue) }
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// ` extra viewer://b → application(_:open:), viewer://c drop (extra-url-needs-app-delegate)`.
  static func describeExtraURLs(_ fates: [ExtraURL]) -> String {
    guard !fates.isEmpty else { return "" }
    let parts = fates.map { fate -> String in
      var text = "\(fate.url) \(fate.outcome.rawValue)"
      if let handler = fate.handler { text += " \(handler.rawValue)" }
      if let session = fate.session { text += " (\(session))" }
      if let reason = fate.reason { text += " (\(reason))" }
      return text
    }
    return " extra URLs " + parts.joined(separator: ", ")
  }
}
