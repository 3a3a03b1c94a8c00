/// A JSON number that keeps its literal text.
///
/// The text is kept exactly as written, so a number survives a read and a write unchanged
/// (`1.50` stays `1.50`, `1e3` stays `1e3`). Two numbers are equal when they denote the same
/// value: integers compare exactly, everything else compares as `Double`.
///
/// ```swift
/// let price = JSONNumber(text: "1.50")   // text "1.50"
/// price?.doubleValue                     // 1.5
/// JSONNumber(text: "3e0")?.int64Value    // 3
/// JSONNumber(text: "01")                 // nil: leading zeros are not JSON
/// JSONNumber(Double.nan)                 // nil: JSON has no NaN
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The number as written, for example `1.50`, `-3` or `1e3`; always valid RFC 8259 number text.
  public let text: String

  /// Creates a number from its literal text; `nil` unless `text` follows the RFC 8259 number grammar.
  public init?(text: String) {
    var copy = text
    let valid = copy.withUTF8 { bytes in
      let scan = JSONNumberGrammar.scan(bytes, from: 0)
      return scan.error == nil && scan.end == bytes.count
    }
    guard valid else { return nil }
    self.text = copy
  }

  /// Creates a number from text the caller has already checked against the grammar.
  init(uncheckedText: String) {
    self.text = uncheckedText
  }

  /// Creates an integer number; the text is its decimal form.
  public init(_ value: Int64) {
    self.text = String(value)
  }

  /// Creates an integer number; the text is its decimal form.
  public init(_ value: Int) {
    self.text = String(value)
  }

  /// Creates a number from a `Double`; `nil` if the value is infinite or NaN, which JSON cannot express.
  ///
  /// The text is the shortest form that reads back as the same `Double` (Swift's `description`),
  /// so `1.0` is written `1.0` and `1e16` is written `1e+16`.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    let text = value.description
    guard let number = JSONNumber(text: text) else { return nil }
    self = number
  }

  /// The literal text.
  public var description: String { text }

  /// The exact value as an `Int64`, if the number is integral and fits.
  ///
  /// `3`, `3.0`, `30e-1` and `0.3e1` are all 3; `3.5` and `1e19` are `nil`.
  public var int64Value: Int64? {
    var copy = text
    return copy.withUTF8 { JSONNumberGrammar.exactInt64($0) }
  }

  /// The value as the nearest `Double` (infinite if the magnitude is too large for a `Double`).
  public var doubleValue: Double {
    Double(text) ?? .nan
  }

  /// Whether two numbers denote the same value: exactly if both are `Int64`s, else as `Double`s.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    if lhs.text == rhs.text { return true }
    if let left = lhs.int64Value, let right = rhs.int64Value { return left == right }
    return lhs.doubleValue == rhs.doubleValue
  }

  /// Hashes the `Double` value, which equal numbers always share.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(doubleValue)
  }
}

/// The RFC 8259 number grammar over UTF-8 bytes, shared by ``JSONNumber`` and ``JSONParser``.
enum JSONNumberGrammar {
  /// The result of scanning one number: where it ends, or what is wrong and where.
  struct Scan {
    var end: Int
    var error: (message: String, offset: Int)?
  }

  /// Scans `number = [ minus ] int [ frac ] [ exp ]` starting at `start`.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Scan {
    let count = bytes.count
    var index = start
    if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < count, isDigit(bytes[index]) else {
      let what = index > start ? "after '-'" : "at the start of a number"
      return Scan(end: index, error: ("expected a digit \(what)", index))
    }
    if bytes[index] == UInt8(ascii: "0") {
      if index + 1 < count, isDigit(bytes[index + 1]) {
        return Scan(end: index, error: ("leading zeros are not allowed", index))
      }
      index += 1
    } else {
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < count, isDigit(bytes[index]) else {
        return Scan(end: index, error: ("expected a digit after '.' in a number", index))
      }
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < count, isDigit(bytes[index]) else {
        return Scan(end: index, error: ("expected a digit in the exponent of a number", index))
      }
      while index < count, isDigit(bytes[index]) { index += 1 }
    }
    return Scan(end: index, error: nil)
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  /// The exact integer value of valid number text, if it is integral and fits in an `Int64`.
  static func exactInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    var index = 0
    let count = bytes.count
    let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    // Mantissa digits (integer and fraction part), with the positions of the first and last non-zero digit.
    var digitCount = 0
    var fractionDigits = 0
    var firstNonZero = -1
    var lastNonZero = -1
    var inFraction = false
    while index < count {
      let byte = bytes[index]
      if isDigit(byte) {
        if byte != UInt8(ascii: "0") {
          if firstNonZero < 0 { firstNonZero = digitCount }
          lastNonZero = digitCount
        }
        digitCount += 1
        if inFraction { fractionDigits += 1 }
      } else if byte == UInt8(ascii: ".") {
        inFraction = true
      } else {
        break
      }
      index += 1
    }
    guard firstNonZero >= 0 else { return 0 }
    var exponent = 0
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      let cap = 1 << 40
      while index < count, isDigit(bytes[index]) {
        exponent = min(cap, exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")))
        index += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    let trailingZeros = digitCount - 1 - lastNonZero
    let significant = lastNonZero - firstNonZero + 1
    let scale = exponent - fractionDigits + trailingZeros
    guard scale >= 0, significant + scale <= 19 else { return nil }
    // Accumulate the significant digits (at most 19, so they fit in a UInt64).
    var magnitude: UInt64 = 0
    var digitIndex = 0
    index = negative ? 1 : 0
    while digitIndex <= lastNonZero, index < count {
      let byte = bytes[index]
      index += 1
      guard isDigit(byte) else { continue }
      if digitIndex >= firstNonZero { magnitude = magnitude * 10 + UInt64(byte &- UInt8(ascii: "0")) }
      digitIndex += 1
    }
    for _ in 0..<scale {
      let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      magnitude = product
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else { return nil }
    return Int64(magnitude)
  }
}
