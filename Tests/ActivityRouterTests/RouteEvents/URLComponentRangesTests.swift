import Testing

@testable import RouteEvents

/// `URLComponentRanges` keeps its offsets in 32 bits and its optional parts and flags in bits of
/// their own: every property reads back what was given, through the initializer and through each
/// setter, and two values with the same parts are equal and hash the same however they were made.
@Suite struct URLComponentRangesTests {
  static let ranges: [Range<Int>?] = [nil, 0..<0, 0..<5, 7..<7, 12..<40, 65_536..<65_536, 0..<Int(UInt32.max - 1)]
  static let ports: [Int?] = [nil, 0, 80, 65_535, 70_000, -1, Int.max]

  @Test func everyPartReadsBackWhatWasGiven() {
    for (index, range) in Self.ranges.enumerated() {
      let other = Self.ranges[(index + 3) % Self.ranges.count]
      let port = Self.ports[index % Self.ports.count]
      let flag = index % 2 == 0
      let r = URLComponentRanges(
        scheme: range ?? 0..<1, hasAuthority: flag, user: range, password: other, host: range,
        hostIsIPLiteral: !flag, portText: other, port: port, path: other ?? 3..<4, query: range, fragment: other,
        hostIsASCII: flag)
      #expect(r.scheme == range ?? 0..<1)
      #expect(r.hasAuthority == flag && r.hostIsIPLiteral == !flag && r.hostIsASCII == flag)
      #expect(r.user == range && r.password == other && r.host == range && r.portText == other)
      #expect(r.port == port)
      #expect(r.path == other ?? 3..<4 && r.query == range && r.fragment == other)
    }
  }

  @Test func everySetterSetsItsPartAlone() {
    let start = URLComponentRanges(scheme: 0..<5, path: 5..<9)
    for range in Self.ranges {
      var r = start
      r.user = range
      r.password = range
      r.host = range
      r.portText = range
      r.query = range
      r.fragment = range
      #expect(r.user == range && r.password == range && r.host == range)
      #expect(r.portText == range && r.query == range && r.fragment == range)
      #expect(r.scheme == 0..<5 && r.path == 5..<9 && r.port == nil)
      #expect(!r.hasAuthority && !r.hostIsIPLiteral && r.hostIsASCII)
    }
    for port in Self.ports {
      var r = start
      r.port = port
      #expect(r.port == port)
      r.hasAuthority = true
      r.hostIsIPLiteral = true
      r.hostIsASCII = false
      #expect(r.port == port && r.hasAuthority && r.hostIsIPLiteral && !r.hostIsASCII)
      r.hasAuthority = false
      #expect(r.port == port && !r.hasAuthority && r.hostIsIPLiteral && !r.hostIsASCII)
    }
  }

  @Test func theSamePartsAreEqualHoweverMade() {
    var set = URLComponentRanges(scheme: 0..<5, path: 9..<12)
    set.host = 8..<9
    set.port = 8080
    set.host = nil
    set.port = nil
    set.query = 3..<3
    set.query = nil
    let made = URLComponentRanges(scheme: 0..<5, path: 9..<12)
    #expect(set == made)
    #expect(set.hashValue == made.hashValue)
    var other = made
    other.query = 12..<12
    #expect(other != made)
  }
}
