import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every file is read by one bounded reader (`BoundedFileReader`) with the limit of its kind,
/// and only when it is a regular file: a FIFO (which would hang the read) or a device (which
/// may never end) named as a table, an Info.plist, an AASA file, a fixture, a fixture's table
/// or sessions, or a `--sessions` file is a clear error naming the file. `route-cli` runs as a
/// child process with a timeout, so a hang is seen.
@Suite struct BoundedReadTests {
  /// Where a file is named.
  enum Place: String, CaseIterable, CustomTestStringConvertible {
    case table, infoPlist, aasa, sessions, fixture, fixtureTable, fixtureSessions
    var testDescription: String { rawValue }

    var kind: String {
      switch self {
      case .table, .fixtureTable: "the route table"
      case .infoPlist: "the property list"
      case .aasa: "the apple-app-site-association file"
      case .sessions, .fixtureSessions: "the session state"
      case .fixture: "the fixture"
      }
    }
  }

  /// A directory with the Notes table (`notes.json`, naming `Info.plist` and `aasa` beside it)
  /// and a fixture on it; `name` is the file under test, which the caller makes.
  static func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let table = try FixturePaths.text(FixturePaths.notesTable)
      .replacingOccurrences(of: "../Apps/Notes/Info.plist", with: "Info.plist")
      .replacingOccurrences(of: "../Apps/Notes/apple-app-site-association", with: "aasa")
    try directory.write("notes.json", table)
    try directory.write("Info.plist", try FixturePaths.bytes(FixturePaths.path("Fixtures/Apps/Notes/Info.plist")))
    try directory.write(
      "aasa", try FixturePaths.bytes(FixturePaths.path("Fixtures/Apps/Notes/apple-app-site-association")))
    return directory
  }

  /// The command that reads the file of `place`, which is `file` in the directory.
  static func arguments(_ place: Place, file: String, in directory: TemporaryDirectory) throws -> [String] {
    let step = #"{ "event": "notes://tag/a", "expect": { "outcome": "open" } }"#
    switch place {
    case .table: return ["route", file, "notes://tag/a"]
    case .infoPlist, .aasa: return ["route", "notes.json", "notes://tag/a"]
    case .sessions: return ["route", "notes.json", "--sessions", file, "notes://tag/a"]
    case .fixture: return ["test", file]
    case .fixtureTable:
      try directory.write("t.fixture.json", #"{ "table": "\#(file)", "steps": [\#(step)] }"#)
      return ["test", "t.fixture.json"]
    case .fixtureSessions:
      try directory.write("t.fixture.json", #"{ "table": "notes.json", "sessions": "\#(file)", "steps": [\#(step)] }"#)
      return ["test", "t.fixture.json"]
    }
  }

  /// The name of the file under test in the directory.
  static func name(_ place: Place) -> String {
    switch place {
    case .infoPlist: "Info.plist"
    case .aasa: "aasa"
    default: "input"
    }
  }

  static func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> ProcessRun {
    try runProcess(try EndToEndTests.routeCLI(), arguments, currentDirectory: directory.path, timeout: 60)
  }

  @Test(arguments: Place.allCases)
  func aFIFOIsRefusedNotWaitedOn(place: Place) throws {
    let directory = try Self.directory()
    let name = Self.name(place)
    unlink(directory.path + "/" + name)
    try #require(mkfifo(directory.path + "/" + name, 0o644) == 0)
    let run = try Self.run(try Self.arguments(place, file: name, in: directory), in: directory)
    let output = run.stderr + run.stdout
    #expect(run.status == 1, "\(place): status \(run.status) \(output)")
    #expect(output.contains("cannot read \(place.kind) '"), "\(place): \(output)")
    #expect(output.contains("it is a FIFO, not a regular file"), "\(place): \(output)")
  }

  @Test(arguments: Place.allCases)
  func aDeviceIsRefusedNotRead(place: Place) throws {
    let directory = try Self.directory()
    let name = Self.name(place)
    unlink(directory.path + "/" + name)
    // A link to /dev/zero, which never ends: the reader sees the device through it.
    try FileManager.default.createSymbolicLink(atPath: directory.path + "/" + name, withDestinationPath: "/dev/zero")
    let run = try Self.run(try Self.arguments(place, file: name, in: directory), in: directory)
    let output = run.stderr + run.stdout
    #expect(run.status == 1, "\(place): status \(run.status) \(output)")
    #expect(output.contains("it is a character device, not a regular file"), "\(place): \(output)")
  }

  /// The limits of the files a table names, at the limit and one past it. (An Info.plist of
  /// 8 MiB takes Foundation's parser seconds in a debug build: past the limit only, which is
  /// refused from its size.)
  @Test(arguments: [(Place.aasa, 128 << 10), (Place.infoPlist, 8 << 20)])
  func aFileTheTableNamesIsReadWithTheLimitOfItsKind(place: Place, limit: Int) throws {
    let directory = try Self.directory()
    let path = directory.path + "/" + Self.name(place)
    var bytes = try FixturePaths.bytes(path)
    // Padding after the document: the file still parses, as JSON or as an XML plist.
    bytes += [UInt8](repeating: 0x20, count: limit - bytes.count)
    try directory.write(Self.name(place), bytes)
    if place == .aasa {
      let atLimit = try Self.run(try Self.arguments(place, file: "", in: directory), in: directory)
      #expect(atLimit.status == 0, "\(place) at \(limit) bytes: \(atLimit.stderr)")
    }
    try directory.write(Self.name(place), bytes + [0x20])
    let past = try Self.run(try Self.arguments(place, file: "", in: directory), in: directory)
    #expect(past.status == 1, "\(place) at \(limit + 1) bytes")
    let units = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
    #expect(
      past.stderr.contains(
        "notes.json:\(place == .aasa ? 10 : 8):"), "the error is where the table names the file: \(past.stderr)")
    #expect(
      past.stderr.contains(
        "cannot read \(place.kind) '\(Self.name(place))': it is larger than \(limit) bytes (\(units))"),
      "\(past.stderr)")
  }

  /// A fixture is read with the 16 MiB bound of JSON files, without reading past it.
  @Test func aFixtureIsReadWithABound() throws {
    let directory = try Self.directory()
    let file = directory.path + "/big.fixture.json"
    // A sparse 200 MiB file: refused from its size alone, before any byte is read.
    let fd = open(file, O_WRONLY | O_CREAT, 0o644)
    try #require(fd >= 0 && ftruncate(fd, 200 << 20) == 0)
    close(fd)
    let run = try Self.run(["test", file], in: directory)
    #expect(run.status == 1)
    #expect(
      run.stdout.contains("cannot read the fixture '\(file)': it is larger than 16777216 bytes (16 MiB)"),
      "\(run.stdout)")
  }

  /// The reader stops at the limit plus one byte even when the size `fstat` gave was smaller
  /// (a file that grows while it is read), and reads a file of exactly the limit.
  @Test func theReaderChecksTheLimitWhileReadingToo() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("f", [UInt8](repeating: 0x41, count: 1000))
    #expect(try BoundedFileReader.read(file, limit: 1000).get().count == 1000)
    guard case .failure(.tooLarge(limit: 999)) = BoundedFileReader.read(file, limit: 999) else {
      Issue.record("a file one byte over the limit was read")
      return
    }
    // /proc files say they have size 0 and have more: the check while reading holds them.
    guard case .failure(.tooLarge(limit: 8)) = BoundedFileReader.read("/proc/self/status", limit: 8) else {
      Issue.record("a file larger than its fstat size was read past the limit")
      return
    }
    #expect(try BoundedFileReader.read("/proc/self/status", limit: 1 << 20).get().count > 8)
  }

  /// A file is read into the buffer reserved at its `fstat` size, the read that finds its end
  /// included: the bytes are the file's, and the buffer is not reallocated at twice the size
  /// (a 15 MB table used to take a 30 MB buffer, and both while the bytes were copied).
  @Test(arguments: [0, 1, 1000, 65_535, 65_536, 65_537, 3 * 65_536, 300_001])
  func aFileIsReadIntoTheBufferOfItsSize(size: Int) throws {
    let directory = try TemporaryDirectory()
    let written = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
    let file = try directory.write("f", written)
    let bytes = try BoundedFileReader.read(file, limit: 1 << 20).get()
    #expect(bytes == written)
    // The reserve is the size plus one byte; the allocator may round it up (to a page at most).
    #expect(bytes.capacity <= size + 4096 + 64, "capacity \(bytes.capacity) for \(size) bytes")
  }
}
