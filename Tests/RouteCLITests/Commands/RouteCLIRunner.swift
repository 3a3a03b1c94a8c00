import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// What one in-process run of `route-cli` produced.
struct RouteCLIRun {
  var stdoutBytes: [UInt8]
  var stderr: String
  var status: ExitStatus

  /// Standard output as text (invalid UTF-8 shown as U+FFFD).
  var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }

  /// Standard output split into lines, without the final empty one.
  var stdoutLines: [String] {
    var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Standard error split into lines, without the final empty one.
  var stderrLines: [String] {
    var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Runs the real `route-cli` tool in-process, on memory streams.
///
/// - Parameters:
///   - stdin: the script standard input plays (chunks, pauses, read errors).
///   - currentDirectory: the directory relative paths are resolved against; the package root
///     by default, so `Fixtures/Notes/Notes.routes.json` works and diagnostics show it as typed.
func runRouteCLI(
  _ arguments: [String], stdin: [MemorySource.Step] = [], currentDirectory: String = FixturePaths.packageRoot
) -> RouteCLIRun {
  let memory = CommandContext.inMemory(stdin: stdin)
  var context = memory.context
  context.currentDirectory = currentDirectory
  let status = CommandLineTool.routeCLI.run(arguments: arguments, context: context)
  return RouteCLIRun(stdoutBytes: memory.stdout.bytes, stderr: memory.stderr.text, status: status)
}

/// Runs `route-cli` in-process with `stdin` as standard input, delivered in one chunk.
func runRouteCLI(
  _ arguments: [String], stdin: String, currentDirectory: String = FixturePaths.packageRoot
) -> RouteCLIRun {
  runRouteCLI(arguments, stdin: [.bytes(Array(stdin.utf8))], currentDirectory: currentDirectory)
}

// MARK: - JSON

/// Parses one JSON document (an NDJSON line or a whole output) with Foundation's parser.
func parseJSONObject(_ text: String) throws -> [String: Any] {
  let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  return try #require(value as? [String: Any], "not a JSON object: \(text)")
}

/// A JSON value written back with sorted keys, so two values compare as text: objects ignore
/// key order, and Foundation's own types (NSNumber for booleans and numbers) never need casting.
func canonicalJSON(_ value: Any?) throws -> String {
  guard let value else { return "<absent>" }
  let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
  return String(decoding: data, as: UTF8.self)
}

/// `text`, a JSON literal, in the canonical form of ``canonicalJSON(_:)``; `nil` stands for an
/// absent field.
func canonicalJSON(literal text: String?) throws -> String {
  guard let text else { return try canonicalJSON(nil) }
  return try canonicalJSON(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
}

/// The top-level keys of one JSON object line, in the order they are written.
///
/// Only for output of the project's own writer (no whitespace between tokens).
func topLevelKeys(ofJSONLine line: String) -> [String] {
  var keys: [String] = []
  var depth = 0
  var inString = false
  var escaped = false
  var current = ""
  var expectingKey = false
  for character in line {
    if inString {
      if escaped {
        escaped = false
        current.append(character)
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        inString = false
        if expectingKey { keys.append(current) }
        expectingKey = false
      } else {
        current.append(character)
      }
      continue
    }
    switch character {
    case "\"":
      inString = true
      current = ""
    case "{", "[":
      depth += 1
      expectingKey = depth == 1 && character == "{"
    case "}", "]":
      depth -= 1
    case ",":
      expectingKey = depth == 1
    default:
      break
    }
  }
  return keys
}

// MARK: - Seeded randomness
