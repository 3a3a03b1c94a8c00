import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// A URL line is read into a record that borrows the line's bytes (the package's
/// `URLRecord(borrowing:ranges:)`), valid only while that line is decided: nothing the line router
/// keeps after a line (the records it wrote, the sessions a stateful run opened) may point at
/// them. Each line is routed from one buffer that is overwritten right after, and the records
/// and the sessions must be those of a run whose lines keep their own bytes to the end.
@Suite struct LineLifetimeTests {
  /// The Notes app's events, each note's id varied so that a stateful run opens many windows.
  static let lines: [String] = {
    guard let text = try? FixturePaths.text(FixturePaths.notesEvents) else { return [] }
    let events = text.split(separator: "\n").map(String.init)
    return (0..<24).flatMap { k in
      let digits = String(k, radix: 16, uppercase: true)
      let suffix = digits.count == 1 ? "0" + digits : digits
      return events.map {
        $0.replacingOccurrences(of: "1E11", with: "1E" + suffix)
          .replacingOccurrences(of: "1e11", with: "1e" + suffix.lowercased())
      }
    }
  }()

  @Test("nothing kept after a line points at its bytes", arguments: [false, true])
  func nothingOutlivesTheLine(stateful: Bool) throws {
    try #require(Self.lines.count > 200)
    let table = try #require(TableLoader.load(contentsOf: FixturePaths.notesTable).table)
    let router = try #require(RouteCompiler.compile(table).router)
    let options = LineRouter.Options(format: .json, stateful: stateful)

    // Every line's bytes kept alive until the end.
    let kept = Self.lines.map { Array($0.utf8) }
    var owning = LineRouter(router: router, options: options)
    var expected: [UInt8] = []
    for (n, bytes) in kept.enumerated() {
      bytes.withUnsafeBufferPointer { owning.route(line: n + 1, utf8: $0, into: &expected) }
    }

    // One buffer for every line, overwritten with other bytes as soon as its line is routed.
    var reusing = LineRouter(router: router, options: options)
    var written: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: kept.map(\.count).max() ?? 0)
    for (n, bytes) in kept.enumerated() {
      buffer.withUnsafeMutableBufferPointer { room in
        for (i, byte) in bytes.enumerated() { room[i] = byte }
        reusing.route(line: n + 1, utf8: UnsafeBufferPointer(rebasing: room[0..<bytes.count]), into: &written)
        for i in room.indices { room[i] = UInt8(ascii: "z") }
      }
    }

    #expect(written == expected)
    #expect(reusing.sessions == owning.sessions)
    if stateful { #expect(owning.sessions != SessionState()) }
  }
}
