import ActivityRouterTestSupport
import Foundation
import Testing

/// Every ```` ```swift ```` block of README.md and docs/ compiles: each is type-checked by `swiftc
/// -typecheck -swift-version 6` as top-level code (a `main.swift`) against the `ActivityRouter`
/// module of the build, with the compiler's messages at the page's own lines. An HTML comment just
/// before a block says how it is read:
///
/// - `<!-- swift: continues -->`: it goes on from the page's block before it (the names that block
///   declared are in scope), as a walkthrough reads;
/// - `<!-- swift: alone -->`: a program of its own that the next blocks do not continue (a detour
///   that declares names the walkthrough declares again);
/// - `<!-- swift: given: DECLARATIONS -->` (also `continues, given: …`, `alone, given: …`): the
///   declarations are put before it, for what a snippet takes as given (`let input = [""]`);
/// - `<!-- swift: illustration: WHY -->`: not compiled (app code that needs UIKit or SwiftUI, a
///   fragment of a manifest); the reason is required.
@Suite struct SwiftSnippetsTests {
  struct Program: CustomTestStringConvertible, Sendable {
    var page: String
    var line: Int
    /// The source, with `#sourceLocation` lines that point the compiler at the page.
    var source: String
    var blocks: Int
    var testDescription: String { "\(page):\(line) (\(blocks) block\(blocks == 1 ? "" : "s"))" }
  }

  struct Illustration: Sendable {
    var page: String
    var line: Int
    var reason: String
  }

  static let marker = "<!-- swift: "

  /// The programs of the pages, and the blocks left out as illustrations.
  static let read: (programs: [Program], illustrations: [Illustration]) = {
    var programs: [Program] = []
    var illustrations: [Illustration] = []
    for page in ConsoleBlocksTests.pages {
      var current: Program?
      for block in FencedBlock.blocks(of: page, language: "swift", markerPrefix: marker) {
        var note = block.marker ?? ""
        let first = block.firstLine  // the page's line number of the block's first line
        let body = block.body
        if note.hasPrefix("illustration") {
          let reason = note.dropFirst("illustration".count).drop { $0 == ":" || $0 == " " }
          illustrations.append(Illustration(page: page, line: first - 1, reason: String(reason)))
          continue
        }
        var continues = false
        var alone = false
        var given = ""
        if note.hasPrefix("continues") {
          continues = true
          note = String(note.dropFirst("continues".count).drop { $0 == "," || $0 == " " })
        } else if note.hasPrefix("alone") {
          alone = true
          note = String(note.dropFirst("alone".count).drop { $0 == "," || $0 == " " })
        }
        if note.hasPrefix("given:") { given = String(note.dropFirst("given:".count)) }
        let code =
          (given.isEmpty ? "" : "#sourceLocation(file: \"\(page)\", line: \(first - 2))\n\(given)\n")
          + "#sourceLocation(file: \"\(page)\", line: \(first))\n" + body.joined(separator: "\n") + "\n"
        if alone {
          programs.append(Program(page: page, line: first - 1, source: code, blocks: 1))
        } else if continues, var program = current {
          program.source += code
          program.blocks += 1
          current = program
        } else {
          if let current { programs.append(current) }
          current = Program(page: page, line: first - 1, source: code, blocks: 1)
        }
      }
      if let current { programs.append(current) }
    }
    return (programs, illustrations)
  }()

  /// `swiftc -typecheck` of `source` as a `main.swift` against the built modules.
  static func typecheck(_ source: String) throws -> ProcessRun {
    let modules = URL(fileURLWithPath: try EndToEndTests.routeCLI()).deletingLastPathComponent().path + "/Modules"
    let directory = try TemporaryDirectory()
    try source.write(toFile: directory.path + "/main.swift", atomically: true, encoding: .utf8)
    return try runProcess(
      "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, "main.swift"],
      currentDirectory: directory.path, timeout: 300)
  }

  @Test func thePagesHaveSnippetsAndEveryIllustrationSaysWhy() {
    // A reader that found nothing would pass every snippet.
    #expect(Self.read.programs.contains { $0.page == "README.md" })
    #expect(Self.read.programs.filter { $0.page == "docs/embedding.md" }.map(\.blocks).reduce(0, +) >= 6)
    for illustration in Self.read.illustrations {
      #expect(!illustration.reason.isEmpty, "\(illustration.page):\(illustration.line): an illustration says why")
    }
  }

  @Test(arguments: read.programs)
  func aSnippetCompiles(_ program: Program) throws {
    let run = try Self.typecheck(program.source)
    #expect(run.status == 0, "\(program.testDescription) does not compile:\n\(run.stderr)")
  }

  @Test func aSnippetThatDoesNotCompileFailsAtItsPageLine() throws {
    let run = try Self.typecheck(
      "import ActivityRouter\n#sourceLocation(file: \"docs/example.md\", line: 40)\nlet table: RouteTable = 1\n")
    #expect(run.status != 0)
    #expect(run.stderr.contains("docs/example.md:40:"), "\(run.stderr)")
  }
}
