import RouteEvents
import RouteTables
import RouterSupport

/// A value set's value, fixed by the expansion that chose it.
struct ValueBinding: Sendable, Hashable {
  var name: String
  var value: String
}

/// One URL pattern with its optional segments and value sets resolved: a pattern with `k`
/// optional segments expands into `2^k` patterns, each present-or-absent choice made, and a
/// value set of `n` values multiplies that by `n` (by `n + 1` when it is optional), one literal
/// edge per value.
struct ExpandedPattern {
  var route: Int
  var pattern: Int
  /// The key of the host root: `scheme://host[:port]`, `scheme://*.domain[:port]`, `scheme:` or
  /// a ``HostParameterKey``.
  var hostKey: [UInt8]
  var edges: [(kind: EdgeKind, literal: [UInt8])]
  /// Names of the path captures, in order.
  var captureNames: [String]
  /// Their declared types (a catch-all's is `.string`).
  var captureTypes: [ParameterType]
  /// The values of the pattern's value sets this expansion chose (a literal edge each).
  var constants: [ValueBinding] = []
  /// The shapes of its affixed edges, in order (their edges say `.affixed(-1)` until inserted).
  var affixShapes: [AffixShape] = []
  var omitted: Int
  var trailingSlash: Bool
  var query: [QueryConstraint]
  var fragment: ValueConstraint?

  /// The score of the query and fragment constraints (step 4 of precedence).
  var score: ConstraintScore {
    var s = Precedence.score(query.map(\.value.strength) + (fragment.map { [$0.strength] } ?? []))
    s.affixed = query.count { if case .affixed = $0.value { return true } else { return false } }
    return s
  }
}

enum PatternExpansion {
  static func expand(_ pattern: URLPattern, route: Int, index: Int, caseSensitive: Bool) -> [ExpandedPattern] {
    var keys: [(key: [UInt8], constants: [ValueBinding])] = []
    switch pattern.host {
    case .exact(let h): keys = [(HostKey.make(scheme: pattern.scheme, host: h, port: pattern.port), [])]
    case .subdomains(let domain):
      keys = [(HostKey.make(scheme: pattern.scheme, host: "*." + domain, port: pattern.port), [])]
    case .none: keys = [(HostKey.makeWithoutAuthority(scheme: pattern.scheme), [])]
    case .parameter(let p):
      keys = [(HostParameterKey.make(scheme: pattern.scheme, type: p.type, port: pattern.port), [])]
    case .valueSet(let set):
      // One literal host a value (hosts compare ASCII-case-insensitively); the value as listed.
      keys = set.values.map {
        (
          HostKey.make(scheme: pattern.scheme, host: $0.lowercased(), port: pattern.port),
          [ValueBinding(name: set.name, value: $0)]
        )
      }
    }
    var hostNames: [String] = []
    var hostTypes: [ParameterType] = []
    if case .parameter(let p) = pattern.host {  // capture 0
      hostNames.append(p.name)
      hostTypes.append(p.type)
    }
    var results: [ExpandedPattern] = keys.map {
      ExpandedPattern(
        route: route, pattern: index, hostKey: $0.key, edges: [], captureNames: hostNames, captureTypes: hostTypes,
        constants: $0.constants,
        omitted: 0, trailingSlash: pattern.trailingSlash, query: pattern.query, fragment: pattern.fragment)
    }
    for segment in pattern.segments {
      let kind = EdgeKind(segment)
      var next: [ExpandedPattern] = []
      for var partial in results {
        if case .optional = segment {
          var absent = partial
          absent.omitted += 1
          next.append(absent)
        }
        if case .optionalLiterals(let literals) = segment {
          var absent = partial
          absent.omitted += 1
          next.append(absent)
          for text in literals {
            let bytes = Array(text.utf8)
            partial.edges.append((.literal, caseSensitive ? bytes : bytes.map(ASCIIBytes.lowercased)))
          }
          next.append(partial)
          continue
        }
        if case .optionalCatchAll(let name) = segment {
          // No segments left: the route's value is "" (a constant of this expansion).
          var absent = partial
          absent.omitted += 1
          absent.constants.append(ValueBinding(name: name, value: ""))
          next.append(absent)
          partial.edges.append((.catchAll, []))
          partial.captureNames.append(name)
          partial.captureTypes.append(.string)
          next.append(partial)
          continue
        }
        if case .valueSet(let set) = segment {
          if set.isOptional {
            var absent = partial
            absent.omitted += 1
            next.append(absent)
          }
          for value in set.values {
            var chosen = partial
            let bytes = Array(value.utf8)
            chosen.edges.append((.literal, caseSensitive ? bytes : bytes.map(ASCIIBytes.lowercased)))
            chosen.constants.append(ValueBinding(name: set.name, value: value))
            next.append(chosen)
          }
          continue
        }
        switch segment {
        case .literal(let text):
          let bytes = Array(text.utf8)
          partial.edges.append((kind, caseSensitive ? bytes : bytes.map(ASCIIBytes.lowercased)))
        case .parameter(let p), .optional(let p):
          partial.edges.append((kind, []))
          partial.captureNames.append(p.name)
          partial.captureTypes.append(p.type)
        case .catchAll(let name):
          partial.edges.append((kind, []))
          partial.captureNames.append(name)
          partial.captureTypes.append(.string)
        case .wildcard:
          partial.edges.append((kind, []))
        case .valueSet, .optionalCatchAll, .optionalLiterals:
          break  // (above)
        case .affixed(let affixed):
          partial.edges.append((kind, []))
          partial.affixShapes.append(AffixShape(affixed, caseSensitive: caseSensitive))
          partial.captureNames += affixed.parameters.map(\.name)
          partial.captureTypes += affixed.parameters.map(\.type)
        }
        next.append(partial)
      }
      results = next
    }
    return results
  }
}

