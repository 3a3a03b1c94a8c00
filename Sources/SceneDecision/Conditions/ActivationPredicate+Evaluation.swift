import AppleAppFiles
import Foundation
import RouteEvents
public import RouteTables
import RouterSupport

extension ActivationPredicate {
  /// Evaluates the predicate against an event identifier; a nil identifier (E3) makes every
  /// comparison false, so only `TRUEPREDICATE` (and negations) can hold.
  public func evaluate(_ identifier: String?) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .comparison(let c):
      guard let identifier else { return false }
      return c.evaluate(identifier)
    case .and(let parts): return parts.allSatisfy { $0.evaluate(identifier) }
    case .or(let parts): return parts.contains { $0.evaluate(identifier) }
    case .not(let p): return !p.evaluate(identifier)
    }
  }
}

extension ActivationPredicate {
  /// ``evaluate(_:)`` of a URL's `absoluteString` (E1), tested on the URL's bytes when they are
  /// that string as they are (the common case) and every comparison it reaches is decided on
  /// ASCII (``ActivationPredicate/Comparison/evaluateASCII(_:)``): no string is made. Otherwise
  /// the string is made and evaluated as any identifier is.
  ///
  /// ```swift
  /// ActivationPredicate(matching: ["note-editor"]).evaluate(absoluteStringOf: url)
  /// // == ActivationPredicate(matching: ["note-editor"]).evaluate(url.absoluteString)
  /// ```
  func evaluate(absoluteStringOf url: URLRecord) -> Bool {
    if let answer = url.testAbsoluteString({ evaluateASCII($0) }) { return answer }
    return evaluate(url.absoluteString)
  }

  /// ``evaluate(_:)`` of the identifier whose UTF-8 bytes are `text`, when every comparison it
  /// reaches is decided on ASCII; nil when one is not (the caller evaluates the string). The
  /// parts of a compound are evaluated in order and stop where ``evaluate(_:)`` stops: the
  /// answer is a pure function of the text, so the order changes nothing.
  func evaluateASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    switch self {
    case .always: return true
    case .never: return false
    case .comparison(let c): return c.op == .like ? nil : c.evaluateASCII(bytes: text)
    case .and(let parts):
      for part in parts {
        guard let answer = part.evaluateASCII(text) else { return nil }
        if !answer { return false }
      }
      return true
    case .or(let parts):
      for part in parts {
        guard let answer = part.evaluateASCII(text) else { return nil }
        if answer { return true }
      }
      return false
    case .not(let p): return p.evaluateASCII(text).map { !$0 }
    }
  }
}

extension ActivationPredicate.Comparison {
  /// Evaluates `identifier <op>[options] value`, folding case and diacritics as `NSPredicate`'s
  /// `[c]` and `[d]` do (Unicode case folding; combining marks removed after decomposition).
  func evaluate(_ identifier: String) -> Bool {
    if op != .like, let fast = evaluateASCII(identifier) { return fast }
    return evaluateFolded(identifier)
  }

  /// ``evaluate(_:)`` with both sides folded by Foundation, whatever their bytes: the general
  /// evaluation, which the ASCII tests are held to.
  func evaluateFolded(_ identifier: String) -> Bool {
    let lhs = TextFolding.fold(identifier, caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive)
    let rhs = TextFolding.fold(value, caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive)
    switch op {
    case .equals: return lhs == rhs
    case .beginsWith: return lhs.unicodeScalars.starts(with: rhs.unicodeScalars)
    case .endsWith: return lhs.unicodeScalars.reversed().starts(with: rhs.unicodeScalars.reversed())
    case .contains: return rhs.isEmpty ? true : TextFolding.contains(lhs, rhs)
    case .like: return TextFolding.like(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars))
    }
  }
}

extension ActivationPredicate.Comparison {
  /// The same comparison over bytes when both sides are ASCII (no diacritics to fold, case folds
  /// bytewise): no allocation. Nil when either side is not ASCII.
  @inline(__always)
  func evaluateASCII(_ identifier: String) -> Bool? {
    var lhs = identifier
    return lhs.withUTF8 { evaluateASCII(bytes: $0) }
  }

  /// ``evaluateASCII(_:)`` of the identifier whose UTF-8 bytes are `l`: nil when either side is
  /// not ASCII, or for `LIKE`.
  @inline(__always)
  func evaluateASCII(bytes l: UnsafeBufferPointer<UInt8>) -> Bool? {
    var rhs = value
    return rhs.withUTF8 { r -> Bool? in
      guard op != .like, UTF8Bytes.isASCII(l), UTF8Bytes.isASCII(r) else { return nil }
      return Self.compareASCII(op, caseInsensitive: caseInsensitive, l, r)
    }
  }

  /// `l <op>[c] r` on ASCII bytes (case folded bytewise when `caseInsensitive`; `[d]` changes
  /// nothing on ASCII): the one body of ``evaluateASCII(bytes:)`` and of the compiled matching
  /// sets (`CompiledMatchingSets`). `LIKE` is never decided here: false.
  @inline(__always)
  static func compareASCII(
    _ op: Operator, caseInsensitive fold: Bool, _ l: UnsafeBufferPointer<UInt8>, _ r: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    @inline(__always) func eq(_ a: UInt8, _ b: UInt8) -> Bool {
      fold ? TextFolding.lower(a) == TextFolding.lower(b) : a == b
    }
    switch op {
    case .equals:
      return l.count == r.count && (0..<l.count).allSatisfy { eq(l[$0], r[$0]) }
    case .beginsWith:
      return r.count <= l.count && (0..<r.count).allSatisfy { eq(l[$0], r[$0]) }
    case .endsWith:
      let offset = l.count - r.count
      return offset >= 0 && (0..<r.count).allSatisfy { eq(l[offset + $0], r[$0]) }
    case .contains:
      if r.isEmpty { return true }
      guard r.count <= l.count else { return false }
      return fold ? TextFolding.containsASCII(l, r, lower: true) : TextFolding.containsASCII(l, r, lower: false)
    case .like:
      return false
    }
  }
}

