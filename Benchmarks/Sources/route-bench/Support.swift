import ActivityRouter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A usage or input error: printed to standard error, exit status 2.
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// `--name value` options and `--flag`s after the sub-command.
struct Options {
  private var values: [String: String] = [:]
  private(set) var flags: Set<String> = []

  init(_ arguments: ArraySlice<String>, flags known: Set<String> = []) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("--") else { throw BenchError("unexpected argument '\(argument)'") }
      let name = String(argument.dropFirst(2))
      if known.contains(name) {
        flags.insert(name)
        continue
      }
      guard let value = rest.popFirst() else { throw BenchError("option '\(argument)' needs a value") }
      values[name] = value
    }
  }

  func string(_ name: String) -> String? { values[name] }

  func required(_ name: String) throws -> String {
    guard let value = values[name] else { throw BenchError("missing --\(name)") }
    return value
  }

  func int(_ name: String) throws -> Int? {
    guard let text = values[name] else { return nil }
    guard let value = Int(text.replacingOccurrences("_", "")), value >= 0 else {
      throw BenchError("--\(name) expects a non-negative integer, found '\(text)'")
    }
    return value
  }

  /// Every option name that was given, to refuse unknown ones.
  var names: Set<String> { Set(values.keys).union(flags) }
}

extension String {
  func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
    String(self.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement))
  }
}

/// A route table file, loaded (not compiled: the match benchmark times the compiling).
func loadTable(_ path: String) throws -> RouteTable {
  let loaded = TableLoader.load(contentsOf: path)
  guard let table = loaded.table, !loaded.diagnostics.hasErrors else {
    throw BenchError("'\(path)' does not load (run from the repository root)")
  }
  return table
}

/// A route table file, loaded and compiled.
func loadRouter(_ path: String) throws -> CompiledRouter {
  guard let router = RouteCompiler.compile(try loadTable(path)).router else {
    throw BenchError("'\(path)' does not compile")
  }
  return router
}

/// The whole contents of a file.
func readFile(_ path: String) throws -> [UInt8] {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { throw BenchError("cannot open '\(path)': \(String(cString: strerror(errno)))") }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n < 0 { throw BenchError("cannot read '\(path)': \(String(cString: strerror(errno)))") }
    if n == 0 { break }
    bytes.append(contentsOf: chunk[0..<n])
  }
  return bytes
}

func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

/// The ranges of the non-empty lines of `bytes` (at most `limit`), without their line breaks
/// (`\n`, or `\r\n`): what ``readLines(_:limit:)`` and ``LineBuffer`` read.
///
/// ```swift
/// lineRanges(Array("a\r\n\nb".utf8))   // [0..<1, 4..<5]
/// ```
func lineRanges(_ bytes: [UInt8], limit: Int = .max) -> [Range<Int>] {
  var ranges: [Range<Int>] = []
  var start = 0
  var i = 0
  while i <= bytes.count && ranges.count < limit {
    if i == bytes.count || bytes[i] == UInt8(ascii: "\n") {
      var end = i
      if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      if end > start { ranges.append(start..<end) }
      start = i + 1
    }
    i += 1
  }
  return ranges
}

/// The non-empty lines of a file (at most `limit`), without their line breaks.
func readLines(_ path: String, limit: Int = .max) throws -> [String] {
  let bytes = try readFile(path)
  return lineRanges(bytes, limit: limit).map { String(decoding: bytes[$0], as: UTF8.self) }
}

/// The non-empty lines of a file (at most `limit`), without their line breaks, as the UTF-8 of
/// ``readLines(_:limit:)``'s strings, all in one buffer: reading them allocates the same few
/// blocks for any number of lines, so that callgrind's allocation counts per line (taken from
/// runs of N and 2N lines) count the measured code's alone.
///
/// ```swift
/// let lines = try LineBuffer(reading: "github.cli.urls", limit: 5_000)
/// lines.withLine(0) { print($0.count) }
/// ```
struct LineBuffer {
  private(set) var bytes: [UInt8] = []
  private(set) var ranges: [Range<Int>] = []

