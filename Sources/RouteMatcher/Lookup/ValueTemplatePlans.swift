package import RouteTables
import RouterSupport

/// The table's route values compiled with the router into what a record writes: for each
/// route, runs of JSON bytes that do not change from one match to the next (the value's
/// literals, its keys and punctuation) and, between them, the parameters to write from the
/// match.
///
/// A route's value `{"route": "r5", "owner": "{owner}"}` is the bytes `{"route":"r5","owner":`,
/// the parameter `owner`, and the byte `}`: writing it is two copies and one parameter written
/// from where the match holds it, with no template walked, no string compared and nothing
/// retained. A parameter is found in the match by its name's bytes, compared as two words with
/// the two a match holds in place. Values whose shape is not planned (text with placeholders,
/// `"note-{id}"`) have no plan and are written as before, from the rendered value.
///
/// ```swift
/// let plans = ValueTemplatePlans(table.routes)
/// if let steps = plans.steps(route: 5) {
///   plans.ops[steps.lowerBound]   // bytes 0..<24 of the pool, then the parameter "owner"
/// }
/// ```
@usableFromInline  // else `steps(route:)` and `echoPrefix(_:)` are not inlined into the record writer
package struct ValueTemplatePlans: Sendable {
  /// One step of a route's plan: bytes of the pool, then (unless it is the last) a parameter.
  @usableFromInline package struct Op: Sendable {
    /// The constant bytes `start..<start + count` of ``pool``.
    package var start: Int32
    package var count: Int32
    /// The parameter's index in ``names`` and ``nameBytes``; negative: none (the plan's last
    /// step), -1, or `-2 - p` for a value that echoes its parameters' object (``echoPrefix(_:)``).
    @usableFromInline package var name: Int32
  }

  /// The byte count of the constant beginning of a value that echoes its parameters' object,
  /// from the last of its `steps`, or nil. Such a value is an object of constant members, then
  /// (at least) one member a parameter, each keyed by its own name (ASCII of 15 bytes or fewer,
  /// with no byte a JSON string escapes, no name twice): `{"route":"r5","owner":…,"repo":…}`.
  /// For a match whose parameters are those names in that order (`{"owner":…,"repo":…}`), its
  /// bytes are the pool's first `p` bytes (`{"route":"r5",`), then the parameters' object after
  /// its `{`.
  ///
  /// ```swift
  /// if let steps = plans.steps(route: 5), let p = plans.echoPrefix(steps) { … }
  /// ```
  @inlinable package func echoPrefix(_ steps: Range<Int>) -> Int? {
    let tail = ops[steps.upperBound &- 1].name
    return tail <= -2 ? Int(-2 &- tail) : nil
  }

  /// Route k's steps are `ops[routes[k].first ..< routes[k].first + routes[k].count]`; count 0:
  /// no plan (no value, or a shape written from the rendered value).
  @usableFromInline let routes: [(first: Int32, count: Int32)]
  @usableFromInline package let ops: [Op]
  package let pool: [UInt8]
  /// The parameters' names, each once, for parameters held as an object (compared as strings).
  package let names: [String]
  /// Each of ``names`` as its bytes when it is ASCII of 15 bytes or fewer (every valid template
  /// name of that length), as ``RouteParameters`` holds a name in place; `count` 0: not so.
  /// Kept once a name, not in every step: a step is 12 bytes, so a table of 100,000 valued
  /// routes holds its plans in a few megabytes.
  package let nameBytes: [RouteParameters.Bytes16]

  #if DEBUG
    /// Each route's template, in debug builds: a plan is asked for only with the template it
    /// was made from (``check(route:template:)``).
    private let templates: [ValueTemplate?]
  #endif

  /// No plans: what a record written without its router's uses.
  package static let none = ValueTemplatePlans()

  /// No plans (a router without values, or a record written without its router).
  package init() {
    routes = []
    ops = []
    pool = []
    names = []
    nameBytes = []
    #if DEBUG
      templates = []
    #endif
  }

  /// The plans of `routes`' values. A table without values (or without plannable ones) keeps
  /// none, so its router pays nothing for them.
  package init(_ routes: [Route]) {
    let first = routes.withUnsafeBufferPointer { Self.firstWithValue($0) }
    guard first < routes.count else {
      self.init()
      return
    }
    self.init(count: routes.count, from: first) { routes[$0].target.value }
  }

  /// The index of the first route with a value (`routes.count`: none), found by the tag of
  /// its optional alone, four routes a step: a table without values (the 100k routes of the
  /// compile benchmark) is compiled with no more than this look at each route (about four
  /// instructions; a loop over the indices took eight).
  private static func firstWithValue(_ routes: UnsafeBufferPointer<Route>) -> Int {
    guard let base = routes.baseAddress else { return 0 }
    var k = 0
    while k &+ 4 <= routes.count {
      let p = base + k
      if case .some = p[0].target.value { return k }
      if case .some = p[1].target.value { return k &+ 1 }
      if case .some = p[2].target.value { return k &+ 2 }
      if case .some = p[3].target.value { return k &+ 3 }
      k &+= 4
    }
    while k < routes.count {
      if case .some = base[k].target.value { return k }
      k &+= 1
    }
    return routes.count
  }

  /// The plans of `templates`, one for each route (nil: no value).
  package init(templates: [ValueTemplate?]) {
    self.init(count: templates.count, from: 0) { templates[$0] }
  }

  @inline(__always)
  private init(count: Int, from start: Int, _ template: (Int) -> ValueTemplate?) {
    var builder = Builder()
    var ranges: [(first: Int32, count: Int32)] = []
    for k in start..<count {
      guard let template = template(k), let range = builder.add(template) else {
        if !ranges.isEmpty { ranges.append((0, 0)) }
        continue
      }
      if ranges.isEmpty {
        ranges.reserveCapacity(count)
        ranges.append(contentsOf: repeatElement((first: Int32(0), count: Int32(0)), count: k))
      }
      ranges.append(range)
    }
    routes = ranges
    ops = builder.ops
    pool = builder.pool
    names = builder.names
    nameBytes = builder.nameBytes
    #if DEBUG
      templates = (0..<count).map(template)
    #endif
  }

  /// Route `route`'s steps, or nil when its value has no plan. The caller writes them for the
  /// route's own template (a decision keeps the template of the route it matched; debug builds
  /// ``check(route:template:)`` it).
  @inlinable package func steps(route: Int) -> Range<Int>? {
    guard route < routes.count else { return nil }
    let (first, count) = routes[route]
    guard count > 0 else { return nil }
    return Int(first)..<Int(first) &+ Int(count)
  }

  #if DEBUG
    /// Stops when `template` is not route `route`'s value, the one its plan was made from.
    package func check(route: Int, template: ValueTemplate) {
      precondition(templates[route] == template, "route \(route)'s plan asked for another template")
    }
  #endif

  /// The position of `op`'s parameter among `parameters` held in place, or nil: the first of
  /// its name, as ``RouteParameters/inPlaceIndex(named:)`` finds it (two ASCII names compared as
  /// their words; any other pair as strings), without the name's string read for an ASCII one.
  package func inPlaceIndex(of op: Op, in parameters: RouteParameters) -> Int? {
    let count = parameters.storage.count
    for k in 0..<count {
      let name = parameters.storage.name(k)
      let found: Bool
      let wanted = nameBytes[Int(op.name)]
      if wanted.count > 0, name.isASCII {
        found = name.equals(wanted)
      } else {
        found = name.string == names[Int(op.name)]
      }
      if found { return k }
    }
    return nil
  }

  /// Builds the pool and the steps, route by route.
  private struct Builder {
    var ops: [Op] = []
    var pool: [UInt8] = []
    var names: [String] = []
    var nameBytes: [RouteParameters.Bytes16] = []
    /// Each name's index in `names`.
    var nameIndex: [String: Int32] = [:]
    /// The constant bytes since the last parameter.
    var pending: [UInt8] = []

    /// Adds `template`'s steps; nil (and nothing added) when its shape is not planned.
    mutating func add(_ template: ValueTemplate) -> (first: Int32, count: Int32)? {
      let first = ops.count
      let saved = pool.count
      pending.removeAll(keepingCapacity: true)
      guard emit(template) else {
        // The names already added stay: unused, harmless, and found again by a later plan.
        ops.removeSubrange(first...)
        pool.removeSubrange(saved...)
        return nil
      }
      flush(name: nil)
      if let prefix = echoPrefix(template, first: first) { ops[ops.count - 1].name = -2 - Int32(prefix) }
      return (Int32(first), Int32(ops.count - first))
    }

    /// The byte count of the constant beginning of `template`'s plan, whose steps begin at
    /// `first`, when the value echoes its parameters' object (``ValueTemplatePlans/echoPrefix(_:)``).
    func echoPrefix(_ template: ValueTemplate, first: Int) -> Int? {
      guard case .object(let members) = template else { return nil }
      var seen: Set<String> = []
      var firstName: Int? = nil
      for member in members {
        switch member.value {
        case .literal: guard firstName == nil else { return nil }
        case .parameter(let name):
          let raw = Array(name.utf8)
          let plain = raw.withUnsafeBufferPointer { JSONWriter.skipUnescaped($0, from: 0) == $0.count }
          guard plain, raw.allSatisfy({ $0 < 0x80 }), (1...RouteParameters.Storage.longest).contains(raw.count),
            Array(member.key.utf8) == raw, seen.insert(name).inserted
          else { return nil }
          if firstName == nil { firstName = raw.count }
        default: return nil
        }
      }
      guard let firstName else { return nil }
      // The first step's bytes end with the first parameter's key, `"name":`.
      return Int(ops[first].count) - (firstName + 3)
    }

    /// The JSON of `template` as `JSONWriter` writes the rendered value: literals and
    /// punctuation into `pending`, a parameter as a step. False for text with placeholders.
    mutating func emit(_ template: ValueTemplate) -> Bool {
      switch template {
      case .literal(let value): JSONWriter.append(value, to: &pending)
      case .parameter(let name): flush(name: name)
      case .text: return false
      case .array(let items):
        pending.append(UInt8(ascii: "["))
        for (i, item) in items.enumerated() {
          if i > 0 { pending.append(UInt8(ascii: ",")) }
          guard emit(item) else { return false }
        }
        pending.append(UInt8(ascii: "]"))
      case .object(let members):
        pending.append(UInt8(ascii: "{"))
        for (i, member) in members.enumerated() {
          if i > 0 { pending.append(UInt8(ascii: ",")) }
          JSONWriter.appendString(member.key, to: &pending)
          pending.append(UInt8(ascii: ":"))
          guard emit(member.value) else { return false }
        }
        pending.append(UInt8(ascii: "}"))
      }
      return true
    }

    /// Ends a step: the pending bytes into the pool, then the parameter `name` (nil: none).
    mutating func flush(name: String?) {
      let start = Int32(pool.count)
      pool += pending
      let index = name.map { self.index(of: $0) } ?? -1
      ops.append(Op(start: start, count: Int32(pending.count), name: index))
      pending.removeAll(keepingCapacity: true)
    }

    /// `name`'s index in `names`, added with its bytes the first time it is seen.
    mutating func index(of name: String) -> Int32 {
      if let known = nameIndex[name] { return known }
      var bytes = RouteParameters.Bytes16(low: 0, high: 0, count: 0)
      let raw = Array(name.utf8)
      if raw.count <= RouteParameters.Storage.longest {
        let candidate = raw.withUnsafeBufferPointer { RouteParameters.Bytes16($0) }
        if candidate.isASCII { bytes = candidate }
      }
      let index = Int32(names.count)
      names.append(name)
      nameBytes.append(bytes)
      nameIndex[name] = index
      return index
    }
  }
}
