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
    switch EventReader.read(validUTF8: bytes) {
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

extension DecisionRecord {
  /// Reads one input line, decides it and appends its NDJSON record: the bytes that
  /// `DecisionRecord(line:utf8:router:state:explains:scratch:)` and
  /// ``appendJSON(to:explain:)`` append, with no record made.
  ///
  /// The input is echoed from the line's bytes and every field is written from the event and
  /// the decision where they are, so nothing is copied into a record and released with it: the
  /// form for a loop over many lines (`route-cli route --json` decides its lines this way).
  ///
  /// ```swift
  /// var scratch = MatchScratch()
  /// var out: [UInt8] = []
  /// for (n, line) in lines.enumerated() {
  ///   line.withUnsafeBufferPointer {
  ///     DecisionRecord.appendJSON(line: n + 1, utf8: $0, router: router, scratch: &scratch, to: &out)
  ///   }
  /// }
  /// // out: {"line":1,"input":"notes://note/…","event":"url","outcome":"open",…}\n…
  /// ```
  public static func appendJSON(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, router: borrowing CompiledRouter,
    state: borrowing SessionState = SessionState(), explains: Bool = false, scratch: inout MatchScratch,
    to out: inout [UInt8]
  ) {
    var reads = false
    var layout = RecordLayout()
    withUnsafeMutablePointer(to: &scratch) { scratch in
      appendJSON(
        line: line, utf8: bytes, router: router, state: state, explains: explains, includesLine: true,
        readsEventDetails: &reads, scratch: scratch, to: &out, layout: &layout)
    }
  }

  /// The same, with or without the line number; in a stateful run (`sessions` not nil) a
  /// decision within the session limit is moved to `sessions.decision`.
  static func appendJSON(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, router: borrowing CompiledRouter,
    state: borrowing SessionState, explains: Bool, includesLine: Bool, scratch: inout MatchScratch,
    to out: inout [UInt8], sessions: UnsafeMutablePointer<KeptDecision>?
  ) {
    var reads = false
    var layout = RecordLayout()
    withUnsafeMutablePointer(to: &scratch) { scratch in
      appendJSON(
        line: line, utf8: bytes, router: router, state: state, explains: explains, includesLine: includesLine,
        readsEventDetails: &reads, scratch: scratch, to: &out, layout: &layout, sessions: sessions)
    }
  }

  /// The same, with or without the line number, telling where the record's parts are and
  /// whether the decision read more of the event than its route and parameters (as
  /// ``init(line:utf8:router:state:explains:readsEventDetails:scratch:)``). In a stateful run
  /// (`sessions` not nil) a decision that would leave more sessions open than the limit gets the
  /// `session-limit` error record instead (``LineRouter``'s rule), and a decision within it is
  /// moved to `sessions.kept`, for the caller to apply.
  static func appendJSON(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, router: borrowing CompiledRouter,
    state: borrowing SessionState, explains: Bool, includesLine: Bool, readsEventDetails: inout Bool,
    scratch: UnsafeMutablePointer<MatchScratch>?, to out: inout [UInt8], layout: inout RecordLayout,
    sessions: UnsafeMutablePointer<KeptDecision>? = nil
  ) {
    readsEventDetails = true
    // The record writer's fragments kept with the scratch, from line to line (``RecordFragments``).
    if let scratch { layout.fragments = RecordFragments.storage(of: scratch) }
    // A line longer than the echo limit (its record echoes a beginning, cut between characters),
    // or not UTF-8, is written as a record.
    guard bytes.count <= DecisionRecord.echoLimit else {
      return appendRecord(
        line: line, utf8: bytes, router: router, state: state, explains: explains, includesLine: includesLine,
        readsEventDetails: &readsEventDetails, scratch: scratch, to: &out, layout: &layout, sessions: sessions)
    }
    // A URL line, the common one: its URL borrows the line's bytes, which outlive the decision
    // and its record (no string made for its text, none released after).
    if bytes.first != UInt8(ascii: "{") {
      // The URL's ranges read, and its record made over the line's bytes, as
      // `EventReader.readURL(borrowing:)` makes it: a `Result` holding the record was destroyed
      // whole after the switch, through its generic value witnesses (about 110 instructions a
      // line, the record's own destroy about 35); these ranges hold nothing to release.
      // The reader reads any bytes (it checks none for UTF-8), so they are read first: a line it
      // finds in its common form, which needs no JSON escape, is printable ASCII alone
      // (``URLSyntax/parse(_:needsNoEscape:)``), valid UTF-8 with no check (about 78
      // instructions a GitHub line); any other line is checked before its ranges are used.
      var plain = false
      let read = URLRecord.readRanges(bytes, needsNoEscape: &plain)
      guard plain || UTF8Bytes.firstInvalidOffset(bytes) == nil else {
        return appendRecord(
          line: line, utf8: bytes, router: router, state: state, explains: explains, includesLine: includesLine,
          readsEventDetails: &readsEventDetails, scratch: scratch, to: &out, layout: &layout, sessions: sessions)
      }
      switch read {
      case .failure:
        // The reader's error record, from the reader itself (a refused URL is rare: read again).
        if case .failure(let error) = EventReader.readURL(borrowing: bytes) {
          appendError(line: line, utf8: bytes, error, to: &out, includesLine: includesLine, layout: &layout)
        }
      case .success(let ranges):
        let url = URLRecord(borrowing: bytes, ranges: ranges, needsNoEscape: plain)
        // Decided from the URL, with no `Event` made for it (``eventField(_:)`` of a URL).
        withRecordSink(
          eventField: #","event":"url""#, correlation: nil, identifier: nil, input: bytes,
          inputNeedsNoEscape: url.needsNoEscape, line: line, explains: explains, includesLine: includesLine, to: &out,
          layout: &layout, sessions: sessions
        ) { sink in
          DecisionEngine.decide(
            url: url, router: router, state: state, explains: explains, readsEventDetails: &readsEventDetails,
            scratch: scratch, into: &sink)
        }
      }
      return
    }
    guard UTF8Bytes.firstInvalidOffset(bytes) == nil else {
      return appendRecord(
        line: line, utf8: bytes, router: router, state: state, explains: explains, includesLine: includesLine,
        readsEventDetails: &readsEventDetails, scratch: scratch, to: &out, layout: &layout, sessions: sessions)
    }
    // (Checked UTF-8 just above: the reader does not check it again.)
    switch EventReader.read(validUTF8: bytes) {
    case .failure(let error):
      appendError(line: line, utf8: bytes, error, to: &out, includesLine: includesLine, layout: &layout)
    case .success(let event):
      // The record is written by the sink the engine hands the decision to (``RecordSink``):
      // a delivered route's from its parts, any other decision's whole.
      decide(
        event, input: bytes, line: line, router: router, state: state, explains: explains,
        includesLine: includesLine, readsEventDetails: &readsEventDetails, scratch: scratch, to: &out,
        layout: &layout, sessions: sessions)
    }
  }

  /// Decides `event`, the line's, and writes its record through a ``RecordSink``.
  private static func decide(
    _ event: Event, input bytes: UnsafeBufferPointer<UInt8>, line: Int, router: borrowing CompiledRouter,
    state: borrowing SessionState, explains: Bool, includesLine: Bool, readsEventDetails: inout Bool,
    scratch: UnsafeMutablePointer<MatchScratch>?, to out: inout [UInt8], layout: inout RecordLayout,
    sessions: UnsafeMutablePointer<KeptDecision>?
  ) {
    withRecordSink(
      eventField: eventField(event.kind), correlation: event.correlation, identifier: identifier(of: event),
      input: bytes, line: line, explains: explains, includesLine: includesLine, to: &out, layout: &layout,
      sessions: sessions
    ) { sink in
      DecisionEngine.decide(
        event, router: router, state: state, explains: explains, readsEventDetails: &readsEventDetails,
        scratch: scratch, into: &sink)
    }
  }

  /// Runs `decide` with a ``RecordSink`` that writes the line's record (its event's field,
  /// correlation and identifier as given) to `out`.
  @inline(__always)
  private static func withRecordSink(
    eventField: StaticString, correlation: JSONValue?, identifier: String?, input bytes: UnsafeBufferPointer<UInt8>,
    inputNeedsNoEscape: Bool = false, line: Int, explains: Bool, includesLine: Bool, to out: inout [UInt8],
    layout: inout RecordLayout,
    sessions: UnsafeMutablePointer<KeptDecision>?, _ decide: (inout any DecisionSink) -> Void
  ) {
    withUnsafeMutablePointer(to: &out) { out in
      withUnsafeMutablePointer(to: &layout) { layout in
        // Made and lent in place (a `let` lent by `withUnsafePointer` was copied), and destroyed
        // only when it holds something to release: a correlation id or an identifier. A URL
        // line's holds neither, and its destroy, through the type's value witnesses, cost about
        // 40 instructions.
        withUnsafeTemporaryAllocation(of: RecordSink.Lent.self, capacity: 1) { buffer in
          let lent = buffer.baseAddress!
          lent.initialize(
            to: RecordSink.Lent(
              line: line, input: bytes, inputNeedsNoEscape: inputNeedsNoEscape, eventField: eventField,
              correlation: correlation, identifier: identifier,
              explain: explains, includesLine: includesLine, out: out, layout: layout, sessions: sessions))
          var sink: any DecisionSink = RecordSink(lent: lent)
          decide(&sink)
          if correlation != nil || identifier != nil { lent.deinitialize(count: 1) }
        }
      }
    }
  }

  /// A stateful run's view of its sessions for one line: how many are open, the most it keeps
  /// open, and the effects of the line's decision once written, to be applied (nil when the
  /// line was an error).
  struct KeptDecision {
    var open: Int
    var limit: Int
    var effects: SessionEffects?
  }

  /// The record of a line the reader refuses (or of a decision over the session limit).
  @inline(never)
  static func appendError(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, _ error: EventError, to out: inout [UInt8],
    includesLine: Bool, layout: inout RecordLayout
  ) {
    DecisionRecord(line: line, utf8: bytes, result: .failure(error)).appendJSON(
      to: &out, explain: false, includesLine: includesLine, layout: &layout)
  }

  /// A line over the echo limit or not UTF-8, decided and written through its record.
  @inline(never)
  private static func appendRecord(
    line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, router: borrowing CompiledRouter,
    state: borrowing SessionState, explains: Bool, includesLine: Bool, readsEventDetails: inout Bool,
    scratch: UnsafeMutablePointer<MatchScratch>?, to out: inout [UInt8], layout: inout RecordLayout,
    sessions: UnsafeMutablePointer<KeptDecision>?
  ) {
    var record = DecisionRecord(
      line: line, utf8: bytes, router: router, state: state, explains: explains,
      readsEventDetails: &readsEventDetails, scratch: scratch)
    if let sessions, case .success(let (_, decision)) = record.result {
      if let error = LineRouter.overSessionLimit(decision, open: sessions.pointee.open, limit: sessions.pointee.limit) {
        record.result = .failure(error)
      } else {
        sessions.pointee.effects = decision.storedEffects
      }
    }
    record.appendJSON(to: &out, explain: explains, includesLine: includesLine, layout: &layout)
  }
}
