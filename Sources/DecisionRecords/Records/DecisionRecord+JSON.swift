import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport
import SceneDecision

extension DecisionRecord {
  /// Appends the record as one line of NDJSON (with its `\n`).
  ///
  /// Fields, in this order, present when they have a value: `line`, `id`, `input`, `inputLength`
  /// (when the input was cut), `event`,
  /// `outcome`, `scene`, `session`, `receiver`, `rule`, `params`, `decodedSeparators`, `action`, `value`,
  /// `closed`, `opened`, `extraURLs`, `handlers`, `identifier`, `appleRules`, `reason`, `message`, `error`, `trace`
  /// (with `explain`).
  public func appendJSON(to out: inout [UInt8], explain: Bool = false) {
    var layout = RecordLayout()
    appendJSON(to: &out, explain: explain, includesLine: true, layout: &layout)
  }

  /// Appends the record as NDJSON, with its line number or without it (`--no-line`: the record
  /// then depends only on its line, the table and the sessions), and tells where its varying
  /// parts are (``RecordLayout``).
  ///
  /// The bytes go through a ``RecordWriter``: written straight into `out`'s free capacity.
  func appendJSON(to out: inout [UInt8], explain: Bool, includesLine: Bool, layout: inout RecordLayout) {
    RecordWriter.write(to: &out) { w in
      write(to: &w, explain: explain, includesLine: includesLine, layout: &layout)
    }
  }

