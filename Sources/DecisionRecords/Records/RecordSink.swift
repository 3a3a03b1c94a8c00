import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport
import SceneDecision

/// Writes the NDJSON record of a line whose route delivers the event, or runs a window action
/// that closes no window, from the decision's parts, where the engine holds them
/// (``DecisionSink``): no ``Decision`` is built, read, then destroyed.
///
/// Everything it points to is lent by ``DecisionRecord``'s `appendJSON(line:utf8:…)` for one
/// decision. In a stateful run (`sessions` not nil) a decision that would leave more sessions
/// open than the limit gets the `session-limit` error record instead, and a decision within it
/// has its effects moved to `sessions`, as that function does with a decision it gets whole.
///
/// ```swift
/// var sink: any DecisionSink = RecordSink(lent: lent)   // lent: a RecordSink.Lent, for this line
/// let rest = DecisionEngine.decide(event, router: router, …, into: &sink)  // nil: written
/// ```
struct RecordSink: DecisionSink {
  /// What the record is written from and to, lent for one decision.
  struct Lent {
    let line: Int
    /// The line's bytes, echoed as the record's input.
    let input: UnsafeBufferPointer<UInt8>
    /// Whether the URL reader found that no byte of `input` needs an escape in a JSON string
    /// (`URLRecord.needsNoEscape`): then echoed with one copy, without testing each word.
    let inputNeedsNoEscape: Bool
    /// The event's `,"event":…` field, its correlation id and its identifier
    /// (`DecisionRecord.identifier(of:)`), read before the decision (a read of the event
    /// through a pointer copied it).
    let eventField: StaticString
    let correlation: JSONValue?
    let identifier: String?
    let explain: Bool
    let includesLine: Bool
    let out: UnsafeMutablePointer<[UInt8]>
    let layout: UnsafeMutablePointer<RecordLayout>
    let sessions: UnsafeMutablePointer<DecisionRecord.KeptDecision>?
  }

  /// One pointer: the engine's `any DecisionSink` holds it in place, not boxed.
  let lent: UnsafePointer<Lent>

  /// Only a stateful run's: it keeps the effects to apply them; a record does not write them.
  var keepsEffects: Bool { lent.pointee.sessions != nil }

  mutating func deliver(
    _ outcome: Decision.Outcome, receiver: borrowing Decision.Receiver, receives: Bool,
    match: borrowing RouteMatch, value: borrowing DecisionValue, reason: DecisionReason?,
    appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
    effects: consuming SessionEffects, handlers: consuming [HandlerCall],
    router: borrowing CompiledRouter
  ) {
    // The lent fields are read through the pointer, one by one (a copy of the whole retained
    // its correlation id and identifier).
    if writesSessionLimitError(effects) { return }
    write(
      outcome, receiver: receiver, receives: receives, match: match, value: value, reason: reason,
      appleRules: appleRules, message: message, trace: trace, handlers: handlers, values: router.values)
    keep(consume effects)
  }

  mutating func take(_ decision: consuming Decision, router: borrowing CompiledRouter) {
    // The lent fields are read through the pointer, one by one, and the value plans are the
    // borrowed router's: a copy of the whole `Lent` retained its correlation id and identifier,
    // and the plans read through a pointer the `Lent` held were copied, each of their arrays retained
    // (about 255 instructions and 11 retain/release a Notes line).
    let lent = self.lent
    if writesSessionLimitError(decision.storedEffects) { return }
    DecisionRecord.appendJSON(
      line: lent.pointee.line, input: lent.pointee.input, eventField: lent.pointee.eventField,
      correlation: lent.pointee.correlation, identifier: lent.pointee.identifier, decision: decision,
      to: &lent.pointee.out.pointee, explain: lent.pointee.explain, includesLine: lent.pointee.includesLine,
      layout: &lent.pointee.layout.pointee, values: router.values)
    // The effects alone: the whole decision moved into an optional, then taken out of it, was
    // two moves of its 456 bytes and the optional's destroy.
    keep(decision.storedEffects)
  }

  mutating func windowAction(
    _ outcome: Decision.Outcome, scene: String?, session: String?, receiver: borrowing Decision.Receiver,
    match: borrowing RouteMatch, action: RouteTarget.Action, value: borrowing DecisionValue,
    reason: DecisionReason?, appleRules: AppleRuleList, message: consuming String, trace: consuming [TraceStep],
    effects: consuming SessionEffects, handlers: consuming [HandlerCall], router: borrowing CompiledRouter
  ) {
    let lent = self.lent
    if writesSessionLimitError(effects) { return }
    let values = router.values
    writeRecord(trace: trace) { w, layout in
      DecisionRecord.writeWindowAction(
        lent.pointee.eventField, identifier: lent.pointee.identifier, outcome, scene: scene, session: session,
        receiver: receiver, match: match, action: action, value: value, reason: reason, appleRules: appleRules,
        message: message, handlers: handlers, to: &w, layout: &layout.pointee, values: values)
    }
    keep(consume effects)
  }

