import RouterSupport
import SceneDecision

extension DecisionRecord {
  /// `,"extraURLs":[{"url":"…","outcome":"drop","reason":"extra-url-needs-app-delegate"},…]`:
  /// the fates of the URLs after the first of one open request (MAC4), in the request's order.
  /// Written in the one record of the request's line: one line in, one record out.
  static func appendExtraURLs(_ fates: [ExtraURL], to out: inout [UInt8]) {
    guard !fates.isEmpty else { return }
    out.append(contentsOf: #","extraURLs":["#.utf8)
    for (i, fate) in fates.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"url":"#.utf8)
      JSONWriter.appendString(fate.url, to: &out)
      out.append(contentsOf: #","outcome":"#.utf8)
      JSONWriter.appendString(fate.outcome.rawValue, to: &out)
      if let session = fate.session {
        out.append(contentsOf: #","session":"#.utf8)
        JSONWriter.appendString(session, to: &out)
      }
      if let handler = fate.handler {
        out.append(contentsOf: #","handler":"#.utf8)
        JSONWriter.appendString(handler.rawValue, to: &out)
      }
      if let reason = fate.reason {
        out.append(contentsOf: #","reason":"#.utf8)
        JSONWriter.appendString(reason.rawValue, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
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
