import CommandSupport

/// `route-cli completions bash|zsh|fish`: print the shell completion script.
struct CompletionsCommand: Command {
  static let configuration = CommandConfiguration(
    name: "completions",
    abstract: "Print the shell completion script for bash, zsh or fish.",
    discussion: """
      bash: route-cli completions bash > /usr/local/share/bash-completion/completions/route-cli \
      (or source it from ~/.bashrc). zsh: route-cli completions zsh > "${fpath[1]}/_route-cli". \
      fish: route-cli completions fish > ~/.config/fish/completions/route-cli.fish
      """)

  static let options: [OptionSpec] = [
    .argument(
      "shell", help: "The shell: bash, zsh or fish.", values: CompletionScript.Shell.allCases.map(\.rawValue))
  ]

  var shell: CompletionScript.Shell

  init(_ parsed: ParsedArguments) throws(UsageError) {
    let name = parsed.positional("shell") ?? ""
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw parsed.invalidValue("shell", name, reason: "expected one of: bash, zsh, fish")
    }
    self.shell = shell
  }

  func run(_ context: CommandContext) -> ExitStatus {
    context.stdout.write(CompletionScript(tool: .routeCLI, shell: shell).text)
    return .success
  }
}
