import RouterSupport

/// Reading the `routes` array where the table file holds it: the JSON parser built no tree
/// for it (``JSONParser/parse(_:limits:deferring:checked:)``), and each route is read from the
/// bytes, its patterns parsed in place.
///
/// Unchecked (the parser found the array's end by its brackets alone, or took it to end where
/// the table does: a string may then run to the end of the bytes, which `JSONCursor.string()`
/// reads as escaped), this reader checks
/// every byte it takes as the parser would (strings of printable ASCII without escapes,
/// numbers and literals by their grammar, no key repeated in an object, containers nested
/// within the parser's limit), and a route it leaves to `readRoute` is checked whole
/// (``JSONParser/validatedEnd(in:at:depth:)``) before its node is built; on any doubt it gives
/// up (nil), and the table is loaded again with the array checked, which reports exactly.
///
/// A route this reader takes is one that loads without a diagnostic and uses the usual keys
/// (`name`, `url`, `priority`, one of `deliver`, `openWindow`, `dismissWindow` and
/// `pushWindow`, `comment` and keys that start with `$`); it builds the same ``Route`` that ``TableLoader/readRoute(_:index:table:_:)``
/// builds from the route's node. Any other route (one with a problem to report, an escape in
/// a string, an event trigger, …) is built into a node and read by `readRoute`, so every
/// diagnostic is the one the tree reader gives, in the same order.
extension TableLoader {
  /// What the routes of one table share while they are read in place: the table, and the last
  /// target checked against its scenes (a table's routes mostly name the same scene).
  struct InPlaceRoutes {
    let table: RouteTable
    /// The short strings read so far (names, scene ids, template keys, pattern parts) that
    /// a small string does not hold (``ShortStringCache/smallOrCached(_:)``).
    let strings = ShortStringCache()
    /// The last target whose checks passed: its action, the scene it names, its type, and
    /// whether it has a value.
    var checked: (action: RouteTarget.Action, scene: String?, type: String?, value: Bool)?
    /// The line of the last location made: its first byte's offset, the next line's (`Int.max`
    /// for the last line), its number and the file's name. A route's locations (its own, its
    /// target's, its pattern's) are on one line, and a table written without indentation is
    /// one line: such a location is made without looking its line up.
    var line: (start: Int, end: Int, number: Int, file: String) = (0, 0, 0, "")
    /// The last plain pattern's origin (`scheme://host[:port]`), which the next pattern that
    /// starts with it takes rather than reads again.
    var origin = PlainPatternParser.Origin()

    init(table: RouteTable) {
      self.table = table
    }

    /// `reader.location(offset)`: the same location, made from the last one's line when
    /// `offset` is on it. Always inlined: a route makes three locations.
    @inline(__always)
    mutating func location(_ offset: Int, _ reader: JSONFieldReader) -> SourceLocation {
      if offset >= line.start, offset < line.end {
        return SourceLocation(file: line.file, line: line.number, column: offset - line.start + 1, offset: offset)
      }
      let location = reader.location(offset)
      let starts = reader.source.lines.lineStarts
      let end = location.line < starts.count ? starts[location.line] : Int.max
      line = (location.offset - location.column + 1, end, location.line, location.file)
      return location
    }
  }

  /// The routes of the deferred array at `range` of the source, in table order, with the
  /// diagnostics ``readRoutes(_:root:table:_:)`` reports for the same array; nil only when the
  /// array is not `checked` and the JSON parser might not accept it (then nothing else in
  /// `reader` is to be trusted: load again, checked).
  static func readRoutes(
    inPlace range: Range<Int>, count: Int, checked: Bool, table: RouteTable, _ reader: inout JSONFieldReader
  ) -> [Route]? {
    let bytes = reader.source.bytes
    return bytes.withUnsafeBufferPointer { buffer -> [Route]? in
      var cursor = JSONCursor(buffer, at: range.lowerBound + 1)
      var routes: [Route] = []
      if cursor.consume(UInt8(ascii: "]")) { return checked || cursor.index == range.upperBound ? routes : nil }
      routes.reserveCapacity(count)
      var context = InPlaceRoutes(table: table)
      // The first route of each name, by its index (as `readRoutes` keeps it).
      var names = RouteNameIndex(expected: count)
      repeat {
        cursor.skipWhitespace()
        let start = cursor.index
        // A route read in place is appended where it is built (no optional of it copied out).
        if readRouteInPlace(&cursor, into: &routes, names: &names, &context, &reader) { continue }
        // Unchecked, the route is checked whole first (two containers, the table and the
        // array, are open around it).
        if !checked, JSONParser.validatedEnd(in: buffer, at: start, depth: 2) == nil { return nil }
        guard let node = JSONParser.value(in: buffer, at: start) else {
          if checked { break } else { return nil }
        }
        let route = readRoute(node, index: routes.count, table: table, &reader)
        cursor.index = node.end
        guard let route else { continue }
        if isDuplicate(route.name, at: start, names: &names, routes, &reader) { continue }
        routes.append(route)
      } while cursor.consume(UInt8(ascii: ","))
      guard checked || (cursor.consume(UInt8(ascii: "]")) && cursor.index == range.upperBound) else { return nil }
      return routes
    }
  }

