import ActivityRouter
import Testing

/// Input lines become events, or errors that say where and what was expected.
@Suite struct EventReaderTests {
  @Test(arguments: [
    ("bare URL", "notes://note/1", "url"),
    ("JSON URL", #"{"url": "notes://note/1"}"#, "url"),
    ("activity", #"{"activity": {"activityType": "com.x.edit", "userInfo": {"id": 1}}}"#, "activity"),
    (
      "universal link activity",
      #"{"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://h.example/a"}}"#,
      "activity"
    ),
    ("notification", #"{"notification": {"targetContentIdentifier": "note-editor"}}"#, "notification"),
    ("shortcut", #"{"shortcut": {"type": "com.x.new"}, "id": "abc"}"#, "shortcut"),
    ("dismiss", #"{"dismiss": {"from": "s1", "presentation": "popover"}}"#, "dismiss"),
    ("activate", #"{"activate": {"allWindows": true}}"#, "activate"),
  ])
  func readsEvents(_ name: String, _ line: String, _ kind: String) throws {
    let event = try EventReader.read(line: line).get()
    #expect(event.kindName == kind)
  }

  @Test func correlationIDsAreKept() throws {
    let event = try EventReader.read(line: #"{"url": "a://h/x", "id": 7}"#).get()
    #expect(event.correlation == .number(JSONNumber(7)))
  }

  @Test func activityFieldsAreRead() throws {
    let line =
      #"{"activity": {"activityType": "t", "targetContentIdentifier": "c", "title": "T", "userInfo": {"k": [1, true]}}}"#
    guard case .activity(let a) = try EventReader.read(line: line).get().kind else {
      Issue.record("not an activity")
      return
    }
    #expect(a.activityType == "t")
    #expect(a.targetContentIdentifier == "c")
    #expect(a.title == "T")
    #expect(a.userInfo["k"] == [1, true])
  }

  @Test func newEventFieldsAreRead() throws {
    let handoff =
      #"{"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://h/a", "universalLink": false}}"#
    guard case .activity(let a) = try EventReader.read(line: handoff).get().kind else {
      Issue.record("not an activity")
      return
    }
    #expect(a.isUniversalLink == false)
    #expect(!a.isDeliveredAsUniversalLink)
    let link = #"{"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://h/a"}}"#
    guard case .activity(let b) = try EventReader.read(line: link).get().kind else {
      Issue.record("not an activity")
      return
    }
    #expect(b.isDeliveredAsUniversalLink)
    #expect(try EventReader.read(line: #"{"dismiss": {"from": "s2"}}"#).get().kind == .dismiss(.init(from: "s2")))
    #expect(try EventReader.read(line: #"{"activate": {}}"#).get().kind == .activate(allWindows: false))
  }

  @Test(arguments: [
    ("not a URL", "hello", DiagnosticCode.invalidURL, 1),
    (
      "universalLink on another type", #"{"activity": {"activityType": "t", "universalLink": true}}"#, .invalidEvent,
      53
    ),
    (
      "universalLink not a boolean",
      #"{"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "universalLink": 1}}"#, .invalidEvent, 81
    ),
    ("unknown presentation", #"{"dismiss": {"presentation": "alert"}}"#, .invalidEvent, 30),
    ("allWindows not a boolean", #"{"activate": {"allWindows": "yes"}}"#, .invalidEvent, 29),
    ("unknown dismiss key", #"{"dismiss": {"id": "x"}}"#, .invalidEvent, 14),
    ("backslash", #"https://h.example\evil/"#, .ambiguousURL, 18),
    ("JSON syntax", #"{"url": }"#, .jsonSyntax, 9),
    ("unknown key with a suggestion", #"{"ur": "a://h"}"#, .invalidEvent, 2),
    ("two kinds", #"{"url": "a://h", "notification": {}}"#, .invalidEvent, 1),
    ("activity without a type", #"{"activity": {"userInfo": {}}}"#, .invalidEvent, 14),
    ("webpageURL must be http", #"{"activity": {"activityType": "t", "webpageURL": "ftp://h/x"}}"#, .invalidEvent, 14),
    ("URL inside JSON points into the string", #"{"url": "https://h.example\\evil/"}"#, .ambiguousURL, 27),
    ("empty line", "", .invalidURL, 1),
  ])
  func reportsWhereAndWhat(_ name: String, _ line: String, _ code: DiagnosticCode, _ column: Int) {
    switch EventReader.read(line: line) {
    case .success(let event): Issue.record("accepted: \(event)")
    case .failure(let error):
      #expect(error.code == code)
      #expect(error.column == column, "\(error)")
      #expect(!error.message.isEmpty)
    }
  }

  @Test func unknownKeysSuggestTheClosestOne() throws {
    guard case .failure(let error) = EventReader.read(line: #"{"ur": "a://h"}"#) else {
      Issue.record("accepted")
      return
    }
    #expect(error.message.contains("Did you mean 'url'?"))
  }
}
