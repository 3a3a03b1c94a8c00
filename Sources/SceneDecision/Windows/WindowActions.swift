import RouteEvents
import RouteTables
import RouterSupport

/// `openWindow` and `dismissWindow` (W5–W21), called from a session's view.
struct WindowActions {
  /// The outcome of an action, before it becomes a decision.
  struct Result {
    var outcome: Decision.Outcome
    var scene: String?
    var session: String?
    var closed: [String] = []
    var value: JSONValue?
    var reason: DecisionReason?
    var message: String
  }

  /// `openWindow(id:)`, `openWindow(value:)` or `openWindow(id:value:)`.
  ///
  /// A new window (W6, W7, W8) is recorded as an effect unless `recordsNewWindow` is false: the
  /// decision's last effect, for a sink that keeps no effects (``DecisionSink/keepsEffects``),
  /// its session then numbered only (``DecisionContext/numberChosen()``: a second effect was the
  /// decision's array of effects, made and destroyed, about 770 instructions of a Notes `new`
  /// line).
  ///
  /// The request and the group's declaration are read in place: the call's text is a local
  /// function (a closure value captured a copy of the request, copied again at each use), and
  /// the group is a position in the table (a `SceneDeclaration` returned was a copy of every
  /// string and array it holds).
  static func open(
    _ request: Event.WindowRequest, _ ctx: inout DecisionContext, recordsNewWindow: Bool = true
  ) -> Result {
    let table = ctx.table
    func call() -> String { describe("openWindow", request) }
    ctx.cite(.w5)
    guard table.supportsMultipleScenes else {
      ctx.step(
        .action, call(), .rejected,
        "supportsMultipleWindows is false on \(table.platform.rawValue)\(table.platform == .iOS ? "" : " without multiple scenes"): SwiftUI ignores the action and logs a runtime error",
        rule: .w11)
      return Result(
        outcome: .ignore, reason: .multipleWindowsUnsupported,
        message: ctx.explains
          ? "\(call()) is ignored: this app cannot show several windows (SwiftUI logs a runtime error)" : "")
    }
    guard let g = resolveGroup(request, &ctx) else {
      return Result(
        outcome: .ignore, reason: .noSuchWindow,
        message: ctx.explains ? "\(call()) names no window group of the app" : "")
    }
    if let behavior = request.sharingBehavior {
      // openWindow(id:sharingBehavior:) (W12).
      if !request.shared && behavior == .required {
        ctx.step(
          .action, call(), .rejected,
          "sharingBehavior .required and the window is not shared: it is not opened, and the call throws", rule: .w12)
        return Result(
          outcome: .ignore, reason: .sharingRequired,
          message: ctx.explains ? "\(call()) throws: the window would not be shared" : "")
      }
      ctx.step(
        .action, call(), .info,
        request.shared
          ? "the window is shared: it opens shared"
          : "sharingBehavior .requested and the window is not shared: it opens normally",
        rule: .w12)
    }
    let groupID = table.scenes[g].id
    if table.scenes[g].kind == .window {
      let candidates = candidates(ctx, from: ctx.index.positions(ofScene: groupID))
      if let open = candidates.first(where: { $0.scene == groupID }) {
        ctx.step(.action, call(), .chosen, "the Window is already open: it comes to the front", rule: .w7)
        ctx.cite(.w22)
        ctx.activate(open)
        return Result(
          outcome: .front, scene: groupID, session: open.id,
          message: ctx.explains ? "\(call()) brings the open '\(groupID)' window to the front" : "")
      }
      ctx.step(.action, call(), .chosen, "the Window is not open: it opens", rule: .w7)
      let session = recordsNewWindow ? ctx.createChosen(sceneAt: g, value: nil).id : ctx.numberChosen()
      return Result(
        outcome: .open, scene: groupID, session: session,
        message: ctx.explains ? "\(call()) opens the '\(groupID)' window" : "")
    }
    guard let value = request.value else {
      let initial = table.scenes[g].defaultValue
      let presents = table.scenes[g].presents != nil
      let presented = !presents ? "" : ", with \(initial == nil ? "a nil value" : "the default value")"
      ctx.step(.action, call(), .chosen, "by id, a WindowGroup always gets a new window\(presented)", rule: .w6)
      // W10 is about the value of a group that presents data.
      if presents { ctx.cite(.w10) }
      let session = recordsNewWindow ? ctx.createChosen(sceneAt: g, value: initial).id : ctx.numberChosen()
      return Result(
        outcome: .open, scene: groupID, session: session, value: initial,
        message: ctx.explains ? "\(call()) opens a new '\(groupID)' window" : "")
    }
    let sameGroup = ctx.policies.presentedValueScope == .sameGroup
    let sessions = candidates(ctx, presenting: value)
    let found = TieBreaking.best(of: sessions, ctx.policies) { session in
      // The value first: the index's candidates present it, or (rarely) one whose key it shares.
      // (Compared unwrapped: an optional compared with it was copied, through Optional's
      // generic value witnesses.)
      guard case .some(let presented) = session.value, presented == value else { return false }
      if sameGroup { return session.scene == groupID }
      let scene = table.sceneIndex(session.scene)
      return scene.flatMap { table.scenes[$0].presents } == table.scenes[g].presents
    }
    if let found {
      let existing = sessions[found]
      ctx.step(
        .action, call(), .chosen,
        "session \(existing.id) of '\(existing.scene)' already presents \(value): it comes to the front", rule: .w8)
      ctx.cite(.amb8)
      ctx.activate(existing)
      return Result(
        outcome: .front, scene: existing.scene, session: existing.id, value: value,
        message: ctx.explains
          ? "\(call()) brings the '\(existing.scene)' window already presenting this value to the front" : "")
    }
    ctx.step(.action, call(), .chosen, "no window of '\(groupID)' presents \(value): a new window", rule: .w8)
    let session = recordsNewWindow ? ctx.createChosen(sceneAt: g, value: value).id : ctx.numberChosen()
    return Result(
      outcome: .open, scene: groupID, session: session, value: value,
      message: ctx.explains ? "\(call()) opens a new '\(groupID)' window presenting the value" : "")
  }

