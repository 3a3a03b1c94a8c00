/// Somewhere a command reads bytes from: standard input, or a script of chunks in tests.
///
/// A source reads in chunks and knows nothing of lines (``LineReader`` splits them). Sources
/// tied to an output apply the coprocess rule: before a read that would block, they flush the
/// output, so a program that writes one line and waits gets its answer at once, while a file or
/// a fast pipe is still read, and answered, in large blocks. Once the output is broken (its
/// reader went away) a source reports the end of input, so `route-cli … | head -1` stops reading.
///
/// ```swift
/// var reader = LineReader(source: context.stdin)
/// reader.forEachLine { line in context.stdout.write(line.bytes) }
/// if let failure = reader.readFailure { … }   // EIO, EISDIR, …
/// ```
package protocol InputSource {
  /// Reads at most `buffer.count` bytes into `buffer` and returns how many; 0 means the end
  /// (of the input, after a failure, or because the output is broken).
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int

  /// The read error that ended the input early, or `nil` when it ended normally.
  var failure: SystemError? { get }
}

/// Why ``InputSource/readAll(limit:)`` returned no bytes.
package enum ReadAllError: Error, Hashable, Sendable {
  /// The input is longer than the limit.
  case tooLarge(limit: Int)
  /// A read failed.
  case failed(SystemError)
}

extension InputSource {
  /// Reads everything up to the end, for a file argument given as `-`.
  package mutating func readAll(limit: Int) throws(ReadAllError) -> [UInt8] {
    var bytes: [UInt8] = []
    let chunk = 64 * 1024
    while true {
      let start = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: chunk))
      let count = bytes.withUnsafeMutableBytes { read(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
      bytes.removeLast(chunk - count)
      if let failure { throw .failed(failure) }
      if count == 0 { return bytes }
      if bytes.count > limit { throw .tooLarge(limit: limit) }
    }
  }
}

/// An input source that plays a script of chunks and pauses, for tests.
///
/// Each ``Step/bytes(_:)`` step is delivered by one or more reads, never merged with the next
/// step, so a test controls exactly where chunk boundaries fall. A ``Step/wait`` step stands
/// for "the writer has not written more yet": the source applies the coprocess rule there and
/// flushes its output, as a real source does before a read that would block.
///
/// ```swift
/// let out = MemorySink()
/// let source = MemorySource([.bytes(Array("a\n".utf8)), .wait, .bytes(Array("b\n".utf8))], output: out)
/// ```
struct MemorySource: InputSource {
  /// One step of the script.
  enum Step: Hashable, Sendable {
    /// Bytes that are available to read.
    case bytes([UInt8])
    /// A pause: the next read would block, so the output is flushed first.
    case wait
    /// A read error with this `errno`, which ends the input.
    case fail(Int32)
  }

  /// The sink flushed at each ``Step/wait``, whose breaking ends the input.
  let output: (any OutputSink)?
  /// The scripted read error, once reached.
  private(set) var failure: SystemError?
  private var steps: [Step]
  private var stepIndex = 0
  private var offset = 0

  /// A source that plays `steps` and flushes `output` at each pause.
  init(_ steps: [Step], output: (any OutputSink)? = nil) {
    self.steps = steps
    self.output = output
  }

  /// A source that delivers `bytes` in chunks of the given sizes (the rest as one last chunk).
  init(_ bytes: [UInt8], chunkSizes: [Int], output: (any OutputSink)? = nil) {
    var steps: [Step] = []
    var rest = bytes[...]
    for size in chunkSizes where !rest.isEmpty {
      steps.append(.bytes(Array(rest.prefix(max(size, 1)))))
      rest = rest.dropFirst(max(size, 1))
    }
    if !rest.isEmpty { steps.append(.bytes(Array(rest))) }
    self.init(steps, output: output)
  }

  /// A source that delivers `text` as UTF-8 in one chunk.
  init(_ text: String, output: (any OutputSink)? = nil) {
    self.init([.bytes(Array(text.utf8))], output: output)
  }

  /// Delivers the next bytes of the script, flushing `output` at pauses.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    while stepIndex < steps.count, failure == nil, output?.isBroken != true, !buffer.isEmpty {
      switch steps[stepIndex] {
      case .wait:
        output?.flush()
        stepIndex += 1
      case .fail(let code):
        failure = SystemError(code: code)
      case .bytes(let bytes):
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else {
          stepIndex += 1
          offset = 0
          continue
        }
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
        offset += count
        if offset == bytes.count {
          stepIndex += 1
          offset = 0
        }
        return count
      }
    }
    return 0
  }
}
