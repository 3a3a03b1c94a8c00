import ActivityRouter
import ActivityRouterTestSupport
import AppProject
import Foundation
import Testing

/// A project file `route-cli init` reads is bounded by `FileKind.projectFile` (64 MiB,
/// docs/security.md, "Limits"): a file one byte past the limit is not read at all (as a missing
/// file), refused from its size. (Reading 64 MiB at the limit takes about 24 s in a debug
/// build, so the file at the limit is not read here; the reader's limit check is the one
/// `BoundedReadTests` holds at the limit for the AASA and Info.plist kinds.)
@Suite struct ProjectFileLimitTests {
  @Test func aProjectFileOneBytePastTheLimitIsNotRead() throws {
    let limit = FileKind.projectFile.limit
    #expect(limit == 64 << 20)
    let directory = try TemporaryDirectory()
    let small = try directory.write("Small.swift", "// a small file\n")
    let over = try directory.write("Over.swift", "// one byte past it\n")
    // A sparse file: the size without the disk space.
    #expect(truncate(over, off_t(limit + 1)) == 0)
    #expect(ProjectFiles.bytes(small) == Array("// a small file\n".utf8))
    #expect(ProjectFiles.bytes(over) == nil)
    var files = ProjectFiles(root: directory.path, displayRoot: "p")
    #expect(files.text(over) == nil)
    #expect(files.sources.isEmpty)
  }
}
