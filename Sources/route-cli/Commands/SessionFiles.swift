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

  /// Checks that `path` can be the state file (a regular file, a link to one, or nothing yet)
  /// and takes its lock (``FileLock``); prints why not and returns nil.
  static func lock(_ path: String, context: CommandContext) -> FileLock? {
    let resolved = context.resolve(path)
    do {
      try AtomicFile.checkReplaceable(resolved)
      return try FileLock.acquire(beside: resolved)
    } catch let failure as FileFailure {
      context.stderr.write("error: cannot write the session state to '\(path)': \(failure)\n")
    } catch let refusal as FileLock.Refusal {
      let lockFile = (try? FileLock.lockPath(for: resolved)) ?? resolved + ".lock"
      context.stderr.write(
        "error: cannot write the session state to '\(path)': \(refusal) (it holds '\(lockFile)'); "
          + "wait for it to end, or give another --state file\n")
    } catch {
      context.stderr.write("error: cannot write the session state to '\(path)': \(error)\n")
    }
    return nil
  }

  /// Writes the state to `path` atomically and honestly (``AtomicFile``).
  static func writeAtomically(_ text: String, to path: String) throws(FileFailure) {
    try AtomicFile.write(Array(text.utf8), to: path)
  }
}
