import ActivityRouterTestSupport
import RouterSupport

@testable import RouteMatcher

/// Parameters as the matcher builds them, drawn at random from names and values at the edges of
/// what is kept in place: absent, names and text of 15 and 16 bytes, empty text, integers at
/// their limits, UUIDs, JSON escapes, non-ASCII (a name canonically equal to an ASCII one among
/// them), a name set twice, and values that only an object holds.
///
/// ```swift
/// var rng = SeededGenerator(seed: 17)
/// let parameters = RandomRouteParameters.make(using: &rng)   // 0 to 4 parameters
/// ```
enum RandomRouteParameters {
  static let names = [
    "id", "q", "owner", "number", "K", "\u{212A}", "é", "a-name-15-bytes", "a-name-16-bytes_", "say\"hi",
    "tab\tname", "back\\slash", "",
  ]

  static let texts = [
    "", "a", "note", "fifteen-bytes-x", "sixteen-bytes-xx", #"say "hi""#, "tab\there", "\u{01}", "é ü",
    "日本", "line\u{2028}br", "\u{202E}evil", "a/b?c#d", "12345678901234", "x\\y",
  ]

  static let ints: [Int64] = [0, 1, -1, 9, 10, 42, -42, 1_000_000, Int64.max, Int64.min]

  /// The names of ``names`` a template can use (a parameter name: ASCII letters first).
  static let templateNames = ["id", "q", "owner", "number", "K", "a-name-15-bytes", "a-name-16-bytes_"]

  /// 0 to 4 parameters, set through the builder the way the matcher sets them.
  static func make(using rng: inout SeededGenerator) -> RouteParameters {
    var builder = RouteParameters.Builder()
    for _ in 0..<Int.random(in: 0...4, using: &rng) {
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
