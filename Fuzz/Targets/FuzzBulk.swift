// A line router's plans against the full path: lines of the input (split on LF) go twice through
// one LineRouter (so that the second time they come from plans), in JSON and in text, and every
// record must equal, byte for byte, the one DecisionRecord(line:utf8:...) writes for the line.
// The table takes typed parameters, catch-alls, value templates of every kind, and a scene
// whose matching set reads the URL (never planned), with a few windows open (bulkTable, in
// FuzzSupport.swift).
import ActivityRouter

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBulk(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  withInput(data, size) { bytes in
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(32).map { Array($0) }
    let router = bulkRouter
    let state = bytes.count % 2 == 0 ? SessionState() : bulkSessions
    for format in [RecordFormat.json, .text] {
      var lineRouter = LineRouter(router: router, sessions: state, options: .init(format: format))
      for (number, line) in (lines + lines).enumerated() {
        line.withUnsafeBufferPointer { line in
          var fast: [UInt8] = []
          lineRouter.route(line: number + 1, utf8: line, into: &fast)
          let record = DecisionRecord(line: number + 1, utf8: line, router: router, state: state)
          var full: [UInt8] = []
          if format == .json { record.appendJSON(to: &full) } else { record.appendText(to: &full) }
          fuzzCheck(
            fast == full,
            "bulk and full records differ:\n\(String(decoding: fast, as: UTF8.self))\(String(decoding: full, as: UTF8.self))"
          )
        }
      }
    }
  }
  return 0
}