/// Case and diacritic folding for condition matching (M4, M7), with Foundation's folding as the
/// definition of `[c]` and `[d]`, and substring and `LIKE` matching over the folded text.
enum TextFolding {
  /// The high bit of each byte of a word.
  static let highBits: UInt64 = 0x8080_8080_8080_8080
  /// One in each byte of a word.
  static let lowBits: UInt64 = 0x0101_0101_0101_0101

  @inline(__always)
  static func lower(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b }

  /// Whether `needle` (not empty, not longer) occurs in `haystack`, bytes compared after
  /// ``lower(_:)`` when `lower` is set: the test of `evaluateASCII` for `CONTAINS`, with the
  /// fold decided once (not at each byte). A URL's identifier is tested against a matching set
  /// at every decision that reaches the set, so the places are filtered eight at a time, on two
  /// bytes each: the needle's first byte where the place starts and its last byte where it
  /// would end (one byte let through every place that began like the URL's own words, `note`
  /// for `note-editor` in `notes://note/…`).
  @inline(__always)
  static func containsASCII(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, lower: Bool)
    -> Bool
  {
    guard let h = haystack.baseAddress, let n = needle.baseAddress else { return false }
    let count = needle.count
    let last = haystack.count &- count
    @inline(__always) func fold(_ b: UInt8) -> UInt8 { lower ? TextFolding.lower(b) : b }
    /// Whether the needle is at `at`, every byte compared.
    @inline(__always) func isAt(_ at: Int) -> Bool {
      var j = 0
      while j < count && fold(h[at &+ j]) == fold(n[j]) { j &+= 1 }
      return j == count
    }
    let span = count &- 1
    let first = fold(n[0])
    let final = fold(n[span])
    // A word's bytes compared with a byte by a zero-byte test, which flags every byte equal to
    // it (and may flag more: a flagged place is compared whole). Folded, a letter is found by
    // setting 0x20 in each byte (only `A` and `a` give `a`); any other byte folds to itself
    // alone, and is compared as it is.
    let firstCase: UInt64 = lower && first &- 0x61 < 26 ? 0x2020_2020_2020_2020 : 0
    let finalCase: UInt64 = lower && final &- 0x61 < 26 ? 0x2020_2020_2020_2020 : 0
    let wantedFirst = UInt64(first) &* lowBits
    let wantedFinal = UInt64(final) &* lowBits
    /// Whether the needle is at one of the eight places from `at` flagged in `places`.
    @inline(__always) func isAtOne(from at: Int, of places: UInt64) -> Bool {
      let x = (ByteWords.load(h, at) | firstCase) ^ wantedFirst
      let y = (ByteWords.load(h, at &+ span) | finalCase) ^ wantedFinal
      var found = (x &- lowBits) & ~x & (y &- lowBits) & ~y & highBits & places
      while found != 0 {
        if isAt(at &+ (found.trailingZeroBitCount &>> 3)) { return true }
        found &= found &- 1
      }
      return false
    }
    var i = 0
    // The words at `i` and at `i + span` are both inside the haystack while `i + 7 <= last`.
    while i &+ 7 <= last {
      if isAtOne(from: i, of: highBits) { return true }
      i &+= 8
    }
    if i > last { return false }
    if last >= 7 {
      // The places left, fewer than eight, are the last of the eight from `last - 7`: the
      // places before `i` in them are tried already.
      let at = last &- 7
      return isAtOne(from: at, of: highBits &<< UInt64((i &- at) &<< 3))
    }
    while i <= last {
      if fold(h[i]) == first && isAt(i) { return true }
      i &+= 1
    }
    return false
  }

  /// Folds a string; ASCII text under `[c]` takes a fast path.
  static func fold(_ s: String, caseInsensitive: Bool, diacriticInsensitive: Bool) -> String {
    if !caseInsensitive && !diacriticInsensitive { return s }
    if s.utf8.allSatisfy({ $0 < 0x80 }) {
      return caseInsensitive ? String(decoding: s.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self) : s
    }
    var options: String.CompareOptions = []
    if caseInsensitive { options.insert(.caseInsensitive) }
    if diacriticInsensitive { options.insert(.diacriticInsensitive) }
    return s.folding(options: options, locale: nil)
  }

  /// Whether `needle` occurs in `haystack`, by Unicode scalars.
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    let h = Array(haystack.utf8)
    let n = Array(needle.utf8)
    guard n.count <= h.count else { return false }
    if n.isEmpty { return true }
    var i = 0
    while i + n.count <= h.count {
      if h[i] == n[0] && h[i..<(i + n.count)].elementsEqual(n) { return true }
      i += 1
    }
    return false
  }

  /// `LIKE`: `*` any run, `?` one character, the rest literal; the same two-pointer glob the
  /// AASA patterns use (no backtracking blow-up).
  static func like(_ text: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
    let tokens: [WildcardPattern.Token] = pattern.map { $0 == "*" ? .star : $0 == "?" ? .any : .scalar($0) }
    return WildcardPattern.globMatch(tokens, text)
  }
}
