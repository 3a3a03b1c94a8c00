import RouterSupport

/// Percent-decoding exactly once, and percent-encoding for building URLs back.
///
/// Decoding never repairs: an invalid escape, a decoded control character or decoded bytes that are
/// not UTF-8 make it fail. It decodes once: `%252F` gives `%2F`, never `/`. A `+` stays a `+`
/// (it is not a space in URLs; only HTML form encoding says otherwise).
///
/// ```swift
/// var out: [UInt8] = []
/// let ok = Array("a%2Fb%20c".utf8).withUnsafeBufferPointer { PercentDecoding.decode($0, into: &out) }
/// // ok == true, out == Array("a/b c".utf8)
/// PercentDecoding.encode("a/b c", allowing: .pathSegmentAllowed)   // "a%2Fb%20c"
/// ```
public enum PercentDecoding {
  /// Decodes %XX once into `out`, which is replaced; false when the input cannot be decoded cleanly.
  ///
  /// Returns false (and leaves `out` unspecified) on an invalid escape, on a decoded NUL/control
  /// character (U+0000–U+001F, U+007F), or on invalid UTF-8 in the result. Raw control characters
  /// in the input are refused too. Never repairs.
  public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
    out.removeAll(keepingCapacity: true)
    out.reserveCapacity(bytes.count)
    var validator = UTF8Bytes.StreamValidator()
    var i = 0
    while i < bytes.count {
      var b = bytes[i]
      if b == 0x25 {
        guard i &+ 2 < bytes.count, let high = URLSyntax.hexValue(bytes[i &+ 1]),
          let low = URLSyntax.hexValue(bytes[i &+ 2])
        else { return false }
        b = high &<< 4 | low
        i &+= 3
      } else {
        i &+= 1
      }
      guard !URLSyntax.isControl(b), validator.feed(b) else { return false }
      out.append(b)
    }
    return validator.isComplete
  }

  /// Decodes %XX once into a caller's buffer without allocating; returns the byte count, or nil.
  ///
  /// `out` must hold at least `bytes.count` bytes. Fails on the same inputs as the array form.
  public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
    precondition(out.count >= bytes.count, "the output buffer must be at least as long as the input")
    var validator = UTF8Bytes.StreamValidator()
    var count = 0
    var i = 0
    while i < bytes.count {
      var b = bytes[i]
      if b == 0x25 {
        guard i &+ 2 < bytes.count, let high = URLSyntax.hexValue(bytes[i &+ 1]),
          let low = URLSyntax.hexValue(bytes[i &+ 2])
        else { return nil }
        b = high &<< 4 | low
        i &+= 3
      } else {
        i &+= 1
      }
      guard !URLSyntax.isControl(b), validator.feed(b) else { return nil }
      out[count] = b
      count &+= 1
    }
    return validator.isComplete ? count : nil
  }

  /// Decodes %XX once and returns the text, or nil on the same inputs as the array form.
  public static func decode(_ text: Substring) -> String? {
    var out: [UInt8] = []
    var copy = String(text)
    let ok = copy.withUTF8 { decode($0, into: &out) }
    return ok ? String(decoding: out, as: UTF8.self) : nil
  }

  /// Whether `bytes` contains a `%` (so that decoding could change it).
  public static func needsDecoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.contains(0x25)
  }

  /// Encodes every UTF-8 byte of `s` outside `allowing` as `%XX` (uppercase hex), `%` itself included.
  ///
  /// For reverse routing: `encode(value, allowing: .pathSegmentAllowed)` makes one path segment.
  /// The values `.` and `..` stay as they are and are dot segments in a path: a router must refuse
  /// them as path parameters rather than rely on encoding.
  public static func encode(_ s: String, allowing: ByteSet) -> String {
    var allowed = allowing
    if allowed.contains(0x25) { allowed = allowed.subtracting(ByteSet("%")) }
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    for b in s.utf8 {
      if allowed.contains(b) {
        out.append(b)
      } else {
        out.append(0x25)
        out.append(hexDigits[Int(b >> 4)])
        out.append(hexDigits[Int(b & 0x0F)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Encodes the bytes of `bytes[range]` outside `allowing` (Foundation's way: `%` too when outside).
  static func encode(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, allowing: ByteSet, into out: inout [UInt8]
  ) {
    for i in range {
      let b = bytes[i]
      if allowing.contains(b) {
        out.append(b)
      } else {
        out.append(0x25)
        out.append(hexDigits[Int(b >> 4)])
        out.append(hexDigits[Int(b & 0x0F)])
      }
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
