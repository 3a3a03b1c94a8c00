import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import DecisionRecords

/// A record echoes at most `DecisionRecord.echoLimit` bytes of its line (cut between
/// characters, `inputLength` saying it was cut), and no record carries a character that could
/// deceive its reader: text records write controls, U+2028, U+2029 and the bidirectional
/// controls as `\u{XX}`, JSON records write U+2028, U+2029, C1 and bidirectional controls as
/// `\uXXXX`. The plans of a `LineRouter` write every such line byte for byte as the full path.
@Suite struct EchoSafetyTests {
  /// The characters no record may carry raw.
  static let deceiving: [Unicode.Scalar] =
    [
      0x85, 0x9B, 0x61C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
      0x2069,
    ]
    .map { Unicode.Scalar($0)! }

  static func isDeceiving(_ scalar: Unicode.Scalar) -> Bool {
    deceiving.contains(scalar) || (0x80...0x9F).contains(scalar.value) || scalar.value < 0x20 && scalar != "\n"
  }

  /// URLs of the plan test table with deceiving characters raw in their captures (the URL
  /// reader takes raw non-ASCII), between plain ones, and long ones around the echo limit.
  static let lines: [String] = {
    var rng = SeededGenerator(seed: 0xEC40)
    let pieces = [
      "abc", "x\u{202E}gnp.exe", "a\u{2028}b", "a\u{2029}b", "\u{85}", "\u{2066}y\u{2069}", "é", "中", "\u{200F}",
    ]
    let shapes = [
      "https://example.com/repos/%@/%@", "https://example.com/files/%@", "https://example.com/elsewhere/%@",
      "bulk://open/%@", "https://example.com/nothing/%@", "not a url %@", "https://example.com/about",
    ]
    var lines: [String] = []
    for _ in 0..<600 {
      var line = shapes[Int(rng.next() % UInt64(shapes.count))]
      while let hole = line.range(of: "%@") {
        line.replaceSubrange(hole, with: pieces[Int(rng.next() % UInt64(pieces.count))])
      }
      lines.append(line)
    }
    // Around the limit: ASCII and a multi-byte character across it, on plannable patterns.
    let base = "bulk://open/"
    for pad in [4096, 4095, 4094, 4097, 5000] {
      lines.append(base + String(repeating: "a", count: pad - base.utf8.count))
      lines.append(base + String(repeating: "a", count: pad - base.utf8.count - 1) + "é")
      lines.append(base + String(repeating: "a", count: pad - base.utf8.count - 2) + "中")
    }
    return lines
  }()

  @Test(arguments: [RecordFormat.json, .text])
  func plansWriteEveryLineAsTheFullPath(format: RecordFormat) throws {
    let router = try TestTables.router(LineRouterPlanTests.templateTable)
    let result = LineRouterPlanTests.compare(router, SessionState(), Self.lines, format: format)
    #expect(
      result.mismatches.isEmpty,
      "\(result.mismatches.count) records differ:\n\(result.mismatches.prefix(3).joined(separator: "\n"))")
    #expect(result.planned > 100, "plans are used: \(result.planned) planned, \(result.decided) decided")
  }

  @Test(arguments: [RecordFormat.json, .text], [false, true])
  func noRecordCarriesADeceivingCharacter(format: RecordFormat, explain: Bool) throws {
    let router = try TestTables.router(LineRouterPlanTests.templateTable)
    var lines = LineRouter(router: router, options: .init(format: format, explains: explain))
    var out: [UInt8] = []
    for (index, line) in Self.lines.enumerated() { lines.route(line: index + 1, text: line, into: &out) }
    let text = String(decoding: out, as: UTF8.self)
    let found = text.unicodeScalars.filter(Self.isDeceiving)
    #expect(found.isEmpty, "raw: \(Set(found.map { String($0.value, radix: 16) }).sorted())")
    if format == .json {
      for line in text.split(separator: "\n") {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let input = try #require(object?["input"] as? String)
        // The escapes decode back to the characters: the JSON says what the line held.
        #expect(Self.lines.contains { $0.hasPrefix(input) }, "\(input.prefix(80))")
      }
    }
  }

  @Test func anExplainedTextRecordSaysItsInputWasCut() throws {
    let router = try TestTables.router(LineRouterPlanTests.templateTable)
    var lines = LineRouter(router: router, options: .init(format: .text, explains: true))
    var out: [UInt8] = []
    lines.route(line: 1, text: "bulk://open/" + String(repeating: "a", count: 9000), into: &out)
    let text = String(decoding: out, as: UTF8.self)
    #expect(text.contains("   input: bulk://open/aaaa"))
    #expect(text.contains("… (cut: the line has 9012 bytes)"), "\(text.suffix(300))")
  }

  @Test func theEchoIsCutBetweenCharactersAndSaysSo() throws {
    let router = try TestTables.router(LineRouterPlanTests.templateTable)
    for (line, echoed) in [
      ("bulk://open/" + String(repeating: "a", count: 4084), 4096),
      ("bulk://open/" + String(repeating: "a", count: 4083) + "é", 4095),
      ("bulk://open/" + String(repeating: "a", count: 4083) + "中", 4095),
      ("bulk://open/" + String(repeating: "a", count: 4082) + "中", 4094),
    ] {
      var bytes = Array(line.utf8)
      let record = bytes.withUnsafeMutableBufferPointer {
        DecisionRecord(line: 1, utf8: UnsafeBufferPointer($0), router: router)
      }
      #expect(record.input.utf8.count == min(echoed, line.utf8.count), "\(line.utf8.count) bytes")
      #expect(line.hasPrefix(record.input))
      #expect(record.inputLength == (line.utf8.count > 4096 ? line.utf8.count : nil))
      var json: [UInt8] = []
      record.appendJSON(to: &json)
      let object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
      #expect(object?["inputLength"] as? Int == record.inputLength)
    }
  }

  /// One 16 MiB line of control bytes: its record is a few KiB, not 96 MiB; and a long URL
  /// a route takes says in text, with `--explain`, that its input was cut.
  @Test(arguments: [RecordFormat.json, .text])
  func aHugeLineGivesASmallRecord(format: RecordFormat) throws {
    let router = try TestTables.router(LineRouterPlanTests.templateTable)
    var lines = LineRouter(router: router, options: .init(format: format, explains: true))
    let line = [UInt8](repeating: 0x01, count: 16 << 20)
    var out: [UInt8] = []
    line.withUnsafeBufferPointer { lines.route(line: 1, utf8: $0, into: &out) }
    #expect(out.count < 6 * DecisionRecord.echoLimit + 2048, "\(out.count) bytes")
    // A text error record quotes no input; the JSON one its first 4 KiB, and says so.
    if format == .json { #expect(String(decoding: out, as: UTF8.self).contains(#""inputLength":16777216"#)) }
  }
}
