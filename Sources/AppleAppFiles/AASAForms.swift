import RouteEvents

/// A URL's path, query and fragment as AASA patterns compare them, on bytes: as written (the
/// percent-encoded form, when Foundation keeps the component as written) and decoded once (L11),
/// each a buffer of the URL's own bytes or of working memory. The byte form of
/// ``AASAMatchInput``, for ``AASAMatcher``; folding (L12) happens as the bytes are compared.
///
/// An absent query or fragment reads as "" (L16). Query items are split from the form as written,
/// on `&` and the first `=`, and each name and value is decoded on its own, when compared.
struct AASAForms {
  /// One form of the three components.
  struct Form {
    var path: UnsafeBufferPointer<UInt8>
    var query: UnsafeBufferPointer<UInt8>
    var fragment: UnsafeBufferPointer<UInt8>
    /// The path without its trailing slashes (L16).
    var trimmedPath: UnsafeBufferPointer<UInt8>

    init(path: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<UInt8>, fragment: UnsafeBufferPointer<UInt8>) {
      self.path = path
      self.query = query
      self.fragment = fragment
      var end = path.count
      while end > 0 && path[end &- 1] == 0x2F { end &-= 1 }
      trimmedPath = UnsafeBufferPointer(rebasing: path[0..<end])
    }
  }

  /// The components as written (Foundation's `percentEncoded: true` form).
  var encoded: Form
  /// The components decoded once (an escape that cannot be decoded leaves the text as written).
  var decoded: Form
  /// The query as written, which items are split from.
  var query: UnsafeBufferPointer<UInt8>
  /// Working memory for one decoded query item name or value (as long as the query); nil when
  /// nothing needs decoding.
  var scratch: UnsafeMutableBufferPointer<UInt8>?

  /// Whether Foundation returns the three components as written: every byte of the path is one
  /// it allows unencoded in a path (RFC 3986 `pchar` and `/`), or a `%`; likewise for the query
  /// and the fragment (`pchar`, `/` and `?`). Otherwise Foundation encodes the component, and the
  /// scalar evaluation, which reads Foundation's form, decides.
  ///
  /// `refused` is ``refusedBytes``: four table lookups ORed together a step.
  @inline(__always)
  static func areAsWritten(
    path: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<UInt8>, fragment: UnsafeBufferPointer<UInt8>,
    refused: UnsafePointer<UInt8>
  ) -> Bool {
    flags(path, refused) & 1 == 0 && flags(query, refused) & 2 == 0 && flags(fragment, refused) & 2 == 0
  }

  /// For each byte value: bit 0 when a path does not keep it as written, bit 1 when a query or
  /// fragment does not. Kept as ASCII masks: `ALPHA DIGIT -._~ !$&'()*+,;= :@ / %`, and `?` in
  /// a query (held equal to `ByteSet.pathSegmentAllowed` and `fragmentAllowed` by a test).
  static let refusedBytes: [UInt8] = (0...255).map { value -> UInt8 in
    let pathLow: UInt64 = 0x2FFF_FFF2_0000_0000  // ! $ % & ' ( ) * + , - . / 0-9 : ; =
    let pathHigh: UInt64 = 0x47FF_FFFE_87FF_FFFF  // @ A-Z _ a-z ~
    let queryLow = pathLow | 1 &<< 0x3F  // ?
    guard value < 0x80 else { return 3 }
    let bit = UInt64(1) &<< UInt64(value & 0x3F)
    let inPath = (value < 0x40 ? pathLow : pathHigh) & bit != 0
    let inQuery = (value < 0x40 ? queryLow : pathHigh) & bit != 0
    return (inPath ? 0 : 1) | (inQuery ? 0 : 2)
  }

