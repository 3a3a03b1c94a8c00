#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A position in a source text: the file, a 1-based line and column, and the byte offset.
///
/// Columns count UTF-8 bytes from the start of the line, as clang and swiftc do, so a
/// location is exact for any input and cheap to compute. ``DiagnosticRenderer`` turns the
/// column into a caret under the right character when it prints the line.
///
/// ```swift
/// let here = SourceLocation(file: "Notes.routes.json", line: 12, column: 9, offset: 301)
/// print(here)  // Notes.routes.json:12:9
/// ```
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The file name as the user gave it (or a pseudo name such as `<stdin>` or `<argument 2>`).
  public var file: String
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, in UTF-8 bytes.
  public var column: Int
  /// The 0-based byte offset into the source text.
  public var offset: Int

  /// Creates a location from its parts.
  public init(file: String, line: Int, column: Int, offset: Int) {
    self.file = file
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// `file:line:column`, the form editors and terminals make clickable; `file` alone for a
  /// location with no position (line 0: a binary file), as compilers write file-level problems.
  ///
  /// ```swift
  /// SourceLocation(file: "t.json", line: 3, column: 5, offset: 40).description   // "t.json:3:5"
  /// ```
  public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.offset) < (rhs.file, rhs.offset)
  }
}

/// Converts byte offsets of one source text into line and column numbers.
///
/// ```swift
/// let lines = LineTable(file: "t.json", bytes: Array("{\n  \"a\": 1\n}".utf8))
/// lines.location(at: 4)  // t.json:2:3
/// ```
public struct LineTable: Sendable {
  /// The file name used in every location this table makes.
  public let file: String
  /// Byte offset of the first byte of each line.
  public let lineStarts: [Int]

  /// Indexes the line starts of `bytes` (LF or CRLF line ends).
  public init(file: String, bytes: some Collection<UInt8>) {
    self.file = file
    if let starts = bytes.withContiguousStorageIfAvailable(Self.lineStarts) {
      self.lineStarts = starts
      return
    }
    var starts = [0]
    var offset = 0
    for byte in bytes {
      offset += 1
      if byte == UInt8(ascii: "\n") { starts.append(offset) }
    }
    self.lineStarts = starts
  }

  /// The offset of each line's first byte, each line feed found by the C library's `memchr`
  /// (vector instructions: a table file written on one line of 15 MB, JSON without
  /// indentation, costs a few instructions for every 32 bytes; the loop of 8-byte words it
  /// replaces cost 15 for every 8). A file of short lines pays one call a line.
  private static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    var starts = [0]
    guard let base = bytes.baseAddress else { return starts }
    var offset = 0
    while offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) {
      offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
      starts.append(offset)
    }
    return starts
  }

  /// The location of byte `offset`.
  public func location(at offset: Int) -> SourceLocation {
    // The last line start that is <= offset.
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return SourceLocation(file: file, line: low + 1, column: offset - lineStarts[low] + 1, offset: offset)
  }
}
