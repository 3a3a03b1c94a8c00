import Testing

@testable import CommandSupport
@testable import route_cli

/// A line as the tests compare it: its number, and its bytes or the length of an over-long line.
struct SeenLine: Hashable, CustomStringConvertible {
  var number: Int
  var bytes: [UInt8]?
  var length: Int

  var description: String {
    bytes.map { "\(number):\(String(decoding: $0, as: UTF8.self).debugDescription)" } ?? "\(number):too long(\(length))"
  }
}

/// Reads every line of `bytes`, delivered in chunks of `chunkSizes`.
func readLines(
  _ bytes: [UInt8], chunkSizes: [Int] = [], lineLimit: Int = LineReader.defaultLineLimit,
  chunkSize: Int = LineReader.defaultChunkSize
) -> (lines: [SeenLine], capacity: Int) {
  var reader = LineReader(
    source: MemorySource(bytes, chunkSizes: chunkSizes), lineLimit: lineLimit, chunkSize: chunkSize)
  var lines: [SeenLine] = []
  reader.forEachLine { line in
    lines.append(SeenLine(number: line.number, bytes: line.isTooLong ? nil : Array(line.bytes), length: line.length))
  }
  return (lines, reader.bufferCapacity)
}

/// The line rules written the obvious way, over the whole input at once.
func referenceLines(_ input: [UInt8], lineLimit: Int) -> [SeenLine] {
  var bytes = input[...]
  if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
  guard !bytes.isEmpty else { return [] }
  let endsWithNewline = bytes.last == 0x0A
  var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
  if endsWithNewline { pieces.removeLast() }
  return pieces.enumerated().map { offset, piece in
    var content = Array(piece)
    let terminated = offset < pieces.count - 1 || endsWithNewline
    if terminated, content.last == 0x0D { content.removeLast() }
    return SeenLine(number: offset + 1, bytes: content.count > lineLimit ? nil : content, length: content.count)
  }
}

