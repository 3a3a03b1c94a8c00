package import AppleAppFiles
public import RouteEvents
public import RouteTables
public import RouterSupport

/// The immutable, `Sendable` result of compiling a route table: the URL trie and the activity
/// index, ready to match from any number of threads.
///
/// ```swift
/// let compiled = RouteCompiler.compile(table)
/// guard let router = compiled.router else { /* compiled.diagnostics */ }
/// switch router.match(url: "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11") {
/// case .success(let match?): print(match.routeName, match.parameters)   // note {"id": "6F0E…"}
/// case .success(nil): print("no route matches")
/// case .failure(let error): print(error.message)                       // not a URL we accept
/// }
/// ```
public struct CompiledRouter: Sendable {
  /// The table the router was compiled from.
  public let table: RouteTable
  let urls: URLTrie
  let activities: ActivityIndex
  /// The table's universal-link gate (its `applinks:` entries and AASA files), compiled with
  /// the router so that each https URL is checked on its bytes (issue 17).
  package let appLinks: AppLinkGate

  /// Matches a URL: the best route and its parameters, nil when no route matches, or the reason
  /// the text is not a URL the router accepts.
  public func match(url: String) -> Result<RouteMatch?, URLReadError> {
    match(url, ranges: nil)
  }

  /// Matches a URL the event reader has already read: its ranges are reused, not parsed again.
  package func match(_ url: URLRecord) -> RouteMatch? {
    var scratch = MatchScratch()
    return match(url, scratch: &scratch)
  }

  /// The same, in the caller's working memory: a caller that matches many URLs (a line router,
  /// a batch of decisions) keeps one scratch for all of them instead of allocating its 80 KiB
  /// for every match.
  package func match(_ url: URLRecord, scratch: inout MatchScratch) -> RouteMatch? {
    try? match(url.text, ranges: url.ranges, scratch: &scratch).get()
  }

  /// The fast path, else the general path over `ranges` (parsed from `text` when nil).
  private func match(_ url: String, ranges known: URLComponentRanges?) -> Result<RouteMatch?, URLReadError> {
    // The scratch of the previous call, when no other thread holds it: no allocation.
    var scratch = MatchScratch.take()
    let result = match(url, ranges: known, scratch: &scratch)
    scratch.giveBack()
    return result
  }

  /// ``match(_:ranges:)`` in the given scratch.
  private func match(
    _ url: String, ranges known: URLComponentRanges?, scratch: inout MatchScratch
  ) -> Result<RouteMatch?, URLReadError> {
    var text = url
    return text.withUTF8 { bytes in
      if let base = bytes.baseAddress {
        // The fast path as matchRoute runs it: the walk, then the one after a query or a
        // fragment (and the verdict on a host no route has).
        var fast = urls.fastMatch(base, bytes.count, &scratch)
        if fast == .needsGeneralPath { fast = urls.fastMatchWithTail(base, bytes.count, &scratch) }
        switch fast {
        case .route: return .success(routeMatch(terminal: urls.terminal(of: scratch), bytes, scratch))
        case .noRoute: return .success(nil)
        case .needsGeneralPath: break
        }
      }
      let ranges: URLComponentRanges
      if let known {
        ranges = known
      } else {
        switch URLSyntax.parse(bytes) {
        case .failure(let error): return .failure(error)
        case .success(let parsed): ranges = parsed
        }
      }
      let terminal = urls.match(bytes, ranges, &scratch)
      guard terminal >= 0 else { return .success(nil) }
      return .success(routeMatch(terminal: terminal, bytes, scratch))
    }
  }

  /// ``match(url:)`` without the fast path: read the URL, resolve its path, search with
  /// backtracking. The tests hold the fast path to exactly this.
  func matchGeneral(url: String) -> Result<RouteMatch?, URLReadError> {
    var scratch = MatchScratch()
    var text = url
    return text.withUTF8 { bytes in
      switch URLSyntax.parse(bytes) {
      case .failure(let error): return .failure(error)
      case .success(let ranges):
        let terminal = urls.match(bytes, ranges, &scratch)
        guard terminal >= 0 else { return .success(nil) }
        return .success(routeMatch(terminal: terminal, bytes, scratch))
      }
    }
  }

  /// ``matchRoute(utf8:scratch:)`` without the fast path (for the tests).
  func matchRouteGeneral(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var scratch = MatchScratch()
    return matchRouteGeneral(bytes, &scratch)
  }

