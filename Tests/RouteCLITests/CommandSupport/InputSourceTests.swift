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

@Suite struct InputSourceTests {
  /// The coprocess rule over real pipes: the reader answers each line before it blocks again.
  ///
  /// A thread echoes stdin lines to a buffered stdout sink (64 KiB, far more than the answers),
  /// so an answer reaches the output pipe only if the source flushed before blocking. The test
  /// reads each answer before writing the next line, exactly as a coprocess driver does.
  @Test func outputIsFlushedBeforeAReadThatWouldBlock() throws {
    let input = try TestPipe()
    let output = try TestPipe()
    let (inputRead, outputWrite) = (input.read, output.write)
    Thread.detachNewThread {
      let sink = FileDescriptorSink(fd: outputWrite)
      var reader = LineReader(source: FileDescriptorSource(fd: inputRead, output: sink))
      reader.forEachLine { line in
        sink.write("answer to ")
        sink.write(line.bytes)
        sink.write("\n")
      }
      sink.flush()
      close(outputWrite)
      close(inputRead)
    }
    defer { close(output.read) }
    writeAll(input.write, "first\n")
    #expect(readLineFrom(output.read) == "answer to first\n")
    writeAll(input.write, "second\r\n")
    #expect(readLineFrom(output.read) == "answer to second\n")
    close(input.write)
    #expect(readLineFrom(output.read) == "")  // end of file: the thread finished
  }

  @Test func readyInputIsReadWithoutFlushing() throws {
    let pipe = try TestPipe()
    writeAll(pipe.write, "a\nb\nc\n")
    close(pipe.write)
    defer { close(pipe.read) }
    let sink = MemorySink()
    var reader = LineReader(source: FileDescriptorSource(fd: pipe.read, output: sink))
    reader.forEachLine { sink.write($0.bytes) }
    #expect(sink.text == "abc")
    #expect(sink.flushedByteCounts.isEmpty)  // data and end of file were always ready
  }

  @Test func scriptedPauseFlushesWhatWasWrittenSoFar() {
    let (context, stdout, _) = CommandContext.inMemory(stdin: [
      .bytes(Array("one\ntw".utf8)), .wait, .bytes(Array("o\n".utf8)), .wait, .wait, .bytes(Array("three".utf8)),
    ])
    let status = sampleTool.run(arguments: ["route", "t"], context: context)
    #expect(status == .success)
    let header = "table=t events= sessions=none tags= limit=100 json=false color=auto\n"
    #expect(stdout.text == header + "1: one\n2: two\n3: three\n")
    let firstFlush = (header + "1: one\n").utf8.count
    let secondFlush = (header + "1: one\n2: two\n").utf8.count
    // Two pauses, two flushes (plus the tool's final one); the partial "tw" waited for its end.
    #expect(stdout.flushedByteCounts == [firstFlush, secondFlush, secondFlush, stdout.bytes.count])
  }

  @Test func brokenOutputEndsTheInput() throws {
    let pipe = try TestPipe()
    writeAll(pipe.write, "a\nb\n")
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    let sink = MemorySink(breaksAfter: 0)
    sink.write("x")
    var source = FileDescriptorSource(fd: pipe.read, output: sink)
    var buffer = [UInt8](repeating: 0, count: 16)
    #expect(buffer.withUnsafeMutableBytes { source.read(into: $0) } == 0)
  }

  @Test func readErrorsAreKept() throws {
    let fd = open("/", O_RDONLY | O_DIRECTORY)
    try #require(fd >= 0)
    defer { close(fd) }
    var reader = LineReader(source: FileDescriptorSource(fd: fd))
    var count = 0
    reader.forEachLine { _ in count += 1 }
    #expect(count == 0)
    #expect(reader.readFailure == SystemError(code: EISDIR))
  }

  @Test func readAllCollectsChunksAndEnforcesTheLimit() throws {
    var source = MemorySource(Array("abcdefghij".utf8), chunkSizes: [3, 3])
    #expect(try source.readAll(limit: 10) == Array("abcdefghij".utf8))
    var large = MemorySource(Array(repeating: 1, count: 100_000), chunkSizes: [])
    #expect(throws: ReadAllError.tooLarge(limit: 70_000)) { try large.readAll(limit: 70_000) }
    var failing = MemorySource([.bytes([1]), .fail(EIO)])
    #expect(throws: ReadAllError.failed(SystemError(code: EIO))) { try failing.readAll(limit: 10) }
  }
}
