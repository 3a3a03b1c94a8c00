#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read or written, in words that name what was wrong with it.
///
/// ```swift
/// FileFailure.notRegular(kind: "a FIFO").description       // "it is a FIFO, not a regular file"
/// FileFailure.tooLarge(limit: 131_072).description          // "it is larger than 131072 bytes (128 KiB)"
/// FileFailure.system(call: "open", code: ENOENT).description // "No such file or directory"
/// ```
package enum FileFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path names something that is not a regular file (a FIFO, a device, a directory, a socket).
  case notRegular(kind: String)
  /// The file has more bytes than the limit of its kind.
  case tooLarge(limit: Int)
  /// A system call failed with this `errno`.
  case system(call: String, code: Int32)

  /// The failure as a clause: `error: cannot read 'x': <description>`.
  package var description: String {
    switch self {
    case .notRegular(let kind):
      return "it is \(kind), not a regular file"
    case .tooLarge(let limit):
      return "it is larger than \(limit) bytes (\(FileFailure.binarySize(limit)))"
    case .system(_, let code):
      guard let text = strerror(code) else { return "error \(code)" }
      return String(cString: text)
    }
  }

  /// The `errno` of a failed call.
  package var code: Int32? {
    if case .system(_, let code) = self { return code }
    return nil
  }

  /// The current `errno` as the failure of `call`.
  static func current(_ call: String) -> FileFailure { .system(call: call, code: errno) }

  /// What kind of file a `stat` mode describes, with its article: "a FIFO", "a directory"…;
  /// nil for a regular file.
  static func kind(ofMode mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "not a regular file"
    }
  }

  /// 131072 as "128 KiB", 16777216 as "16 MiB".
  static func binarySize(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}

extension FileFailure {
  /// The diagnostic code of the failure to read a file of `kind`: `json-too-large` for a JSON
  /// file over its limit, else `unreadable-file`.
  package func code(reading kind: FileKind) -> DiagnosticCode {
    if case .tooLarge = self, kind != .infoPlist, kind != .projectFile { return .jsonTooLarge }
    return .unreadableFile
  }

  /// "cannot read the route table 'x': it is a FIFO, not a regular file".
  package func message(reading kind: FileKind, _ path: String) -> String {
    "cannot read \(kind) '\(path)': \(self)"
  }

  /// The error diagnostic of the failure to read `path`, a file of `kind`, without a position.
  package func diagnostic(reading kind: FileKind, _ path: String) -> Diagnostic {
    Diagnostic(.error, code(reading: kind), message(reading: kind, path))
  }
}