  /// Matches a URL without allocating: the index of the best route in ``table``'s routes, or nil
  /// when the text is not an accepted URL or no route matches.
  ///
  /// The same rule as ``match(url:)`` finds, for a fraction of the cost: nothing is decoded or
  /// allocated. The captured values stay in `scratch`, as byte ranges of `url`'s UTF-8 (see
  /// ``MatchScratch/pathCapture(_:)``). Reuse one scratch for every URL of a thread.
  ///
  /// ```swift
  /// var scratch = MatchScratch()
  /// for line in lines {
  ///   guard let route = router.matchRoute(url: line, scratch: &scratch) else { continue }
  ///   let id = scratch.pathCapture(0)   // where the first {parameter} is in line.utf8
  /// }
  /// ```
  @inlinable @inline(__always)
  public func matchRoute(url: String, scratch: inout MatchScratch) -> Int? {
    // A native string lends its UTF-8 in place, with no copy and no reference counting.
    // (Inlinable, so that this step happens in the caller and the matcher is one call away.)
    if let route = url.utf8.withContiguousStorageIfAvailable({ matchRoute(utf8: $0, scratch: &scratch) }) {
      return route
    }
    var text = url
    return text.withUTF8 { matchRoute(utf8: $0, scratch: &scratch) }
  }

  /// Matches URL bytes without allocating; see ``matchRoute(url:scratch:)``.
  ///
  /// ```swift
  /// let bytes = Array("https://example.com/users/42".utf8)
  /// let route = bytes.withUnsafeBufferPointer { router.matchRoute(utf8: $0, scratch: &scratch) }
  /// ```
  public func matchRoute(utf8 bytes: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch) -> Int? {
    if let base = bytes.baseAddress {
      switch urls.fastMatch(base, bytes.count, &scratch) {
      case .route(let route): return Int(route)
      case .noRoute: return nil
      case .needsGeneralPath: break
      }
    }
    return matchRouteSlow(bytes, &scratch)
  }

  /// After ``URLTrie/fastMatch(_:_:_:)`` could not decide: the fast path again over the path
  /// before a query or a fragment, else the general path. One call out of line, so that the
  /// fast walk inlined in ``matchRoute(utf8:scratch:)`` keeps its registers.
  @inline(never)
  func matchRouteSlow(_ bytes: UnsafeBufferPointer<UInt8>, _ scratch: inout MatchScratch) -> Int? {
    if let base = bytes.baseAddress {
      switch urls.fastMatchWithTail(base, bytes.count, &scratch) {
      case .route(let route): return Int(route)
      case .noRoute: return nil
      case .needsGeneralPath: break
      }
    }
    return matchRouteGeneral(bytes, &scratch)
  }

  @inline(never)
  func matchRouteGeneral(_ bytes: UnsafeBufferPointer<UInt8>, _ scratch: inout MatchScratch) -> Int? {
    guard case .success(let ranges) = URLSyntax.parse(bytes) else { return nil }
    let terminal = urls.match(bytes, ranges, &scratch)
    return terminal < 0 ? nil : Int(urls.storage.terminal(at: terminal).route)
  }

  /// Matches a user activity by type, `userInfo` and `targetContentIdentifier`.
  public func match(activityType: String, userInfo: JSONObject = JSONObject(), targetContentIdentifier: String? = nil)
    -> RouteMatch?
  {
    guard
      let (route, parameters) = activities.match(
        type: activityType, userInfo: userInfo, targetContentIdentifier: targetContentIdentifier)
    else { return nil }
    return RouteMatch(route: route, routeName: table.routes[route].name, parameters: parameters)
  }