  /// The open sessions (after this decision's effects so far) among which a scan for the
  /// sessions at `positions` of the state finds what it looks for: those, the ones an effect
  /// updated, and the ones this decision created; every open session when ids repeat.
  private static func candidates(_ ctx: DecisionContext, from positions: [Int]) -> [Session] {
    guard ctx.index.uniqueIDs else { return ctx.currentSessions }
    let updated = ctx.updatedPositions
    return ctx.currentSessions(at: updated.isEmpty ? positions : Array(Set(positions + updated)).sorted())
  }

  /// ``candidates(_:from:)`` of the index's sessions presenting `value`: where a window
  /// presenting it is looked for. Empty, with no session copied, when none can present it: no
  /// session of the state does (the index has none) and this decision's effects create at most
  /// one session, presenting no value, and change none (a cold launch's receiver: the replay of
  /// its creation by `currentSessions(at:)` copied the new session to find it presents nothing).
  private static func candidates(_ ctx: DecisionContext, presenting value: JSONValue) -> [Session] {
    let positions = ctx.index.positions(presenting: value)
    if positions.isEmpty, ctx.index.uniqueIDs, ctx.effects.presentsNoValue { return [] }
    return candidates(ctx, from: positions)
  }

  /// The position in the table of the group an `openWindow` targets: by id (W5), or by the
  /// value's type (W9, AMB7). The declarations are read in place.
  private static func resolveGroup(_ request: Event.WindowRequest, _ ctx: inout DecisionContext) -> Int? {
    let table = ctx.table
    func call() -> String { describe("openWindow", request) }
    if let id = request.id {
      guard let g = table.sceneIndex(id), table.scenes[g].declaresID,
        table.scenes[g].kind == .windowGroup || table.scenes[g].kind == .window
      else {
        ctx.step(.action, call(), .rejected, "no WindowGroup or Window has id '\(id)'", rule: .w5)
        return nil
      }
      if request.value != nil && table.scenes[g].presents == nil {
        ctx.step(.action, call(), .rejected, "'\(id)' presents no value type", rule: .w3)
        return nil
      }
      return g
    }
    guard let type = request.type else {
      ctx.step(.action, call(), .rejected, "openWindow needs an id, a value with its type, or both", rule: .w5)
      return nil
    }
    let scenes = table.scenes
    let groups = scenes.indices.filter { scenes[$0].kind == .windowGroup && scenes[$0].presents == type }
    ctx.cite(.w9)
    guard let first = groups.first else {
      ctx.step(.action, call(), .rejected, "no WindowGroup presents '\(type)'", rule: .w9)
      return nil
    }
    if groups.count > 1 {
      ctx.cite(.amb7)
      if ctx.policies.openWindowByType == .ambiguousIsError {
        ctx.step(
          .action, call(), .rejected, "\(groups.count) groups present '\(type)' (openWindowByType: ambiguousIsError)")
        return nil
      }
      ctx.step(
        .action, call(), .info,
        "\(groups.count) groups present '\(type)': the first declared, '\(scenes[first].id)', is used")
    }
    return first
  }

