import RouteMatcher
import RouteTables
import RouterSupport
import SceneDecision

extension DecisionRecord {
  /// The fields of a route's window action that closes no window, from `event` on (the event's
  /// field and its identifier given), written from its parts where the engine holds them
  /// (``RecordSink``): the bytes `write(_:identifier:_:to:layout:values:)` writes for the
  /// ``Decision`` the parts make, field by field through the same helpers. Such a decision has a
  /// receiver, a match and the action, and its lists are empty.
  ///
  /// ```swift
  /// DecisionRecord.writeWindowAction(field, identifier: nil, .open, scene: "editor", session: "S2", …, to: &w, …)
  /// ```
  static func writeWindowAction(
    _ eventField: StaticString, identifier: String?, _ outcome: Decision.Outcome, scene: String?, session: String?,
    receiver: Decision.Receiver, match: RouteMatch, action: RouteTarget.Action, value: DecisionValue,
    reason: DecisionReason?, appleRules: AppleRuleList, message: String, handlers: [HandlerCall],
    to w: inout RecordWriter, layout: inout RecordLayout, values: ValueTemplatePlans
  ) {
    w.literal(eventField)
    let names = recordNames
    writeWindowSelection(outcome, scene: scene, session: session, receiver: receiver, names: names, to: &w)
    writeMatch(match, to: &w, layout: &layout)
    w.literal(#","action":"#)
    w.name(action, in: names.actions)
    // The value after the match's parameters: one that echoes them copies their bytes.
    if case .absent = value {} else { writeValue(value, match: match, values: values, to: &w, layout: &layout) }
    if !handlers.isEmpty { appendHandlers(handlers, to: &w) }
    writeRules(identifier, appleRules, names: names, to: &w)
    if reason != nil || !message.isEmpty { writeReason(reason, message: message, to: &w) }
  }

  /// `,"outcome":…,"scene":…,"session":…,"receiver":{…}` of a window action's decision: the
  /// scene and the session when it has them, the receiver always.
  @inline(never)
  private static func writeWindowSelection(
    _ outcome: Decision.Outcome, scene: String?, session: String?, receiver: borrowing Decision.Receiver,
    names: RecordNames, to w: inout RecordWriter
  ) {
    w.literal(#","outcome":"#)
    w.name(outcome, in: names.outcomes)
    if let scene {
      w.literal(#","scene":"#)
      w.string(scene)
    }
    if let session {
      w.literal(#","session":"#)
      w.string(session)
    }
    w.literal(#","receiver":{"scene":"#)
    w.string(receiver.scene)
    w.literal(#","session":"#)
    w.string(receiver.session)
    w.literal(receiver.isNew ? #","new":true}"# : #","new":false}"#)
  }
}
