/// Punycode (RFC 3492): the Bootstring encoding that turns a Unicode host label into ASCII.
///
/// These functions work on one label without its `xn--` prefix; ``IDNA`` adds the prefix and the
/// mapping. The buffer-based forms allocate nothing and are what the URL reader uses; the `String`
/// forms are conveniences.
///
/// ```swift
/// Punycode.encode("bücher")      // "bcher-kva"
/// Punycode.decode("bcher-kva")   // "bücher"
/// ```
public enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 128
  private static let limit = 0x7FFF_FFFF

  /// Encodes the code points of one label; nil only if the label is absurdly long (overflow).
  public static func encode(_ label: String) -> String? {
    let scalars = label.unicodeScalars.map(\.value)
    var out: [UInt8] = []
    let ok = scalars.withUnsafeBufferPointer { encode($0) { out.append($0) } }
    return ok ? String(decoding: out, as: UTF8.self) : nil
  }

  /// Decodes one label; nil when `ascii` is not valid Punycode.
  public static func decode(_ ascii: String) -> String? {
    let bytes = Array(ascii.utf8)
    let capacity = max(bytes.count, 1)
    let decoded: String? = bytes.withUnsafeBufferPointer { input in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { output in
        guard let count = decode(input, 0..<input.count, into: output) else { return nil }
        var text = String.UnicodeScalarView()
        for value in output[0..<count] {
          guard let scalar = Unicode.Scalar(value) else { return nil }
          text.append(scalar)
        }
        return String(text)
      }
    }
    return decoded
  }

  /// Encodes `input` (code points), passing each output byte to `emit`; false on overflow.
  public static func encode(_ input: UnsafeBufferPointer<UInt32>, _ emit: (UInt8) -> Void) -> Bool {
    var basicCount = 0
    for c in input where c < 0x80 {
      emit(UInt8(truncatingIfNeeded: c))
      basicCount &+= 1
    }
    if basicCount > 0 { emit(0x2D) }
    var n = initialN
    var delta = 0
    var bias = initialBias
    var handled = basicCount
    while handled < input.count {
      var next = Int.max
      for c in input where Int(c) >= n && Int(c) < next { next = Int(c) }
      let increment = (next &- n).multipliedReportingOverflow(by: handled &+ 1)
      guard !increment.overflow, delta <= limit &- increment.partialValue else { return false }
      delta &+= increment.partialValue
      n = next
      for c in input {
        if Int(c) < n {
          delta &+= 1
          guard delta <= limit else { return false }
        }
        if Int(c) == n {
          var q = delta
          var k = base
          while true {
            let t = k <= bias ? tMin : (k >= bias &+ tMax ? tMax : k &- bias)
            if q < t { break }
            emit(digit(t &+ (q &- t) % (base &- t)))
            q = (q &- t) / (base &- t)
            k &+= base
          }
          emit(digit(q))
          bias = adapt(delta, handled &+ 1, handled == basicCount)
          delta = 0
          handled &+= 1
        }
      }
      delta &+= 1
      n &+= 1
    }
    return true
  }

  /// Decodes `input[range]` (ASCII, case-insensitive digits) into code points in `output`.
  ///
  /// Returns the count, or nil when the input is invalid or does not fit in `output`.
  public static func decode(
    _ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: UnsafeMutableBufferPointer<UInt32>
  ) -> Int? {
    var basicEnd = range.lowerBound
    var k = range.upperBound
    while k > range.lowerBound {
      k &-= 1
      if input[k] == 0x2D {
        basicEnd = k
        break
      }
    }
    var count = 0
    var p = range.lowerBound
    while p < basicEnd {
      guard input[p] < 0x80, count < output.count else { return nil }
      output[count] = UInt32(input[p])
      count &+= 1
      p &+= 1
    }
    p = basicEnd > range.lowerBound ? basicEnd &+ 1 : range.lowerBound
    var n = initialN
    var i = 0
    var bias = initialBias
    while p < range.upperBound {
      let oldI = i
      var w = 1
      var k = base
      while true {
        guard p < range.upperBound, let d = digitValue(input[p]) else { return nil }
        p &+= 1
        let product = d.multipliedReportingOverflow(by: w)
        guard !product.overflow, i <= limit &- product.partialValue else { return nil }
        i &+= product.partialValue
        let t = k <= bias ? tMin : (k >= bias &+ tMax ? tMax : k &- bias)
        if d < t { break }
        let weight = w.multipliedReportingOverflow(by: base &- t)
        guard !weight.overflow, weight.partialValue <= limit else { return nil }
        w = weight.partialValue
        k &+= base
      }
      bias = adapt(i &- oldI, count &+ 1, oldI == 0)
      n &+= i / (count &+ 1)
      i %= count &+ 1
      guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n), n >= 0x80, count < output.count else { return nil }
      var m = count
      while m > i {
        output[m] = output[m &- 1]
        m &-= 1
      }
      output[i] = UInt32(n)
      count &+= 1
      i &+= 1
    }
    return count
  }

  private static func adapt(_ delta: Int, _ numPoints: Int, _ firstTime: Bool) -> Int {
    var delta = firstTime ? delta / damp : delta / 2
    delta &+= delta / numPoints
    var k = 0
    while delta > ((base &- tMin) &* tMax) / 2 {
      delta /= base &- tMin
      k &+= base
    }
    return k &+ ((base &- tMin &+ 1) &* delta) / (delta &+ skew)
  }

  private static func digit(_ d: Int) -> UInt8 {
    d < 26 ? UInt8(truncatingIfNeeded: d &+ 0x61) : UInt8(truncatingIfNeeded: d &- 26 &+ 0x30)
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x61...0x7A: return Int(byte &- 0x61)
    case 0x41...0x5A: return Int(byte &- 0x41)
    case 0x30...0x39: return Int(byte &- 0x30) &+ 26
    default: return nil
    }
  }
}
