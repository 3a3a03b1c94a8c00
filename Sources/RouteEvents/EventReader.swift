public import RouterSupport

/// Reads one input line into an ``Event``: a bare URL, or a JSON object.
///
/// JSON events (one object per line; `id` is optional and echoed in the decision):
///
/// ```json
/// {"url": "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}
/// {"urls": ["viewer://open/a", "viewer://open/b"]}   // one open request with several URLs (MAC4)
/// {"activity": {"activityType": "com.example.notes.edit", "userInfo": {"noteID": "6F0E…"}}}
/// {"activity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://notes.example.com/n/6F0E…"}}
/// {"notification": {"targetContentIdentifier": "note-editor"}, "id": 7}
/// {"shortcut": {"type": "com.example.notes.new", "targetContentIdentifier": "new-note"}}
/// {"openWindow": {"id": "note-editor", "value": {"id": "6F0E…"}, "from": "s1"}}
/// {"dismissWindow": {"id": "note-editor"}, "id": "close-all"}
/// {"pushWindow": {"id": "player", "value": "trailer", "from": "s1"}}   // visionOS 2 (W19)
/// {"requestSceneSessionActivation": {"session": null, "activity": {"activityType": "NewTaskWindow"}}}
/// {"session": {"activate": "s2"}}   {"session": {"close": "s2"}}   {"session": {"archive": "s1"}}
/// {"session": {"update": "s2", "preferring": ["6F0E…"], "allowing": [], "value": {"id": "6F0E…"}}}
/// {"launch": {}}   {"reopen": {}}
/// ```
///
/// ```swift
/// switch EventReader.read(line: "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11") {
/// case .success(let event): print(event.kindName)   // url
/// case .failure(let error): print(error.message)
/// }
/// ```
public enum EventReader {
  /// The keys that name the kind of a JSON event.
  static let kindKeys = [
    "url", "urls", "activity", "notification", "shortcut", "openWindow", "dismissWindow", "pushWindow",
    "requestSceneSessionActivation",
    "session", "launch", "reopen", "dismiss", "activate",
  ]

  /// Reads a line given as a string.
  public static func read(line: String) -> Result<Event, EventError> {
    var text = line
    return text.withUTF8 { read(utf8: $0) }
  }

  /// Reads a line given as UTF-8 bytes (without its line end).
  public static func read(utf8 line: UnsafeBufferPointer<UInt8>) -> Result<Event, EventError> {
    // A URL line's bytes are checked first (a JSON line's by the JSON reader).
    if line.first != UInt8(ascii: "{"), let bad = UTF8Bytes.firstInvalidOffset(line) {
      return .failure(eventError(URLSyntax.invalidUTF8(at: bad), columnBase: 1))
    }
    return read(validUTF8: line)
  }

  /// Reads a line its caller has already checked is UTF-8 (`UTF8Bytes.firstInvalidOffset` is
  /// nil): the same result as ``read(utf8:)``, without checking the bytes a second time (a
  /// record writer checks every line first, to know whether to echo it).
  package static func read(validUTF8 line: UnsafeBufferPointer<UInt8>) -> Result<Event, EventError> {
    if line.first == UInt8(ascii: "{") { return readJSON(line) }
    // The record goes straight into the event: no result of its own to copy it out of.
    do throws(URLReadError) {
      return .success(Event(.url(try URLRecord(validUTF8: line))))
    } catch {
      return .failure(eventError(error, columnBase: 1))
    }
  }

  /// Reads a URL line (one that does not start with `{`) its caller has already checked is
  /// UTF-8 into a record that borrows the line's bytes (``URLRecord/init(borrowing:ranges:)``):
  /// the URL of the event ``read(validUTF8:)`` reads, or its error, with no string made. The
  /// record is valid only while `line` is: for a caller that decides and writes the line
  /// before its bytes go (`DecisionRecord.appendJSON`); the event's `text` is made if read.
  ///
  /// ```swift
  /// if case .success(let url) = EventReader.readURL(borrowing: line) {
  ///   let event = Event(.url(url))   // decided and written before `line` goes away
  /// }
  /// ```
  package static func readURL(borrowing line: UnsafeBufferPointer<UInt8>) -> Result<URLRecord, EventError> {
    var plain = false
    switch URLRecord.readRanges(line, needsNoEscape: &plain) {
    case .success(let ranges): return .success(URLRecord(borrowing: line, ranges: ranges, needsNoEscape: plain))
    case .failure(let error): return .failure(eventError(error, columnBase: 1))
    }
  }

  /// Parses URL bytes; an error's column is `columnBase` + its offset.
  ///
  /// Bytes that are not UTF-8 are refused (`invalid-utf8` at the first bad byte), never turned
  /// into U+FFFD and read: the reader sees exactly the bytes it was given.
  static func readURL(_ bytes: UnsafeBufferPointer<UInt8>, columnBase: Int) -> Result<URLRecord, EventError> {
    do throws(URLReadError) {
      return .success(try URLRecord(utf8: bytes))
    } catch {
      return .failure(eventError(error, columnBase: columnBase))
    }
  }

  /// The event error of a URL the reader refuses; its column is `columnBase` + the error's offset.
  static func eventError(_ error: URLReadError, columnBase: Int) -> EventError {
    EventError(code: error.code, reason: error.reason, message: error.message, column: columnBase + error.offset)
  }
}

extension JSONLimits {
  /// Limits for one JSON event line: 1 MiB, depth 32.
  public static var eventLine: JSONLimits {
    var limits = JSONLimits.default
    limits.maxBytes = 1 << 20
    limits.maxDepth = 32
    return limits
  }
}
