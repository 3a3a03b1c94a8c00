import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// `{n:int}` takes any `-?[0-9]+` whose value fits in 64 bits, as docs/table-format.md says:
/// leading zeros do not count towards the 19 digits of `Int64.max`, and the value is the number.
@Suite struct IntParameterTests {
  static let cases: [(String, Int64?)] = [
    ("42", 42), ("00000000000000000042", 42), ("-00000000000000000042", -42),
    ("0009223372036854775807", .max), ("-0009223372036854775808", .min), (String(repeating: "0", count: 500), 0),
    ("9223372036854775808", nil), ("00009223372036854775808", nil), ("10000000000000000000", nil), ("-", nil),
    ("", nil), ("0x1", nil), ("+1", nil),
  ]

  @Test(arguments: cases)
  func aValueFittingSixtyFourBitsIsTaken(text: String, value: Int64?) throws {
    let router = try TestTables.router([("order", "notes://order/{n:int}"), ("other", "notes://order/{s}")])
    let event = try EventReader.read(line: "notes://order/\(text)").get()
    let decision = DecisionEngine.decide(event, router: router)
    if let value {
      #expect(decision.match?.routeName == "order", "\(text.prefix(30))")
      #expect(decision.match?.parameters["n"] == .number(JSONNumber(value)), "\(text.prefix(30))")
      // The plans write it as the full path does.
      var lines = LineRouter(router: router)
      var fast: [UInt8] = []
      for _ in 0..<3 { lines.route(line: 1, text: "notes://order/\(text)", into: &fast) }
      let records = String(decoding: fast, as: UTF8.self).split(separator: "\n")
      #expect(Set(records).count == 1 && records[0].contains(#""params":{"n":\#(value)}"#), "\(records.first ?? "")")
    } else {
      #expect(decision.match?.routeName != "order", "\(text.prefix(30))")
    }
  }
}