extension PatternExpansion {
  /// Reusable bytes for host keys and lowercased literals while compiling, and the host node
  /// of the last pattern (consecutive patterns usually share their host).
  struct KeyBuffer {
    var key: [UInt8] = []
    var literal: [UInt8] = []
    var lastScheme = ""
    var lastHost = HostPattern.exact("")
    var lastPort: Int? = nil
    var lastHostNode = Int32(-1)
    /// Whether the last ``PatternExpansion/hostNode(_:into:_:)`` found the pattern's scheme,
    /// host and port equal to those of the pattern before it.
    var sameOriginAsLast = false
    /// The origin bytes (`scheme://host[:port]`) of the last pattern with a layout, when the
    /// host node was found for it: the same bytes are the same scheme, host and port
    /// (``PathLayout/originLength``). Empty after a pattern without one.
    var lastOrigin: [UInt8] = []
    /// What the host of ``lastOrigin`` is.
    var lastOriginHost = OriginHost.named
  }

  /// What a pattern's host is, as the compiler needs to know it for its path.
  enum OriginHost {
    /// An exact host or a domain's subdomains.
    case named
    /// A host parameter (capture 0).
    case parameter
    /// No authority (`scheme:`): dot segments are not resolved.
    case none
  }

  /// Whether a pattern expands into more than itself: it has optional segments or value sets
  /// (in its path or as its host).
  static func needsExpansion(_ pattern: UnsafePointer<URLPattern>) -> Bool {
    // A layout holds neither.
    if pattern.pointee.layout != nil { return false }
    if case .valueSet = pattern.pointee.host { return true }
    return pattern.pointee.segments.contains {
      switch $0 {
      case .optional, .valueSet, .optionalCatchAll, .optionalLiterals: return true
      default: return false
      }
    }
  }