  /// Moves `effects` into a stateful run's kept decision (nothing in a stateless run). The
  /// kept decision's effects are nil until then, one decision a line: they are made over the
  /// nil, which holds nothing (an assignment destroyed it through the optional's witnesses),
  /// at the field's address (a closure that captured the effects copied them, and the caller
  /// destroyed its own: about 200 instructions a stateful line).
  @inline(__always)
  private func keep(_ effects: consuming SessionEffects) {
    guard let kept = lent.pointee.sessions else { return }
    assert(kept.pointee.effects == nil, "a line's decision is kept once")
    let offset = MemoryLayout<DecisionRecord.KeptDecision>.offset(of: \DecisionRecord.KeptDecision.effects)!
    (UnsafeMutableRawPointer(kept) + offset).assumingMemoryBound(to: SessionEffects?.self).initialize(to: effects)
  }

  /// Whether `effects` would leave more sessions open than a stateful run allows: if so, the
  /// line's error record is written in place of the decision's.
  @inline(__always)
  private func writesSessionLimitError(_ effects: borrowing SessionEffects) -> Bool {
    let lent = self.lent
    guard let sessions = lent.pointee.sessions,
      let error = LineRouter.overSessionLimit(effects, open: sessions.pointee.open, limit: sessions.pointee.limit)
    else { return false }
    DecisionRecord.appendError(
      line: lent.pointee.line, utf8: lent.pointee.input, error, to: &lent.pointee.out.pointee,
      includesLine: lent.pointee.includesLine, layout: &lent.pointee.layout.pointee)
    return true
  }

  /// The record, as `DecisionRecord.appendJSON(line:input:event:decision:…)` writes it for the
  /// decision the parts make.
  private func write(
    _ outcome: Decision.Outcome, receiver: Decision.Receiver, receives: Bool,
    match: RouteMatch, value: DecisionValue, reason: DecisionReason?,
    appleRules: AppleRuleList, message: String, trace: [TraceStep],
    handlers: [HandlerCall], values: ValueTemplatePlans
  ) {
    let lent = self.lent
    writeRecord(trace: trace) { w, layout in
      // The names' tables from the fragments' cache when there is one (no `swift_once` check).
      let names: DecisionRecord.RecordNames
      if let fragments = layout.pointee.fragments {
        names = RecordFragments.names(fragments)
      } else {
        names = DecisionRecord.recordNames
      }
      DecisionRecord.writeDelivered(
        lent.pointee.eventField, outcome, receiver: receiver, receives: receives, match: match, value: value,
        handlers: handlers, names: names, to: &w, layout: &layout.pointee, values: values)
      // The identifier copied out only when there is one: copied whole, it was retained and
      // released for every URL line, which has none (about 26 instructions a line).
      if case .some(let identifier) = lent.pointee.identifier { DecisionRecord.writeIdentifier(identifier, to: &w) }
      // The Apple rules copied from the route's slot when it holds them (``RecordFragments``).
      var copied = false
      if let fragments = layout.pointee.fragments, appleRules.count <= 16 {
        let slot = RecordFragments.slot(fragments, route: match.route)
        if slot.holds(appleRules) { copied = w.fragment(slot.rulesText) }
        if !copied {
          RecordSink.writeRules(appleRules, into: slot, to: &w)
          copied = true
        }
      }
      if !copied { DecisionRecord.writeRules(nil, appleRules, names: names, to: &w) }
      if reason != nil || !message.isEmpty { DecisionRecord.writeReason(reason, message: message, to: &w) }
    }
  }

  /// `,"appleRules":[…]`, written and kept in `slot` of the fragments' cache for the next
  /// line of the route (``RecordFragments``): out of line, as a line seldom needs it.
  @inline(never)
  private static func writeRules(_ appleRules: AppleRuleList, into slot: RecordFragments.Slot, to w: inout RecordWriter)
  {
    let start = w.offset
    DecisionRecord.writeRules(nil, appleRules, names: DecisionRecord.recordNames, to: &w)
    if let written = w.written(start..<w.offset) { slot.keep(written, rules: appleRules) }
  }

  /// One record written into the output: its opening, correlation id and input, then what
  /// `body` writes (the decision's members), the trace when explained, and its end.
  @inline(__always)
  private func writeRecord(
    trace: borrowing [TraceStep], _ body: (inout RecordWriter, UnsafeMutablePointer<RecordLayout>) -> Void
  ) {
    let lent = self.lent
    let layout = lent.pointee.layout
    RecordWriter.write(to: &lent.pointee.out.pointee) { w in
      DecisionRecord.writeOpening(
        line: lent.pointee.line, includesLine: lent.pointee.includesLine, to: &w, layout: &layout.pointee)
      if let id = lent.pointee.correlation { DecisionRecord.writeID(id, to: &w) }
      w.literal(#""input":"#)
      let inputStart = w.offset
      if lent.pointee.inputNeedsNoEscape { w.quoted(plain: lent.pointee.input) } else { w.quoted(lent.pointee.input) }
      layout.pointee.input = inputStart..<w.offset
      body(&w, layout)
      if lent.pointee.explain { DecisionRecord.writeTrace(trace, to: &w) }
      w.literal("}\n")
    }
  }
}
