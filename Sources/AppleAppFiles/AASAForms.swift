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
  /// The bytes are tested against two 64-bit masks (every allowed byte is ASCII and above 0x20),
  /// a shift and a test each, with no lookup of a global.
  @inline(__always)
  static func areAsWritten(
    path: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<UInt8>, fragment: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    // Bits 0x00–0x3F and 0x40–0x7F of `ALPHA DIGIT -._~ !$&'()*+,;= :@ / %` (held equal to
    // `ByteSet.pathSegmentAllowed` and `fragmentAllowed` by a test), and `?` for a query.
    let pathLow: UInt64 = 0x2FFF_FFF2_0000_0000  // ! $ % & ' ( ) * + , - . / 0-9 : ; =
    let pathHigh: UInt64 = 0x47FF_FFFE_87FF_FFFF  // @ A-Z _ a-z ~
    let queryLow = pathLow | 1 &<< 0x3F
    return allIn(path, pathLow, pathHigh) && allIn(query, queryLow, pathHigh) && allIn(fragment, queryLow, pathHigh)
  }

  /// Whether every byte of `text` is in the set of the two masks (bytes 0x20–0x7F).
  @inline(__always)
  private static func allIn(_ text: UnsafeBufferPointer<UInt8>, _ low: UInt64, _ high: UInt64) -> Bool {
    for byte in text {
      let word = byte < 0x40 ? low : high
      // A byte below 0x20 or from 0x80 up shifts a bit of the wrong word, or no bit: refused below.
      if byte < 0x20 || byte >= 0x80 || (word &>> UInt64(byte & 0x3F)) & 1 == 0 { return false }
    }
    return true
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

  /// Whether `text`, ASCII-lowercased, is `lowercase`.
  static func equalsLowercased(_ text: UnsafeBufferPointer<UInt8>, _ lowercase: UnsafeBufferPointer<UInt8>) -> Bool {
    guard text.count == lowercase.count else { return false }
    var i = 0
    while i < text.count {
      if AASAPatternProgram.fold(text[i], true) != lowercase[i] { return false }
      i &+= 1
    }
    return true
  }
}
