import ActivityRouterTestSupport
import Testing

@testable import CommandSupport
@testable import route_cli

/// The mapper contract of docs/scale-out.md: without `--stateful`, `route-cli route` is a line
/// filter, so an input cut into shards anywhere between lines, each shard routed on its own and
/// the outputs concatenated in shard order, gives the records of one run. Line numbers restart
/// in each shard (they count the shard's lines); `--no-line` leaves them out, and then the
/// concatenation is byte for byte the output of one run. `scripts/scale-out-test.sh` checks the
/// same with the built binary on 200,000 lines, GNU parallel and `xargs -P`.
@Suite struct ScaleOutTests {
  /// Lines of every kind: the Notes events (URLs, JSON activities, a refused URL), events with
  /// ids, broken JSON, an empty line, CRLF, invalid UTF-8, a non-ASCII query.
  static func corpus(count: Int, seed: UInt64) throws -> [[UInt8]] {
    var generator = SeededGenerator(seed: seed)
    let events = try FixturePaths.notesEventLines().map { Array($0.utf8) }
    let extras: [[UInt8]] = [
      Array(#"{"id": 17, "url": "notes://search?q=caf%C3%A9"}"#.utf8),
      Array(#"{"id": "x", "url": 5}"#.utf8),
      Array(#"{"id": 3,"#.utf8),
      [],
      Array("notes://tag/crlf\r".utf8),
      [0x6E, 0x6F, 0x74, 0x65, 0x73, 0x3A, 0x2F, 0x2F, 0xFF],  // "notes://" then a byte that is not UTF-8
      Array("notes://search?q=Stra%C3%9Fe&x=ü".utf8),
    ]
    let pool = events + extras
    return (0..<count).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }
  }

  /// Cuts `lines` into shards of random sizes (some of one line).
  static func shards(of lines: [[UInt8]], seed: UInt64) -> [ArraySlice<[UInt8]>] {
    var generator = SeededGenerator(seed: seed &+ 1)
    var result: [ArraySlice<[UInt8]>] = []
    var start = 0
    while start < lines.count {
      let size = generator.next() % 4 == 0 ? 1 : 1 + Int(generator.next() % 120)
      let end = min(start + size, lines.count)
      result.append(lines[start..<end])
      start = end
    }
    return result
  }

  static func stdin<C: Collection<[UInt8]>>(_ lines: C) -> [UInt8] {
    var bytes: [UInt8] = []
    for line in lines { bytes += line + [0x0A] }
    return bytes
  }

  static func run(_ options: [String], _ input: [UInt8]) -> RouteCLIRun {
    runRouteCLI(["route", FixturePaths.notesTableRelative] + options, stdin: [.bytes(input)])
  }

  /// `"line":N,` taken out of a JSON record, or `N: ` off a text record: what `--no-line` writes.
  static func withoutLineNumber(_ record: String, json: Bool) -> (line: Int, rest: String)? {
    let prefix = json ? #"{"line":"# : ""
    guard record.hasPrefix(prefix) else { return nil }
    let afterPrefix = record.dropFirst(prefix.count)
    let digits = afterPrefix.prefix { $0.isASCII && $0.isNumber }
    let separator = json ? "," : ": "
    guard let line = Int(digits), afterPrefix.dropFirst(digits.count).hasPrefix(separator) else { return nil }
    let rest = afterPrefix.dropFirst(digits.count + separator.count)
    return (line, (json ? "{" : "") + rest)
  }

  static let seeds: [UInt64] = [1, 7, 2024]

  @Test(arguments: seeds)
  func shardsConcatenateToTheRecordsOfOneRun(seed: UInt64) throws {
    let lines = try Self.corpus(count: 600, seed: seed)
    let single = Self.run(["--json"], Self.stdin(lines))
    #expect(single.status == .success)
    #expect(single.stdoutLines.count == lines.count)

    var concatenated: [String] = []
    var offset = 0
    for shard in Self.shards(of: lines, seed: seed) {
      let run = Self.run(["--json"], Self.stdin(shard))
      #expect(run.status == .success)
      #expect(run.stdoutLines.count == shard.count, "one record per line in every shard")
      for (index, record) in run.stdoutLines.enumerated() {
        let parts = try #require(Self.withoutLineNumber(record, json: true))
        #expect(parts.line == index + 1, "line numbers count the shard's own lines")
        // Joined back with the shard's offset, the record is the one-run record exactly.
        concatenated.append(#"{"line":\#(offset + parts.line),"# + parts.rest.dropFirst())
      }
      offset += shard.count
    }
    #expect(concatenated == single.stdoutLines)
  }

  @Test(arguments: seeds)
  func withNoLineTheConcatenationIsByteForByteOneRun(seed: UInt64) throws {
    let lines = try Self.corpus(count: 600, seed: seed)
    for json in [true, false] {
      let format = json ? ["--json"] : []
      let single = Self.run(format + ["--no-line"], Self.stdin(lines))
      let numbered = Self.run(format, Self.stdin(lines))
      #expect(single.stdoutLines == numbered.stdoutLines.map { Self.withoutLineNumber($0, json: json)?.rest ?? "?" })

      var concatenated: [UInt8] = []
      for shard in Self.shards(of: lines, seed: seed) {
        let run = Self.run(format + ["--no-line"], Self.stdin(shard))
        #expect(run.status == .success)
        concatenated += run.stdoutBytes
      }
      #expect(concatenated == single.stdoutBytes, json ? "NDJSON" : "text")
    }
  }

  @Test func noLineWorksWithExplainAndArguments() throws {
    let run = runRouteCLI([
      "route", FixturePaths.notesTableRelative, "--json", "--explain", "--no-line", "notes://tag/a",
    ])
    let record = try parseJSONObject(try #require(run.stdoutLines.first))
    #expect(record["line"] == nil)
    #expect(record["trace"] != nil)
    #expect(topLevelKeys(ofJSONLine: run.stdoutLines[0]).first == "input")

    let text = runRouteCLI(["route", FixturePaths.notesTableRelative, "--explain", "--no-line", "notes://tag/a"])
    #expect(text.stdoutLines.first?.hasPrefix("open 'main' (s1) ← route 'tag'") == true)
    #expect(text.stdoutLines.dropFirst().allSatisfy { $0.hasPrefix("   ") }, "the trace keeps its indentation")
  }

  /// The one documented exception: a byte-order mark is dropped only at the start of a stream, so
  /// a line that starts with one reads differently at the start of a shard than inside it.
  @Test func aByteOrderMarkIsDroppedOnlyAtTheStartOfAStream() {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("notes://tag/a".utf8)
    let inside = Self.run(["--json", "--no-line"], Self.stdin([Array("notes://tag/b".utf8), bom]))
    let atStart = Self.run(["--json", "--no-line"], Self.stdin([bom]))
    #expect(inside.stdoutLines.last?.contains(#""outcome":"error""#) == true)
    #expect(atStart.stdoutLines.first?.contains(#""outcome":"open""#) == true)
  }
}
