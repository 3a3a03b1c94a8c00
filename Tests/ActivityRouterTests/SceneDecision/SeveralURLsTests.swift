import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// One open request with several URLs (MAC4): the first URL's decision is the record's, and each
/// other URL has its fate in `extraURLs`; the reader points at the element that is wrong.
@Suite struct SeveralURLsTests {
  static let swiftUI = """
    { "app": "Viewer", "platform": "macOS", "urlSchemes": ["viewer"],
      "scenes": [ { "id": "viewer", "views": [ { "name": "V", "onOpenURL": true } ] } ],
      "routes": [ { "name": "doc", "url": "viewer://doc/{name}", "deliver": { "scene": "viewer" } } ] }
    """

  static func table(_ json: String, policy: String? = nil) -> String {
    guard let policy else { return json }
    return json.replacingOccurrences(
      of: #""platform": "macOS","#, with: #""platform": "macOS", "policies": { "extraURLs": "\#(policy)" },"#)
  }

  static func record(_ line: String, router: CompiledRouter, state: SessionState = SessionState()) -> String {
    var text = line
    var out: [UInt8] = []
    text.withUTF8 { DecisionRecord(line: 1, utf8: $0, router: router, state: state) }.appendJSON(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  static func object(_ record: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(record.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func theReaderKeepsTheURLsInOrder() throws {
    let event = try EventReader.read(line: #"{"urls": ["viewer://a", "viewer://b", "viewer://c"], "id": 4}"#).get()
    guard case .url(let first) = event.kind else {
      Issue.record("not a URL event")
      return
    }
    #expect(first.text == "viewer://a")
    #expect(event.extraURLs.map(\.text) == ["viewer://b", "viewer://c"])
    #expect(event.correlation == .number(JSONNumber(4)))
    #expect(event.kindName == "url")
    #expect(!event.isSingleURL)
    let one = try EventReader.read(line: #"{"urls": ["viewer://a"]}"#).get()
    #expect(one == (try EventReader.read(line: "viewer://a").get()))
    #expect(one.isSingleURL)
  }

  @Test(arguments: [
    (#"{"urls": []}"#, 10, "needs one URL"),
    (#"{"urls": "viewer://a"}"#, 10, "must be an array"),
    (#"{"urls": ["viewer://a", 3]}"#, 25, "found number"),
    // The second URL has no scheme: the column is in the line, inside the second string.
    (#"{"urls": ["viewer://a", "://b"]}"#, 26, ""),
  ])
  func badRequestsSayWhere(_ line: String, _ column: Int, _ words: String) throws {
    guard case .failure(let error) = EventReader.read(line: line) else {
      Issue.record("\(line) was read")
      return
    }
    #expect(error.column == column, "\(error.message)")
    #expect(words.isEmpty || error.message.contains(words), "\(error.message)")
  }

  @Test func aRequestHoldsAtMostTheLimit() throws {
    let urls = (0...EventReader.maxURLsPerRequest).map { #""viewer://doc/\#($0)""# }
    let line = #"{"urls": ["# + urls.joined(separator: ",") + "]}"
    guard case .failure(let error) = EventReader.read(line: line) else {
      Issue.record("read past the limit")
      return
    }
    #expect(error.message.contains("the limit is \(EventReader.maxURLsPerRequest)"))
    let ok = #"{"urls": ["# + urls.dropLast().joined(separator: ",") + "]}"
    #expect(try EventReader.read(line: ok).get().extraURLs.count == EventReader.maxURLsPerRequest - 1)
  }

  /// The record of a request is the first URL's record, with `extraURLs` and MAC4 added.
  @Test(arguments: [nil, "drop", "appDelegate"])
  func theFirstURLDecidesAsAlone(_ policy: String?) throws {
    let router = try TestTables.router(Self.table(Self.swiftUI, policy: policy))
    var alone = try Self.object(Self.record("viewer://doc/a", router: router))
    var request = try Self.object(Self.record(#"{"urls": ["viewer://doc/a", "viewer://doc/b"]}"#, router: router))
    let extra = try #require(request.removeValue(forKey: "extraURLs") as? [[String: Any]])
    #expect(extra.count == 1)
    #expect(extra.first?["url"] as? String == "viewer://doc/b")
    let rules = try #require(request.removeValue(forKey: "appleRules") as? [String])
    #expect(rules == (alone.removeValue(forKey: "appleRules") as? [String] ?? []) + ["MAC4"])
    var handlers = try #require(request.removeValue(forKey: "handlers") as? [[String: Any]])
    let aloneHandlers = try #require(alone.removeValue(forKey: "handlers") as? [[String: Any]])
    if policy == "appDelegate" {
      #expect(extra.first?["outcome"] as? String == "deliver")
      #expect(extra.first?["handler"] as? String == "application(_:open:)")
      #expect(handlers.last?["handler"] as? String == "application(_:open:)")
      handlers.removeLast()
    } else {
      #expect(extra.first?["outcome"] as? String == "drop")
      #expect(extra.first?["reason"] as? String == "extra-url-needs-app-delegate")
    }
    #expect(handlers.map { $0["handler"] as? String } == aloneHandlers.map { $0["handler"] as? String })
    request.removeValue(forKey: "input")
    alone.removeValue(forKey: "input")
    #expect(NSDictionary(dictionary: request) == NSDictionary(dictionary: alone))
  }

  @Test func theExtraURLsNeverChangeTheSessions() throws {
    let router = try TestTables.router(Self.table(Self.swiftUI, policy: "appDelegate"))
    let event = try EventReader.read(line: #"{"urls": ["viewer://doc/a", "viewer://doc/b", "viewer://doc/c"]}"#).get()
    let alone = try EventReader.read(line: "viewer://doc/a").get()
    let request = DecisionEngine.decide(event, router: router)
    #expect(request.effects == DecisionEngine.decide(alone, router: router).effects)
    #expect(SessionState().applying(request).sessions.count == 1)
  }

  @Test func aUIKitSceneGetsEveryURLInTheMethodTheFirstArrivedBy() throws {
    let loaded = TableLoader.load(contentsOf: FixturePaths.path("Fixtures/Tasks/Tasks.routes.json"))
    let table = try #require(loaded.table)
    let router = try #require(RouteCompiler.compile(table).router)
    let line = #"{"urls": ["tasks://task/3", "tasks://task/4", "nope://x"]}"#
    let event = try EventReader.read(line: line).get()
    let cold = DecisionEngine.decide(event, router: router)
    let session = try #require(cold.session)
    #expect(cold.extraURLs.map(\.outcome) == [.deliver, .notForApp])
    #expect(cold.extraURLs.first?.session == session)
    #expect(cold.extraURLs.first?.handler == .willConnect)
    #expect(cold.handlers.map(\.handler) == [.willConnect])
    let state = SessionState().applying(cold)
    let warm = DecisionEngine.decide(event, router: router, state: state)
    #expect(warm.outcome == .deliver)
    #expect(warm.extraURLs.first?.handler == .openURLContexts)
    #expect(warm.extraURLs.first?.session == session)
    #expect(warm.handlers.map(\.handler) == [.openURLContexts])
  }

  @Test func theTextRecordNamesEachExtraURL() throws {
    let router = try TestTables.router(Self.swiftUI)
    var text = #"{"urls": ["viewer://doc/a", "viewer://doc/b"]}"#
    var out: [UInt8] = []
    text.withUTF8 { DecisionRecord(line: 1, utf8: $0, router: router) }.appendText(to: &out)
    #expect(
      String(decoding: out, as: UTF8.self).contains(" extra URLs viewer://doc/b drop (extra-url-needs-app-delegate)"))
  }

  /// A line router never writes a request from the plan of a one-URL line of the same pattern.
  @Test func aLineRouterDecidesARequestInFull() throws {
    let router = try TestTables.router(Self.swiftUI)
    var lines = LineRouter(router: router)
    var out: [UInt8] = []
    for (n, line) in ["viewer://doc/a", "viewer://doc/b", #"{"urls": ["viewer://doc/c", "viewer://doc/d"]}"#]
      .enumerated()
    {
      lines.route(line: n + 1, text: line, into: &out)
    }
    let records = String(decoding: out, as: UTF8.self).split(separator: "\n")
    #expect(records.count == 3)
    #expect(records[2].contains(#""extraURLs":[{"url":"viewer://doc/d""#))
  }
}