  /// Whether a route named `name`, written at `start`, repeats an earlier route's name (which
  /// is reported); else its name is recorded for the route about to be appended.
  private static func isDuplicate(
    _ name: String, at start: Int, names: inout RouteNameIndex, _ routes: [Route], _ reader: inout JSONFieldReader
  ) -> Bool {
    guard let first = names.firstIndex(of: name, recording: routes.count, in: routes) else { return false }
    reader.error(
      .duplicateRuleName, "route name '\(name)' is used twice", at: start,
      notes: [.init("'\(name)' is first used here", at: routes[first].location)])
    return true
  }

  /// Reads the route whose object starts at `cursor` in place and appends it to `routes` (or
  /// reports its name as repeated); the cursor moves past it. False (the cursor anywhere, and
  /// nothing appended or reported) for a route that `readRoute` must read: one with a key or a
  /// value this reader does not take, or one with a problem to report.
  private static func readRouteInPlace(
    _ cursor: inout JSONCursor, into routes: inout [Route], names: inout RouteNameIndex,
    _ context: inout InPlaceRoutes, _ reader: inout JSONFieldReader
  ) -> Bool {
    let start = cursor.index
    guard cursor.byte == UInt8(ascii: "{") else { return false }
    cursor.index += 1
    var name: String?
    var patterns: [URLPattern]?
    // The target, built in place by its reader (not an optional copied out); valid when `hasTarget`.
    var target = RouteTarget(action: .deliver)
    var hasTarget = false
    var priority = 0
    // The keys read (RouteKey.bit): one read twice is the parser's error, and a second key
    // that starts with `$` is left to it (the two might be the same).
    var seen: UInt8 = 0
    if cursor.consume(UInt8(ascii: "}")) { return false }
    repeat {
      cursor.skipWhitespace()
      let keyStart = cursor.index
      guard cursor.byte == UInt8(ascii: "\"") else { return false }
      let (key, escaped) = cursor.string()
      guard !escaped, cursor.consume(UInt8(ascii: ":")) else { return false }
      cursor.skipWhitespace()
      let routeKey = RouteKey(UnsafeBufferPointer(rebasing: cursor.bytes[key]))
      guard seen & routeKey.bit == 0 else { return false }
      seen |= routeKey.bit
      switch routeKey {
      case .name:
        guard cursor.byte == UInt8(ascii: "\"") else { return false }
        let (text, escaped) = cursor.string()
        guard !escaped else { return false }
        // Made, not looked up: a route's name is its own (the cache would miss and evict); a
        // short ASCII name in the small form directly.
        let bytes = UnsafeBufferPointer(rebasing: cursor.bytes[text])
        name = SmallASCIIString.make(bytes) ?? String(decoding: bytes, as: UTF8.self)
      case .url:
        guard let read = readURLPatternsInPlace(&cursor, &context, &reader) else { return false }
        patterns = read
      case .action(let action):
        guard !hasTarget, readTargetInPlace(&cursor, action, key: keyStart, into: &target, &context, &reader)
        else { return false }
        hasTarget = true
      case .priority:
        guard cursor.byte == UInt8(ascii: "-") || cursor.byte &- UInt8(ascii: "0") < 10 else { return false }
        let text = String(decoding: UnsafeBufferPointer(rebasing: cursor.bytes[cursor.number()]), as: UTF8.self)
        guard let value = JSONNumber(text: text)?.int64Value, let int = Int(exactly: value) else { return false }
        priority = int
      case .comment, .dollar:
        // Inside the table's object, the array and the route's.
        guard cursor.skipCheckedValue(depth: 3) else { return false }
      case .other:
        return false
      }
    } while cursor.consume(UInt8(ascii: ","))
    guard cursor.consume(UInt8(ascii: "}")), let name, let patterns, hasTarget else { return false }
    // Every parameter the value uses is captured by every pattern (else `checkParameters` reports it).
    if let value = target.value, !value.isLiteral {
      let captured = patterns.withUnsafeBufferPointer { patterns in
        value.allParameters { name in
          for index in patterns.indices where !URLPattern.captures(patterns.baseAddress! + index, name) {
            return false
          }
          return true
        }
      }
      guard captured else { return false }
    }
    if isDuplicate(name, at: start, names: &names, routes, &reader) { return true }
    routes.append(
      Route(
        name: consume name, index: routes.count, trigger: .url(consume patterns), target: consume target,
        priority: priority, location: context.location(start, reader)))
    return true
  }