@Suite struct LineReaderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var input: [UInt8]
    var lines: [[UInt8]]

    init(_ name: String, _ input: String, _ lines: [String]) {
      self.init(name, Array(input.utf8), lines.map { Array($0.utf8) })
    }

    init(_ name: String, _ input: [UInt8], _ lines: [[UInt8]]) {
      testDescription = name
      self.input = input
      self.lines = lines
    }
  }

  static let cases: [Case] = [
    Case("empty stream has no lines", "", []),
    Case("LF ends a line", "a\nb\n", ["a", "b"]),
    Case("CRLF ends a line", "a\r\nb\r\n", ["a", "b"]),
    Case("mixed LF and CRLF", "a\r\nb\nc\r\n", ["a", "b", "c"]),
    Case("lone CR stays inside the line", "a\rb\n", ["a\rb"]),
    Case("CR before CRLF stays", "a\r\r\n", ["a\r"]),
    Case("CR at the end of the stream stays", "a\r", ["a\r"]),
    Case(
      "U+2028, U+2029 and U+0085 stay inside the line", "a\u{2028}b\u{2029}c\u{85}d\n", ["a\u{2028}b\u{2029}c\u{85}d"]),
    Case("BOM at the start is dropped", "\u{FEFF}a\n", ["a"]),
    Case("BOM alone is an empty stream", "\u{FEFF}", []),
    Case("BOM then newline is one empty line", "\u{FEFF}\n", [""]),
    Case("BOM later in the stream is data", "a\n\u{FEFF}b\n", ["a", "\u{FEFF}b"]),
    Case("only the first of two BOMs is dropped", "\u{FEFF}\u{FEFF}a", ["\u{FEFF}a"]),
    Case("partial BOM is data", [0xEF, 0xBB, 0x41, 0x0A], [[0xEF, 0xBB, 0x41]]),
    Case("partial BOM at the end is data", [0xEF, 0xBB], [[0xEF, 0xBB]]),
    Case("last line without newline is a line", "a\nb", ["a", "b"]),
    Case("trailing newline adds no line", "a\n", ["a"]),
    Case("empty lines are lines", "\n\r\n\n", ["", "", ""]),
    Case("NUL and invalid UTF-8 pass unchanged", [0x61, 0x00, 0xFF, 0xC3, 0x0A], [[0x61, 0x00, 0xFF, 0xC3]]),
  ]

  @Test(arguments: cases, [[], [1], [2, 1, 3]])
  func splitsLines(_ test: Case, chunkSizes: [Int]) {
    let sizes = chunkSizes == [1] ? Array(repeating: 1, count: test.input.count) : chunkSizes
    let lines = readLines(test.input, chunkSizes: sizes, chunkSize: 4).lines
    #expect(lines.map(\.bytes) == test.lines)
    #expect(lines.map(\.number) == Array(1..<test.lines.count + 1))
  }

  @Test func linesAreNumberedFromOne() {
    let lines = readLines(Array("x\ny\nz".utf8)).lines
    #expect(lines.map(\.number) == [1, 2, 3])
  }

  @Test func stringIsNilForInvalidUTF8() {
    var reader = LineReader(source: MemorySource([.bytes([0x61, 0x0A, 0xFF, 0x0A])]))
    var strings: [String?] = []
    reader.forEachLine { strings.append($0.string) }
    #expect(strings == ["a", nil])
  }

  @Test func overLongLineIsReportedAndTheNextLineStillRead() {
    let input = Array(("short\n" + String(repeating: "x", count: 40) + "\nnext\n").utf8)
    let lines = readLines(input, chunkSizes: [3, 5, 7], lineLimit: 8, chunkSize: 4).lines
    #expect(
      lines == [
        SeenLine(number: 1, bytes: Array("short".utf8), length: 5),
        SeenLine(number: 2, bytes: nil, length: 40),
        SeenLine(number: 3, bytes: Array("next".utf8), length: 4),
      ])
  }

  @Test(arguments: [
    ("exactly at the limit", "12345678\n", 8, false),
    ("one past the limit", "123456789\n", 9, true),
    ("at the limit with CRLF", "12345678\r\n", 8, false),
    ("one past with CRLF", "123456789\r\n", 9, true),
    ("one past at the end of the stream", "123456789", 9, true),
    ("lone CR counts", "1234567\r\r\n", 8, false),
    ("long CRLF line: CR not counted", "1234567890123\r\nok", 13, true),
  ])
  func lengthLimit(_ name: String, _ input: String, _ length: Int, _ tooLong: Bool) throws {
    for sizes in [[], Array(repeating: 1, count: input.utf8.count)] {
      let lines = readLines(Array(input.utf8), chunkSizes: sizes, lineLimit: 8, chunkSize: 4).lines
      let first = try #require(lines.first)
      #expect(first.length == length, "\(name)")
      #expect((first.bytes == nil) == tooLong, "\(name)")
    }
  }

  @Test func memoryStaysBoundedForAHugeLine() {
    let limit = 100
    let chunk = 16
    let huge = [UInt8](repeating: 0x78, count: 200_000) + Array("\nok\n".utf8)
    let (lines, capacity) = readLines(
      huge, chunkSizes: Array(repeating: 7, count: 40_000), lineLimit: limit, chunkSize: chunk)
    #expect(
      lines == [
        SeenLine(number: 1, bytes: nil, length: 200_000), SeenLine(number: 2, bytes: Array("ok".utf8), length: 2),
      ])
    // The buffer only grows, so its final size bounds every moment of the run.
    #expect(capacity <= limit + chunk)
  }

  @Test func bufferGrowsForLongLinesWithinTheLimit() {
    let line = [UInt8](repeating: 0x61, count: 1_000)
    let (lines, capacity) = readLines(line + [0x0A], lineLimit: 1_000, chunkSize: 64)
    #expect(lines == [SeenLine(number: 1, bytes: line, length: 1_000)])
    #expect(capacity > 128 && capacity <= 1_064)
  }

  @Test func millionLinesAreCountedInOrder() {
    var input: [UInt8] = []
    input.reserveCapacity(8_000_000)
    for number in 1...1_000_000 { input += Array("\(number)\n".utf8) }
    var reader = LineReader(source: MemorySource(input, chunkSizes: []))
    var count = 0
    var inOrder = true
    reader.forEachLine { line in
      count += 1
      inOrder = inOrder && line.number == count && line.string == String(count)
    }
    #expect(count == 1_000_000)
    #expect(inOrder)
  }

  @Test func aThrowingBodyResumesWithTheNextLine() throws {
    struct Stop: Error {}
    var reader = LineReader(source: MemorySource("a\nb\nc\n"))
    var seen: [String] = []
    #expect(throws: Stop.self) {
      try reader.forEachLine { line in
        seen.append(line.string ?? "")
        if line.number == 2 { throw Stop() }
      }
    }
    reader.forEachLine { seen.append($0.string ?? "") }
    #expect(seen == ["a", "b", "c"])
  }

  @Test func readFailureEndsTheLinesAndIsReported() {
    var reader = LineReader(source: MemorySource([.bytes(Array("a\nb".utf8)), .fail(5)]))
    var seen: [String] = []
    reader.forEachLine { seen.append($0.string ?? "") }
    #expect(seen == ["a", "b"])
    #expect(reader.readFailure == SystemError(code: 5))
  }
}