  private func write(to w: inout RecordWriter, explain: Bool, includesLine: Bool, layout: inout RecordLayout) {
    DecisionRecord.writeOpening(line: line, includesLine: includesLine, to: &w, layout: &layout)
    switch result {
    case .failure(let error):
      writeError(error, to: &w)
    case .success(let (event, decision)):
      if let id = event.correlation { DecisionRecord.writeID(id, to: &w) }
      w.literal(#""input":"#)
      let inputStart = w.offset
      w.string(input)
      layout.input = inputStart..<w.offset
      appendInputLength(to: &w)
      DecisionRecord.write(event, decision, to: &w, layout: &layout, values: ValueTemplatePlans.none)
      if explain { DecisionRecord.writeTrace(decision.trace, to: &w) }
    }
    w.literal("}\n")
  }

  /// Appends the NDJSON record of a line decided as `event` and `decision`, its input echoed from
  /// `input`, the line's bytes (valid UTF-8, at most ``echoLimit`` of them): the bytes
  /// ``appendJSON(to:explain:includesLine:layout:)`` writes for the record that
  /// `DecisionRecord(line:utf8:router:…)` makes of the line, without making it. The fields are
  /// written from the event and the decision where they are: nothing is moved into a record's
  /// `result` (a copy of both), nothing echoed from the URL's string. A route's value is written
  /// from `values`, the router's plans (``ValueTemplatePlans``).
  static func appendJSON(
    line: Int, input: UnsafeBufferPointer<UInt8>, event: Event, decision: Decision, to out: inout [UInt8],
    explain: Bool, includesLine: Bool, layout: inout RecordLayout, values: ValueTemplatePlans
  ) {
    RecordWriter.write(to: &out) { w in
      writeOpening(line: line, includesLine: includesLine, to: &w, layout: &layout)
      if let id = event.correlation { DecisionRecord.writeID(id, to: &w) }
      w.literal(#""input":"#)
      let inputStart = w.offset
      w.quoted(input)
      layout.input = inputStart..<w.offset
      DecisionRecord.write(event, decision, to: &w, layout: &layout, values: values)
      if explain { DecisionRecord.writeTrace(decision.trace, to: &w) }
      w.literal("}\n")
    }
  }

  /// The same, with the event's field, correlation id and identifier given (``RecordSink``).
  static func appendJSON(
    line: Int, input: UnsafeBufferPointer<UInt8>, eventField: StaticString, correlation: JSONValue?,
    identifier: String?, decision: Decision, to out: inout [UInt8], explain: Bool, includesLine: Bool,
    layout: inout RecordLayout, values: ValueTemplatePlans
  ) {
    RecordWriter.write(to: &out) { w in
      writeOpening(line: line, includesLine: includesLine, to: &w, layout: &layout)
      if let id = correlation { DecisionRecord.writeID(id, to: &w) }
      w.literal(#""input":"#)
      let inputStart = w.offset
      w.quoted(input)
      layout.input = inputStart..<w.offset
      DecisionRecord.write(eventField, identifier: identifier, decision, to: &w, layout: &layout, values: values)
      if explain { DecisionRecord.writeTrace(decision.trace, to: &w) }
      w.literal("}\n")
    }
  }

  /// How every record opens: `{`, and the `line` field when there is one (the next field then
  /// starts with a comma after it).
  @inline(__always)
  static func writeOpening(
    line: Int, includesLine: Bool, to w: inout RecordWriter, layout: inout RecordLayout
  ) {
    if includesLine {
      w.literal(#"{"line":"#)
      let lineStart = w.offset
      w.integer(line)
      layout.line = lineStart..<w.offset
      w.byte(UInt8(ascii: ","))
    } else {
      w.byte(UInt8(ascii: "{"))
    }
  }

  /// The fields of a decision, from `event` on, in the order of the format: the common ones
  /// in a few small functions, each rarer group out of line. Small, because the optimizer stops
  /// inlining into a function that has grown past a size: in each of these the writer's
  /// helpers are inlined (a key is a constant copied in a word or two; a short string is tested
  /// and copied in place, not retained).
  private static func write(
    _ event: borrowing Event, _ decision: borrowing Decision, to w: inout RecordWriter, layout: inout RecordLayout,
    values: ValueTemplatePlans
  ) {
    write(eventField(event.kind), identifier: identifier(of: event), decision, to: &w, layout: &layout, values: values)
  }

  /// The same, with the event's field and identifier given.
  private static func write(
    _ eventField: StaticString, identifier: String?, _ decision: borrowing Decision, to w: inout RecordWriter,
    layout: inout RecordLayout, values: ValueTemplatePlans
  ) {
    w.literal(eventField)
    let names = recordNames
    writeSelection(decision, names: names, to: &w)
    if let match = decision.match {
      writeMatch(match, to: &w, layout: &layout)
      writeAction(decision.action, names: names, to: &w)
      if case .absent = decision.storedValue {
      } else {
        writeValue(decision.storedValue, match: match, values: values, to: &w, layout: &layout)
      }
    } else {
      writeAction(decision.action, names: names, to: &w)
      if case .absent = decision.storedValue {
      } else {
        writeValue(decision.storedValue, route: nil, values: values, to: &w, layout: &layout)
      }
    }
    // Most decisions fill none of the three lists: one test of what the decision keeps, not
    // an array read out (and released) for each.
    if !decision.storedLists.isEmpty {
      let lists = decision.storedLists
      if !lists.closed.isEmpty { writeStrings(#","closed":"#, lists.closed, to: &w) }
      if !lists.opened.isEmpty { writeStrings(#","opened":"#, lists.opened, to: &w) }
      if !lists.extraURLs.isEmpty { appendExtraURLs(lists.extraURLs, to: &w) }
    }
    if !decision.handlers.isEmpty { appendHandlers(decision.handlers, to: &w) }
    writeRules(identifier, decision.appleRules, names: names, to: &w)
    if decision.reason != nil || !decision.message.isEmpty {
      writeReason(decision.reason, message: decision.message, to: &w)
    }
  }

  /// The fields of a delivered route's decision from `event` to `handlers` (the event's field
  /// given), written from its parts where the engine holds them (``RecordSink``, which writes
  /// the identifier, the Apple rules, the reason and the message after them, as
  /// ``writeRules(_:_:names:to:)`` and ``writeReason(_:message:to:)`` do): the bytes
  /// ``write(_:_:to:layout:values:)`` writes for the ``Decision`` the parts make
  /// (``DecisionBuilder``), field by field through the same helpers. Such a decision has a match
  /// and the action `deliver`, its scene and session are the receiver's when it `receives`
  /// (else none), and its lists are empty.
  ///
  /// With `fragments` (``RecordLayout/fragments``), the bytes from the event's field to the
  /// parameters' key are copied from the route's slot when it holds them for this decision's
  /// key, and kept there when it does not (``RecordFragments``): the same bytes either way.
  static func writeDelivered(
    _ eventField: StaticString, _ outcome: Decision.Outcome, receiver: Decision.Receiver, receives: Bool,
    match: RouteMatch, value: DecisionValue, handlers: [HandlerCall], names: borrowing RecordNames,
    to w: inout RecordWriter, layout: inout RecordLayout, values: ValueTemplatePlans
  ) {
    if let fragments = layout.fragments,
      let key = RecordFragments.Key(
        eventField, outcome, receiver: receiver, receives: receives, rule: match.routeName)
    {
      let slot = RecordFragments.slot(fragments, route: match.route)
      var copied = false
      if slot.matches(key) { copied = w.fragment(slot.text) }
      if !copied {
        let start = w.offset
        writeFragment(eventField, outcome, receiver: receiver, receives: receives, match: match, names: names, to: &w)
        if let written = w.written(start..<w.offset) { slot.keep(written, as: key) }
      }
    } else {
      writeFragment(eventField, outcome, receiver: receiver, receives: receives, match: match, names: names, to: &w)
    }
    writeParameters(match, to: &w, layout: &layout)
    w.literal(#","action":"deliver""#)
    // Matched here, not through `isAbsent` (a call across the module boundary).
    if case .absent = value {} else { writeValue(value, match: match, values: values, to: &w, layout: &layout) }
    if !handlers.isEmpty { appendHandlers(handlers, to: &w) }
  }

  /// `,"identifier":…` (for the events that have one) and `,"appleRules":[…]`.
  @inline(__always)
  static func writeRules(
    _ identifier: String?, _ appleRules: AppleRuleList, names: RecordNames, to w: inout RecordWriter
  ) {
    if let identifier { writeIdentifier(identifier, to: &w) }
    w.literal(#","appleRules":"#)
    w.names(appleRules, in: names.appleRules)
  }

  /// `,"outcome":…,"scene":…,"session":…,"receiver":{…}`, each when the decision has it.
  @inline(never)
  private static func writeSelection(_ decision: borrowing Decision, names: RecordNames, to w: inout RecordWriter) {
    w.literal(#","outcome":"#)
    w.name(decision.outcome, in: names.outcomes)
    if let scene = decision.scene {
      w.literal(#","scene":"#)
      w.string(scene)
    }
    if let session = decision.session {
      w.literal(#","session":"#)
      w.string(session)
    }
    if let receiver = decision.receiver {
      w.literal(#","receiver":{"scene":"#)
      w.string(receiver.scene)
      w.literal(#","session":"#)
      w.string(receiver.session)
      w.literal(receiver.isNew ? #","new":true}"# : #","new":false}"#)
    }
  }

  /// `,"outcome":…,"scene":…,"session":…,"receiver":{…}` of a delivered route's decision: the
  /// scene and the session are the receiver's when it `receives`.
  @inline(never)
  private static func writeSelection(
    _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool, names: RecordNames,
    to w: inout RecordWriter
  ) {
    w.literal(#","outcome":"#)
    w.name(outcome, in: names.outcomes)
    if receives {
      // `"scene":S,"session":T` twice: the receiver's copied from the first.
      let start = w.offset
      w.literal(#","scene":"#)
      w.string(receiver.scene)
      w.literal(#","session":"#)
      w.string(receiver.session)
      let end = w.offset
      w.literal(#","receiver":{"#)
      if w.again(start &+ 1..<end) {
        w.literal(receiver.isNew ? #","new":true}"# : #","new":false}"#)
        return
      }
      w.literal(#""scene":"#)
    } else {
      w.literal(#","receiver":{"scene":"#)
    }
    w.string(receiver.scene)
    w.literal(#","session":"#)
    w.string(receiver.session)
    w.literal(receiver.isNew ? #","new":true}"# : #","new":false}"#)
  }

  /// `,"rule":…,"params":{…}` (and `decodedSeparators`), with where the parameters are.
  @inline(never)
  static func writeMatch(_ match: borrowing RouteMatch, to w: inout RecordWriter, layout: inout RecordLayout) {
    w.literal(#","rule":"#)
    w.string(match.routeName)
    w.literal(#","params":"#)
    writeParameters(match, to: &w, layout: &layout)
  }

  /// A delivered route's record from the event's field to `,"params":`: what
  /// ``RecordFragments`` keeps.
  @inline(never)
  private static func writeFragment(
    _ eventField: StaticString, _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool,
    match: borrowing RouteMatch, names: borrowing RecordNames, to w: inout RecordWriter
  ) {
    w.literal(eventField)
    writeSelection(outcome, receiver: receiver, receives: receives, names: names, to: &w)
    w.literal(#","rule":"#)
    w.string(match.routeName)
    w.literal(#","params":"#)
  }

  /// The parameters' object `{…}` (and `decodedSeparators`), with where the parameters are.
  @inline(__always)
  private static func writeParameters(
    _ match: borrowing RouteMatch, to w: inout RecordWriter, layout: inout RecordLayout
  ) {
    let paramsStart = w.offset
    w.parameters(match.parameters)
    layout.params = paramsStart..<w.offset
    if !match.decodedSeparators.isEmpty { writeStrings(#","decodedSeparators":"#, match.decodedSeparators, to: &w) }
  }

  /// `,"value":…`, with where it is: a route's value written from its template and the match's
  /// parameters, not made.
  @inline(never)
  static func writeValue(
    _ value: DecisionValue, route: Int?, values: ValueTemplatePlans, to w: inout RecordWriter,
    layout: inout RecordLayout
  ) {
    w.literal(#","value":"#)
    let valueStart = w.offset
    w.value(value, route: route, values: values)
    layout.value = valueStart..<w.offset
  }

  /// `,"value":…` of a route's match, written in this record just before (``writeMatch(_:to:layout:)``
  /// set `layout.params`): a value that echoes the match's parameters copies their bytes.
  @inline(never)
  static func writeValue(
    _ value: DecisionValue, match: borrowing RouteMatch, values: ValueTemplatePlans, to w: inout RecordWriter,
    layout: inout RecordLayout
  ) {
    w.literal(#","value":"#)
    let valueStart = w.offset
    w.value(value, route: match.route, values: values, params: layout.params, matched: match.parameters)
    layout.value = valueStart..<w.offset
  }

  /// `,"action":…` when the decision has one.
  @inline(__always)
  private static func writeAction(_ action: RouteTarget.Action?, names: RecordNames, to w: inout RecordWriter) {
    guard let action else { return }
    w.literal(#","action":"#)
    w.name(action, in: names.actions)
  }

  /// `"id":ID,` (an event's correlation id, before its input).
  @inline(never)
  static func writeID(_ id: JSONValue, to w: inout RecordWriter) {
    w.literal(#""id":"#)
    w.json(id)
    w.byte(UInt8(ascii: ","))
  }

  /// An error record's fields, from `input` on.
  @inline(never)
  private func writeError(_ error: EventError, to w: inout RecordWriter) {
    if let id = error.correlation { DecisionRecord.writeID(id, to: &w) }
    w.literal(#""input":"#)
    w.string(input)
    appendInputLength(to: &w)
    w.field(#","outcome":"#, "error")
    w.literal(#","error":{"code":"#)
    w.string(error.code.rawValue)
    if let reason = error.reason { w.field(#","reason":"#, reason.rawValue) }
    w.literal(#","column":"#)
    w.integer(error.column)
    w.field(#","message":"#, error.message)
    w.byte(UInt8(ascii: "}"))
  }

  /// `KEY[…]`: a key, then an array of strings.
  @inline(never)
  private static func writeStrings(_ key: StaticString, _ values: [String], to w: inout RecordWriter) {
    w.literal(key)
    w.strings(values)
  }

  /// `,"identifier":"…"`.
  @inline(never)
  static func writeIdentifier(_ identifier: String, to w: inout RecordWriter) {
    w.field(#","identifier":"#, identifier)
  }

  /// `,"reason":"…"` and `,"message":"…"`, each when the decision has one.
  @inline(never)
  static func writeReason(_ reason: DecisionReason?, message: borrowing String, to w: inout RecordWriter) {
    if let reason { w.field(#","reason":"#, reason.rawValue) }
    if !message.isEmpty { w.field(#","message":"#, message) }
  }

  /// `,"trace":[…]` (with `explain`).
  @inline(never)
  static func writeTrace(_ trace: [TraceStep], to w: inout RecordWriter) {
    w.literal(#","trace":["#)
    for (i, step) in trace.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.literal(#"{"stage":"#)
      w.string(step.stage.rawValue)
      w.field(#","subject":"#, step.subject)
      w.field(#","verdict":"#, step.verdict.rawValue)
      w.field(#","detail":"#, step.detail)
      if let rule = step.rule { w.field(#","appleRule":"#, rule.rawValue) }
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "]"))
  }

  /// The quoted names of outcomes, actions and Apple rules, written from tables, not from their
  /// `rawValue`s: one global (one `swift_once` check a record) for the three.
  struct RecordNames: Sendable {
    let outcomes = CaseNames<Decision.Outcome>()
    let actions = CaseNames<RouteTarget.Action>()
    let appleRules = CaseNames<AppleRuleID>()
  }

  static let recordNames = RecordNames()

  /// `,"event":"KIND"`, with the event's ``Event/kindName`` (a test holds the two together):
  /// a literal, not a `String` made and released for every record.
  @inline(__always)
  static func eventField(_ kind: borrowing Event.Kind) -> StaticString {
    switch kind {
    case .url: #","event":"url""#
    case .activity: #","event":"activity""#
    case .notification: #","event":"notification""#
    case .shortcut: #","event":"shortcut""#
    case .openWindow: #","event":"openWindow""#
    case .dismissWindow: #","event":"dismissWindow""#
    case .pushWindow: #","event":"pushWindow""#
    case .activationRequest: #","event":"requestSceneSessionActivation""#
    case .session: #","event":"session""#
    case .launch: #","event":"launch""#
    case .reopen: #","event":"reopen""#
    case .dismiss: #","event":"dismiss""#
    case .activate: #","event":"activate""#
    }
  }

  /// `,"inputLength":N` when the input echoed is only the beginning of the line.
  private func appendInputLength(to w: inout RecordWriter) {
    guard let inputLength else { return }
    w.literal(#","inputLength":"#)
    w.integer(inputLength)
  }

  /// `,"handlers":[{"handler":"onOpenURL","view":"Sidebar","calls":1},…]` when handlers ran.
  @inline(never)
  static func appendHandlers(_ handlers: [HandlerCall], to w: inout RecordWriter) {
    w.literal(#","handlers":["#)
    for (i, call) in handlers.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      w.literal(#"{"handler":"#)
      w.string(call.handler.rawValue)
      if let view = call.view { w.field(#","view":"#, view) }
      if let type = call.activityType { w.field(#","activityType":"#, type) }
      w.literal(#","calls":"#)
      w.integer(call.calls)
      w.byte(UInt8(ascii: "}"))
    }
    w.byte(UInt8(ascii: "]"))
  }
}