  /// The host node of a pattern (the root's child over its host key), created when missing.
  static func hostNode(_ pattern: UnsafePointer<URLPattern>, into builder: inout TrieBuilder, _ buffer: inout KeyBuffer)
    -> Int32
  {
    var node: Int32
    if buffer.lastHostNode >= 0 && pattern.pointee.port == buffer.lastPort
      && pattern.pointee.scheme == buffer.lastScheme
      && pattern.pointee.host == buffer.lastHost
    {
      node = buffer.lastHostNode
      buffer.sameOriginAsLast = true
    } else {
      buffer.sameOriginAsLast = false
      buffer.key.removeAll(keepingCapacity: true)
      let scheme = pattern.pointee.scheme
      switch pattern.pointee.host {
      case .exact(let h): HostKey.append(scheme: scheme, host: h, port: pattern.pointee.port, to: &buffer.key)
      case .subdomains(let domain):
        HostKey.append(scheme: scheme, host: "*." + domain, port: pattern.pointee.port, to: &buffer.key)
      case .none: buffer.key = HostKey.makeWithoutAuthority(scheme: scheme)
      case .parameter(let p):
        buffer.key = HostParameterKey.make(scheme: scheme, type: p.type, port: pattern.pointee.port)
      case .valueSet:
        preconditionFailure("a host value set is expanded (needsExpansion)")
      }
      node = buffer.key.withUnsafeBufferPointer { builder.host($0) }
      buffer.lastScheme = scheme
      buffer.lastHost = pattern.pointee.host
      buffer.lastPort = pattern.pointee.port
      buffer.lastHostNode = node
    }
    return node
  }
}

/// Patterns without optional segments, gathered a few dozen at a time and inserted level by
/// level: the lookups of different patterns do not depend on each other, so each level first
/// reads the memory every lookup will need (one read each, for the processor to wait for all
/// at once: on a large table each is a cache miss), then does the lookups. Insertion order
/// within a level is the patterns' order, and terminals are added in the patterns' order, so
/// the result is the same as inserting them one by one.
struct PatternBatch: ~Copyable {
  struct Item {
    var node: Int32
    var segmentStart: Int32
    var segmentEnd: Int32
    var route: Int32
    var pattern: Int32
    /// The index of its `ExpandedPattern`, or -1 for a pattern without optional segments.
    var expansion: Int32
    var unconstrained: Bool
  }

  /// A segment: its kind, and for a literal its key and length (its bytes, at `offset` in
  /// ``bytes``, are kept only when it is over 16 bytes long).
  struct Segment {
    var key: EdgeKey
    var offset: Int32
    var length: Int32
    var kind: EdgeKind
  }

  static let capacity = 32
  private var items = RawList<Item>(capacity: PatternBatch.capacity)
  private var segments = RawList<Segment>(capacity: PatternBatch.capacity * 8)
  private var bytes = RawList<UInt8>(capacity: PatternBatch.capacity * 64)
  /// Lowercased literal bytes (case-insensitive paths).
  private var lowered = RawList<UInt8>(capacity: 64)

  var isFull: Bool { items.count >= PatternBatch.capacity }

  init() {}

  /// Gathers a pattern: its host node now (consecutive patterns usually share it), its
  /// segments' kinds and literal keys (lowercased when paths are case-insensitive), and its
  /// path capture names, appended to `names` (where the pattern's terminal record will find
  /// them).
  ///
  /// Returns what the dead-pattern check needs of the literals it read: false when no path
  /// literal holds a control byte or is a dot segment and the pattern has no other literal
  /// (an affix, a query or fragment constraint), true when one may be dead, nil when the
  /// pattern has literals of the other kinds (the check tests them itself).
  @discardableResult @inline(__always)
  mutating func add(
    _ pattern: UnsafePointer<URLPattern>, route: Int, index: Int, caseSensitive: Bool, builder: inout TrieBuilder,
    _ buffer: inout PatternExpansion.KeyBuffer, names: inout ValueList<String>, types: inout ValueList<ParameterType?>
  ) -> Bool? {
    // (Inlined, so that the usual pattern, one with a layout, costs one call, not two.)
    if pattern.pointee.layout != nil {
      return addLaidOut(
        pattern, route: route, index: index, caseSensitive: caseSensitive, builder: &builder, &buffer,
        names: &names, types: &types)
    }
    return addSegments(
      pattern, route: route, index: index, caseSensitive: caseSensitive, builder: &builder, &buffer,
      names: &names, types: &types)
  }