  init(reading path: String, limit: Int = .max) throws {
    let file = try readFile(path)
    bytes.reserveCapacity(file.count)
    for range in lineRanges(file, limit: limit) {
      let first = bytes.count
      let line = file[range]
      // ASCII as it is; other bytes as the string `readLines` makes of them (repaired).
      if line.allSatisfy({ $0 < 0x80 }) {
        bytes.append(contentsOf: line)
      } else {
        bytes.append(contentsOf: String(decoding: line, as: UTF8.self).utf8)
      }
      ranges.append(first..<bytes.count)
    }
  }

  var count: Int { ranges.count }

  /// Calls `body` with line `n`'s bytes (0 is the first).
  @inline(__always)
  func withLine<R>(_ n: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[ranges[n]])) }
  }
}

/// Monotonic nanoseconds.
func nanoseconds() -> UInt64 {
  var t = timespec()
  clock_gettime(CLOCK_MONOTONIC, &t)
  return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Bytes the allocator hands out to the program: glibc's `malloc_info` totals (system bytes of
/// every arena plus mmap'd blocks, minus free chunks). 0 where that is unavailable.
func heapBytesInUse() -> Int {
  #if canImport(Glibc)
    var buffer: UnsafeMutablePointer<CChar>? = nil
    var size = 0
    // malloc.h is not part of the Glibc module: look the function up.
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return 0 }
    let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
    guard let stream = open_memstream(&buffer, &size) else { return 0 }
    _ = mallocInfo(0, stream)
    fclose(stream)
    guard let buffer else { return 0 }
    defer { free(buffer) }
    let xml = String(cString: buffer)
    // The last <total .../> and <system type="current" .../> lines are the totals over all arenas.
    var fast = 0
    var rest = 0
    var mmap = 0
    var current = 0
    for line in xml.split(separator: "\n") {
      func size(_ line: Substring) -> Int {
        guard let r = line.firstRange(of: "size=\"") else { return 0 }
        return Int(line[r.upperBound...].prefix { $0 != "\"" }) ?? 0
      }
      if line.contains("<total type=\"fast\"") { fast = size(line) }
      if line.contains("<total type=\"rest\"") { rest = size(line) }
      if line.contains("<total type=\"mmap\"") { mmap = size(line) }
      if line.contains("<system type=\"current\"") { current = size(line) }
    }
    return current + mmap - fast - rest
  #else
    return 0
  #endif
}

/// The resident set size in bytes, from /proc/self/statm (0 where unavailable).
func residentBytes() -> Int {
  guard let text = try? readFile("/proc/self/statm") else { return 0 }
  let fields = String(decoding: text, as: UTF8.self).split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// One line of JSON from ordered key/value pairs (numbers, strings, booleans).
struct JSONLine {
  private var parts: [String] = []

  mutating func add(_ key: String, _ value: Int) { parts.append("\"\(key)\":\(value)") }
  mutating func add(_ key: String, _ value: Bool) { parts.append("\"\(key)\":\(value)") }
  mutating func add(_ key: String, _ value: String) { parts.append("\"\(key)\":\"\(value)\"") }
  mutating func add(_ key: String, _ value: Double, digits: Int = 2) {
    parts.append("\"\(key)\":\(format(value, digits: digits))")
  }

  var text: String { "{" + parts.joined(separator: ",") + "}" }
}

/// A decimal with a fixed number of fraction digits (no Foundation).
func format(_ value: Double, digits: Int) -> String {
  guard value.isFinite else { return "0" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(scaled) - whole * Int(scale)
  var text = (value < 0 ? "-" : "") + String(whole)
  if digits > 0 {
    let f = String(fraction)
    text += "." + String(repeating: "0", count: digits - f.count) + f
  }
  return text
}

func fwriteStderr(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
  write(2, bytes.baseAddress, bytes.count)
}

/// The most memory the process has held (`getrusage`'s maximum resident set, in bytes).
func peakResidentBytes() -> Int {
  var usage = rusage()
  guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
  return Int(usage.ru_maxrss) * 1024
}