  /// A route key as the in-place reader sorts it.
  private enum RouteKey {
    case name, url, priority, comment, dollar, other
    case action(RouteTarget.Action)

    /// The key's bit among those a route has read: one bit for every action (a route has one).
    var bit: UInt8 {
      switch self {
      case .name: 1
      case .url: 2
      case .priority: 4
      case .comment: 8
      case .dollar: 16
      case .action: 32
      case .other: 0
      }
    }

    init(_ key: UnsafeBufferPointer<UInt8>) {
      switch key.count {
      case 3 where Self.equal(key, "url"): self = .url
      case 4 where Self.equal(key, "name"): self = .name
      case 7 where Self.equal(key, "deliver"): self = .action(.deliver)
      case 7 where Self.equal(key, "comment"): self = .comment
      case 8 where Self.equal(key, "priority"): self = .priority
      case 10 where Self.equal(key, "openWindow"): self = .action(.openWindow)
      case 10 where Self.equal(key, "pushWindow"): self = .action(.pushWindow)
      case 13 where Self.equal(key, "dismissWindow"): self = .action(.dismissWindow)
      default: self = key.first == UInt8(ascii: "$") ? .dollar : .other
      }
    }

    /// Whether `key` is `expected`: compared a word at a time (two overlapping words of eight
    /// or of four bytes), not byte by byte.
    @inline(__always)
    static func equal(_ key: UnsafeBufferPointer<UInt8>, _ expected: StaticString) -> Bool {
      let count = expected.utf8CodeUnitCount
      guard key.count == count else { return false }
      guard count > 0 else { return true }
      let a = UnsafeRawPointer(key.baseAddress!)
      let b = UnsafeRawPointer(expected.utf8Start)
      if count >= 8 {
        return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
          && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      }
      if count >= 4 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
          && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      }
      for i in 0..<count where key[i] != b.load(fromByteOffset: i, as: UInt8.self) { return false }
      return true
    }
  }

  /// The pattern, or patterns, of the `url` value at `cursor`: a string or a non-empty array
  /// of strings, each without an escape and each a pattern without a problem; else nil.
  /// (`context` is `inout` only so that it is read where it is: passed by value, the whole
  /// context, its table among it, was copied for every route.)
  private static func readURLPatternsInPlace(
    _ cursor: inout JSONCursor, _ context: inout InPlaceRoutes, _ reader: inout JSONFieldReader
  ) -> [URLPattern]? {
    let bytes = cursor.bytes
    var patterns: [URLPattern] = []
    let list = cursor.byte == UInt8(ascii: "[")
    if list {
      cursor.index += 1
      guard !cursor.consume(UInt8(ascii: "]")) else { return nil }
    }
    repeat {
      cursor.skipWhitespace()
      let quote = cursor.index
      guard cursor.byte == UInt8(ascii: "\"") else { return nil }
      let (text, escaped) = cursor.string()
      guard !escaped,
        let pattern = URLPattern(
          utf8: UnsafeBufferPointer(rebasing: bytes[text]), valueSets: context.table.valueSets,
          strings: context.strings, location: context.location(quote, reader), origin: &context.origin)
      else { return nil }
      // One pattern (nearly every route): an array of exactly one.
      guard list else { return [consume pattern] }
      patterns.append(consume pattern)
    } while cursor.consume(UInt8(ascii: ","))
    guard cursor.consume(UInt8(ascii: "]")) else { return nil }
    return patterns
  }

  /// Reads the target of `action`, whose key is at `key` and whose object is at `cursor`, in
  /// place into `target`, as `readTarget` reads it, when that reports nothing; else false
  /// (`target` then unspecified). `target` is a new one (`RouteTarget(action:)`): a target that
  /// passes the same checks as the last one is set only in the parts this reader reads.
  private static func readTargetInPlace(
    _ cursor: inout JSONCursor, _ action: RouteTarget.Action, key: Int, into target: inout RouteTarget,
    _ context: inout InPlaceRoutes, _ reader: inout JSONFieldReader
  ) -> Bool {
    let bytes = cursor.bytes
    guard cursor.byte == UInt8(ascii: "{") else { return false }
    cursor.index += 1
    var scene: String?
    var hasScene = false
    var type: String?
    var template: ValueTemplate?
    var hasValue = false
    // The keys read, as a route's (RouteKey.bit: `type` as `url`, `comment` and `$` keys as theirs).
    var seen: UInt8 = 0
    if !cursor.consume(UInt8(ascii: "}")) {
      repeat {
        cursor.skipWhitespace()
        guard cursor.byte == UInt8(ascii: "\"") else { return false }
        let (keyRange, escaped) = cursor.string()
        guard !escaped, cursor.consume(UInt8(ascii: ":")) else { return false }
        cursor.skipWhitespace()
        let key = UnsafeBufferPointer(rebasing: bytes[keyRange])
        if RouteKey.equal(key, action == .deliver ? "scene" : "id") {
          guard !hasScene, cursor.byte == UInt8(ascii: "\"") else { return false }
          let (text, escaped) = cursor.string()
          guard !escaped else { return false }
          scene = context.strings.smallOrCached(UnsafeBufferPointer(rebasing: bytes[text]))
          hasScene = true
        } else if action != .deliver, RouteKey.equal(key, "type") {
          guard seen & 2 == 0, cursor.byte == UInt8(ascii: "\"") else { return false }
          seen |= 2
          let (text, escaped) = cursor.string()
          guard !escaped else { return false }
          type = context.strings.smallOrCached(UnsafeBufferPointer(rebasing: bytes[text]))
        } else if RouteKey.equal(key, "value") {
          // Inside the table's object, the array, the route's object and the target's.
          guard !hasValue, let read = ValueTemplate.inPlace(&cursor, context.strings, depth: 4) else { return false }
          template = read
          hasValue = true
        } else if RouteKey.equal(key, "comment") || key.first == UInt8(ascii: "$") {
          let bit: UInt8 = key.first == UInt8(ascii: "$") ? 16 : 8
          guard seen & bit == 0, cursor.skipCheckedValue(depth: 4) else { return false }
          seen |= bit
        } else {
          return false
        }
      } while cursor.consume(UInt8(ascii: ","))
      guard cursor.consume(UInt8(ascii: "}")) else { return false }
    }
    // The checks against the scenes: when the last target's passed, this one's pass too if
    // it is the same (they read nothing else of it).
    if let checked = context.checked, checked.action == action, checked.scene == scene, checked.type == type,
      checked.value == hasValue
    {
      // Set part by part: each part it replaces is nil, where assigning a whole target destroyed
      // the one there through its value witness (about 100 instructions a route).
      target.action = action
      target.scene = scene
      target.valueType = type
      target.value = consume template
      target.location = context.location(key, reader)
      return true
    }
    target = RouteTarget(
      action: action, valueType: type, value: consume template, location: context.location(key, reader))
    let table = context.table
    if let scene, table.scenes.contains(where: { $0.id == scene }) { target.scene = scene }
    guard table.targetProblems(target, named: hasScene ? scene : nil, hasValue: hasValue).isEmpty,
      !hasScene || target.scene != nil
    else { return false }
    context.checked = (action, scene, type, hasValue)
    return true
  }
}
