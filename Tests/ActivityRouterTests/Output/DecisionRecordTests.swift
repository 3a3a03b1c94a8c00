import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// NDJSON records are valid JSON lines with the documented fields.
@Suite struct DecisionRecordTests {
  static func record(_ line: String, number: Int = 1, explain: Bool = false) throws -> [String: Any] {
    let loaded = TableLoader.load(contentsOf: FixturePaths.notesTable)
    let table = try #require(loaded.table)
    let router = try #require(RuleCompiler.compile(table).router)
    let result = EventReader.read(line: line).map { (event: $0, decision: DecisionEngine.decide($0, router: router)) }
    var out: [UInt8] = []
    DecisionRecord(line: number, input: line, result: result).appendJSON(to: &out, explain: explain)
    #expect(out.last == UInt8(ascii: "\n"))
    #expect(out.dropLast().contains(UInt8(ascii: "\n")) == false, "one line per record")
    let object = try JSONSerialization.jsonObject(with: Data(out))
    return try #require(object as? [String: Any])
  }

  @Test func aMatchedURL() throws {
    let r = try Self.record("notes://note/6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", number: 3)
    #expect(r["line"] as? Int == 3)
    #expect(r["event"] as? String == "url")
    #expect(r["outcome"] as? String == "open")
    #expect(r["scene"] as? String == "note-editor")
    #expect(r["rule"] as? String == "note")
    #expect((r["params"] as? [String: Any])?["id"] as? String == "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11")
    #expect(r["action"] as? String == "openWindow")
    #expect((r["value"] as? [String: Any])?["id"] as? String == "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11")
    #expect(r["appleRules"] is [Any])
    #expect(r["trace"] == nil)
  }

  @Test func anErrorRecord() throws {
    let r = try Self.record("https://notes.example.com\\evil.com/", number: 9)
    #expect(r["line"] as? Int == 9)
    #expect(r["outcome"] as? String == "error")
    let error = try #require(r["error"] as? [String: Any])
    #expect(error["code"] as? String == "ambiguous-url")
    #expect(error["reason"] as? String == "backslash")
    #expect(error["column"] as? Int == 26)
  }

  @Test func explainAddsTheTrace() throws {
    let r = try Self.record("notes://nothing/here", explain: true)
    #expect(r["outcome"] as? String == "drop")
    #expect(r["reason"] as? String == "no-route")
    let trace = try #require(r["trace"] as? [[String: Any]])
    #expect(!trace.isEmpty)
    #expect(trace.allSatisfy { $0["stage"] is String && $0["verdict"] is String && $0["detail"] is String })
  }

  @Test func inputWithQuotesAndControlsIsEscaped() throws {
    let r = try Self.record(#"{"url": "notes://tag/a\"b", "id": "x\ny"}"#)
    #expect(r["id"] as? String == "x\ny")
    #expect((r["input"] as? String)?.contains("\"") == true)
  }

  /// The word-at-a-time ASCII check and the UTF-8 check against the standard library, on
  /// random bytes of every short length with a non-ASCII byte (or a broken sequence) anywhere.
  @Test func asciiAndUTF8ChecksAgreeWithTheStandardLibrary() {
    var state: UInt64 = 0xA5C1
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let pieces: [[UInt8]] = [
      [0x61], [0x2F], [0x7F], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xFF], [0x80],
      [0xED, 0xA0, 0x80],
    ]
    for _ in 0..<4000 {
      var bytes: [UInt8] = []
      let count = Int(next() % 24)
      for _ in 0..<count {
        bytes += next() % 4 == 0 ? pieces[Int(next() % UInt64(pieces.count))] : [UInt8(0x20 + next() % 0x5F)]
      }
      bytes.withUnsafeBufferPointer { buffer in
        #expect(DecisionRecord.isASCII(buffer) == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
        let valid = String(validating: buffer, as: UTF8.self) != nil
        let offset = DecisionRecord.invalidUTF8Offset(buffer)
        #expect((offset == nil) == valid, "\(bytes)")
        if let offset {
          // Everything before the offset is valid UTF-8, and it is not the whole buffer.
          #expect(
            String(validating: UnsafeBufferPointer(rebasing: buffer[..<offset]), as: UTF8.self) != nil, "\(bytes)")
        }
      }
    }
  }
}
