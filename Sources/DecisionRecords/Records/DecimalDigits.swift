/// A non-negative integer's decimal digits written into raw memory: what the record writer and
/// the plan writer both put in their buffers (line numbers, typed values), with no `String`.
///
/// ```swift
/// let n = DecimalDigits.count(of: 1024)  // 4
/// DecimalDigits.write(1024, digits: n, at: base + offset)
/// ```
enum DecimalDigits {
  /// How many digits `value` has (1 for 0): four at a time, then the last one to four by compares.
  @inline(__always)
  static func count(of value: UInt64) -> Int {
    var digits = 1
    var rest = value
    while rest >= 10_000 {
      rest /= 10_000
      digits &+= 4
    }
    if rest >= 100 { return digits &+ (rest >= 1000 ? 3 : 2) }
    return rest >= 10 ? digits &+ 1 : digits
  }

  /// Writes the `digits` digits of `value` (``count(of:)``) from `start` on, two at a time.
  @inline(__always)
  static func write(_ value: UInt64, digits: Int, at start: UnsafeMutablePointer<UInt8>) {
    let zero = UInt8(ascii: "0")
    var n = value
    var i = digits
    while n >= 100 {
      let pair = UInt8(truncatingIfNeeded: n % 100)
      n /= 100
      i &-= 2
      start[i] = zero &+ pair / 10
      start[i &+ 1] = zero &+ pair % 10
    }
    if n >= 10 {
      let pair = UInt8(truncatingIfNeeded: n)
      start[i &- 2] = zero &+ pair / 10
      start[i &- 1] = zero &+ pair % 10
    } else {
      start[i &- 1] = zero &+ UInt8(truncatingIfNeeded: n)
    }
  }
}
