import RouterSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One command-line argument as the process received it: its bytes, and their UTF-8 text.
///
/// `CommandLine.arguments` repairs invalid UTF-8 with U+FFFD, so `route-cli route t.json
/// $'notes://tag/\xff'` would route a different URL from the one given. The tool reads argv
/// as bytes instead (``processArguments()``): an argument that is not valid UTF-8 keeps its
/// bytes, a command input (the events of `route`) gets the same `invalid-utf8` error record
/// as a line of standard input, and any other value is a usage error.
///
/// ```swift
/// let argument = CommandArgument(bytes: Array("notes://tag/".utf8) + [0xFF])
/// argument.isValidUTF8   // false
/// argument.text          // "notes://tag/\u{FFFD}", for messages only
/// ```
package struct CommandArgument: Sendable, Hashable {
  /// The bytes as given.
  package var bytes: [UInt8]
  /// Their UTF-8 decoding (U+FFFD for invalid bytes): what options and names are matched with.
  package var text: String
  /// Whether `bytes` are valid UTF-8, so `text` is exact.
  package var isValidUTF8: Bool

  /// An argument given as text (always valid UTF-8).
  package init(_ text: String) {
    self.text = text
    self.bytes = Array(text.utf8)
    self.isValidUTF8 = true
  }

  /// An argument given as bytes.
  package init(bytes: [UInt8]) {
    self.bytes = bytes
    self.text = String(decoding: bytes, as: UTF8.self)
    self.isValidUTF8 = bytes.withUnsafeBufferPointer { UTF8Bytes.firstInvalidOffset($0) } == nil
  }

  /// The arguments of this process, without the program name, as bytes (`CommandLine.unsafeArgv`).
  package static func processArguments() -> [CommandArgument] {
    (1..<Int(CommandLine.argc)).compactMap { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return nil }
      let count = strlen(pointer)
      return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
        CommandArgument(bytes: Array(UnsafeBufferPointer(start: $0, count: count)))
      }
    }
  }
}
