/// A non-negative integer's decimal digits written into raw memory: what the record writer and
/// the plan writer both put in their buffers (line numbers, typed values), with no `String`.
///
/// ```swift
/// let n = DecimalDigits.count(of: 1024)  // 4
/// DecimalDigits.write(1024, digits: n, at: base + offset)
/// ```
enum DecimalDigits {
  /// How many digits `value` has (1 for 0).
  @inline(__always)
  static func count(of value: UInt64) -> Int {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits &+= 1
      rest /= 10
    }
    return digits
  }

  /// Writes the `digits` digits of `value` (``count(of:)``) from `start` on.
  @inline(__always)
  static func write(_ value: UInt64, digits: Int, at start: UnsafeMutablePointer<UInt8>) {
    var n = value
    var i = digits
    repeat {
      i &-= 1
      start[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
      n /= 10
    } while n > 0
  }
}
