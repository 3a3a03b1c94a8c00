import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// NDJSON records are valid JSON lines with the documented fields.
@Suite struct DecisionRecordTests {
  static func record(_ line: String, number: Int = 1, explain: Bool = false) throws -> [String: Any] {
    let loaded = TableLoader.load(contentsOf: FixturePaths.notesTable)
    let table = try #require(loaded.table)
    let router = try #require(RouteCompiler.compile(table).router)
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
}
