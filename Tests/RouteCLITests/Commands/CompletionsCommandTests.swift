import ActivityRouterTestSupport
import Foundation
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli completions bash|zsh|fish`: scripts written from the option specs, that the shells
/// run. bash is run here; zsh and fish by scripts/test-completions.sh in CI (they are not on
/// every machine).
@Suite struct CompletionsCommandTests {
  /// What the bash script completes for a command line typed so far (the last word is the
  /// one being completed).
  static func bashCompletions(_ words: [String]) throws -> [String] {
    let directory = try TemporaryDirectory()
    let script = try directory.write("route-cli.bash", runRouteCLI(["completions", "bash"]).stdout)
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let program = """
      source '\(script)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      cd '\(directory.path)'
      _route_cli
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try runProcess("/bin/bash", ["-c", program], currentDirectory: directory.path)
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  @Test func bashCompletesSubcommandsOptionsAndTheirValues() throws {
    #expect(try Self.bashCompletions(["route-cli", "ro"]) == ["route"])
    #expect(
      try Self.bashCompletions(["route-cli", "route", "--stat"]).sorted() == ["--state", "--stateful", "--stats"])
    #expect(try Self.bashCompletions(["route-cli", "route", "--color", "a"]) == ["auto", "always"])
    #expect(try Self.bashCompletions(["route-cli", "completions", ""]) == ["bash", "zsh", "fish"])
    #expect(try Self.bashCompletions(["route-cli", "help", "ch"]) == ["check"])
    // File names for a table, and for an option whose value is a file.
    #expect(try Self.bashCompletions(["route-cli", "check", "route-cli.b"]) == ["route-cli.bash"])
    #expect(try Self.bashCompletions(["route-cli", "route", "t.json", "--sessions", "route-"]) == ["route-cli.bash"])
  }

  /// Every subcommand and every flag and option the parser accepts is in every script.
  @Test(arguments: CompletionScript.Shell.allCases)
  func everyScriptHasEveryCommandAndOption(_ shell: CompletionScript.Shell) {
    let run = runRouteCLI(["completions", shell.rawValue])
    #expect(run.status == .success)
    let script = run.stdout
    for command in CommandLineTool.routeCLI.subcommands {
      #expect(script.contains(command.configuration.name), "\(command.configuration.name)")
      for spec in command.options where spec.kind != .positional {
        let written = shell == .fish ? "-l \(spec.name)" : "--\(spec.name)"
        #expect(script.contains(written), "\(shell): \(command.configuration.name) --\(spec.name)")
      }
    }
  }

  @Test func anUnknownShellIsAUsageError() {
    let run = runRouteCLI(["completions", "tcsh"])
    #expect(run.status == .usageError)
    #expect(run.stderr.contains("'tcsh'") && run.stderr.contains("'bash', 'zsh' or 'fish'"))
  }
}
