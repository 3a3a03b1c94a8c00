import RouteEvents
public import RouteMatcher
import RouterSupport
public import SceneDecision

extension DecisionRecord {
  /// Reads one input line and decides it: the record `route-cli route` writes for the line.
  ///
  /// Bytes that are not UTF-8 give an `invalid-utf8` error record at the first bad byte; a line
  /// that is not an event gives the reader's error record; otherwise the decision against
  /// `state` (not applied to it: see ``SessionState/applying(_:)``).
  ///
  /// ```swift
  /// var text = "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"
  /// let record = text.withUTF8 { DecisionRecord(line: 1, utf8: $0, router: router) }
  /// var out: [UInt8] = []
  /// record.appendJSON(to: &out)   // {"line":1,"input":"notes://note/…","event":"url","outcome":"open",…}
  /// ```
  ///
  /// The router and the state are borrowed, not copied (an initializer's arguments are
  /// otherwise passed owned: each call copied both, retaining everything they hold).
  public init(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, router: borrowing CompiledRouter,
    state: borrowing SessionState = SessionState(), explains: Bool = false
  ) {
    var reads = false
    self.init(
      line: line, utf8: bytes, router: router, state: state, explains: explains, readsEventDetails: &reads,
      scratch: nil)
  }

  /// Reads one input line and decides it, matching its URL in `scratch`: the same record, for
  /// a caller that decides many lines and keeps one scratch for all of them (each decision
  /// otherwise allocates the matcher's 80 KiB of working memory).
  ///
  /// ```swift
  /// var scratch = MatchScratch()
  /// for (n, line) in lines.enumerated() {
  ///   line.withUnsafeBufferPointer {
  ///     DecisionRecord(line: n + 1, utf8: $0, router: router, scratch: &scratch).appendJSON(to: &out)
  ///   }
  /// }
  /// ```
  public init(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, router: borrowing CompiledRouter,
    state: borrowing SessionState = SessionState(), explains: Bool = false, scratch: inout MatchScratch
  ) {
    var reads = false
    let record = withUnsafeMutablePointer(to: &scratch) { scratch in
      DecisionRecord(
        line: line, utf8: bytes, router: router, state: state, explains: explains, readsEventDetails: &reads,
        scratch: scratch)
    }
    self = record
  }

  /// The same, and whether the decision read more of the event than its route and parameters
  /// (the decision's `DetailReads`; true for errors and events that are not URLs); URLs are
  /// matched in `scratch` when one is lent (valid for the call), else in one of their own.
  init(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, router: borrowing CompiledRouter,
    state: borrowing SessionState, explains: Bool, readsEventDetails: inout Bool,
    scratch: UnsafeMutablePointer<MatchScratch>?
  ) {
    readsEventDetails = true
    if let bad = UTF8Bytes.firstInvalidOffset(bytes) {
      let error = EventError(code: .invalidUTF8, message: "the line is not valid UTF-8", column: bad + 1)
      self.init(line: line, utf8: bytes, result: .failure(error))
      return
    }
    switch EventReader.read(utf8: bytes) {
    case .failure(let error):
      self.init(line: line, utf8: bytes, result: .failure(error))
    case .success(let event):
      let decision = DecisionEngine.decide(
        event, router: router, state: state, explains: explains, readsEventDetails: &readsEventDetails,
        scratch: scratch)
      // A line that is a URL is the URL's text, which the reader has already made a string of:
      // the record echoes that string (shared), not a second copy decoded from the bytes.
      if case .url(let url) = event.kind, bytes.first != UInt8(ascii: "{"), bytes.count <= DecisionRecord.echoLimit {
        self.init(line: line, echoed: url.text, inputLength: nil, result: .success((event, decision)))
        return
      }
      self.init(line: line, utf8: bytes, result: .success((event, decision)))
    }
  }
}