  /// ``add(_:route:index:caseSensitive:builder:_:names:types:)`` for a pattern without a layout:
  /// its segments' enums read.
  @inline(never)
  private mutating func addSegments(
    _ pattern: UnsafePointer<URLPattern>, route: Int, index: Int, caseSensitive: Bool, builder: inout TrieBuilder,
    _ buffer: inout PatternExpansion.KeyBuffer, names: inout ValueList<String>, types: inout ValueList<ParameterType?>
  ) -> Bool? {
    buffer.lastOrigin.removeAll(keepingCapacity: true)
    let host = PatternExpansion.hostNode(pattern, into: &builder, &buffer)
    let start = Int32(truncatingIfNeeded: segments.count)
    var resolvesDots = true
    if case .parameter(let p) = pattern.pointee.host {  // capture 0
      names.append(p.name)
      types.append(p.type)
    }
    if case .none = pattern.pointee.host { resolvesDots = false }
    var mayBeDead = false
    let unconstrained = Self.unconstrained(pattern)
    var otherLiterals = !unconstrained
    pattern.pointee.segments.withUnsafeBufferPointer { list in
      for segment in list {
        switch segment {
        case .literal(var text):
          text.withUTF8 { utf8 in
            if addLiteralSegment(utf8, caseSensitive: caseSensitive, resolvesDots: resolvesDots) { mayBeDead = true }
          }
        case .parameter(let p), .optional(let p):
          segments.append(Segment(key: EdgeKey(head: 0, tail: 0), offset: 0, length: 0, kind: EdgeKind(segment)))
          names.append(p.name)
          types.append(p.type)
        case .catchAll(let name):
          segments.append(Segment(key: EdgeKey(head: 0, tail: 0), offset: 0, length: 0, kind: .catchAll))
          names.append(name)
          types.append(.string)
        case .wildcard:
          segments.append(Segment(key: EdgeKey(head: 0, tail: 0), offset: 0, length: 0, kind: .wildcard))
        case .valueSet, .optionalCatchAll, .optionalLiterals:
          preconditionFailure("a pattern with a value set or an optional catch-all is expanded first")
        case .affixed(let affixed):
          let number = builder.affixShape(AffixShape(affixed, caseSensitive: caseSensitive))
          segments.append(Segment(key: EdgeKey(head: 0, tail: 0), offset: 0, length: 0, kind: .affixed(number)))
          for p in affixed.parameters {
            names.append(p.name)
            types.append(p.type)
          }
          otherLiterals = true
        }
      }
    }
    items.append(
      Item(
        node: host, segmentStart: start, segmentEnd: Int32(truncatingIfNeeded: segments.count),
        route: Int32(truncatingIfNeeded: route), pattern: Int32(truncatingIfNeeded: index), expansion: -1,
        unconstrained: unconstrained))
    return mayBeDead ? true : otherLiterals ? nil : false
  }

