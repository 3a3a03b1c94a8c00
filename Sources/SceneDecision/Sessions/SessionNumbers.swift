import RouterSupport

/// The ranges of the numbers a session state holds (clock ticks and session numbers), and the
/// arithmetic on them that never overflows.
///
/// A state file, a `--sessions` file or a fixture may hold any integer; the loaders refuse one
/// outside ``range`` with a positioned diagnostic, so a run never starts from a clock or a
/// session number that the next activation would overflow. The library's own arithmetic on
/// them saturates, so a state built in code with `Int.max` cannot crash either.
///
/// ```swift
/// SessionNumbers.range.contains(9_007_199_254_740_991)   // true: 2^53 - 1, exact in any JSON reader
/// SessionNumbers.number(ofID: "s12")                      // 12
/// SessionNumbers.number(ofID: "s+12")                     // nil: only `s` and decimal digits
/// SessionNumbers.successor(of: .max)                      // Int.max: saturates, never traps
/// ```
public enum SessionNumbers {
  /// The largest clock tick or session number a file may hold: 2^53 - 1, the largest integer
  /// every JSON reader (JavaScript's `Number` included) reads exactly. A run that adds one per
  /// line would need 2^63 - 2^53 lines to reach `Int.max` from it.
  public static let maximum = 9_007_199_254_740_991

  /// The integers a file may give as `clock`, `nextSessionNumber`, `created`, `lastActivated`
  /// or as the number of an `s<N>` session id.
  public static let range = 0...maximum

  /// The number of a router-style id `s<N>` (`s` and one or more ASCII digits), if it has
  /// that form and the number fits in an `Int`; nil for any other id.
  public static func number(ofID id: String) -> Int? {
    var utf8 = id.utf8.makeIterator()
    guard utf8.next() == UInt8(ascii: "s") else { return nil }
    var value = 0
    var digits = 0
    while let byte = utf8.next() {
      guard byte &- UInt8(ascii: "0") < 10 else { return nil }
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
      guard !o1, !o2 else { return nil }
      value = sum
      digits += 1
    }
    return digits > 0 ? value : nil
  }

  /// Whether `id` has the form `s<digits>` (whatever the size of the number).
  public static func isNumberedID(_ id: String) -> Bool {
    let utf8 = id.utf8
    guard utf8.count > 1, utf8.first == UInt8(ascii: "s") else { return false }
    return utf8.dropFirst().allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
  }

  /// The id `s<number>` of the session the router numbers `number`: written digit by digit
  /// into the string's own storage (an interpolation allocates its buffer first; an id of up to
  /// 14 digits is a small string, with no allocation at all).
  static func id(_ number: Int) -> String {
    // The first ids are constants: a run opens its windows from `s1` up (a decision on a state
    // with no session, the common one, creates `s1`). Up to seven digits: written into one
    // word, the small string made from it (`SmallASCIIString`). Making one through
    // `String(unsafeUninitializedCapacity:)` cost about 140 instructions, and a table of the
    // first ids, made once, was read through its lazy global's `swift_once` (about 47 a call).
    switch number {
    case 1: return "s1"
    case 2: return "s2"
    case 3: return "s3"
    case 4: return "s4"
    default: break
    }
    if number >= 0 && number < 10_000_000 {
      var n = number
      var digits: UInt64 = 0
      var count = 1
      repeat {
        digits = digits &<< 8 | UInt64(truncatingIfNeeded: 0x30 + n % 10)
        n /= 10
        count += 1
      } while n > 0
      if let id = SmallASCIIString.make(low: digits &<< 8 | 0x73, high: 0, count: count) { return id }
    }
    return made(number)
  }

  /// The id `s<number>`, written digit by digit.
  private static func made(_ number: Int) -> String {
    guard number >= 0 else { return "s\(number)" }
    var digits = 1
    var rest = number / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return String(unsafeUninitializedCapacity: digits + 1) { buffer in
      buffer[0] = UInt8(ascii: "s")
      var n = number
      for i in stride(from: digits, through: 1, by: -1) {
        buffer[i] = UInt8(ascii: "0") + UInt8(n % 10)
        n /= 10
      }
      return digits + 1
    }
  }

  /// `value + 1`, or `value` itself at `Int.max`: ticks and numbers never trap.
  @inline(__always)
  public static func successor(of value: Int) -> Int {
    value == .max ? value : value + 1
  }
}
