import RouteEvents
import RouteTables
import RouterSupport

/// SwiftUI's scene selection for an external event (S0–S11, V1–V11, the consolidated procedure
/// of apple-semantics.md §12, steps 2–6).
struct SceneSelector {
  let identifier: ObservedInPlace<EventIdentifier>
  /// The event's URL, for `DocumentGroup`s (S7).
  let url: ObservedInPlace<URLRecord>?
  /// Whether ``identifier`` is ``url``'s `absoluteString` (a URL line's: both made from the one
  /// URL), so that a matching set may be tested on the URL's bytes.
  var urlIsIdentifier = false

  func select(_ ctx: inout DecisionContext) -> ReceiverChoice {
    // An explained decision writes the identifier into its trace and reads it for every
    // candidate: its text is made once, here.
    if ctx.explains, !identifier.forRecord.isResolved { return resolvingIdentifier { $0.select(&ctx) } }
    let table = ctx.table
    ctx.step(
      .event, "identifier", .info,
      "\(identifier.forRecord.source): \(identifier.forRecord.text.map { "\"\($0)\"" } ?? "none")",
      rule: identifier.forRecord.rule)
    if !table.supportsMultipleScenes {
      ctx.step(
        .session, "platform", .info,
        "\(table.platform.rawValue) with multipleScenes \(table.multipleScenes): one scene at a time", rule: .s1)
      if let open = TieBreaking.best(ctx.state.sessions, ctx.policies) {
        ctx.step(
          .session, "session \(open.id) ('\(open.scene)')", .chosen,
          "the one open scene receives every event; view modifiers are ignored", rule: .v4)
        return .existing(.init(open))
      }
      ctx.step(.session, "sessions", .info, "no scene is open: a cold launch", rule: .amb9)
      if ctx.policies.coldLaunch == .firstDeclaration, let first = firstWindowDeclaration(table) {
        ctx.step(
          .declaration, "'\(table.scenes[first].id)'", .chosen,
          "the first declared scene (coldLaunch: firstDeclaration)")
        return .new(ctx.createChosen(sceneAt: first, value: table.scenes[first].defaultValue))
      }
      return selectDeclaration(&ctx)
    }
    if let open = selectOpenSession(&ctx) { return .existing(open) }
    return selectDeclaration(&ctx)
  }

  /// The same selector with the identifier's text made (a URL's `absoluteString` is made when
  /// first read, and again at every read: ``EventIdentifier``).
  private func resolvingIdentifier<R>(_ body: (SceneSelector) -> R) -> R {
    identifier.resolved { body(SceneSelector(identifier: $0, url: url)) }
  }

  // MARK: - S2: open sessions that prefer or allow the event

  /// The candidates that prefer, and those that allow, the event: how many, the best by the
  /// tie-break policy, and whether that one's sets came from the unmodified-scene policy.
  struct Candidates {
    var count = 0
    var best: Int?
    var fromPolicy = false

    /// Adds `n` candidates whose best is at position `p`, a session of `ctx`'s state.
    mutating func add(_ p: Int, count n: Int, fromPolicy: Bool, _ ctx: borrowing DecisionContext) {
      count += n
      // The first candidate is the best so far without a comparison (the sessions and the
      // policies, passed to it, were retained for it).
      if let b = best, !Self.precedes(p, b, ctx) { return }
      best = p
      self.fromPolicy = fromPolicy
    }

    /// Whether the session at `p` comes before the one at `b` by the tie-break policy, the
    /// first position of equal ones.
    private static func precedes(_ p: Int, _ b: Int, _ ctx: borrowing DecisionContext) -> Bool {
      // The sessions are read in place (an array's elements passed on were copied).
      ctx.state.storage.withUnsafeBufferPointer { s in
        let before = TieBreaking.precedes(p, b, in: s, ctx.policies)
        return before || (!TieBreaking.precedes(b, p, in: s, ctx.policies) && p < b)
      }
    }
  }

  func selectOpenSession(_ ctx: inout DecisionContext) -> ReceiverChoice.Chosen? {
    // No open session: no candidate to look for (and no index to read), and what `choose`
    // says of no candidates, said without it (its rounds and its empty list made and destroyed).
    if ctx.state.storage.isEmpty {
      ctx.step(.session, "open sessions", .info, "no scene is open", rule: .v3)
      return nil
    }
    // Positions in the storage, holes and all (the index's and the scan's), read in place by
    // `choose` (a copy of the storage kept here was retained and released).
    let (prefer, allow, excludedByPolicy) = ctx.explains ? scanSessions(&ctx) : indexedSessions(&ctx)
    return choose(prefer, allow, excludedByPolicy: excludedByPolicy, &ctx)
  }

  /// Every open session in turn, each with its trace step (the decision explains itself).
  private func scanSessions(_ ctx: inout DecisionContext) -> (Candidates, Candidates, Bool) {
    // Positions in `sessions`, not copies: a session is a large value, and this loop runs for
    // every open window on every event. The storage's, the holes of closed sessions skipped.
    let sessions = ctx.state.storage
    var preferring: [Int] = []
    var allowing: [Int] = []
    var byPolicy: [Int] = []
    var excludedByPolicy = false
    for i in sessions.indices where !ctx.index.isHole(i) {
      guard let declarationIndex = ctx.table.scenes.firstIndex(where: { $0.id == sessions[i].scene }) else { continue }
      if ctx.table.scenes[declarationIndex].kind == .settings {
        ctx.step(
          .session, "session \(sessions[i].id) ('\(sessions[i].scene)')", .rejected,
          "a Settings scene is never a destination", rule: .s8)
        continue
      }
      guard
        let (sets, fromPolicy) = effectiveSets(
          session: i, declaration: declarationIndex, &ctx,
          subject: { "session \(sessions[i].id) ('\(sessions[i].scene)')" })?.lists
      else {
        excludedByPolicy = true
        continue
      }
      if fromPolicy { byPolicy.append(i) }
      if identifier.satisfies(set: sets.preferring, ctx.policies) {
        preferring.append(i)
        ctx.step(
          .session, "session \(sessions[i].id) ('\(sessions[i].scene)')", .info,
          "prefers it (preferring \(sets.preferring))", rule: .v2, cites: false)
      } else if identifier.satisfies(set: sets.allowing, ctx.policies) {
        allowing.append(i)
        ctx.step(
          .session, "session \(sessions[i].id) ('\(sessions[i].scene)')", .info,
          "allows it (allowing \(sets.allowing))", rule: .v2, cites: false)
      } else {
        ctx.step(
          .session, "session \(sessions[i].id) ('\(sessions[i].scene)')", .rejected,
          "neither prefers nor allows it (preferring \(sets.preferring), allowing \(sets.allowing))",
          rule: sets.preferring.isEmpty && sets.allowing.isEmpty ? .v7 : .m5, cites: false)
      }
    }
    var prefer = Candidates()
    var allow = Candidates()
    if let best = TieBreaking.best(preferring, of: sessions, ctx.policies) {
      prefer = Candidates(count: preferring.count, best: best, fromPolicy: byPolicy.contains(best))
    }
    if let best = TieBreaking.best(allowing, of: sessions, ctx.policies) {
      allow = Candidates(count: allowing.count, best: best, fromPolicy: byPolicy.contains(best))
    }
    return (prefer, allow, excludedByPolicy)
  }

  /// The same answer from the index, without a step per session: the sessions of a declaration
  /// that have no sets of their own share its sets, so one test answers for all of them and its
  /// tie-break queue gives their best; sessions with their own sets are tested one by one.
  private func indexedSessions(_ ctx: inout DecisionContext) -> (Candidates, Candidates, Bool) {
    // The index, the sessions and the policies are read in place, where they are (a copy of
    // each retained its arrays and dictionaries), and the index's declarations by dictionary
    // index (a loop over its (id, entry) pairs copied each entry).
    let index = ctx.indexBase
    // More than one set may read the identifier's text: it is made once, by the first set that
    // reads it (sets of `*`, the unmodified-scene policy's, do not).
    var text: String?? = nil
    var prefer = Candidates()
    var allow = Candidates()
    var excludedByPolicy = false
    // The declarations that have sessions, in any order: the answer does not depend on it (the
    // best is the least by a total order; the one citation made here, S8, is made or not). By
    // position, each entry's fields read in place (a copy of an entry retained its id and lists).
    let entries = index.pointee.scenes.count
    var i = 0
    while i < entries {
      let (hasSessions, plain, best) = index.pointee.scenes.withUnsafeBufferPointer {
        (!$0[i].all.isEmpty, $0[i].plain, $0[i].queue.best)
      }
      guard hasSessions else {
        i &+= 1
        continue
      }
      // Sessions belong to the first declaration of their id, as a scan finds it.
      // (By position, its fields read in place: a copy of a declaration retains every field.)
      let declaration = index.pointee.scenes.withUnsafeBufferPointer { ctx.table.sceneIndex($0[i].id) }
      i &+= 1
      guard let declaration else { continue }
      if ctx.table.scenes[declaration].kind == .settings {
        ctx.cite(.s8)
        continue
      }
      guard plain > 0, let best else { continue }
      // The sessions without sets of their own have the declaration's (the best one is not read).
      guard let sets = declaredSets(declaration, &ctx, subject: { "" }) else {
        excludedByPolicy = true
        continue
      }
      addCandidates(sets, best, count: plain, &prefer, &allow, &text, ctx)
    }
    for p in index.pointee.withOwnSets where !index.pointee.isHole(p) {
      let declaration = ctx.state.storage.withUnsafeBufferPointer { ctx.table.sceneIndex($0[p].scene) }
      guard let declaration else { continue }
      if ctx.table.scenes[declaration].kind == .settings { continue }  // cited above, with the declaration's sessions
      guard let sets = effectiveSets(session: p, declaration: declaration, &ctx, subject: { "" }) else {
        excludedByPolicy = true
        continue
      }
      addCandidates(sets, p, count: 1, &prefer, &allow, &text, ctx)
    }
    return (prefer, allow, excludedByPolicy)
  }

  /// Adds the `count` sessions whose best is at `p`, with these sets, to the candidates that
  /// prefer the event or to those that allow it, or to neither.
  private func addCandidates(
    _ sets: EffectiveSets, _ p: Int, count: Int, _ prefer: inout Candidates, _ allow: inout Candidates,
    _ text: inout String??, _ ctx: borrowing DecisionContext
  ) {
    switch sets {
    case .allowsEverything:
      // The policy's sets, `[]` and `["*"]`, told without testing them: `[]` matches nothing,
      // `*` anything the missing-identifier policy lets match; neither reads the text.
      guard identifier.forRecord.hasText || ctx.policies.missingIdentifier != .matchesNothing else { return }
      allow.add(p, count: count, fromPolicy: true, ctx)
    case .sets(let preferring, let allowing):
      if identifier.satisfies(set: preferring, ctx.policies, text: &text) {
        prefer.add(p, count: count, fromPolicy: false, ctx)
      } else if identifier.satisfies(set: allowing, ctx.policies, text: &text) {
        allow.add(p, count: count, fromPolicy: false, ctx)
      }
    }
  }

  /// S2: the best of the sessions that prefer the event, else of those that allow it.
  private func choose(
    _ prefer: Candidates, _ allow: Candidates, excludedByPolicy: Bool, _ ctx: inout DecisionContext
  ) -> ReceiverChoice.Chosen? {
    let prefers = prefer.count > 0 && prefer.best != nil
    let group = prefers ? prefer : allow
    if group.count > 0, let best = group.best {
      // The chosen session's fields are read in place, in the state's storage (a copy retained
      // all of them, and so did each field read through the array's subscript).
      let (unattached, chosen) = ctx.state.storage.withUnsafeBufferPointer {
        ($0[best].state == .unattached, ReceiverChoice.Chosen(id: $0[best].id, scene: $0[best].scene))
      }
      ctx.cite(.s2)
      ctx.cite(.v2)
      if group.count > 1 { ctx.cite(.v10) }
      if unattached { ctx.cite(.u8) }
      if group.fromPolicy {
        ctx.cite(.v8)
        ctx.cite(.amb1)
      }
      // A step without a rule: nothing of it is made without an explanation (its texts were
      // captured, the chosen session's id and scene retained for them).
      if ctx.explains {
        let detail = Self.chosenDetail(group, prefers: prefers, unattached: unattached, ctx.policies)
        ctx.step(.session, "session \(chosen.id) ('\(chosen.scene)')", .chosen, detail)
      }
      return chosen
    }
    let noneOpen = ctx.state.storage.isEmpty
    ctx.step(
      .session, "open sessions", .info,
      noneOpen ? "no scene is open" : "no open scene prefers or allows the event: a new scene", rule: .v3)
    if excludedByPolicy {
      ctx.cite(.v8)
      ctx.cite(.amb1)
      if ctx.table.platform.isAppKit { ctx.cite(.mac1) }
    }
    return nil
  }

  /// The chosen session's step's detail: why it receives the event.
  private static func chosenDetail(
    _ group: Candidates, prefers: Bool, unattached: Bool, _ policies: borrowing ScenePolicies
  ) -> String {
    let word = prefers ? "prefers" : "allows"
    var detail = "an open scene that \(word) the event receives it"
    if group.count > 1 {
      detail +=
        "; \(group.count) sessions \(prefers ? "prefer" : "allow") it, the tie-break (\(TieBreaking.describe(policies))) picks this one"
    }
    if unattached { detail += "; the archived session reconnects" }
    if group.fromPolicy { detail += " (it has no view modifier, so it allows everything)" }
    return detail
  }

  /// A session's effective `handlesExternalEvents` sets.
  enum EffectiveSets {
    /// Its own, or its declaration's (V5, V6).
    case sets(preferring: [String], allowing: [String])
    /// The unmodified-scene policy's (V8, AMB1): it prefers nothing, allows everything
    /// (`preferring: []`, `allowing: ["*"]`).
    case allowsEverything

    /// The sets, and whether the policy gave them.
    var lists: ((preferring: [String], allowing: [String]), Bool) {
      switch self {
      case .sets(let preferring, let allowing): ((preferring, allowing), false)
      case .allowsEverything: (([], ["*"]), true)
      }
    }
  }

  /// The session's sets (V5, V6), or the declaration's, or the unmodified-scene policy (V8, AMB1);
  /// nil when the session is not a candidate.
  private func effectiveSets(
    session p: Int, declaration d: Int, _ ctx: inout DecisionContext, subject: () -> String
  ) -> EffectiveSets? {
    // The session (a position in the state) and the declaration (in the table) are read in
    // place: passed as values, each was copied (and so was the session, for each field read
    // through the array's subscript: the buffer's element is read instead).
    let (preferring, allowing) = ctx.state.storage.withUnsafeBufferPointer { ($0[p].preferring, $0[p].allowing) }
    if preferring != nil || allowing != nil { return .sets(preferring: preferring ?? [], allowing: allowing ?? []) }
    return declaredSets(d, &ctx, subject: subject)
  }

  /// The sets of a session of declaration `d` without sets of its own: the declaration's (V5),
  /// or the unmodified-scene policy (V8, AMB1); nil when such a session is not a candidate.
  private func declaredSets(_ d: Int, _ ctx: inout DecisionContext, subject: () -> String) -> EffectiveSets? {
    let declared = (ctx.table.scenes[d].preferring, ctx.table.scenes[d].allowing)
    if declared.0 != nil || declared.1 != nil { return .sets(preferring: declared.0 ?? [], allowing: declared.1 ?? []) }
    let platform = ctx.table.platform
    let allowAll: Bool
    switch ctx.policies.unmodifiedScenes {
    case .platform: allowAll = !platform.isAppKit
    case .allowAll: allowAll = true
    case .notCandidate: allowAll = false
    }
    if allowAll {
      ctx.step(
        .session, subject(), .info,
        "has no handlesExternalEvents view modifier: it allows everything (UIKit's defaults)",
        rule: .v8, cites: false)
      return .allowsEverything
    }
    ctx.step(
      .session, subject(), .rejected,
      "has no handlesExternalEvents view modifier: not a candidate\(platform.isAppKit ? " on macOS" : "")",
      rule: platform.isAppKit ? .mac1 : .v8, cites: false)
    return nil
  }

  // MARK: - S3, S4, S6: a new instance of a declaration

  func selectDeclaration(_ ctx: inout DecisionContext) -> ReceiverChoice {
    let table = ctx.table
    // The declarations are read in place, by position, through the table (a copy of each
    // retained every string and array it holds, and the array kept in a local was retained for
    // the loops); with documentGroups: afterWindowGroups, a second pass takes the
    // DocumentGroups after the others, in declaration order.
    // More than one matching set may read the identifier's text: it is made once.
    if !identifier.forRecord.isResolved, Self.matchingSets(table.scenes) > 1 {
      return resolvingIdentifier { $0.selectDeclaration(&ctx) }
    }
    let later = ctx.policies.documentGroups == .afterWindowGroups
    for pass in 0..<(later ? 2 : 1) {
      var i = 0
      while i < table.scenes.count {
        if !later || (table.scenes[i].kind == .documentGroup) == (pass == 1), let choice = consider(at: i, &ctx) {
          return choice
        }
        i &+= 1
      }
    }
    // Fields read in place by position (`firstIndex(where:)` copied each declaration).
    if let unmodified = table.sceneIndex(where: {
      (table.scenes[$0].kind == .windowGroup || table.scenes[$0].kind == .window) && table.scenes[$0].matching == nil
    }) {
      ctx.step(
        .declaration, "'\(table.scenes[unmodified].id)'", .chosen,
        "the first declaration without handlesExternalEvents(matching:)", rule: .s4)
      return instantiate(at: unmodified, &ctx)
    }
    ctx.cite(.amb4)
    let drop: Bool
    switch ctx.policies.noMatchingScene {
    case .platform: drop = table.platform.isAppKit
    case .drop: drop = true
    case .firstScene: drop = false
    }
    if !drop, let first = firstWindowDeclaration(table) {
      ctx.step(
        .declaration, "'\(table.scenes[first].id)'", .chosen,
        "no declaration matches: the first declared scene is used",
        rule: .s6)
      return instantiate(at: first, &ctx)
    }
    ctx.step(
      .declaration, "declarations", .rejected,
      "every declaration has a matching set and none matches: \(table.platform.isAppKit ? "macOS uses no scene (an error)" : "no scene")",
      rule: table.platform.isAppKit ? .mac2 : .s6)
    ctx.cite(.s6)
    return .none(reason: .noScene, message: "no scene declaration takes the event; it is lost")
  }

  /// How many declarations have a matching set (read in place, by position: a closure over
  /// the elements copied each declaration).
  private static func matchingSets(_ scenes: [SceneDeclaration]) -> Int {
    var n = 0
    var i = 0
    while i < scenes.count {
      if scenes[i].matching != nil { n &+= 1 }
      i &+= 1
    }
    return n
  }

  /// One declaration's turn in ``selectDeclaration(_:)``: the receiver when it takes the event,
  /// nil to go on to the next. The declaration is read in place, at its position in the table.
  private func consider(at index: Int, _ ctx: inout DecisionContext) -> ReceiverChoice? {
    let table = ctx.table
    let subject = { "'\(table.scenes[index].id)'" }
    switch table.scenes[index].kind {
    case .settings:
      ctx.step(.declaration, subject(), .skipped, "Settings is never a destination", rule: .s8)
    case .documentGroup:
      if let type = DocumentTypes.match(url?.read(), table.scenes[index].contentTypes) {
        ctx.step(
          .declaration, subject(), .chosen, "a DocumentGroup whose content types accept the URL (\(type))", rule: .s7
        )
        ctx.cite(.w25)
        return instantiate(at: index, &ctx)
      }
      ctx.step(
        .declaration, subject(), .rejected,
        url == nil ? "a DocumentGroup needs a URL" : "a DocumentGroup whose content types do not accept the URL",
        rule: .s7, cites: false)
    case .window where ctx.policies.matchingKinds == .windowGroupOnly && table.scenes[index].matching != nil:
      ctx.step(
        .declaration, subject(), .skipped, "handlesExternalEvents(matching:) is ignored on a Window (matchingKinds)",
        rule: .amb5)
    case .windowGroup where FileURLGroup.takes(sceneAt: index, url: url, ctx):
      return FileURLGroup.instantiate(sceneAt: index, url: url, &ctx)
    case .window, .windowGroup:
      guard table.scenes[index].matching != nil else { return nil }
      // A URL line's set is tested on the URL's bytes with the table's compiled sets; the
      // predicate is read (and retained) only when they cannot tell.
      let holds: Bool
      if let answer = identifier.compiledAnswer(matchingOf: index, in: table, url: urlIsIdentifier ? url : nil) {
        holds = answer
      } else {
        guard let predicate = table.scenes[index].matchingPredicate else { return nil }
        holds = identifier.satisfies(predicate, ctx.policies)
      }
      // The steps' texts are built only when the decision explains itself.
      if holds {
        let matching = table.scenes[index].matching ?? []
        let star = matching.contains("*")
        ctx.step(
          .declaration, subject(), .chosen,
          "the first declaration whose matching set \(matching) matches: it "
            + (star ? "contains \"*\", which matches anything" : "contains a string the identifier contains"),
          rule: .s3)
        ctx.cite(star ? .m3 : .m5)
        return instantiate(at: index, &ctx)
      }
      // A rejection cites no rule: without an explanation, nothing of it is made (the set was
      // copied and its strings tested for every line the set rejects).
      if ctx.explains {
        let matching = table.scenes[index].matching ?? []
        let empty = matching.allSatisfy { $0.isEmpty }
        ctx.step(
          .declaration, subject(), .rejected,
          "matching \(matching): "
            + (empty ? "an empty set never matches" : "no string of it is contained in the identifier"),
          rule: empty ? .m1 : .m5, cites: false)
      }
    }
    return nil
  }

  /// A new instance of the declaration at `index`; a `Window` that is already open comes to the
  /// front instead (W7, W22).
  private func instantiate(at index: Int, _ ctx: inout DecisionContext) -> ReceiverChoice {
    let table = ctx.table
    if table.scenes[index].kind == .window, let open = ctx.state.sessions(of: table.scenes[index].id).first {
      ctx.step(
        .declaration, "'\(table.scenes[index].id)'", .info, "a Window is unique: the open one receives the event",
        rule: .w7)
      ctx.cite(.w22)
      return .existing(.init(open))
    }
    let value = table.scenes[index].defaultValue
    if value != nil { ctx.cite(.w10) }
    return .new(ctx.createChosen(sceneAt: index, value: value))
  }

  /// The position of the first `WindowGroup` or `Window`.
  private func firstWindowDeclaration(_ table: TableView) -> Int? {
    table.scenes.firstIndex { $0.kind == .windowGroup || $0.kind == .window }
  }
}