  /// `dismissWindow()`, `dismissWindow(id:)`, `(value:)` or `(id:value:)`.
  static func dismiss(_ request: Event.WindowRequest, _ ctx: inout DecisionContext) -> Result {
    let table = ctx.table
    let call = { describe("dismissWindow", request) }
    // Whether the group is declared without an id, read in place (`table.scene(id)` copied the
    // whole declaration).
    let noID = { (id: String) -> Bool in table.sceneIndex(id).map { !table.scenes[$0].declaresID } ?? false }
    // By id or by value, the windows are looked for among the index's candidates (and those this
    // decision created or changed), in the order of a scan of every open window: the scan
    // replayed the decision's effects on a copy of the whole state (about 6,000 instructions of
    // a Notes `close` line, whose receiver was just created).
    var closing: [Session]
    switch (request.id, request.value) {
    case (nil, nil):
      closing = ctx.currentSessions.filter { $0.id == request.from }
      ctx.step(
        .action, call(), .info, "dismisses the window it is called from\(request.from.map { " (\($0))" } ?? "")",
        rule: .w15)
    case (let id?, nil):
      // A scene declared without an id cannot be named (its name is the model's, not the app's).
      closing =
        noID(id)
        ? [] : candidates(ctx, from: ctx.index.positions(ofScene: id)).filter { $0.scene == id }
      ctx.step(
        .action, call(), .info,
        table.scene(id)?.kind == .window ? "closes the Window" : "closes every open window of the group", rule: .w16)
    case (nil, let value?):
      let type = request.type
      closing = candidates(ctx, presenting: value).filter {
        $0.value == value && (type == nil || table.scene($0.scene)?.presents == type)
      }
      ctx.step(
        .action, call(), .info,
        "closes every window, in any group\(type.map { " presenting '\($0)'" } ?? ""), whose value equals it",
        rule: .w17)
    case (let id?, let value?):
      closing =
        noID(id)
        ? []
        : candidates(ctx, presenting: value).filter { $0.scene == id && $0.value == value }
      ctx.step(.action, call(), .info, "closes the windows of '\(id)' presenting the value", rule: .w18)
    }
    guard !closing.isEmpty else {
      ctx.step(.action, call(), .rejected, "no open window matches: nothing happens, and no error", rule: .w21)
      return Result(
        outcome: .ignore, reason: .noWindowToDismiss,
        message: ctx.explains ? "\(call()) finds no open window to close" : "")
    }
    for session in closing { ctx.effects.append(.close(session.id)) }
    let scenes = Set(closing.map(\.scene))
    return Result(
      outcome: .dismiss, scene: scenes.count == 1 ? closing[0].scene : nil, closed: closing.map(\.id),
      value: request.value, message: ctx.explains ? "\(call()) closes \(closing.map(\.id).joined(separator: ", "))" : ""
    )
  }

