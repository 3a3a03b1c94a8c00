import ActivityRouter
import CommandSupport
import Foundation
import RouterSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading session state files, and writing them so that a reader never sees half a file.
enum SessionFiles {
  /// Loads `path` against the table; prints diagnostics and returns nil on errors.
  static func load(_ path: String, table: RouteTable, context: CommandContext, color: ColorChoice) -> SessionState? {
    let data: [UInt8]
    switch BoundedFileReader.read(context.resolve(path), kind: .sessions) {
    case .success(let bytes):
      data = bytes
    case .failure(let failure):
      context.stderr.write("error: \(failure.message(reading: .sessions, path))\n")
      return nil
    }
    let source = SourceText(file: path, bytes: data)
    let (state, diagnostics) = SessionState.load(source: source, table: table)
    RouterLoading.printDiagnostics(diagnostics, source, context: context, color: color)
    return diagnostics.hasErrors ? nil : state
  }

  /// Writes the state to `path` atomically and honestly (``AtomicFile``).
  static func writeAtomically(_ text: String, to path: String) throws(FileFailure) {
    try AtomicFile.write(Array(text.utf8), to: path)
  }
}