  /// ``add(_:route:index:caseSensitive:builder:_:names:types:)`` for a pattern with a layout: its
  /// origin and literals read in its text (in place: ``URLPattern/withTextUTF8(_:_:)``), the
  /// segments' enums read only for capture names. (Not inlined: in its caller, the closure
  /// over the text was not, and took every argument again.)
  @inline(never)
  private mutating func addLaidOut(
    _ pattern: UnsafePointer<URLPattern>, route: Int, index: Int, caseSensitive: Bool,
    builder: inout TrieBuilder, _ buffer: inout PatternExpansion.KeyBuffer, names: inout ValueList<String>,
    types: inout ValueList<ParameterType?>
  ) -> Bool? {
    let layout = pattern.pointee.layout.unsafelyUnwrapped
    let start = Int32(truncatingIfNeeded: segments.count)
    var mayBeDead = false
    let unconstrained = Self.unconstrained(pattern)
    URLPattern.withTextUTF8(pattern) { text in
      // The host node: the last one when the origin's bytes are the last pattern's.
      let origin = UnsafeBufferPointer(rebasing: text[..<Int(layout.originLength)])
      let host: Int32
      if buffer.lastHostNode >= 0, buffer.lastOrigin.withUnsafeBufferPointer({ Self.equal($0, origin) }) {
        host = buffer.lastHostNode
        buffer.sameOriginAsLast = true
      } else {
        host = PatternExpansion.hostNode(pattern, into: &builder, &buffer)
        buffer.lastOrigin.removeAll(keepingCapacity: true)
        buffer.lastOrigin.append(contentsOf: origin)
        // What the host is, kept with the origin's bytes (equal bytes, an equal host).
        buffer.lastOriginHost = Self.originHost(pattern)
      }
      var resolvesDots = true
      switch buffer.lastOriginHost {
      case .parameter: Self.appendHostCapture(pattern, names: &names, types: &types)
      case .none: resolvesDots = false
      case .named: break
      }
      for i in 0..<Int(layout.count) {
        let kind = layout.kind(at: i)
        let edge: EdgeKind
        let type: ParameterType
        switch kind {
        case .literal:
          let range = layout.range(at: i)
          let literal = UnsafeBufferPointer(rebasing: text[range])
          if addLiteralSegment(
            literal, readable: text.count &- range.lowerBound, caseSensitive: caseSensitive, resolvesDots: resolvesDots)
          {
            mayBeDead = true
          }
          continue
        case .wildcard:
          segments.append(Segment(key: EdgeKey(head: 0, tail: 0), offset: 0, length: 0, kind: .wildcard))
          continue
        case .string: (edge, type) = (.string, .string)
        case .int: (edge, type) = (.int, .int)
        case .uuid: (edge, type) = (.uuid, .uuid)
        case .catchAll: (edge, type) = (.catchAll, .string)
        }
        segments.append(Segment(key: EdgeKey(head: 0, tail: 0), offset: 0, length: 0, kind: edge))
        Self.appendCapture(pattern, i, catchAll: kind == .catchAll, type, names: &names, types: &types)
      }
      items.append(
        Item(
          node: host, segmentStart: start, segmentEnd: Int32(truncatingIfNeeded: segments.count),
          route: Int32(truncatingIfNeeded: route), pattern: Int32(truncatingIfNeeded: index), expansion: -1,
          unconstrained: unconstrained))
    }
    return mayBeDead ? true : unconstrained ? false : nil
  }

  /// The name and type segment `index` of a pattern with a layout captures, appended (out of
  /// line, so that the layout loop stays small enough for its literal steps to be inlined).
  @inline(never)
  private static func appendCapture(
    _ pattern: UnsafePointer<URLPattern>, _ index: Int, catchAll: Bool, _ type: ParameterType,
    names: inout ValueList<String>, types: inout ValueList<ParameterType?>
  ) {
    names.append(catchAll ? catchAllName(pattern, index) : parameterName(pattern, index))
    types.append(type)
  }

  /// What a pattern's host is (read out of line: reading the enum copies its payload).
  @inline(never)
  private static func originHost(_ pattern: UnsafePointer<URLPattern>) -> PatternExpansion.OriginHost {
    switch pattern.pointee.host {
    case .parameter: return .parameter
    case .none: return .none
    default: return .named
    }
  }

  /// The name and type of a host parameter (capture 0), appended.
  @inline(never)
  private static func appendHostCapture(
    _ pattern: UnsafePointer<URLPattern>, names: inout ValueList<String>, types: inout ValueList<ParameterType?>
  ) {
    if case .parameter(let p) = pattern.pointee.host {
      names.append(p.name)
      types.append(p.type)
    }
  }

  /// Whether a pattern has no query or fragment constraint.
  @inline(__always)
  static func unconstrained(_ pattern: UnsafePointer<URLPattern>) -> Bool {
    guard pattern.pointee.query.isEmpty else { return false }
    if case .none = pattern.pointee.fragment { return true }
    return false
  }

