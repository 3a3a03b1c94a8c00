package import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport

/// URLs, user activities, notifications and shortcuts: stage one picks the receiving session,
/// stage two runs its handlers and the table's route (D1–D6).
package enum ExternalEvents {
  /// `router` is the context's router, borrowed for the match (``route(url:activity:other:router:_:)``).
  /// The decision is handed to `sink`: in parts for a route that delivers the event, else
  /// whole (``DecisionContext/hand(_:router:to:)``), so that no decision is returned through the
  /// stages (each return moved its 456 bytes).
  static func decide(
    _ event: Event, router: borrowing CompiledRouter, _ ctx: inout DecisionContext, into sink: inout any DecisionSink
  ) {
    // What differs between the URL lines of one route pattern is seen only as observed values.
    // The identifier and the URL live here for the whole decision, and the stages read them in
    // place (each copy of a URL is a `memcpy` of its ranges and a retain of its text).
    // A URL line, the common event, without optionals: the identifier and the URL made from
    // the event's URL directly.
    if case .url(let url) = event.kind { return decide(url: url, router: router, &ctx, into: &sink) }
    guard let identifier = EventIdentifier.of(event) else {
      return ctx.hand(
        ctx.decision(.error, reason: .notExternal, message: "not an external event"), router: router, to: &sink)
    }
    return withUnsafePointer(to: event) { event in
      withUnsafePointer(to: identifier) { identifier in
        let identifier = ObservedInPlace(identifier, reads: ctx.reads)
        if let url = ExternalEvents.url(of: event.pointee) {
          return withUnsafePointer(to: url) { url in
            decide(
              event, identifier: identifier, url: ObservedInPlace(url, reads: ctx.reads), router: router, &ctx,
              into: &sink)
          }
        }
        return decide(event, identifier: identifier, url: nil, router: router, &ctx, into: &sink)
      }
    }
  }

  /// A URL event's decision (a URL line, the common event), from its URL alone: no `Event` is
  /// needed, and its identifier and URL are read in place.
  static func decide(
    url: URLRecord, router: borrowing CompiledRouter, _ ctx: inout DecisionContext, into sink: inout any DecisionSink
  ) {
    // The identifier reads the URL where it is (a copy of it in the identifier was made and
    // destroyed for every line). It is made in place and not destroyed: a URL's identifier
    // holds nothing to release (``EventIdentifier/of(urlAt:)``: a pointer, a literal source),
    // and its destroy, through the type's value witnesses, and its copy into a
    // `withUnsafePointer` cost about 90 instructions a line.
    withUnsafePointer(to: url) { url in
      withUnsafeTemporaryAllocation(of: EventIdentifier.self, capacity: 1) { buffer in
        let identifier = buffer.baseAddress!
        identifier.initialize(to: EventIdentifier.of(urlAt: url))
        decide(
          nil, identifier: ObservedInPlace(identifier, reads: ctx.reads), url: ObservedInPlace(url, reads: ctx.reads),
          router: router, &ctx, into: &sink)
      }
    }
  }

  /// Stage one, then stage two, for an event whose identifier and URL (if any) are read in place.
  /// `event` is nil for a URL event (its URL is `url`): no other part of it is read.
  private static func decide(
    _ event: UnsafePointer<Event>?, identifier: ObservedInPlace<EventIdentifier>, url: ObservedInPlace<URLRecord>?,
    router: borrowing CompiledRouter, _ ctx: inout DecisionContext, into sink: inout any DecisionSink
  ) {
    let isURL = event == nil
    if let url, let refusal = LinkGate.check(url, &ctx) {
      return ctx.hand(
        ctx.decision(.notForApp, reason: refusal.reason, message: refusal.message), router: router, to: &sink)
    }
    let choice: ReceiverChoice
    if ctx.table.lifecycle == .uiKit {
      var activityType: String?
      if let event, case .activity(let a) = event.pointee.kind {
        if a.arrivesThroughHandoff {
          // A Handoff activity is not in connectionOptions.userActivities: a new scene's
          // configurationForConnecting sees only handoffUserActivityType (K15).
          ctx.step(
            .event, "Handoff '\(a.activityType)'", .info,
            "not in connectionOptions.userActivities (only its type, in handoffUserActivityType)", rule: .k15)
        } else {
          activityType = a.activityType
        }
      }
      choice = UIKitSelector(identifier: identifier, activityType: activityType).select(&ctx)
    } else {
      if url == nil, let event, let documentURL = ExternalEvents.documentURL(of: event.pointee) {
        choice = withUnsafePointer(to: documentURL) { documentURL in
          SceneSelector(identifier: identifier, url: ObservedInPlace(documentURL, reads: ctx.reads)).select(&ctx)
        }
      } else {
        choice = SceneSelector(identifier: identifier, url: url, urlIsIdentifier: isURL).select(&ctx)
      }
    }
    // Stage two needs only which session received the event: its scene and id, not the session.
    let receiver: Decision.Receiver
    switch consume choice {
    case .none(let reason, let message):
      return ctx.hand(ctx.decision(.drop, reason: reason, message: message), router: router, to: &sink)
    case .existing(let session):
      ctx.activate(id: session.id)
      receiver = Decision.Receiver(scene: session.scene, session: session.id, isNew: false)
    case .new(let session):
      receiver = Decision.Receiver(scene: session.scene, session: session.id, isNew: true)
    }
    // Below here the stages see the URL only as observed; an activity is never reused.
    // A URL event has no activity and no other kind to route: none is made, copied or destroyed.
    guard let event else {
      if ctx.table.lifecycle == .uiKit { ctx.handlers = HandlerCalls.uiKitURL(isNew: receiver.isNew) }
      return stageTwo(activity: nil, url: url, receiver: receiver, other: nil, router: router, &ctx, into: &sink)
    }
    if ctx.table.lifecycle == .uiKit { ctx.handlers = HandlerCalls.uiKit(event.pointee.kind, isNew: receiver.isNew) }
    var activity: UserActivity?
    // Quick actions and notification responses are routed by the table's shortcut and
    // notification routes; no SwiftUI scene handler stands between (the app's delegates get them).
    // A table without routes of the kind decides as before: the receiving scene gets the event.
    // (Only these kinds are looked at: handing on any other event's kind copied its payload.)
    var other: Event.Kind?
    switch event.pointee.kind {
    case .activity(let a): activity = a
    case .shortcut, .notification: if router.hasEventRoutes(for: event.pointee.kind) { other = event.pointee.kind }
    default: break
    }
    return stageTwo(
      activity: activity, url: url, receiver: receiver, other: other, router: router, &ctx, into: &sink)
  }

  /// The URL an event carries for routing: the URL itself, or a universal link's webpageURL (E4);
  /// a browsing-web activity handed off from a browser is routed as an activity.
  package static func url(of event: Event) -> URLRecord? {
    switch event.kind {
    case .url(let url): return url
    case .activity(let a) where a.isDeliveredAsUniversalLink:
      return a.webpageURL.flatMap { try? URLRecord(parsing: $0) }
    default: return nil
    }
  }

  /// The URL a `DocumentGroup` compares with its content types (S7): an activity's webpageURL,
  /// whatever its type ("the incoming URL or user activity's webpageURL").
  static func documentURL(of event: Event) -> URLRecord? {
    guard case .activity(let a) = event.kind else { return nil }
    return a.webpageURL.flatMap { try? URLRecord(parsing: $0) }
  }

  /// Handlers (D1–D4), then the table's route, then its action; the decision handed to `sink`.
  static func stageTwo(
    activity: UserActivity?, url: ObservedInPlace<URLRecord>?, receiver r: Decision.Receiver, other: Event.Kind?,
    router: borrowing CompiledRouter, _ ctx: inout DecisionContext, into sink: inout any DecisionSink
  ) {
    let table = ctx.table
    let isNew = r.isNew
    let arrival: Decision.Outcome = isNew ? .open : .deliver
    func subject() -> String { "'\(r.scene)' (\(r.session))" }
    var activityType: String?
    // The optionals are tested by their case, the URL first: `!= nil` and `if let` on them
    // (large enums) copied them through `Optional`'s generic witnesses, on every URL line.
    if url == nil, let activity { activityType = activity.activityType }
    var routable = url != nil || activityType != nil
    if !routable, case .some = other { routable = true }
    // The receiver's declaration is read in place (a copy of a declaration retains each of its
    // strings and arrays).
    if url != nil || activityType != nil, table.lifecycle == .swiftUI,
      let declaration = table.sceneIndex(r.scene)
    {
      // `SceneDeclaration.handles(url:activityType:)` on the handlers alone (a method of the
      // declaration, called on the table's element, copied the whole declaration).
      if !SceneDeclaration.handles(table.scenes[declaration].handlers, url: url != nil, activityType: activityType) {
        // The handler's kind, made for the messages alone (made before the test, it was
        // released after it on every line).
        let kind = url != nil ? "onOpenURL" : "onContinueUserActivity(\"\(activityType ?? "")\")"
        ctx.step(
          .handler, subject(), .rejected, "has no \(kind) handler: the event is lost, SwiftUI does not re-route it",
          rule: url != nil ? .d1 : .d2)
        ctx.cite(.d3)
        ctx.cite(.s5)
        return ctx.hand(
          ctx.decision(
            .drop, receiver: r, reason: .noHandler,
            message: "the event reaches \(subject()), which has no \(kind) handler"), router: router, to: &sink)
      }
      if url != nil {
        if case .some = activity {
          ctx.step(.handler, subject(), .info, "SwiftUI passes a universal link to onOpenURL as a URL", rule: .e4)
        }
        let all = ctx.policies.urlHandlers == .all
        ctx.step(
          .handler, subject(), .chosen,
          all ? "its onOpenURL handlers run (all of them)" : "its first onOpenURL handler runs",
          rule: .d1)
        if all { ctx.cite(.d4) }
        ctx.handlers = HandlerCalls.swiftUI(table.scenes[declaration].handlers, url: true, activityType: nil, all: all)
      } else {
        if activity?.activityType == UserActivity.browsingWeb {
          ctx.step(
            .handler, subject(), .info,
            "a web page handed off from a browser is not a universal link: SwiftUI passes it to"
              + " onContinueUserActivity(NSUserActivityTypeBrowsingWeb), not onOpenURL",
            rule: .e4)
          ctx.cite(.a7)
        }
        ctx.step(
          .handler, subject(), .chosen, "its onContinueUserActivity(\"\(activityType ?? "")\") handler runs", rule: .d2
        )
        ctx.handlers = HandlerCalls.swiftUI(
          table.scenes[declaration].handlers, url: false, activityType: activityType,
          all: ctx.policies.urlHandlers == .all)
        if ctx.handlers.reduce(0, { $0 + $1.calls }) > 1 { ctx.cite(.d4) }
      }
      if isNew { ctx.cite(.d6) }
    } else if table.lifecycle == .uiKit {
      if isNew, url == nil, let activity, activity.arrivesThroughHandoff {
        ctx.step(
          .handler, subject(), .info,
          "a Handoff activity reaches the new scene after it connects, in scene(_:continue:), not in willConnectTo",
          rule: .k15)
      } else {
        ctx.step(
          .handler, subject(), .info,
          isNew
            ? "the scene delegate gets it in scene(_:willConnectTo:options:)"
            : "the scene delegate gets it (openURLContexts / continue)",
          rule: .k16)
      }
    }
    guard routable else {
      return ctx.hand(
        ctx.decision(
          arrival, scene: r.scene, session: r.session, receiver: r,
          message: "\(isNew ? "a new" : "the open") \(subject()) receives the event"), router: router, to: &sink)
    }
    if let url, url.hasUserinfo {
      switch ctx.policies.credentials {
      case .refuse:
        ctx.step(
          .route, "userinfo", .rejected,
          "the URL carries a userinfo (user:password@), which a deep link never needs (credentials: refuse)")
        return ctx.hand(
          ctx.decision(
            .drop, receiver: r, reason: .credentialsInURL,
            message: "the event reaches \(subject()), but the router refuses a URL with credentials"), router: router,
          to: &sink)
      case .ignore:
        ctx.step(
          .route, "userinfo", .info,
          "routed as if the URL had no userinfo; the handler gets it without (credentials: ignore)")
      case .allow:
        ctx.step(.route, "userinfo", .info, "routed with its userinfo, which the handler gets (credentials: allow)")
      }
    }
    // A URL is matched without handing on the activity and the other kind (both nil; each
    // optional was copied for the call through `Optional`'s generic witnesses).
    let found =
      if let url { routeURL(url, router: router, &ctx) } else {
        route(url: nil, activity: activity, other: other, router: router, &ctx)
      }
    guard let match = found else {
      if ctx.policies.unroutedEvents == .deliver {
        return ctx.hand(
          ctx.decision(
            arrival, scene: r.scene, session: r.session, receiver: r,
            message: "\(subject()) receives the event; no route matches it (unroutedEvents: deliver)"), router: router,
          to: &sink)
      }
      ctx.cite(.d3)
      return ctx.hand(
        ctx.decision(
          .drop, receiver: r, reason: .noRoute, message: "the event reaches \(subject()), but no route handles it"),
        router: router, to: &sink)
    }
    // The most common action is decided apart, reading the route's target in place.
    if table.routes[match.route].target.action == .deliver {
      return deliver(match, receiver: r, router: router, &ctx, into: &sink)
    }
    routeAction(match, receiver: r, router: router, &ctx, into: &sink)
  }

  /// A route whose action is not `deliver` (a window action, a pushed window, a scene session
  /// activation): apart from ``stageTwo(activity:url:receiver:other:router:_:into:)``, whose
  /// frame a delivered route, the common one, then does without (the window actions' values
  /// and requests in it cost every URL line about 17 instructions). Taken owned and left so, as
  /// ``deliver(_:receiver:router:_:into:)`` takes its match.
  @inline(never)
  @_semantics("optimize.sil.specialize.owned2guarantee.never")
  private static func routeAction(
    _ match: consuming ObservedMatch, receiver r: Decision.Receiver, router: borrowing CompiledRouter,
    _ ctx: inout DecisionContext, into sink: inout any DecisionSink
  ) {
    let table = ctx.table
    // The route's target is read in place, field by field (a copy of it retained and released
    // every string and template it holds); its name too, for the messages alone.
    let routeIndex = match.route
    let action = table.routes[routeIndex].target.action
    func name() -> String { table.routes[routeIndex].name }
    // A window action by value that no window can answer, decided without rendering the value
    // (kept as its template, as `deliver` keeps it, and read as before): a dismissal when no
    // window can present one (a stateless line's: about 1,650 instructions a Notes `close`
    // line), an `openWindow` for a sink that keeps no effects (a stateless record: the new
    // session's effect, which alone would read the value, is not made; about 1,650 instructions
    // a Notes `note` line, and about 700 for the second effect).
    if let template = table.routes[routeIndex].target.value,
      let result = unansweredWindowAction(action, id: table.routes[routeIndex].target.scene, &ctx, sink)
    {
      match.markParametersRead()
      // Handed in parts: such a result closes no window and is no dismissal.
      return ctx.handWindowAction(
        result, receiver: r, match: match.forRecord, action: action,
        keeping: .template(template, match.forRecord.parameters),
        message: action == .dismissWindow ? "route '\(name())': " + result.message : "", router: router, into: &sink)
    }
    // The value as the record writes it; an action that compares it with windows reads it.
    // Observed as a concrete type (an `Observed<JSONValue>?`, a generic struct's optional, was
    // destroyed through the runtime's value witnesses: about 170 instructions a decision).
    let value = ObservedValue(
      table.routes[routeIndex].target.value.map { $0.render(match.forRecord.parameters) }, reads: ctx.reads)
    switch action {
    case .deliver:
      return deliver(match, receiver: r, router: router, &ctx, into: &sink)
    case .openWindow, .dismissWindow:
      // The value is compared with the open windows' values.
      let request = Event.WindowRequest(
        id: table.routes[routeIndex].target.scene, value: value.read(),
        type: table.routes[routeIndex].target.valueType, from: r.session)
      // A new window's session is not recorded for a sink that keeps no effects: it would be the
      // decision's last effect.
      let result =
        action == .openWindow
        ? WindowActions.open(request, &ctx, recordsNewWindow: sink.keepsEffects)
        : WindowActions.dismiss(request, &ctx)
      // A result that closes no window and is no dismissal is handed in parts: nothing runs
      // after it.
      if result.outcome != .dismiss, result.closed.isEmpty {
        return ctx.handWindowAction(
          result, receiver: r, match: match.forRecord, action: action,
          keeping: DecisionValue(result.value ?? value.forRecord), message: "route '\(name())': " + result.message,
          router: router, into: &sink)
      }
      // The context's last decision: what runs after it (a dismissal's app lifetime and pushed
      // windows) reads the state and the decision, not the context's effects.
      return ctx.hand(
        ctx.movingDecision(
          result.outcome, scene: result.scene, session: result.session, receiver: r, match: match.forRecord,
          action: action, keeping: DecisionValue(result.value ?? value.forRecord), closed: result.closed,
          reason: result.reason,
          message: "route '\(name())': " + result.message), router: router, to: &sink)
    case .pushWindow:
      let request = Event.WindowRequest(
        id: table.routes[routeIndex].target.scene, value: value.read(),
        type: table.routes[routeIndex].target.valueType, from: r.session)
      var decision = WindowPush.push(request, &ctx)
      decision.receiver = r
      decision.match = match.forRecord
      if decision.value == nil { decision.value = value.forRecord }
      if ctx.explains { decision.message = "route '\(name())': " + decision.message }
      return ctx.hand(decision, router: router, to: &sink)
    case .requestSceneSessionActivation:
      // The activity's identifier and userInfo are matched against sessions and configurations.
      let target = table.routes[routeIndex].target
      var activity = UserActivity(activityType: target.activityType ?? "")
      if case .string(let tci)? = target.targetContentIdentifier?.render(match.parameters.read()) {
        activity.targetContentIdentifier = tci
      }
      if case .object(let info)? = value.read() { activity.userInfo = info }
      let request = Event.ActivationRequest(
        session: nil, role: target.sessionRequest == .matching ? SceneDeclaration.applicationRole : nil,
        activity: activity)
      var decision = ActivationRequests.decide(request, &ctx)
      decision.receiver = r
      decision.match = match.forRecord
      decision.action = .requestSceneSessionActivation
      if ctx.explains { decision.message = "route '\(name())': " + decision.message }
      return ctx.hand(decision, router: router, to: &sink)
    }
  }

  /// The result of a window action by value that no window can answer, decided without the
  /// value (``WindowActions/dismissFindingNone(id:_:)``, and
  /// ``WindowActions/openFindingNone(id:_:)`` for a sink that keeps no effects); nil when the
  /// action must be decided with its value rendered.
  @inline(__always)
  private static func unansweredWindowAction(
    _ action: RouteTarget.Action, id: String?, _ ctx: inout DecisionContext, _ sink: borrowing any DecisionSink
  ) -> WindowActions.Result? {
    switch action {
    case .dismissWindow: WindowActions.dismissFindingNone(id: id, &ctx)
    case .openWindow where !sink.keepsEffects: WindowActions.openFindingNone(id: id, &ctx)
    default: nil
    }
  }

  /// A route whose action is `deliver`: the receiving scene shows it, unless the route belongs
  /// to another scene (D3). The decision is handed to `sink` in parts, where they are: no
  /// ``Decision`` is built for a record writer to read and destroy (``DecisionSink``). Apart
  /// from ``stageTwo(activity:url:receiver:other:router:_:into:)``, and the target's fields are
  /// read in place.
  ///
  /// The match is taken owned, and left owned by the optimizer (the semantics attribute): given
  /// borrowed, the caller destroyed its `ObservedMatch?` after the call through `Optional`'s
  /// generic value witnesses (about 60 instructions a line more than destroying the match here).
  @inline(never)
  @_semantics("optimize.sil.specialize.owned2guarantee.never")
  private static func deliver(
    _ match: consuming ObservedMatch, receiver r: Decision.Receiver, router: borrowing CompiledRouter,
    _ ctx: inout DecisionContext, into sink: inout any DecisionSink
  ) {
    let table = ctx.table
    let routeIndex = match.route
    let isNew = r.isNew
    func name() -> String { table.routes[routeIndex].name }
    func subject() -> String { "'\(r.scene)' (\(r.session))" }
    // The value as the record writes it: the route's template and the match's parameters,
    // rendered only when the decision's value is read (not a read: `forRecord`; through
    // `parameters`, an observed copy of them was made and destroyed).
    let value =
      if let template = table.routes[routeIndex].target.value {
        DecisionValue.template(template, match.forRecord.parameters)
      } else { DecisionValue.absent }
    if let scene = table.routes[routeIndex].target.scene, scene != r.scene {
      ctx.step(
        .handler, "route '\(name())'", .rejected,
        "is handled in '\(scene)', but the event reached '\(r.scene)': SwiftUI does not re-route it",
        rule: .d3)
      ctx.deliver(
        .drop, receiver: r, receives: false, match: match.forRecord, keeping: value, reason: .wrongScene,
        message: "route '\(name())' belongs to '\(scene)', but the event reaches \(subject())", router: router,
        into: &sink)
      return value.end()
    }
    // The context's last decision (the engine reads none of its effects after it).
    ctx.deliver(
      isNew ? .open : .deliver, receiver: r, receives: true, match: match.forRecord, keeping: value,
      message: "\(isNew ? "a new" : "the open") \(subject()) shows route '\(name())'", router: router, into: &sink)
    value.end()
  }

  /// The table's route for a URL, with a trace step (``route(url:activity:other:router:_:)``'s
  /// first case). The match is returned as found (read out of an optional, it was copied and the
  /// optional destroyed through the generic witnesses of `Optional`).
  @inline(__always)
  static func routeURL(
    _ url: ObservedInPlace<URLRecord>, router: borrowing CompiledRouter, _ ctx: inout DecisionContext
  )
    -> ObservedMatch?
  {
    // The fast path reads the bytes again; the general one reuses the reader's ranges.
    guard let found = url.match(router, scratch: ctx.scratch) else {
      ctx.step(.route, "URL routes", .rejected, "no route matches \(url.forRecord.text)")
      return nil
    }
    // The pattern's text is for the trace alone: not looked up (a copy) when there is none.
    if ctx.explains {
      let pattern = ctx.table.routes[found.route].urlPatterns[found.forRecord.pattern].text
      ctx.step(.route, "route '\(found.forRecord.routeName)'", .chosen, "matches \(pattern)")
    }
    return found
  }

  /// The table's route for the event, with a trace step. `router` is the context's router,
  /// borrowed: read through the context's pointer, it was copied for every call to the matcher
  /// (each of its arrays retained and released).
  static func route(
    url: ObservedInPlace<URLRecord>?, activity: UserActivity?, other: Event.Kind? = nil,
    router: borrowing CompiledRouter,
    _ ctx: inout DecisionContext
  ) -> ObservedMatch? {
    var match: ObservedMatch?
    if let url {
      return routeURL(url, router: router, &ctx)
    } else if let activity {
      match = router.match(
        activityType: activity.activityType, userInfo: activity.userInfo,
        targetContentIdentifier: activity.targetContentIdentifier
      ).map { ObservedMatch($0, reads: ctx.reads) }
      if ctx.explains {
        for (name, reason) in router.activityRejections(
          activityType: activity.activityType, userInfo: activity.userInfo,
          targetContentIdentifier: activity.targetContentIdentifier)
        {
          ctx.step(.route, "route '\(name)'", .rejected, reason)
        }
      }
      if let found = match?.forRecord {
        ctx.step(.route, "route '\(found.routeName)'", .chosen, "takes activities of type '\(activity.activityType)'")
      } else {
        ctx.step(.route, "activity routes", .rejected, "no route takes '\(activity.activityType)' with this userInfo")
      }
    } else if let other {
      match = EventRoutes.match(other, &ctx)
    }
    return match
  }
}
