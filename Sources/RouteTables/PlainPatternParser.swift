import RouterSupport

/// The parser of the usual URL pattern, in one pass over its bytes: a lowercase scheme, `://`,
/// a lowercase ASCII host with an optional port, and at most ``PathLayout/capacity`` path
/// segments, each a literal of plain bytes, `{name}`, `{name:type}`, `*` or a last `{name*}`;
/// no query, no fragment (`https://example.com/users/{id:int}/repos`).
///
/// It gives exactly the pattern (and layout) ``URLPatternParser`` gives for such text, or nil
/// for any other text, which the full parser then reads (and reports on). A table's patterns
/// are nearly all of this form; the full parser's passes, made for every form and every error,
/// cost several times more (`PlainPatternParserTests` holds the two to the same results).
///
/// ```swift
/// PlainPatternParser.parse(bytes, text: text, strings: nil, location: nil)   // nil: not plain
/// ```
enum PlainPatternParser {
  /// The pattern of `bytes` (whose text is `text`), if it has the plain form; else nil.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, text: String, strings: ShortStringCache?, location: SourceLocation?
  ) -> URLPattern? {
    var origin = Origin()
    guard let form = form(bytes, origin: origin) else { return nil }
    return pattern(form, bytes, text: text, strings: strings, location: location, origin: &origin)
  }

  /// The origin (`scheme://host[:port]`, 8 to 32 bytes) of the last plain pattern read, with
  /// its parts: a table's patterns nearly all share theirs, and a pattern that starts with
  /// the same bytes followed by `/` (or nothing) has the same scheme, host and port, so
  /// ``form(_:origin:)`` does not read them again and ``pattern(_:_:text:strings:location:origin:)``
  /// does not make their strings again.
  struct Origin {
    /// The origin's length (its path's start); 0 when there is none yet.
    var length = 0
    /// The origin's bytes as four words loaded at ``offsets``.
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var scheme = 0
    var host = 0..<0
    var port: Int?
    var schemeText = ""
    var hostText = ""

    /// Where the four words of an origin of `length` bytes (8 to 32) are loaded: together
    /// they cover its bytes, and none reaches past them.
    @inline(__always)
    static func offsets(_ length: Int) -> (Int, Int, Int) {
      (Swift.min(8, length &- 8), Swift.min(16, length &- 8), length &- 8)
    }

    /// The four words of the first `length` bytes of `bytes` (at least `length`).
    @inline(__always)
    static func words(_ bytes: UnsafeBufferPointer<UInt8>, _ length: Int) -> (UInt64, UInt64, UInt64, UInt64) {
      let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
      let (a, b, c) = offsets(length)
      return (
        base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: a, as: UInt64.self),
        base.loadUnaligned(fromByteOffset: b, as: UInt64.self), base.loadUnaligned(fromByteOffset: c, as: UInt64.self)
      )
    }

    /// Whether `bytes` starts with this origin followed by `/` or nothing.
    @inline(__always)
    func starts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      let count = bytes.count
      guard length > 0, count >= length, length == count || bytes[length] == UInt8(ascii: "/") else { return false }
      let w = Self.words(bytes, length)
      return (w.0 ^ words.0) | (w.1 ^ words.1) | (w.2 ^ words.2) | (w.3 ^ words.3) == 0
    }
  }

  /// Where the parts of a plain pattern's text are, as ``form(_:)`` finds them.
  struct Form {
    /// The scheme's end (the `:` of `://`).
    var scheme: Int
    /// The host's bytes.
    var host: Range<Int>
    var port: Int?
    var layout: PathLayout
    var trailingSlash: Bool
    /// Each capture's name length (a byte a segment, as the layout's lengths), found once.
    var names: UInt64
    /// Whether the scheme, host and port are those of the ``Origin`` given to ``form(_:origin:)``.
    var sameOrigin: Bool
  }

  /// Where the parts of `bytes` are, if it has the plain form; else nil. ``pattern(_:_:text:strings:location:)``
  /// then makes its pattern: a caller that keeps the text and location for the full parser
  /// when the form is not plain gives them up (moves them into the pattern) only once it is.
  static func form(_ bytes: UnsafeBufferPointer<UInt8>) -> Form? {
    form(bytes, origin: Origin())
  }

  /// ``form(_:)``, with the scheme, host and port taken from `origin` when `bytes` starts
  /// with it (the same parts the bytes would give).
  static func form(_ bytes: UnsafeBufferPointer<UInt8>, origin: borrowing Origin) -> Form? {
    let count = bytes.count
    guard count <= 255, count >= 4 else { return nil }
    let scheme: Int
    let host: Range<Int>
    var port: Int?
    var index: Int
    let sameOrigin = origin.starts(bytes)
    if sameOrigin {
      scheme = origin.scheme
      host = origin.host
      port = origin.port
      index = origin.length
    } else {
      guard let parts = originParts(bytes) else { return nil }
      (scheme, host, port, index) = parts
    }
    let pathStart = index
    guard index == count || bytes[index] == UInt8(ascii: "/") else { return nil }
    // The path, first as a layout: each segment's place and kind.
    var layout = PathLayout(originLength: UInt8(truncatingIfNeeded: pathStart))
    var names: UInt64 = 0
    var trailingSlash = false
    if count - pathStart > 1 {
      var start = pathStart + 1
      while start <= count {
        // Literal bytes up to the segment's end ('/' is not of `segmentByte`: one test a byte);
        // past the first that is not, only the end is looked for.
        var end = start
        while end < count, has(bytes[end], segmentByte) { end += 1 }
        var plain = true
        if end < count, bytes[end] != UInt8(ascii: "/") {
          plain = false
          while end < count, bytes[end] != UInt8(ascii: "/") { end += 1 }
        }
        if start == end {
          // A '/' at the end (not the root's): the trailing slash; one between segments is not plain.
          guard end == count, layout.count > 0 else { return nil }
          trailingSlash = true
          break
        }
        let kind: PathLayout.Kind
        if plain {
          kind = .literal
        } else if end - start == 1, bytes[start] == UInt8(ascii: "*") {
          kind = .wildcard
        } else {
          guard let capture = captureKind(bytes, start..<end) else { return nil }
          kind = capture.kind
          names |= UInt64(truncatingIfNeeded: capture.name) &<< (UInt64(layout.count) &* 8)
        }
        // A catch-all is the last segment.
        if layout.count > 0, layout.kind(at: Int(layout.count) - 1) == .catchAll { return nil }
        guard layout.append(kind, start..<end) else { return nil }
        start = end + 1
      }
    }
    guard namesDiffer(bytes, layout, names) else { return nil }
    return Form(
      scheme: scheme, host: host, port: port, layout: layout, trailingSlash: trailingSlash, names: names,
      sameOrigin: sameOrigin)
  }

  /// The scheme's end, the host, the port and the path's start of `bytes` (at least 4), if
  /// its origin has the plain form; else nil.
  private static func originParts(
    _ bytes: UnsafeBufferPointer<UInt8>
  ) -> (scheme: Int, host: Range<Int>, port: Int?, pathStart: Int)? {
    let count = bytes.count
    // Scheme: a lowercase letter, then lowercase letters, digits, '+', '-' or '.'; then "://".
    guard bytes[0] &- UInt8(ascii: "a") < 26 else { return nil }
    var index = 1
    while index < count, has(bytes[index], schemeByte) { index += 1 }
    guard index + 3 < count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
      bytes[index + 2] == UInt8(ascii: "/")
    else { return nil }
    let scheme = index
    // Host: lowercase ASCII letters, digits, '-', '.' and '_'; then an optional ":port".
    let hostStart = index + 3
    index = hostStart
    while index < count, has(bytes[index], hostByte) { index += 1 }
    let hostEnd = index
    guard hostEnd > hostStart else { return nil }
    var port: Int?
    if index < count, bytes[index] == UInt8(ascii: ":") {
      index += 1
      var value = 0
      let digits = index
      // At most six digits are read (a sixth makes it too long), so `value` cannot overflow
      // whatever the text's length (a fuzzed port of 60 digits trapped here).
      while index < count, index - digits < 6, bytes[index] &- UInt8(ascii: "0") < 10 {
        value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
        index += 1
      }
      guard index > digits, index - digits <= 5, value <= 65535 else { return nil }
      port = value
    }
    return (scheme, hostStart..<hostEnd, port, index)
  }

  /// The pattern of `bytes`, whose text is `text` and whose parts are where `form` says (found
  /// by ``form(_:)`` in these bytes). `text` and `location` are consumed: moved into the
  /// pattern, not copied (a copy of the optional location went through its type's value
  /// witnesses, about 130 instructions a pattern).
  static func pattern(
    _ form: Form, _ bytes: UnsafeBufferPointer<UInt8>, text: consuming String, strings: ShortStringCache?,
    location: consuming SourceLocation?, origin: inout Origin
  ) -> URLPattern {
    let layout = form.layout
    // The segments, in an array of their number.
    var segments: [PathSegmentPattern] = []
    segments.reserveCapacity(Int(layout.count))
    for i in 0..<Int(layout.count) {
      let range = layout.range(at: i)
      switch layout.kind(at: i) {
      case .literal: segments.append(.literal(string(bytes, range, strings)))
      case .wildcard: segments.append(.wildcard)
      case .catchAll: segments.append(.catchAll(string(bytes, range.lowerBound + 1..<range.upperBound - 2, strings)))
      case .string, .int, .uuid:
        let kind = layout.kind(at: i)
        let type: ParameterType = kind == .int ? .int : kind == .uuid ? .uuid : .string
        let name = range.lowerBound + 1 + nameLength(form.names, i)
        segments.append(.parameter(Parameter(name: string(bytes, range.lowerBound + 1..<name, strings), type: type)))
      }
    }
    let scheme: String
    let host: String
    if form.sameOrigin {
      scheme = origin.schemeText
      host = origin.hostText
    } else {
      scheme = string(bytes, 0..<form.scheme, strings)
      host = string(bytes, form.host, strings)
      let length = Int(layout.originLength)
      if length >= 8, length <= 32 {
        origin = Origin(
          length: length, words: Origin.words(bytes, length), scheme: form.scheme, host: form.host, port: form.port,
          schemeText: scheme, hostText: host)
      }
    }
    return URLPattern(
      text: text, scheme: scheme, host: .exact(host), port: form.port, segments: segments,
      trailingSlash: form.trailingSlash, query: [], fragment: nil, location: location, layout: layout)
  }

  /// The name length of capture segment `i` in a form's `names`.
  @inline(__always)
  private static func nameLength(_ names: UInt64, _ i: Int) -> Int {
    Int(truncatingIfNeeded: (names &>> (UInt64(i) &* 8)) & 0xFF)
  }

  /// The classes of the bytes, one character a byte (none for a byte beyond ASCII: 256 of them,
  /// so that a byte needs no test of its range first): `@` plus ``schemeByte`` for a
  /// scheme's byte after its first (a-z, 0-9, `+`, `-`, `.`), ``hostByte`` for a host's (a-z,
  /// 0-9, `-`, `.`, `_`) and ``literalByte`` for a plain path literal's (`isPlainLiteralByte`
  /// but `?` and `#`), and ``segmentByte`` for a literal's byte other than `/` (a segment's
  /// byte). A constant string: one load a byte, and no global to initialize.
  private static var byteClasses: StaticString {
    """
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@LL@L@LLLL@MLOODOOOOOOOOOOLLLLL@\
    LLLLLLLLLLLLLLLLLLLLLLLLLLL@L@LNLOOOOOOOOOOOOOOOOOOOOOOOOOO@L@L@\
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
    """
  }
  static let schemeByte: UInt8 = 1
  static let hostByte: UInt8 = 2
  static let literalByte: UInt8 = 4
  static let segmentByte: UInt8 = 8

  /// Whether byte `b` is of the class `bit` (``byteClasses``).
  @inline(__always)
  static func has(_ b: UInt8, _ bit: UInt8) -> Bool {
    byteClasses.utf8Start[Int(b)] & bit != 0
  }

  /// The text at `range` (ASCII), found again in `strings` when there are some.
  @inline(__always)
  private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ strings: ShortStringCache?)
    -> String
  {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    return strings?.smallOrCached(slice) ?? String(decoding: slice, as: UTF8.self)
  }

  /// The kind of the capture segment at `range`: `{name}`, `{name:type}` (string, int or uuid)
  /// or `{name*}`, and its name's length; nil for any other.
  private static func captureKind(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> (kind: PathLayout.Kind, name: Int)? {
    guard range.count >= 3, bytes[range.lowerBound] == UInt8(ascii: "{"),
      bytes[range.upperBound - 1] == UInt8(ascii: "}")
    else { return nil }
    let inner = range.lowerBound + 1..<range.upperBound - 1
    var nameEnd = inner.upperBound
    var kind = PathLayout.Kind.string
    if bytes[inner.upperBound - 1] == UInt8(ascii: "*") {
      nameEnd -= 1
      kind = .catchAll
    } else if let colon = bytes[inner].firstIndex(of: UInt8(ascii: ":")) {
      nameEnd = colon
      let typeName = UnsafeBufferPointer(rebasing: bytes[colon + 1..<inner.upperBound])
      if equal(typeName, "int") {
        kind = .int
      } else if equal(typeName, "uuid") {
        kind = .uuid
      } else if !equal(typeName, "string") {
        return nil
      }
    }
    guard ValueTemplate.isParameterName(UnsafeBufferPointer(rebasing: bytes[inner.lowerBound..<nameEnd])) else {
      return nil
    }
    return (kind, nameEnd - inner.lowerBound)
  }

  /// Whether no two captures of the layout have the same name (`names`: their lengths, as
  /// ``Form/names``). Each name is kept as its two offsets (a plain text is at most 255 bytes:
  /// a byte each), not found again for every later capture.
  private static func namesDiffer(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: PathLayout, _ lengths: UInt64) -> Bool
  {
    var starts = SIMD8<UInt8>()
    var ends = SIMD8<UInt8>()
    var names = 0
    for i in 0..<Int(layout.count) {
      switch layout.kind(at: i) {
      case .literal, .wildcard: continue
      case .string, .int, .uuid, .catchAll: break
      }
      let start = layout.range(at: i).lowerBound + 1
      let name = start..<start + nameLength(lengths, i)
      for j in 0..<names where Int(ends[j] &- starts[j]) == name.count {
        if bytes[Int(starts[j])..<Int(ends[j])].elementsEqual(bytes[name]) { return false }
      }
      starts[names] = UInt8(truncatingIfNeeded: name.lowerBound)
      ends[names] = UInt8(truncatingIfNeeded: name.upperBound)
      names += 1
    }
    return true
  }

  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ expected: StaticString) -> Bool {
    let count = expected.utf8CodeUnitCount
    guard bytes.count == count else { return false }
    let other = expected.utf8Start
    for i in 0..<count where bytes[i] != other[i] { return false }
    return true
  }
}
