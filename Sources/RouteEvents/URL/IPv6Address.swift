/// An IPv6 address read with the WHATWG IPv6 parser: eight 16-bit pieces, no zone ID.
///
/// The reader uses it to validate a bracketed host without allocating; ``description`` is the
/// WHATWG serialization (lowercase hex, the first longest run of two or more zero pieces written
/// `::`), which is how ``URLRecord/normalizedHost`` spells an IPv6 host.
///
/// ```swift
/// let bytes = Array("0:0::FFFF:1.2.3.4".utf8)
/// let address = bytes.withUnsafeBufferPointer { IPv6Address.parse($0, 0..<$0.count) }
/// address?.description   // "::ffff:102:304"
/// ```
public struct IPv6Address: Sendable, Hashable, CustomStringConvertible {
  /// The eight pieces, most significant first.
  public var pieces: SIMD8<UInt16>

  /// Creates an address from its pieces.
  public init(pieces: SIMD8<UInt16>) { self.pieces = pieces }

  /// Parses `bytes[range]` (the text between the brackets); nil when it is not an IPv6 address.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> IPv6Address? {
    var address = SIMD8<UInt16>(repeating: 0)
    var pieceIndex = 0
    var compress = -1
    var p = range.lowerBound
    let end = range.upperBound
    if p < end && bytes[p] == 0x3A {
      guard p &+ 1 < end && bytes[p &+ 1] == 0x3A else { return nil }
      p &+= 2
      pieceIndex &+= 1
      compress = pieceIndex
    }
    while p < end {
      guard pieceIndex < 8 else { return nil }
      if bytes[p] == 0x3A {
        guard compress == -1 else { return nil }
        p &+= 1
        pieceIndex &+= 1
        compress = pieceIndex
        continue
      }
      var value: UInt16 = 0
      var length = 0
      while length < 4 && p < end, let digit = URLSyntax.hexValue(bytes[p]) {
        value = value &* 16 &+ UInt16(digit)
        p &+= 1
        length &+= 1
      }
      if p < end && bytes[p] == 0x2E {
        guard length > 0, pieceIndex <= 6 else { return nil }
        p &-= length
        guard let next = parseIPv4Tail(bytes, p..<end, into: &address, at: pieceIndex) else { return nil }
        pieceIndex = next
        p = end
        break
      } else if p < end && bytes[p] == 0x3A {
        p &+= 1
        guard p < end else { return nil }
      } else if p < end {
        return nil
      }
      address[pieceIndex] = value
      pieceIndex &+= 1
    }
    if compress != -1 {
      var swaps = pieceIndex &- compress
      pieceIndex = 7
      while pieceIndex != 0 && swaps > 0 {
        let other = compress &+ swaps &- 1
        let piece = address[pieceIndex]
        address[pieceIndex] = address[other]
        address[other] = piece
        pieceIndex &-= 1
        swaps &-= 1
      }
    } else if pieceIndex != 8 {
      return nil
    }
    return IPv6Address(pieces: address)
  }

  /// Reads the dotted IPv4 tail ("1.2.3.4") into two pieces; returns the next piece index.
  private static func parseIPv4Tail(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into address: inout SIMD8<UInt16>, at start: Int
  ) -> Int? {
    var pieceIndex = start
    var numbersSeen = 0
    var p = range.lowerBound
    while p < range.upperBound {
      if numbersSeen > 0 {
        guard bytes[p] == 0x2E && numbersSeen < 4 else { return nil }
        p &+= 1
      }
      guard p < range.upperBound, ByteSet.digit.contains(bytes[p]) else { return nil }
      var piece = -1
      while p < range.upperBound && ByteSet.digit.contains(bytes[p]) {
        let number = Int(bytes[p] &- 0x30)
        if piece == -1 {
          piece = number
        } else if piece == 0 {
          return nil
        } else {
          piece = piece &* 10 &+ number
        }
        guard piece <= 255 else { return nil }
        p &+= 1
      }
      address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(piece)
      numbersSeen &+= 1
      if numbersSeen == 2 || numbersSeen == 4 { pieceIndex &+= 1 }
    }
    return numbersSeen == 4 ? pieceIndex : nil
  }

  /// The WHATWG serialization, without brackets: `::1`, `2001:db8::8a2e:370:7334`.
  public var description: String {
    // The first longest run of at least two zero pieces.
    var bestStart = -1
    var bestLength = 1
    var i = 0
    while i < 8 {
      if pieces[i] == 0 {
        var j = i
        while j < 8 && pieces[j] == 0 { j &+= 1 }
        if j &- i > bestLength {
          bestStart = i
          bestLength = j &- i
        }
        i = j
      } else {
        i &+= 1
      }
    }
    var out = ""
    var ignoreZero = false
    for index in 0..<8 {
      if ignoreZero && pieces[index] == 0 { continue }
      ignoreZero = false
      if index == bestStart {
        out += index == 0 ? "::" : ":"
        ignoreZero = true
        continue
      }
      out += String(pieces[index], radix: 16)
      if index != 7 { out += ":" }
    }
    return out
  }
}
