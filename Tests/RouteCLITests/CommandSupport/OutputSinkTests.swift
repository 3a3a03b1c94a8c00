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

@Suite struct OutputSinkTests {
  @Test func writesToAClosedPipeBreakTheSinkWithoutCrashing() throws {
    CommandContext.ignoreBrokenPipeSignal()
    let pipe = try TestPipe()
    close(pipe.read)
    defer { close(pipe.write) }
    let sink = FileDescriptorSink(fd: pipe.write, capacity: 1024)
    sink.write("small\n")
    #expect(sink.failure == nil)  // still buffered
    sink.write(String(repeating: "x", count: 5_000))
    #expect(sink.failure == SystemError.brokenPipe)
    #expect(sink.isBroken)
    sink.write("ignored\n")
    sink.flush()
    #expect(sink.bufferedByteCount == 0)
  }

  @Test(arguments: [1, 7, 1_000, 4_096, 10_000])
  func everyByteArrivesInOrder(writeSize: Int) throws {
    var template = Array("/tmp/route-cli-sink-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    try #require(fd >= 0)
    defer {
      close(fd)
      unlink(template)
    }
    let expected = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
    let sink = FileDescriptorSink(fd: fd, capacity: 4_096)
    var offset = 0
    while offset < expected.count {
      let end = min(offset + writeSize, expected.count)
      sink.write(expected[offset..<end])
      offset = end
    }
    sink.flush()
    #expect(sink.failure == nil)
    var actual = [UInt8](repeating: 0, count: expected.count + 1)
    let count = pread(fd, &actual, actual.count, 0)
    #expect(Array(actual.prefix(max(count, 0))) == expected)
  }

  @Test func stderrStyleSinkFlushesAtNewline() throws {
    let pipe = try TestPipe()
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    let sink = FileDescriptorSink(fd: pipe.write, flushesAtNewline: true)
    sink.write("partial")
    #expect(!isReadable(pipe.read))
    sink.write(" line\n")
    #expect(readLineFrom(pipe.read) == "partial line\n")
  }

  @Test func otherWriteErrorsAreReportedAndFailTheRun() throws {
    let fd = open("/dev/null", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let stderr = MemorySink()
    let context = CommandContext(stdout: FileDescriptorSink(fd: fd), stderr: stderr, stdin: MemorySource([]))
    let status = sampleTool.run(arguments: ["check", "t"], context: context)
    #expect(status == .failure)
    #expect(stderr.text == "error: cannot write to standard output: Bad file descriptor\n")
  }

  @Test func brokenPipeEndsQuietlyWithStatus141() throws {
    CommandContext.ignoreBrokenPipeSignal()
    let pipe = try TestPipe()
    close(pipe.read)
    defer { close(pipe.write) }
    let stderr = MemorySink()
    let context = CommandContext(stdout: FileDescriptorSink(fd: pipe.write), stderr: stderr, stdin: MemorySource([]))
    let status = sampleTool.run(arguments: ["flood", "1000000"], context: context)
    #expect(status == .outputCut, "quietly, but the status says the output was cut")
    #expect(stderr.text.isEmpty)
    #expect(context.stdout.failure == SystemError.brokenPipe)
  }

  @Test func memorySinkSimulatesAReaderThatGoesAway() {
    let (context, _, stderr) = CommandContext.inMemory()
    let stdout = MemorySink(breaksAfter: 14)
    var limited = context
    limited.stdout = stdout
    let status = sampleTool.run(arguments: ["flood", "100"], context: limited)
    #expect(status == .outputCut)
    #expect(stdout.text == "line 1\nline 2\n")
    #expect(stdout.isBroken)
    #expect(stderr.text.isEmpty)
  }

  @Test func memorySinkRecordsFlushes() {
    let sink = MemorySink()
    sink.write([0x61, 0x62])
    sink.flush()
    sink.write("c")
    sink.flush()
    #expect(sink.text == "abc")
    #expect(sink.flushedByteCounts == [2, 3])
  }
}