  /// The flags of ``refusedBytes`` of every byte of `text`, ORed.
  @inline(__always)
  private static func flags(_ text: UnsafeBufferPointer<UInt8>, _ refused: UnsafePointer<UInt8>) -> UInt8 {
    guard let p = text.baseAddress else { return 0 }
    let n = text.count
    var flags: UInt8 = 0
    var i = 0
    while i &+ 4 <= n {
      flags |= refused[Int(p[i])] | refused[Int(p[i &+ 1])] | refused[Int(p[i &+ 2])] | refused[Int(p[i &+ 3])]
      i &+= 4
    }
    while i < n {
      flags |= refused[Int(p[i])]
      i &+= 1
    }
    return flags
  }

  /// Whether `text` has an escape of a byte 0x80 or above (`%C3`): decoded, it would not be ASCII.
  static func escapesNonASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < text.count {
      if text[i] == 0x25 && i &+ 1 < text.count {
        switch text[i &+ 1] {
        case 0x38...0x39, 0x41...0x46, 0x61...0x66: return true
        default: break
        }
      }
      i &+= 1
    }
    return false
  }

  /// `text` decoded once into `out` (at least as long), or `text` itself when it has no escape or
  /// cannot be decoded (as ``PercentDecoding/decode(_:)`` leaves it).
  static func decode(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>)
    -> UnsafeBufferPointer<UInt8>
  {
    guard text.contains(0x25), let count = PercentDecoding.decode(text, into: out) else { return text }
    return UnsafeBufferPointer(rebasing: out[0..<count])
  }

  /// A query item's name or value decoded once, in the scratch memory (valid until the next call).
  func decoded(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let scratch else { return text }
    return Self.decode(text, into: scratch)
  }

  /// Calls `body` with the name and value of each non-empty `&` piece of `query`, split on its
  /// first `=` (a piece without one has the value "").
  static func forEachQueryItem(
    _ query: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var start = 0
    var equals = -1
    var i = 0
    while i <= query.count {
      if i == query.count || query[i] == 0x26 {
        if i > start {
          if equals >= 0 {
            body(
              UnsafeBufferPointer(rebasing: query[start..<equals]),
              UnsafeBufferPointer(rebasing: query[(equals &+ 1)..<i]))
          } else {
            body(UnsafeBufferPointer(rebasing: query[start..<i]), UnsafeBufferPointer(start: nil, count: 0))
          }
        }
        start = i &+ 1
        equals = -1
      } else if query[i] == 0x3D && equals < 0 {
        equals = i
      }
      i &+= 1
    }
  }
}

extension AASAForms {
  /// Calls `body` with the UTF-8 bytes of `text`, in place (a copy only for a string without
  /// contiguous storage).
  static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }
}

extension AASAForms {
  /// Whether a scheme is `https`, in any case.
  static func isHTTPS(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
    scheme.count == 5 && AASAPatternProgram.fold(scheme[0], true) == 0x68
      && AASAPatternProgram.fold(scheme[1], true) == 0x74 && AASAPatternProgram.fold(scheme[2], true) == 0x74
      && AASAPatternProgram.fold(scheme[3], true) == 0x70 && AASAPatternProgram.fold(scheme[4], true) == 0x73
  }

  /// Whether `text`, ASCII-lowercased, is `lowercase`: eight bytes a step.
  static func equalsLowercased(_ text: UnsafeBufferPointer<UInt8>, _ lowercase: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = text.count
    guard n == lowercase.count else { return false }
    guard n > 0, let t = text.baseAddress, let l = lowercase.baseAddress else { return true }
    var i = 0
    while i &+ 8 <= n {
      let word = UnsafeRawPointer(t).loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if lowercased(word) != UnsafeRawPointer(l).loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
      i &+= 8
    }
    while i < n {
      if AASAPatternProgram.fold(t[i], true) != l[i] { return false }
      i &+= 1
    }
    return true
  }

  /// The eight bytes of `word` with each ASCII capital lowercased (SWAR: a byte is a capital
  /// when adding 0x3F to its low seven bits carries into its top bit and adding 0x25 does not,
  /// and its own top bit is clear).
  @inline(__always)
  static func lowercased(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low = word & (0x7F &* ones)
    let capital = ((low &+ 0x3F &* ones) ^ (low &+ 0x25 &* ones)) & ~word & (0x80 &* ones)
    return word | capital &>> 2
  }
}
