import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every file `route-cli` writes (`--state`, `--junit`, `test --update`) goes through one
/// writer, `AtomicFile`: a symbolic link is followed to the regular file it names, which gets
/// the content and keeps its mode; a FIFO, a device, a directory or a socket is refused with
/// status 1 and left as it was; a write that fails is status 1; no temporary file stays.
@Suite(.serialized) struct HonestWriteTests {
  /// A command that writes `path` (relative to the directory it runs in).
  enum Writer: String, CaseIterable, CustomTestStringConvertible {
    case state, junit, junitWithUpdate
    var testDescription: String { rawValue }

    func run(writing path: String, in directory: TemporaryDirectory) throws -> RouteCLIRun {
      switch self {
      case .state:
        return runRouteCLI(
          ["route", FixturePaths.notesTable, "--stateful", "--state", path, "notes://tag/a"],
          currentDirectory: directory.path)
      case .junit, .junitWithUpdate:
        let fixture = try directory.write("a.fixture.json", HonestWriteTests.fixture(outcome: "drop"))
        let update = self == .junitWithUpdate ? ["--update"] : []
        return runRouteCLI(["test", fixture, "--junit", path] + update, currentDirectory: directory.path)
      }
    }

    /// Whether `bytes` are what this writer writes.
    func wrote(_ bytes: [UInt8]) -> Bool {
      let text = String(decoding: bytes, as: UTF8.self)
      return self == .state ? text.contains(#""sessions""#) : text.contains("<testsuites")
    }
  }

  static func fixture(outcome: String) -> String {
    """
    {
      "table": "\(FixturePaths.notesTable)",
      "steps": [ { "event": "notes://tag/work", "expect": { "outcome": "\(outcome)" } } ]
    }
    """
  }

  static func files(_ directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode : 0
  }

  /// Something that is not a regular file, made at `path`; its `S_IFMT` type.
  enum Special: String, CaseIterable, CustomTestStringConvertible {
    case fifo, directory, unixSocket, symlinkToFIFO
    var testDescription: String { rawValue }

    func make(at path: String) throws -> mode_t {
      switch self {
      case .fifo:
        try #require(mkfifo(path, 0o644) == 0)
        return S_IFIFO
      case .directory:
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return S_IFDIR
      case .unixSocket:
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
          for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
          }
        }
        try #require(bound == 0, "bind: \(errno)")
        return S_IFSOCK
      case .symlinkToFIFO:
        try #require(mkfifo(path + ".fifo", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".fifo")
        return S_IFIFO
      }
    }
  }

  @Test(arguments: Writer.allCases, Special.allCases)
  func somethingNotARegularFileIsRefusedAndLeftAsItWas(writer: Writer, special: Special) throws {
    let directory = try TemporaryDirectory()
    // A socket path must be short (108 bytes): the socket case runs in a short directory.
    let name = "out"
    let path = directory.path + "/" + name
    let type = try special.make(at: path)
    let before = try Self.files(directory)
    let run = try writer.run(writing: name, in: directory)
    #expect(run.status == .failure, "\(run.stderr)")
    #expect(run.stderr.contains("'\(name)'") && run.stderr.contains("not a regular file"), "\(run.stderr)")
    #expect(Self.mode(path) & S_IFMT == type, "the \(special) is still one")
    #expect(try Self.files(directory).filter { $0 != "a.fixture.json" } == before, "no file added or removed")
  }

  @Test(arguments: Writer.allCases)
  func aSymbolicLinkIsFollowedToTheRealFileWhoseModeIsKept(writer: Writer) throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.path + "/real", withIntermediateDirectories: false)
    let target = try directory.write("real/target", "old content")
    try #require(chmod(target, 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: directory.path + "/out", withDestinationPath: "real/target")
    let run = try writer.run(writing: "out", in: directory)
    #expect(run.status == (writer == .junit ? .failure : .success), "\(run.stderr)")
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/out")
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link stays a link")
    #expect(writer.wrote(try FixturePaths.bytes(target)), "the real file has the new content")
    #expect(Self.mode(target) & 0o7777 == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/real") == ["target"])
  }

  @Test(arguments: Writer.allCases)
  func aRegularFileKeepsItsMode(writer: Writer) throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("out", "old")
    try #require(chmod(file, 0o640) == 0)
    _ = try writer.run(writing: "out", in: directory)
    #expect(writer.wrote(try FixturePaths.bytes(file)))
    #expect(Self.mode(file) & 0o7777 == 0o640)
  }

  @Test(arguments: Writer.allCases)
  func aWriteThatFailsIsStatusOneAndLeavesNothing(writer: Writer) throws {
    let directory = try TemporaryDirectory()
    let before = try Self.files(directory)
    let run = try writer.run(writing: "missing/out", in: directory)
    #expect(run.status == .failure, "\(run.stderr)")
    #expect(run.stderr.contains("cannot write"), "\(run.stderr)")
    #expect(try Self.files(directory).filter { $0 != "a.fixture.json" } == before)
  }

  /// `test --update` on a fixture reached through a symbolic link rewrites the real fixture
  /// and keeps the link and the fixture's mode.
  @Test func updateWritesThroughALinkedFixture() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.path + "/real", withIntermediateDirectories: false)
    let real = try directory.write("real/a.fixture.json", Self.fixture(outcome: "drop"))
    try #require(chmod(real, 0o640) == 0)
    let link = directory.path + "/a.fixture.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/a.fixture.json")
    let run = runRouteCLI(["test", link, "--update"], currentDirectory: directory.path)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(try FixturePaths.text(real).contains(#""outcome": "open""#), "the real fixture is updated")
    let attributes = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(Self.mode(real) & 0o7777 == 0o640)
    #expect(runRouteCLI(["test", link], currentDirectory: directory.path).status == .success)
  }

  /// A temporary file a killed run left (its process is gone) is removed by the next write;
  /// one of a live process is not.
  @Test func theNextWriteRemovesTemporaryFilesOfKilledRuns() throws {
    let directory = try TemporaryDirectory()
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let deadPID = gone.processIdentifier
    try #require(kill(deadPID, 0) != 0 && errno == ESRCH)
    try directory.write("out.tmp-\(deadPID)-1f2e", "{ half")
    try directory.write("out.tmp-\(getpid())-3c4d", "{ a live writer's")
    let run = try Writer.state.run(writing: "out", in: directory)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(try Self.files(directory) == ["out", "out.tmp-\(getpid())-3c4d"])
  }
}
