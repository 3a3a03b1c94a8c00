/// A set of bytes (256 bits in four words): the characters a URL component may hold unencoded.
///
/// Membership is one shift and one mask, with no allocation, so the URL reader uses it on the hot
/// path. The presets follow RFC 3986; ``PercentDecoding/encode(_:allowing:)`` encodes every byte
/// outside the set.
///
/// ```swift
/// ByteSet.pathSegmentAllowed.contains(UInt8(ascii: "/"))   // false: a segment never holds a raw '/'
/// let digits = ByteSet("0123456789")
/// digits.contains(UInt8(ascii: "7"))                        // true
/// ```
public struct ByteSet: Sendable, Hashable {
  @usableFromInline var w0: UInt64 = 0
  @usableFromInline var w1: UInt64 = 0
  @usableFromInline var w2: UInt64 = 0
  @usableFromInline var w3: UInt64 = 0

  /// The empty set.
  public init() {}

  /// The set of the UTF-8 bytes of `characters` (meant for ASCII lists such as `"-._~"`).
  public init(_ characters: String) {
    for byte in characters.utf8 { insert(byte) }
  }

  /// The set of the bytes in `range` (for example `0x41...0x5A`).
  public init(_ range: ClosedRange<UInt8>) {
    for byte in range { insert(byte) }
  }

  /// Whether `byte` is in the set.
  @inlinable @inline(__always)
  public func contains(_ byte: UInt8) -> Bool {
    let bit = UInt64(1) &<< UInt64(byte & 63)
    switch byte >> 6 {
    case 0: return w0 & bit != 0
    case 1: return w1 & bit != 0
    case 2: return w2 & bit != 0
    default: return w3 & bit != 0
    }
  }

  /// Adds `byte` to the set.
  public mutating func insert(_ byte: UInt8) {
    let bit = UInt64(1) &<< UInt64(byte & 63)
    switch byte >> 6 {
    case 0: w0 |= bit
    case 1: w1 |= bit
    case 2: w2 |= bit
    default: w3 |= bit
    }
  }

  /// The bytes in either set.
  public func union(_ other: ByteSet) -> ByteSet {
    var result = self
    result.w0 |= other.w0
    result.w1 |= other.w1
    result.w2 |= other.w2
    result.w3 |= other.w3
    return result
  }

  /// The bytes of this set that are not in `other`.
  public func subtracting(_ other: ByteSet) -> ByteSet {
    var result = self
    result.w0 &= ~other.w0
    result.w1 &= ~other.w1
    result.w2 &= ~other.w2
    result.w3 &= ~other.w3
    return result
  }
}

extension ByteSet {
  /// RFC 3986 `ALPHA`: `A`–`Z`, `a`–`z`.
  public static let alpha = ByteSet(0x41...0x5A).union(ByteSet(0x61...0x7A))
  /// RFC 3986 `DIGIT`: `0`–`9`.
  public static let digit = ByteSet(0x30...0x39)
  /// RFC 3986 `HEXDIG`, both cases.
  public static let hexDigit = digit.union(ByteSet("ABCDEFabcdef"))
  /// RFC 3986 `unreserved`: ALPHA, DIGIT, `-` `.` `_` `~` (never needs encoding anywhere).
  public static let unreserved = alpha.union(digit).union(ByteSet("-._~"))
  /// RFC 3986 `sub-delims`: `!` `$` `&` `'` `(` `)` `*` `+` `,` `;` `=`.
  public static let subDelims = ByteSet("!$&'()*+,;=")
  /// What one path segment may hold unencoded: unreserved, sub-delims, `:` and `@` (RFC 3986 `pchar`).
  public static let pathSegmentAllowed = unreserved.union(subDelims).union(ByteSet(":@"))
  /// What a query name or value may hold unencoded: `pchar`, `/` and `?`, minus `&`, `=` and `+`.
  ///
  /// `+` is encoded because many servers read a raw `+` in a query as a space.
  public static let queryValueAllowed = pathSegmentAllowed.union(ByteSet("/?")).subtracting(ByteSet("&=+"))
  /// What a fragment may hold unencoded: `pchar`, `/` and `?`.
  public static let fragmentAllowed = pathSegmentAllowed.union(ByteSet("/?"))

  // Foundation's own sets (swift-foundation `URLParser.swift`, from RFC 3986): a component with a
  // byte outside its set is percent-encoded by `URL(string:)`.
  static let schemeCharacters = alpha.union(digit).union(ByteSet("+-."))
  static let foundationUserinfo = unreserved.union(subDelims).union(ByteSet(":"))
  static let foundationHost = unreserved.union(subDelims)
  static let foundationPath = pathSegmentAllowed.union(ByteSet("/"))
  static let foundationPathFirstSegment = foundationPath.subtracting(ByteSet(":"))
  static let foundationQuery = fragmentAllowed
}
