import ActivityRouterTestSupport
import Foundation
import Testing

/// Every ```` ```console ```` block of README.md and docs/ is what its commands print: each `$`
/// command (with its `\` continuation lines) runs in bash from the package root with the built
/// `route-cli` first on the PATH (`swift run -q route-cli` is that binary), and what it writes
/// (standard output and standard error, as a terminal shows them) must be the lines under it. A block whose inputs another test makes says so in an HTML
/// comment just before it, `<!-- console: run by Tests/…/SomeTests.swift -->`, and that file must
/// name the command. `/tmp/` in a block stands for a fresh folder of the test's own (a block that
/// writes `/tmp/x` shows a first run). Illustrations use another fence (```` ```sh ````, ```` ``` ````).
@Suite struct ConsoleBlocksTests {
  struct Block: CustomTestStringConvertible, Sendable {
    var page: String
    var line: Int
    var command: String
    var output: [String]
    /// The test file that runs it instead, when the page says so.
    var runBy: String?
    var testDescription: String { "\(page):\(line) $ \(command.prefix(60))" }
  }

  static let pages: [String] = {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: FixturePaths.path("docs"))) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }()

  static let blocks: [Block] = pages.flatMap { page -> [Block] in
    var blocks: [Block] = []
    for fenced in FencedBlock.blocks(of: page, language: "console", markerPrefix: "<!-- console: run by ") {
      let lines = fenced.body
      var current: Block?
      var i = 0
      while i < lines.count {
        if lines[i].hasPrefix("$ ") {
          if let current { blocks.append(current) }
          var command = String(lines[i].dropFirst(2))
          let start = fenced.firstLine + i
          while command.hasSuffix("\\"), i + 1 < lines.count {
            i += 1
            command = String(command.dropLast()) + " " + lines[i].trimmingCharacters(in: .whitespaces)
          }
          current = Block(page: page, line: start, command: command, output: [], runBy: fenced.marker)
        } else {
          current?.output.append(lines[i])
        }
        i += 1
      }
      if let current { blocks.append(current) }
    }
    return blocks
  }

  @Test func thereAreBlocksToRun() {
    // The README's own blocks at least: a parser that finds nothing would pass every block.
    #expect(Self.blocks.filter { $0.page == "README.md" }.count >= 4, "\(Self.blocks.map(\.testDescription))")
  }

  @Test(arguments: blocks)
  func aBlockIsWhatItsCommandPrints(_ block: Block) throws {
    if let runBy = block.runBy {
      let test = try FixturePaths.text(FixturePaths.path(runBy))
      let name = block.command.replacingOccurrences(of: "swift run -q ", with: "")
      #expect(test.contains(name) || test.contains(block.command), "\(runBy) does not run `\(block.command)`")
      return
    }
    let binary = try EndToEndTests.routeCLI()
    let bin = try TemporaryDirectory()
    try FileManager.default.createSymbolicLink(atPath: bin.path + "/route-cli", withDestinationPath: binary)
    let scratch = try TemporaryDirectory()
    let command = block.command.replacingOccurrences(of: "swift run -q route-cli", with: "route-cli")
      .replacingOccurrences(of: "/tmp/", with: scratch.path + "/")
    // What a terminal shows: standard error with standard output, in the order they are written.
    let script = "export PATH=\"\(bin.path):$PATH\"; exec 2>&1; " + command
    let run = try runProcess("/bin/bash", ["-c", script], currentDirectory: FixturePaths.packageRoot)
    let expected = block.output.joined(separator: "\n") + "\n"
    let shown = run.stdout.replacingOccurrences(of: scratch.path + "/", with: "/tmp/")
    #expect(shown == expected, "\(block.page):\(block.line): `\(block.command)` printed:\n\(shown)")
  }
}
