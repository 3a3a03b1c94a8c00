// What the route-check and route-test command plugins share (each plugin's folder links this
// file: a plugin target cannot depend on a library).
import Foundation

/// Paths before `--`, options for route-cli after it (an argument starting with `-` is an option too).
func splitArguments(_ arguments: [String]) -> (paths: [String], options: [String]) {
  if let dash = arguments.firstIndex(of: "--") {
    return (Array(arguments[..<dash]), Array(arguments[(dash + 1)...]))
  }
  var paths: [String] = []
  var options: [String] = []
  for argument in arguments {
    if argument.hasPrefix("-") || !options.isEmpty { options.append(argument) } else { paths.append(argument) }
  }
  return (paths, options)
}

func absolute(_ path: String, _ root: URL) -> String {
  path.hasPrefix("/") ? path : root.appendingPathComponent(path).standardizedFileURL.path
}

/// Every file whose name ends in `suffix` under `root`, sorted; hidden folders and `.build` are skipped.
func findFiles(under root: URL, suffix: String) -> [String] {
  guard
    let walker = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
  else { return [] }
  var found: [String] = []
  for case let url as URL in walker {
    if url.lastPathComponent == ".build" || url.lastPathComponent == "Packages" {
      walker.skipDescendants()
    } else if url.lastPathComponent.hasSuffix(suffix) {
      found.append(url.standardizedFileURL.path)
    }
  }
  return found.sorted()
}

/// Runs the tool with the package directory as its current directory; its output is the plugin's.
func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
  let process = Process()
  process.executableURL = tool
  process.arguments = arguments
  process.currentDirectoryURL = directory
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus
}
