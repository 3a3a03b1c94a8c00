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
  /// The routes' values compiled into the bytes and parameters a record writes (issue 17).
  package let values: ValueTemplatePlans
  /// The scene declarations' `handlesExternalEvents(matching:)` predicates compiled to be tested
  /// on an identifier's bytes (issue 17).
  package let matchingSets: CompiledMatchingSets

  /// Matches a URL: the best route and its parameters, nil when no route matches, or the reason
  /// the text is not a URL the router accepts.
  ///
  /// (Inlinable, so that the `Result` is made in the caller, where the optimizer takes it apart:
  /// a caller that switches over it destroys the match it keeps, not a whole `Result` through
  /// its generic value witnesses.)
  @inlinable
  public func match(url: String) -> Result<RouteMatch?, URLReadError> {
    var failure: URLReadError?
    let found = match(url, failure: &failure)
    if let failure { return .failure(failure) }
    return .success(found)
  }

  /// ``match(url:)``'s work, out of line: the match, or nil with `failure` set when the text is
  /// not a URL the router accepts.
  @usableFromInline
  func match(_ url: String, failure: inout URLReadError?) -> RouteMatch? {
    // The scratch of the previous call, when no other thread holds it: no allocation.
    var scratch = MatchScratch.take()
    let found = match(url, scratch: &scratch, failure: &failure)
    scratch.giveBack()
    return found
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
    var failure: URLReadError?
    var found: RouteMatch?
    var text = url.text
    text.withUTF8 { bytes in
      found = match(bytes, scratch: &scratch) {
        $0.matchGeneral(bytes, ranges: url.ranges, scratch: &$1, failure: &failure)
      }
    }
    return found
  }

  /// The same for a record read in place, valid for the call: a caller that holds the record
  /// behind a pointer (the decision engine) passes the pointer, since passing `pointee` copied
  /// the whole record (its ranges and a retain of each reference) and destroyed the copy.
  package func match(_ url: UnsafePointer<URLRecord>, scratch: inout MatchScratch) -> RouteMatch? {
    // A record that borrows a line's bytes is matched on them, with no string.
    if let bytes = URLRecord.borrowedBytes(at: url) {
      return match(borrowed: bytes, ranges: url.pointee.ranges, scratch: &scratch)
    }
    var failure: URLReadError?
    var found: RouteMatch?
    var text = url.pointee.owned
    text.withUTF8 { bytes in
      found = match(bytes, scratch: &scratch) {
        $0.matchGeneral(bytes, ranges: url.pointee.ranges, scratch: &$1, failure: &failure)
      }
    }
    return found
  }

  /// The match of a record's borrowed `bytes` with its `ranges`. Out of line, as the closure
  /// that matches a string's bytes is.
  @inline(never)
  private func match(
    borrowed bytes: UnsafeBufferPointer<UInt8>, ranges: URLComponentRanges, scratch: inout MatchScratch
  ) -> RouteMatch? {
    var failure: URLReadError?
    return match(bytes, scratch: &scratch) {
      $0.matchGeneral(bytes, ranges: ranges, scratch: &$1, failure: &failure)
    }
  }

  /// The fast path, else the general path (a URL the reader refuses sets `failure`). The match
  /// is made where the URL's bytes are lent (a native string lends them in place, with no copy
  /// and no reference counting) and handed out as it is, not in a `Result` at each step.
  private func match(_ url: String, scratch: inout MatchScratch, failure: inout URLReadError?) -> RouteMatch? {
    var found: RouteMatch?
    let lent: Void? = url.utf8.withContiguousStorageIfAvailable { bytes in
      found = match(bytes, scratch: &scratch) { $0.matchGeneral(bytes, ranges: nil, scratch: &$1, failure: &failure) }
    }
    if lent == nil {
      var text = url
      text.withUTF8 { bytes in
        found = match(bytes, scratch: &scratch) { $0.matchGeneral(bytes, ranges: nil, scratch: &$1, failure: &failure) }
      }
    }
    return found
  }

  /// The fast path over the URL's bytes, else `general`.
  @inline(__always)
  private func match(
    _ bytes: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch,
    general: (CompiledRouter, inout MatchScratch) -> RouteMatch?
  ) -> RouteMatch? {
    if let base = bytes.baseAddress {
      // The fast path as matchRoute runs it: the walk, then the one after a query or a
      // fragment (and the verdict on a host no route has).
      var fast = urls.fastMatch(base, bytes.count, &scratch)
      if fast == .needsGeneralPath { fast = urls.fastMatchWithTail(base, bytes.count, &scratch, afterWalk: true) }
      switch fast {
      case .route: return routeMatch(terminal: urls.terminal(of: scratch), bytes, scratch, fast: true)
      case .noRoute: return nil
      case .needsGeneralPath: break
      }
    }
    return general(self, &scratch)
  }

  /// The general path of ``match(url:)``: the URL read (unless `known` is its ranges), its path
  /// resolved, the trie searched with backtracking. Out of line.
  @inline(never)
  private func matchGeneral(
    _ bytes: UnsafeBufferPointer<UInt8>, ranges known: URLComponentRanges?, scratch: inout MatchScratch,
    failure: inout URLReadError?
  ) -> RouteMatch? {
    let ranges: URLComponentRanges
    if let known {
      ranges = known
    } else {
      switch URLSyntax.parse(bytes) {
      case .failure(let error):
        failure = error
        return nil
      case .success(let parsed): ranges = parsed
      }
    }
    let terminal = urls.match(bytes, ranges, &scratch)
    guard terminal >= 0 else { return nil }
    return routeMatch(terminal: terminal, bytes, scratch, fast: false)
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
        return .success(routeMatch(terminal: terminal, bytes, scratch, fast: false))
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
      switch urls.fastMatchWithTail(base, bytes.count, &scratch, afterWalk: true) {
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
    return RouteMatch(route: route, routeName: table.routes[route].name, parameters: RouteParameters(parameters))
  }

  /// Builds the match (decoding the captured values) after a successful trie match; `fast` when
  /// the fast path matched (every `%XX` in the URL decodes to printable ASCII then).
  ///
  /// Each capture's type is the trie's (``URLTrie/captureTypes``), not read in the pattern (a copy
  /// of a `URLPattern` costs dozens of reference-counting calls); a value with nothing to decode
  /// is made from the URL's bytes with no intermediate string, an integer and a UUID kept as what
  /// they are (``set(_:_:_:_:)``); the parameters are kept in place (``RouteParameters``).
  func routeMatch(
    terminal index: Int32, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: borrowing MatchScratch, fast: Bool
  ) -> RouteMatch {
    let terminal = urls.storage.terminal(at: index)
    let route = Int(terminal.route)
    var parameters = RouteParameters.Builder(expected: Int(terminal.captureCount) &+ Int(terminal.constraintCount))
    var decodedSeparators: [String] = []
    let namesStart = Int(terminal.namesStart)
    for k in 0..<Int(terminal.captureCount) {
      let name = namesStart &+ k
      let type = urls.captureTypes[name] ?? declaredType(urls.names[name], terminal)
      let first = Int(scratch.captures[k].first)
      let last = Int(scratch.captures[k].last)
      if last == first &+ 1 {
        let range = scratch.segments[first]
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        if CompiledRouter.holdsByte(0x25, bytes, range) {
          if CompiledRouter.decodesToSeparator(raw) { decodedSeparators.append(urls.names[name]) }
          withName(name) { set(&parameters, $0, decoding: raw, type, fast: fast, plus: false) }
        } else {
          // On the fast path, a capture of its own type (a name captured once) was tested as
          // that type by the walk: a UUID is read without a second test.
          let proven = fast && urls.captureTypes[name] != nil
          withName(name) { CompiledRouter.set(&parameters, $0, raw, type, proven: proven) }
        }
        continue
      }
      // A catch-all over segments that follow one another in the URL, one '/' apart, with
      // nothing to decode (the fast path's, and most of the general path's): its value is
      // those bytes as they are, the parts and their join without the copies.
      if first < last, let raw = CompiledRouter.plainRun(bytes, scratch.segments, first, last) {
        withName(name) { CompiledRouter.set(&parameters, $0, raw, type) }
        continue
      }
      var separator = false
      var parts: [String] = []
      for segment in first..<last {
        let raw = UnsafeBufferPointer(rebasing: bytes[scratch.segments[segment]])
        separator = separator || CompiledRouter.decodesToSeparator(raw)
        parts.append(CompiledRouter.decoded(raw))
      }
      if separator { decodedSeparators.append(urls.names[name]) }
      parameters.set(urls.names[name], json: type.value(of: parts.joined(separator: "/")))
    }
    for k in 0..<Int(terminal.constraintCount) {
      let constraint = urls.storage.constraints[Int(terminal.constraintStart) + k]
      guard constraint.captureName >= 0, scratch.valueStart[k] >= 0 else { continue }
      if constraint.kind == .fragmentPath {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(scratch.valueStart[k])..<Int(scratch.valueEnd[k])])
        for (name, value) in urls.fragmentPaths[Int(constraint.literalLength)].values(raw) ?? [] {
          parameters.set(name, json: value)
        }
        continue
      }
      if constraint.kind == .affixedValue {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(scratch.valueStart[k])..<Int(scratch.valueEnd[k])])
        let text = queryText(raw, isFragment: false)
        for (name, value) in urls.queryAffixes[Int(constraint.literalLength)].values(of: text) ?? [] {
          parameters.set(name, json: value)
        }
        continue
      }
      let name = Int(constraint.captureName)
      if constraint.kind == .list || constraint.kind == .optionalList {
        let values = JSONValue.array(listValues(constraint, bytes, scratch).map { constraint.type.value(of: $0) })
        parameters.set(urls.names[name], json: values)
        continue
      }
      let range = Int(scratch.valueStart[k])..<Int(scratch.valueEnd[k])
      let raw = UnsafeBufferPointer(rebasing: bytes[range])
      let plus = urls.storage.plusAsSpaceInQuery && !constraint.isFragment
      if fast && !CompiledRouter.holdsByte(0x25, bytes, range)
        && !(plus && CompiledRouter.holdsByte(0x2B, bytes, range))
      {
        withName(name) { CompiledRouter.set(&parameters, $0, raw, constraint.type) }
      } else {
        withName(name) { set(&parameters, $0, decoding: raw, constraint.type, fast: fast, plus: plus) }
      }
    }
    // (Most tables have no value sets: no array asked for then.)
    if !urls.constants.isEmpty {
      for binding in urls.constants(ofTerminalAt: index) { parameters.set(binding.name, json: .string(binding.value)) }
    }
    // (The route's name read in place, not the route copied.)
    let routeName = table.routes.withUnsafeBufferPointer { $0[route].name }
    return RouteMatch(
      route: route, routeName: routeName, pattern: Int(terminal.pattern), parameters: parameters.build(),
      decodedSeparators: decodedSeparators)
  }

  /// Calls `body` with capture name `index` as the parameters take it.
  ///
  /// A name of 15 ASCII bytes or fewer (nearly every name) is a small string, whose two words
  /// are its bytes (``CompiledRouter/smallASCII(_:)``): they are the name's key as they are, with
  /// no copy of the string out of `urls.names` (a retain and a release) and no `withUTF8`.
  @inline(__always)
  private func withName<R>(_ index: Int, _ body: (RouteParameters.Builder.Name) -> R) -> R {
    if let small = CompiledRouter.smallASCII(urls.names[index]) {
      return body(
        RouteParameters.Builder.Name(
          key: RouteParameters.Bytes16(
            low: small.words.0, high: small.words.1, count: UInt8(truncatingIfNeeded: small.count))))
    }
    var name = urls.names[index]
    return name.withUTF8 { body(RouteParameters.Builder.Name($0)) }
  }

  /// The bytes of `string` when it is a small ASCII string (15 bytes or fewer, held in the
  /// value itself), else nil: the standard library's small form on 64-bit little-endian
  /// platforms is the bytes in two words, the second word's top four bits `1110` (immortal,
  /// ASCII, small) and the next four the count. Any other form (a longer, non-ASCII or bridged
  /// string), and any other platform, gives nil.
  ///
  /// ```swift
  /// CompiledRouter.smallASCII("id")?.count        // 2
  /// CompiledRouter.smallASCII("é")                // nil (not ASCII)
  /// ```
  @inline(__always)
  static func smallASCII(_ string: String) -> (words: (UInt64, UInt64), count: Int)? {
    // The form is read by `SmallASCIIString` (RouterSupport), which the loader also builds with.
    guard let (low, high) = SmallASCIIString.words(of: string) else { return nil }
    return ((low, high & 0x00FF_FFFF_FFFF_FFFF), Int(truncatingIfNeeded: high &>> 56) & 0xF)
  }

  /// The type of a path capture named `name` as the terminal's pattern declares it (for a name
  /// a pattern built in code captures twice: the first place it is declared).
  private func declaredType(_ name: String, _ terminal: URLTrie.Terminal) -> ParameterType {
    table.routes.withUnsafeBufferPointer { routes in
      guard case .url(let patterns) = routes[Int(terminal.route)].trigger else { return .string }
      return CompiledRouter.parameterType(name, in: patterns[Int(terminal.pattern)])
    }
  }

  /// Sets `name` to a value to decode (`%XX`, or a `+` read as a space under `plus`): decoded,
  /// then typed. On the fast path every escape decodes to printable ASCII, so the value is
  /// decoded on the stack; otherwise as the general path decodes (a value that does not decode
  /// stays as it is).
  func set(
    _ parameters: inout RouteParameters.Builder, _ name: RouteParameters.Builder.Name,
    decoding raw: UnsafeBufferPointer<UInt8>, _ type: ParameterType, fast: Bool, plus: Bool
  ) {
    guard fast, raw.count <= 1024 else {
      parameters.set(
        name.string,
        json: type.value(of: plus ? queryText(raw, isFragment: false) : CompiledRouter.decoded(raw)))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.count, 1)) { out in
      var i = 0
      var j = 0
      while i < raw.count {
        let b = raw[i]
        if b == UInt8(ascii: "%") && i &+ 2 < raw.count {
          out[j] = UInt8(truncatingIfNeeded: URLTrie.hexDigit(raw[i &+ 1]) &<< 4 | URLTrie.hexDigit(raw[i &+ 2]))
          i &+= 3
        } else {
          out[j] = plus && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b
          i &+= 1
        }
        j &+= 1
      }
      CompiledRouter.set(&parameters, name, UnsafeBufferPointer(rebasing: out[0..<j]), type)
    }
  }

  /// Sets `name` to a value with nothing to decode, made from its bytes: text with no string
  /// made, an integer parsed there, a UUID's digits read into two words (the text of either is
  /// made when it is read).
  ///
  /// `proven`: the fast walk took these bytes as a value of `type` (every step of it that records
  /// a capture whose own type is `uuid` tested its 36 bytes: `typedStep`, a competing node's
  /// `uuid` edge, an affixed segment's part), so a UUID is read without testing it again.
  static func set(
    _ parameters: inout RouteParameters.Builder, _ name: RouteParameters.Builder.Name,
    _ raw: UnsafeBufferPointer<UInt8>, _ type: ParameterType, proven: Bool = false
  ) {
    switch type {
    case .string:
      parameters.set(name, text: raw)
    case .int:
      if let n = ParameterType.parseInt(raw) {
        parameters.set(name, .int(n))
      } else {
        parameters.set(name, text: raw)
      }
    case .uuid:
      if raw.count == 36, let base = raw.baseAddress, proven || URLTrie.isUUID(ascii: base) {
        parameters.set(name, .uuid(high: uuidWord(base, high: true), low: uuidWord(base, high: false)))
      } else {
        parameters.set(name.string, json: value(raw, type))
      }
    }
  }

  /// The first (`high`) or the last 16 hexadecimal digits of the UUID `p[0 ..< 36]` as a word,
  /// eight digits at a time: two groups of four gathered into one word, so that a UUID's 32
  /// digits are four `hex8`s, not six.
  @inline(__always)
  static func uuidWord(_ p: UnsafePointer<UInt8>, high: Bool) -> UInt64 {
    let r = UnsafeRawPointer(p)
    // Digits 0-7, then 9-12 with 14-17; or 19-22 with 24-27, then 28-35.
    @inline(__always) func four(_ offset: Int) -> UInt64 {
      UInt64(UInt32(littleEndian: r.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
    if high {
      return UInt64(hex8(r.loadWord())) &<< 32 | UInt64(hex8(four(9) | four(14) &<< 32))
    }
    return UInt64(hex8(four(19) | four(24) &<< 32)) &<< 32 | UInt64(hex8(r.advanced(by: 28).loadWord()))
  }

  /// The value of eight hexadecimal digits (either case; the first in the low byte of `w`).
  @inline(__always)
  static func hex8(_ w: UInt64) -> UInt32 {
    // Per byte: the digit's value ('a'-'f' and 'A'-'F' have bit 6 set: 1 + 9).
    let v = (w & 0x0F0F_0F0F_0F0F_0F0F) &+ ((w &>> 6) & 0x0101_0101_0101_0101) &* 9
    // Pairs into bytes 0, 2, 4, 6 (the first digit high), then those four bytes together.
    var u = ((v &<< 4) | (v &>> 8)) & 0x00FF_00FF_00FF_00FF
    u = (u | (u &>> 8)) & 0x0000_FFFF_0000_FFFF
    u = (u | (u &>> 16)) & 0xFFFF_FFFF
    return UInt32(truncatingIfNeeded: u).byteSwapped
  }

  /// Whether `bytes[range]` holds `byte`; eight bytes at a time when the URL has eight or more.
  @inline(__always)
  static func holdsByte(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard let base = bytes.baseAddress, bytes.count >= 8 else {
      return bytes[range].contains(byte)
    }
    return URLTrie.firstByte(byte, base, from: range.lowerBound, to: range.upperBound, bytes.count) < range.upperBound
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
  /// A router of `table` with its trie and activity index; the link gate and the values' plans
  /// are compiled here.
  init(table: RouteTable, urls: URLTrie, activities: ActivityIndex) {
    self.init(
      table: table, urls: urls, activities: activities,
      appLinks: AppLinkGate(
        associatedDomains: table.claims.associatedDomains, associations: table.claims.associations,
        appID: table.claims.appID, exclusionsStopLaterEntries: table.policies.aasaDetails == .firstDecision,
        urlSchemes: table.claims.urlSchemes),
      values: ValueTemplatePlans(table.routes), matchingSets: CompiledMatchingSets(table.scenes))
  }
}
