import ActivityRouterTestSupport
import RouterSupport

@testable import RouteMatcher

/// Parameters as the matcher builds them, drawn at random from names and values at the edges of
/// what is kept in place: absent, names of 15 and 16 bytes, text of 0 to 40 bytes, integers at
/// their limits, UUIDs, JSON escapes, non-ASCII (a name canonically equal to an ASCII one among
/// them), a name set twice, and values that only an object holds.
///
/// ```swift
/// var rng = SeededGenerator(seed: 17)
/// let parameters = RandomRouteParameters.make(using: &rng)   // 0 to 5 parameters
/// ```
enum RandomRouteParameters {
  static let names = [
    "id", "q", "owner", "number", "K", "\u{212A}", "é", "a-name-15-bytes", "a-name-16-bytes_", "say\"hi",
    "tab\tname", "back\\slash", "",
  ]

  static let texts = [
    "", "a", "note", "fifteen-bytes-x", "sixteen-bytes-xx", #"say "hi""#, "tab\there", "\u{01}", "é ü",
    "日本", "line\u{2028}br", "\u{202E}evil", "a/b?c#d", "12345678901234", "x\\y",
    "a-text-of-thirty-one-bytes-long", "forty-bytes-of-text-forty-bytes-of-text!", "thirty \"quoted\" bytes\there!",
    "naïve café résumé 日本語",
  ]

  static let ints: [Int64] = [0, 1, -1, 9, 10, 42, -42, 1_000_000, Int64.max, Int64.min]

  /// The names of ``names`` a template can use (a parameter name: ASCII letters first).
  static let templateNames = ["id", "q", "owner", "number", "K", "a-name-15-bytes", "a-name-16-bytes_"]

  /// 0 to 5 parameters, set through the builder the way the matcher sets them.
  static func make(using rng: inout SeededGenerator) -> RouteParameters {
    var builder = RouteParameters.Builder()
    for _ in 0..<Int.random(in: 0...5, using: &rng) {
      let name = names.randomElement(using: &rng)!
      switch Int.random(in: 0..<10, using: &rng) {
      case 0...3: set(&builder, name, text: texts.randomElement(using: &rng)!)
      case 4...5: set(&builder, name, .int(ints.randomElement(using: &rng)!))
      case 6...7:
        let high = Bool.random(using: &rng) ? rng.next() : [0, UInt64.max].randomElement(using: &rng)!
        set(&builder, name, .uuid(high: high, low: rng.next()))
      case 8: builder.set(name, json: [.null, .bool(true), 1.5, ["a", 2]].randomElement(using: &rng)!)
      default: builder.set(name, json: .string(texts.randomElement(using: &rng)!))
      }
    }
    return builder.build()
  }

  static func set(_ builder: inout RouteParameters.Builder, _ name: String, _ value: RouteParameters.InlineValue) {
    var name = name
    name.withUTF8 { builder.set(RouteParameters.Builder.Name($0), value) }
  }

  static func set(_ builder: inout RouteParameters.Builder, _ name: String, text: String) {
    var name = name
    var text = text
    name.withUTF8 { n in text.withUTF8 { builder.set(RouteParameters.Builder.Name(n), text: $0) } }
  }
}

/// Parameters of distinct ASCII names set through the builder, with the object `JSONObject`'s
/// subscript makes of them (what they must read as): names and text values of every length
/// from 0 to 40 bytes, integers, UUIDs, text that needs an escape or is not ASCII.
///
/// ```swift
/// let (parameters, object) = SizedRouteParameters.make([(3, .text(20)), (5, .int(7))])
/// ```
enum SizedRouteParameters {
  /// A value to set: text of a length (`escape`: with a quote; `ascii` false: with "é"), an
  /// integer or a UUID.
  enum Value {
    case text(Int, escape: Bool = false, ascii: Bool = true)
    case int(Int64)
    case uuid(UInt64, UInt64)
  }

  /// A distinct name of `length` bytes for parameter `k`.
  static func name(_ k: Int, length: Int) -> String {
    guard length > 0 else { return "" }
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return String(letters[k % 26]) + String((1..<length).map { letters[($0 &+ k) % 26] })
  }

  /// Text of `length` bytes.
  static func text(_ length: Int, escape: Bool, ascii: Bool, seed: Int) -> String {
    var bytes = (0..<length).map { UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ($0 &+ seed) % 43) }
    if escape && length > 0 { bytes[length / 2] = UInt8(ascii: "\"") }
    if !ascii && length >= 2 { bytes.replaceSubrange(length - 2..<length, with: [0xC3, 0xA9]) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The parameters `(name length, value)` set in order through the builder, and the object
  /// they read as. (Names of length 0 are distinct only once: the empty name is used once.)
  static func make(_ spec: [(Int, Value)]) -> (RouteParameters, JSONObject) {
    var builder = RouteParameters.Builder(expected: spec.count)
    var object = JSONObject()
    for (k, (length, value)) in spec.enumerated() {
      let name = Self.name(k, length: length)
      switch value {
      case .text(let n, let escape, let ascii):
        let text = Self.text(n, escape: escape, ascii: ascii, seed: k)
        RandomRouteParameters.set(&builder, name, text: text)
        object[name] = .string(text)
      case .int(let n):
        RandomRouteParameters.set(&builder, name, .int(n))
        object[name] = .number(JSONNumber(n))
      case .uuid(let high, let low):
        RandomRouteParameters.set(&builder, name, .uuid(high: high, low: low))
        object[name] = .string(RouteParameters.InlineValue.uuidText(high, low))
      }
    }
    return (builder.build(), object)
  }

  /// Specs of 0 to 5 parameters: every count with names and text values of every length from 0
  /// to 40 (in turn), integers and UUIDs among them, some text with an escape or not ASCII.
  static func specs() -> [[(Int, Value)]] {
    var specs: [[(Int, Value)]] = [[]]
    for count in 1...5 {
      for length in 0...40 {
        for variant in 0..<4 {
          specs.append(
            (0..<count).map { k in
              let nameLength = k == 0 && variant == 0 ? min(length, 17) : (length &+ 3 &* k) % 16 | (k == 0 ? 0 : 1)
              let value: Value
              switch (k &+ variant) % 4 {
              case 0: value = .text(length, escape: variant == 1, ascii: variant != 2)
              case 1: value = .int(Int64(length) &* 1_000_003 &- 7)
              case 2: value = .uuid(UInt64(length) &* 0x9E37_79B9_7F4A_7C15, ~UInt64(length))
              default: value = .text((length &+ 7 &* k) % 41, escape: variant == 3)
              }
              return (nameLength, value)
            })
        }
      }
    }
    return specs
  }
}