  /// Whether two buffers hold the same bytes (eight compared at a time; from eight bytes on,
  /// the last word overlaps the one before it, so no byte is compared alone).
  @inline(__always)
  private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = a.count
    guard count == b.count else { return false }
    guard count > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
    guard count >= 8 else {
      for i in 0..<count where x[i] != y[i] { return false }
      return true
    }
    var i = 0
    while i &+ 8 < count {
      if UnsafeRawPointer(x + i).loadWord() != UnsafeRawPointer(y + i).loadWord() { return false }
      i &+= 8
    }
    return UnsafeRawPointer(x + (count &- 8)).loadWord() == UnsafeRawPointer(y + (count &- 8)).loadWord()
  }

  /// The name segment `index` of `pattern` captures, a parameter (`{id}`, `{id:int}`: what a
  /// layout's `.string`, `.int` or `.uuid` segment is). One case tested: only its name is
  /// copied, not the whole enum by its outlined copy.
  @inline(__always)
  private static func parameterName(_ pattern: UnsafePointer<URLPattern>, _ index: Int) -> String {
    pattern.pointee.segments.withUnsafeBufferPointer { segments in
      if case .parameter(let p) = segments[index] { return p.name }
      return captureName(segments[index])
    }
  }

  /// The name segment `index` of `pattern` captures, a catch-all (a layout's `.catchAll`).
  @inline(__always)
  private static func catchAllName(_ pattern: UnsafePointer<URLPattern>, _ index: Int) -> String {
    pattern.pointee.segments.withUnsafeBufferPointer { segments in
      if case .catchAll(let name) = segments[index] { return name }
      return captureName(segments[index])
    }
  }

  /// The name a segment captures (a parameter or a catch-all), any case.
  @inline(never)
  private static func captureName(_ segment: PathSegmentPattern) -> String {
    switch segment {
    case .parameter(let p), .optional(let p): return p.name
    case .catchAll(let name), .optionalCatchAll(let name): return name
    default: return ""
    }
  }

  /// Gathers an expanded pattern (one choice of a pattern with optional segments): its host
  /// node now, its edges (literals already lowercased when paths are case-insensitive); its
  /// capture names are in its terminal record already (``TerminalRecords/append(_:)``).
  mutating func add(_ pattern: ExpandedPattern, expansion: Int, builder: inout TrieBuilder) {
    let host = pattern.hostKey.withUnsafeBufferPointer { builder.host($0) }
    let start = Int32(truncatingIfNeeded: segments.count)
    var affixes = pattern.affixShapes.makeIterator()
    for edge in pattern.edges {
      if edge.kind == .literal {
        edge.literal.withUnsafeBufferPointer { addLiteral($0) }
      } else if case .affixed = edge.kind, let shape = affixes.next() {
        let kind = EdgeKind.affixed(builder.affixShape(shape))
        segments.append(Segment(key: EdgeKey(head: 0, tail: 0), offset: 0, length: 0, kind: kind))
      } else {
        segments.append(Segment(key: EdgeKey(head: 0, tail: 0), offset: 0, length: 0, kind: edge.kind))
      }
    }
    items.append(
      Item(
        node: host, segmentStart: start, segmentEnd: Int32(truncatingIfNeeded: segments.count),
        route: Int32(truncatingIfNeeded: pattern.route), pattern: Int32(truncatingIfNeeded: pattern.pattern),
        expansion: Int32(truncatingIfNeeded: expansion),
        unconstrained: pattern.query.isEmpty && pattern.fragment == nil))
  }

  /// A path literal: its key added (lowercased when paths are case-insensitive); returns whether
  /// it may make the pattern dead (``DeadPatterns/mayBeDeadSegment(_:resolvesDots:)``).
  @inline(__always)
  private mutating func addLiteralSegment(
    _ utf8: UnsafeBufferPointer<UInt8>, readable: Int? = nil, caseSensitive: Bool, resolvesDots: Bool
  ) -> Bool {
    let key: EdgeKey
    if caseSensitive {
      key = addLiteral(utf8, readable: readable ?? utf8.count)
    } else {
      lowered.removeAll()
      for b in utf8 { lowered.append(ASCIIBytes.lowercased(b)) }
      key = addLiteral(UnsafeBufferPointer(start: lowered.base, count: lowered.count))
    }
    // (Lowercasing changes no control byte and no dot: the key of the lowercased bytes tells.)
    return utf8.count <= 16
      ? DeadPatterns.mayBeDeadKey(key, length: utf8.count, resolvesDots: resolvesDots)
      : DeadPatterns.mayBeDeadSegment(utf8, resolvesDots: resolvesDots)
  }

  @discardableResult @inline(__always)
  private mutating func addLiteral(_ utf8: UnsafeBufferPointer<UInt8>, readable: Int? = nil) -> EdgeKey {
    var offset: Int32 = 0
    if utf8.count > 16 {
      offset = Int32(truncatingIfNeeded: bytes.count)
      bytes.append(contentsOf: utf8)
    }
    let key = EdgeKey(utf8, readable: readable ?? utf8.count)
    segments.append(Segment(key: key, offset: offset, length: Int32(truncatingIfNeeded: utf8.count), kind: .literal))
    return key
  }

  /// Inserts the gathered patterns, level by level, then adds their terminals in order. Each
  /// level visits only the patterns that still have a segment at that depth, in their order.
  mutating func flush(into builder: inout TrieBuilder) {
    let count = items.count
    guard count > 0 else { return }
    let items = self.items.base
    let segments = UnsafePointer(self.segments.base)
    let bytes = UnsafePointer(self.bytes.base)
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { live in
      var liveCount = 0
      for j in 0..<count where items[j].segmentStart < items[j].segmentEnd {
        live[liveCount] = Int32(truncatingIfNeeded: j)
        liveCount &+= 1
      }
      var depth: Int32 = 0
      // (The first level's lookups are in the host roots' table, which is usually small.)
      let readRootAhead = !builder.rootEdgesStayCached
      while liveCount > 0 {
        // First read what every lookup of this level will read ...
        if depth > 0 || readRootAhead {
          var touched: UInt64 = 0
          for k in 0..<liveCount {
            let item = items + Int(live[k])
            let segment = segments + Int(item.pointee.segmentStart &+ depth)
            touched ^= builder.touch(
              item.pointee.node, segment.pointee.kind.isLiteral ? segment.pointee.key : nil,
              length: Int(segment.pointee.length), fromRoot: depth == 0)
          }
          builder.touched ^= touched
        }
        // ... then look up (and add) the children; keep the patterns that go deeper.
        var kept = 0
        for k in 0..<liveCount {
          let item = items + Int(live[k])
          let position = item.pointee.segmentStart &+ depth
          let segment = segments + Int(position)
          if segment.pointee.kind.isLiteral {
            let length = Int(segment.pointee.length)
            let literal =
              length > 16
              ? UnsafeBufferPointer(start: bytes + Int(segment.pointee.offset), count: length)
              : UnsafeBufferPointer(start: nil, count: 0)
            item.pointee.node = builder.child(
              of: item.pointee.node, segment.pointee.key, length: length, fromRoot: depth == 0, literal)
          } else {
            let first = builder.firstDynamicChild(of: item.pointee.node, segment.pointee.kind)
            item.pointee.node =
              first >= 0
              ? first
              : builder.child(
                of: item.pointee.node, dynamic: segment.pointee.kind, origin: (item.pointee.route, item.pointee.pattern)
              )
          }
          if position &+ 1 < item.pointee.segmentEnd {
            live[kept] = live[k]
            kept &+= 1
          }
        }
        liveCount = kept
        depth &+= 1
      }
    }
    for j in 0..<count {
      builder.addTerminal(
        at: items[j].node, route: Int(items[j].route), pattern: Int(items[j].pattern),
        expansion: Int(items[j].expansion), unconstrained: items[j].unconstrained)
    }
    self.items.removeAll()
    self.segments.removeAll()
    self.bytes.removeAll()
  }
}