  /// Builds the match (decoding the captured values) after a successful trie match.
  ///
  /// The route and its pattern are read in place (a copy of a `Route` costs dozens of reference
  /// counting calls); the parameters' storage is reserved once; a value with nothing to decode
  /// is made from the URL's bytes with no intermediate string (``value(_:_:)``).
  func routeMatch(terminal index: Int32, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: borrowing MatchScratch)
    -> RouteMatch
  {
    let terminal = urls.storage.terminal(at: index)
    let route = Int(terminal.route)
    let constants = urls.constants(ofTerminalAt: index)
    var parameters = JSONObject()
    parameters.members.reserveCapacity(Int(terminal.captureCount) + Int(terminal.constraintCount) + constants.count)
    var decodedSeparators: [String] = []
    let routeName = table.routes.withUnsafeBufferPointer { routes in
      // (Not `urlPatterns`: that getter, in another module, copies the whole route.)
      guard terminal.captureCount > 0, case .url(let patterns) = routes[route].trigger else {
        return routes[route].name
      }
      for k in 0..<Int(terminal.captureCount) {
        let name = urls.names[Int(terminal.namesStart) + k]
        let type = CompiledRouter.parameterType(name, in: patterns[Int(terminal.pattern)])
        let first = Int(scratch.captures[k].first)
        let last = Int(scratch.captures[k].last)
        if last == first + 1 {
          let raw = UnsafeBufferPointer(rebasing: bytes[scratch.segments[first]])
          if CompiledRouter.decodesToSeparator(raw) { decodedSeparators.append(name) }
          parameters[name] = CompiledRouter.value(raw, type)
          continue
        }
        // A catch-all over segments that follow one another in the URL, one '/' apart, with
        // nothing to decode (the fast path's, and most of the general path's): its value is
        // those bytes as they are, the parts and their join without the copies.
        if first < last, let raw = CompiledRouter.plainRun(bytes, scratch.segments, first, last) {
          parameters[name] = CompiledRouter.value(raw, type)
          continue
        }
        var separator = false
        var parts: [String] = []
        for segment in first..<last {
          let raw = UnsafeBufferPointer(rebasing: bytes[scratch.segments[segment]])
          separator = separator || CompiledRouter.decodesToSeparator(raw)
          parts.append(CompiledRouter.decoded(raw))
        }
        if separator { decodedSeparators.append(name) }
        parameters[name] = type.value(of: parts.joined(separator: "/"))
      }
      return routes[route].name
    }
    for k in 0..<Int(terminal.constraintCount) {
      let constraint = urls.storage.constraints[Int(terminal.constraintStart) + k]
      guard constraint.captureName >= 0, scratch.valueStart[k] >= 0 else { continue }
      if constraint.kind == .fragmentPath {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(scratch.valueStart[k])..<Int(scratch.valueEnd[k])])
        for (name, value) in urls.fragmentPaths[Int(constraint.literalLength)].values(raw) ?? [] {
          parameters[name] = value
        }
        continue
      }
      if constraint.kind == .affixedValue {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(scratch.valueStart[k])..<Int(scratch.valueEnd[k])])
        let text = queryText(raw, isFragment: false)
        for (name, value) in urls.queryAffixes[Int(constraint.literalLength)].values(of: text) ?? [] {
          parameters[name] = value
        }
        continue
      }
      let name = urls.names[Int(constraint.captureName)]
      if constraint.kind == .list || constraint.kind == .optionalList {
        parameters[name] = .array(listValues(constraint, bytes, scratch).map { constraint.type.value(of: $0) })
        continue
      }
      let raw = UnsafeBufferPointer(rebasing: bytes[Int(scratch.valueStart[k])..<Int(scratch.valueEnd[k])])
      parameters[name] = constraint.type.value(of: queryText(raw, isFragment: constraint.isFragment))
    }
    for binding in constants { parameters[binding.name] = .string(binding.value) }
    return RouteMatch(
      route: route, routeName: routeName, pattern: Int(terminal.pattern), parameters: parameters,
      decodedSeparators: decodedSeparators)
  }

  /// `type.value(of: decoded(raw))`: for a value with no `%`, made straight from its bytes (an
  /// integer parsed there, a UUID uppercased as it is copied).
  static func value(_ raw: UnsafeBufferPointer<UInt8>, _ type: ParameterType) -> JSONValue {
    guard !raw.contains(UInt8(ascii: "%")) else { return type.value(of: decoded(raw)) }
    switch type {
    case .string:
      return .string(String(decoding: raw, as: UTF8.self))
    case .int:
      if let n = ParameterType.parseInt(raw) { return .number(JSONNumber(n)) }
      return .string(String(decoding: raw, as: UTF8.self))
    case .uuid:
      // (`uppercased()` maps ASCII letters alone for an ASCII value.)
      guard raw.allSatisfy({ $0 < 0x80 }) else { return type.value(of: String(decoding: raw, as: UTF8.self)) }
      return .string(
        String(unsafeUninitializedCapacity: raw.count) { out in
          for i in 0..<raw.count {
            let b = raw[i]
            out[i] = b &- 0x61 < 26 ? b &- 0x20 : b
          }
          return raw.count
        })
    }
  }

  /// The bytes from segment `first` to segment `last - 1` of `bytes`, when each segment starts
  /// one byte after the one before it ends, that byte is `/`, and no byte is `%`: the segments
  /// decoded and joined with `/` are then these bytes. Nil otherwise.
  static func plainRun(
    _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeMutablePointer<Range<Int>>, _ first: Int, _ last: Int
  ) -> UnsafeBufferPointer<UInt8>? {
    for k in (first &+ 1)..<last {
      let gap = segments[k &- 1].upperBound
      guard segments[k].lowerBound == gap &+ 1, bytes[gap] == UInt8(ascii: "/") else { return nil }
    }
    let raw = UnsafeBufferPointer(rebasing: bytes[segments[first].lowerBound..<segments[last &- 1].upperBound])
    return raw.contains(UInt8(ascii: "%")) ? nil : raw
  }

  /// Whether a raw path value holds `%2F` or `%5C` (either case), which decode to `/` and `\`:
  /// a value that a reader splitting the decoded path would take for several segments.
  static func decodesToSeparator(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    guard raw.count >= 3 else { return false }
    for i in 0..<(raw.count - 2) where raw[i] == UInt8(ascii: "%") {
      let (high, low) = (raw[i + 1], raw[i + 2] | 0x20)
      if (high == UInt8(ascii: "2") && low == UInt8(ascii: "f"))
        || (high == UInt8(ascii: "5") && low == UInt8(ascii: "c"))
      {
        return true
      }
    }
    return false
  }

  /// The declared type of a host or path parameter (a pattern has a few segments: a scan, no table).
  package static func parameterType(_ name: String, in pattern: URLPattern) -> ParameterType {
    if case .parameter(let p) = pattern.host, p.name == name { return p.type }
    for segment in pattern.segments {
      switch segment {
      case .parameter(let p) where p.name == name, .optional(let p) where p.name == name: return p.type
      case .affixed(let a):
        if let p = a.parameters.first(where: { $0.name == name }) { return p.type }
      default: continue
      }
    }
    return .string
  }

  /// A query value (a raw `+` a space under `plusAsSpaceInQuery`) or the fragment, decoded.
  func queryText(_ raw: UnsafeBufferPointer<UInt8>, isFragment: Bool) -> String {
    guard urls.storage.plusAsSpaceInQuery, !isFragment, raw.contains(UInt8(ascii: "+")) else {
      return CompiledRouter.decoded(raw)
    }
    let spaced = raw.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
    return spaced.withUnsafeBufferPointer { CompiledRouter.decoded($0) }
  }

  /// Every value of a list binding's key in the matched URL's query, in order.
  private func listValues(
    _ constraint: URLTrie.Constraint, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: borrowing MatchScratch
  )
    -> [String]
  {
    let pool = urls.storage.pool
    let key = String(
      decoding: UnsafeBufferPointer(start: pool + Int(constraint.nameStart), count: Int(constraint.nameLength)),
      as: UTF8.self)
    var values: [String] = []
    for q in 0..<scratch.queryCount {
      let name = UnsafeBufferPointer(
        rebasing: bytes[Int(scratch.queryNameStart[q])..<Int(scratch.queryNameEnd[q])])
      guard queryText(name, isFragment: false) == key else { continue }
      let start = Int(scratch.queryValueStart[q])
      if start < 0 {
        values.append("")
        continue
      }
      values.append(
        queryText(UnsafeBufferPointer(rebasing: bytes[start..<Int(scratch.queryValueEnd[q])]), isFragment: false))
    }
    return values
  }

  static func decoded(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    // Most values have nothing to decode: no buffer then.
    if !raw.contains(UInt8(ascii: "%")) { return String(decoding: raw, as: UTF8.self) }
    // Decoded on the stack (a temporary allocation of up to 1 KiB is not taken from the heap
    // on Linux), so the string is the one allocation.
    if raw.count <= 1024 {
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { out in
        guard let n = PercentDecoding.decode(raw, into: out) else { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: out[0..<n]), as: UTF8.self)
      }
    }
    var out: [UInt8] = []
    guard PercentDecoding.decode(raw, into: &out) else { return String(decoding: raw, as: UTF8.self) }
    return String(decoding: out, as: UTF8.self)
  }
}

extension CompiledRouter {
  /// A router of `table` with its trie and activity index; the link gate is compiled here.
  init(table: RouteTable, urls: URLTrie, activities: ActivityIndex) {
    self.init(
      table: table, urls: urls, activities: activities,
      appLinks: AppLinkGate(
        associatedDomains: table.claims.associatedDomains, associations: table.claims.associations,
        appID: table.claims.appID, exclusionsStopLaterEntries: table.policies.aasaDetails == .firstDecision))
  }
}