  /// ``dismiss(_:_:)`` of a request by value (`dismissWindow(value:)`, or with an `id`) that
  /// can find no window whatever the value: no open window presents one, none of the state's
  /// ids repeats, and this decision's effects make none that does (what
  /// ``candidates(_:presenting:)`` finds empty). The same result, steps and citations, made
  /// without the value (a route's value need not be rendered for it); nil when a window might
  /// present the value, or the decision explains itself (its trace names the value).
  ///
  /// ```swift
  /// WindowActions.dismissFindingNone(id: "note-editor", &ctx)   // .ignore, noWindowToDismiss (W18, W21)
  /// ```
  static func dismissFindingNone(id: String?, _ ctx: inout DecisionContext) -> Result? {
    guard !ctx.explains, ctx.index.presentsNoValue, ctx.index.uniqueIDs, ctx.effects.presentsNoValue else {
      return nil
    }
    ctx.step(.action, "", .info, "", rule: id == nil ? .w17 : .w18)
    ctx.step(.action, "", .rejected, "", rule: .w21)
    return Result(outcome: .ignore, reason: .noWindowToDismiss, message: "")
  }

  /// ``open(_:_:)`` of a route's `openWindow(id:value:)` whose decision's effects are not kept
  /// (``DecisionSink/keepsEffects``: a stateless record's), when no window can present the value
  /// whatever it is: no open window presents one, none of the state's ids repeats, and this
  /// decision's effects make none that does (what ``candidates(_:presenting:)`` finds empty). The
  /// same result, steps and citations, made without the value, which the caller keeps as the
  /// route's template (rendering it, a Notes UUID, cost about 1,650 instructions a line, for a
  /// record that writes it from the template); the new session is numbered, but not recorded as an
  /// effect (``DecisionContext/numberChosen()``). Nil when a window might present the value, the
  /// decision explains itself (its trace names the value), or the call would not reach the choice
  /// of a new window of a `WindowGroup` named by `id` that presents a value type (every other case
  /// is ``open(_:_:)``'s).
  ///
  /// ```swift
  /// WindowActions.openFindingNone(id: "note-editor", &ctx)   // .open, a new note-editor window (W5, W8)
  /// ```
  static func openFindingNone(id: String?, _ ctx: inout DecisionContext) -> Result? {
    let table = ctx.table
    guard !ctx.explains, let id, table.supportsMultipleScenes, ctx.index.presentsNoValue, ctx.index.uniqueIDs,
      ctx.effects.presentsNoValue, let g = table.sceneIndex(id), table.scenes[g].declaresID,
      table.scenes[g].kind == .windowGroup, table.scenes[g].presents != nil
    else { return nil }
    // open(_:_:)'s citations in order: the call (W5), the group resolved by id (no step), no
    // window presenting the value: a new one (W8).
    ctx.cite(.w5)
    ctx.step(.action, "", .chosen, "", rule: .w8)
    let session = ctx.numberChosen()
    return Result(outcome: .open, scene: table.scenes[g].id, session: session, message: "")
  }

  /// The environment's `dismiss()` (W20): from the window's own content it closes the window
  /// (as `dismissWindow()`, W15); from a modal presentation it dismisses the modal, and the
  /// window stays open.
  static func dismissAction(_ request: Event.DismissRequest, _ ctx: inout DecisionContext) -> Decision {
    let call = "dismiss()\(request.from.map { " from \($0)" } ?? "")"
    if request.presentation != .window {
      let session = ctx.currentSessions.first { $0.id == request.from }
      ctx.step(
        .action, call, .chosen,
        "called from a \(request.presentation.rawValue): it dismisses the modal presentation, not the window",
        rule: .w20)
      return ctx.decision(
        .ignore, scene: session?.scene, session: session?.id, reason: .modalDismissed,
        message: "\(call) dismisses the \(request.presentation.rawValue); the window stays open")
    }
    ctx.step(.action, call, .info, "called from the window's own content: it closes the window", rule: .w20)
    let result = dismiss(Event.WindowRequest(from: request.from), &ctx)
    return ctx.decision(
      result.outcome, scene: result.scene, session: result.session, value: result.value, closed: result.closed,
      reason: result.reason, message: result.message)
  }

  static func describe(_ name: String, _ r: Event.WindowRequest) -> String {
    var args: [String] = []
    if let id = r.id { args.append("id: \"\(id)\"") }
    if let value = r.value { args.append("value: \(value)") }
    if let behavior = r.sharingBehavior { args.append("sharingBehavior: .\(behavior.rawValue)") }
    return "\(name)(\(args.joined(separator: ", ")))"
  }
}
