import Testing

@testable import SceneDecision

/// A new session's id (`SessionNumbers.id(_:)`, written into one word and made a small string
/// for up to seven digits) held to the interpolation `"s\(number)"` on every number up to
/// 20,000, every power of ten's neighbours, the seven-digit edge and the extremes.
@Suite struct SessionNumbersIDTests {
  @Test func idsAreTheInterpolatedNumbers() {
    var numbers = Array(0...20_000) + [-1, -10, Int.min, Int.max, 9_999_999, 10_000_000, 10_000_001]
    var power = 1
    while power <= 1_000_000_000_000_000_000 {
      numbers += [power - 1, power, power + 1]
      if power > Int.max / 10 { break }
      power *= 10
    }
    for number in numbers {
      let id = SessionNumbers.id(number)
      #expect(id == "s\(number)", "\(number)")
      #expect(Array(id.utf8) == Array("s\(number)".utf8), "\(number)")
      #expect(SessionNumbers.number(ofID: id) == (number >= 0 ? number : nil), "\(number)")
    }
  }
}
